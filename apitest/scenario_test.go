package apitest

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what checkJSON reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCheckJSON(t *testing.T) {
	body := []byte(`{"data":{"slug":"hello","price":4900,"tags":["go","web"],"cover":null},"items":[{"id":"a"},{"id":"b"}],` +
		`"big":9223372036854775807}`)
	cases := []struct {
		name string
		want map[string]any
		errs []string // parts of the reports, in path order; none: it passes
	}{
		{"values of any Go type", map[string]any{"data.slug": "hello", "data.price": 4900, "data.tags": []string{"go", "web"},
			"data.cover": nil, "items.1.id": "b", "items.0": map[string]any{"id": "a"}}, nil},
		{"a float is the same number", map[string]any{"data.price": 4900.0}, nil},
		{"a wrong number", map[string]any{"data.price": 4901}, []string{"data.price = 4900, want 4901"}},
		{"numbers past float64 stay exact", map[string]any{"big": int64(9223372036854775807)}, nil},
		{"numbers past float64 differ", map[string]any{"big": int64(9223372036854775806)}, []string{"big = 9223372036854775807"}},
		{"absent paths", map[string]any{"data.next": Absent, "items.2": Absent, "data.slug.x": Absent}, nil},
		{"a wrong value", map[string]any{"data.slug": "bye"}, []string{`data.slug = "hello", want "bye"`}},
		{"null is not absent", map[string]any{"data.cover": Absent}, []string{"data.cover is null, want it absent"}},
		{"a missing path", map[string]any{"data.missing": 1, "items.x.id": "a"}, []string{"data.missing is absent", "items.x.id is absent"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &recorder{TB: t}
			checkJSON(r, body, c.want)
			if len(r.errs) != len(c.errs) {
				t.Fatalf("reports %q, want %d", r.errs, len(c.errs))
			}
			for i, part := range c.errs {
				if !strings.Contains(r.errs[i], part) {
					t.Errorf("report %q does not say %q", r.errs[i], part)
				}
			}
		})
	}
	r := &recorder{TB: t}
	if checkJSON(r, []byte("<html>"), map[string]any{"a": 1}); len(r.errs) != 1 || !strings.Contains(r.errs[0], "not JSON") {
		t.Fatalf("a body that is not JSON: %q", r.errs)
	}
}
