package rowid

import (
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

func TestNewKeepsPocketBasesFormat(t *testing.T) {
	pattern := regexp.MustCompile(`^[a-z0-9]{15}$`)
	if Length != core.DefaultIdLength {
		t.Fatalf("Length = %d, PocketBase's id length is %d", Length, core.DefaultIdLength)
	}
	for _, at := range []time.Time{time.Unix(0, 0), time.Date(2026, 11, 29, 4, 0, 0, 0, time.UTC), time.Date(2059, 5, 1, 0, 0, 0, 0, time.UTC)} {
		if id := New(at); !pattern.MatchString(id) {
			t.Errorf("New(%v) = %q, not 15 characters of [a-z0-9]", at, id)
		}
	}
}

func TestNewSortsByTime(t *testing.T) {
	start := time.Date(2026, 11, 29, 4, 0, 0, 0, time.UTC)
	var ids []string
	for _, step := range []time.Duration{0, time.Millisecond, time.Second, time.Hour, 24 * time.Hour, 365 * 24 * time.Hour} {
		ids = append(ids, New(start.Add(step)))
	}
	if !slices.IsSorted(ids) {
		t.Errorf("ids of later times do not sort later: %v", ids)
	}
	if got, want := New(start)[:timeChars], New(start.Add(999 * time.Microsecond))[:timeChars]; got != want {
		t.Errorf("the same millisecond has two time prefixes: %q and %q", got, want)
	}
}

func TestNewDiffersWithinAMillisecond(t *testing.T) {
	at := time.Date(2026, 11, 29, 4, 0, 0, 0, time.UTC)
	seen := make(map[string]bool)
	for range 10_000 {
		id := New(at)
		if seen[id] {
			t.Fatalf("New repeated %q within one millisecond", id)
		}
		seen[id] = true
	}
}
