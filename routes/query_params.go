package routes

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// Bounds of the list parameters (spec: Limits).
const (
	defaultLimit   = 20
	maxLimit       = 100
	defaultPerPage = 50
	maxPerPage     = 200
	defaultSort    = "-created"
)

// queryValue is a parameter's first value; ok is false when it is absent or empty (an empty
// value, as an HTML form or a URL template sends for a blank field, means the default).
func queryValue(q url.Values, name string) (string, bool) {
	v := q.Get(name)
	return v, v != ""
}

// intParam reads an integer parameter in [lo, hi] (hi <= 0: no upper bound). Out of bounds
// is an error, never clamped.
func intParam(q url.Values, name string, def, lo, hi int) (int, error) {
	s, ok := queryValue(q, name)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err == nil && n >= lo && (hi <= 0 || n <= hi) {
		return n, nil
	}
	if hi <= 0 {
		return 0, apierr.InvalidParam(name, fmt.Sprintf("must be an integer of at least %d", lo))
	}
	return 0, apierr.InvalidParam(name, fmt.Sprintf("must be an integer from %d to %d", lo, hi))
}

// enumParam reads a parameter that must be one of allowed; "" when absent.
func enumParam(q url.Values, name string, allowed []string) (string, error) {
	s, ok := queryValue(q, name)
	if !ok {
		return "", nil
	}
	if !slices.Contains(allowed, s) {
		return "", apierr.InvalidParam(name, "must be one of "+strings.Join(allowed, ", "))
	}
	return s, nil
}

// sortKey is a value of `sort` (without its "-") and the column it orders by.
type sortKey struct {
	param, column string
}

// listSort is a validated sort: a column of the collection and its direction.
type listSort struct {
	// Name is the parameter's value, e.g. "-created"; cursors are bound to it.
	Name   string
	Column string
	Desc   bool
}

// dir is the SQL direction of the sort.
func (s listSort) dir() string {
	if s.Desc {
		return "DESC"
	}
	return "ASC"
}

// orderBy is the ORDER BY of the sort, with id as the tie-breaker in the same direction, so
// the order is total and keyset paging can resume after any row.
func (s listSort) orderBy() []string {
	return []string{s.Column + " " + s.dir(), "id " + s.dir()}
}

// sortParam reads `sort`: one of keys, optionally prefixed by "-" for descending; default
// -created.
func sortParam(q url.Values, keys []sortKey) (listSort, error) {
	sorts := make(map[string]listSort, 2*len(keys))
	allowed := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		sorts[k.param] = listSort{Name: k.param, Column: k.column}
		sorts["-"+k.param] = listSort{Name: "-" + k.param, Column: k.column, Desc: true}
		allowed = append(allowed, k.param, "-"+k.param)
	}
	name, ok := queryValue(q, params.Sort)
	if !ok {
		name = defaultSort
	}
	s, found := sorts[name]
	if !found {
		return listSort{}, apierr.InvalidParam(params.Sort, "must be one of "+strings.Join(allowed, ", "))
	}
	return s, nil
}
