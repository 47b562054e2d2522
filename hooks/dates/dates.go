// Package dates is the one rule for a date-time a client sends: a key's expiry in the admin
// API and the `keys` command, and the date fields of every record body the API accepts.
package dates

import (
	"errors"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// ErrFormat refuses a date-time that Parse cannot read.
var ErrFormat = errors.New("expected an RFC 3339 date-time such as 2027-01-31T00:00:00Z")

// Parse reads RFC 3339 or the record layout (2026-11-21 20:10:25.123Z). The instant must fall
// in the years 0001 to 9999 UTC, which the record layout can hold: an offset can carry an RFC
// 3339 time past them ("9999-12-31T23:59:59-01:00" is in the year 10000), and it would be
// stored as text that neither sorts nor parses as a date. Anything else is ErrFormat.
func Parse(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		if t = t.UTC(); t.Year() < 1 || t.Year() > 9999 {
			return time.Time{}, ErrFormat
		}
		return t, nil
	}
	d, err := types.ParseDateTime(s)
	if err != nil || d.IsZero() {
		return time.Time{}, ErrFormat
	}
	return d.Time(), nil
}
