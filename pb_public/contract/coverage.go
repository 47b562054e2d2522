package contract

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Route is a registered route as the coverage check sees it: routes.Route's Method, Path,
// and who may call it: the owner only, or a key with Scope.
type Route struct {
	Method string
	Path   string
	Owner  bool
	Scope  string
}

// Coverage compares the app's routes with the contract's operations in both directions.
type Coverage struct {
	// Missing are routes the app registers that the contract does not document.
	Missing []string
	// Extra are contract operations the app does not register.
	Extra []string
	// Mismatched are operations on both sides that disagree: parameter names, or the scope
	// (x-required-scopes, x-owner-only) against the route's.
	Mismatched []string
}

// OK reports whether code and contract agree.
func (c Coverage) OK() bool {
	return len(c.Missing) == 0 && len(c.Extra) == 0 && len(c.Mismatched) == 0
}

// String lists every difference, one a line.
func (c Coverage) String() string {
	var b strings.Builder
	for _, group := range []struct {
		title string
		items []string
	}{
		{"registered but not in the contract", c.Missing},
		{"in the contract but not registered", c.Extra},
		{"in both but different", c.Mismatched},
	} {
		if len(group.items) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s (%d):\n", group.title, len(group.items))
		for _, it := range group.items {
			fmt.Fprintf(&b, "  %s\n", it)
		}
	}
	return b.String()
}

// Cover compares routes (those under the API's prefixes; others are ignored) with the
// contract's operations. Paths are matched with parameter names blanked, so a renamed
// parameter is reported as a mismatch rather than as one missing and one extra operation.
func (d *Document) Cover(routes []Route) Coverage {
	var c Coverage
	ops := map[string]*Operation{}
	for _, op := range d.ops {
		ops[op.Method+" "+shape(op.Path)] = op
	}
	seen := map[string]bool{}
	for _, r := range routes {
		if !InAPI(r.Path) {
			continue
		}
		key := r.Method + " " + shape(r.Path)
		seen[key] = true
		op, ok := ops[key]
		if !ok {
			c.Missing = append(c.Missing, r.Method+" "+r.Path)
			continue
		}
		if op.Path != r.Path {
			c.Mismatched = append(c.Mismatched, fmt.Sprintf("%s %s: the contract names it %s", r.Method, r.Path, op.Path))
		}
		switch {
		case r.Owner && !op.Owner:
			c.Mismatched = append(c.Mismatched, fmt.Sprintf("%s %s: the route takes the owner's token, the contract says x-required-scopes %v", r.Method, r.Path, op.Scopes))
		case !r.Owner && (op.Owner || !slices.Equal(op.Scopes, []string{r.Scope})):
			c.Mismatched = append(c.Mismatched, fmt.Sprintf("%s %s: the route needs scope %q, the contract says x-required-scopes %v (owner only: %v)", r.Method, r.Path, r.Scope, op.Scopes, op.Owner))
		}
	}
	for key, op := range ops {
		if !seen[key] {
			c.Extra = append(c.Extra, op.String())
		}
	}
	sort.Strings(c.Missing)
	sort.Strings(c.Extra)
	sort.Strings(c.Mismatched)
	return c
}
