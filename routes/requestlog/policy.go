package requestlog

import (
	"fmt"
	"strconv"
	"strings"
)

// ReadPolicy says which successful reads (GET, HEAD and OPTIONS answered below 400, by anyone
// but the owner) get a row: a share of them, from 0 (none) to 1 (all).
type ReadPolicy struct {
	share float64
}

// DefaultReadPolicy logs one successful read in a hundred: a storm of 20,000 reads a second
// then writes 200 rows a second, a small part of what auxiliary.db's writer stores, and about
// 5 MiB a minute, while an ordinary day's traffic still shows in the dashboard's Logs page.
func DefaultReadPolicy() ReadPolicy { return ReadPolicy{share: 0.01} }

// ParseReadPolicy reads "all", "none", or a share of the reads to log: a fraction ("0.01") or
// a percentage ("1%").
func ParseReadPolicy(s string) (ReadPolicy, error) {
	switch s {
	case "all":
		return ReadPolicy{share: 1}, nil
	case "none":
		return ReadPolicy{share: 0}, nil
	}
	v, percent := strings.CutSuffix(s, "%")
	share, err := strconv.ParseFloat(v, 64)
	if percent {
		share /= 100
	}
	if err != nil || share < 0 || share > 1 || share != share {
		return ReadPolicy{}, fmt.Errorf("must be all, none, a fraction from 0 to 1 (0.01) or a percentage (1%%), not %q", s)
	}
	return ReadPolicy{share: share}, nil
}

// String is the policy as ParseReadPolicy reads it.
func (p ReadPolicy) String() string {
	switch p.share {
	case 1:
		return "all"
	case 0:
		return "none"
	}
	return strconv.FormatFloat(p.share, 'g', -1, 64)
}
