package revisions

import (
	"reflect"
	"testing"
)

// lineDiff compares whole lines: a changed word marks its line removed and added, and every
// run holds whole lines.
func TestLineDiff(t *testing.T) {
	cases := []struct {
		name          string
		before, after string
		want          []LineChange
	}{
		{"one line changed", "<p>a</p>\n<p>b</p>\n<p>c</p>\n", "<p>a</p>\n<p>B</p>\n<p>c</p>\n", []LineChange{
			{"equal", "<p>a</p>\n"}, {"delete", "<p>b</p>\n"}, {"insert", "<p>B</p>\n"}, {"equal", "<p>c</p>\n"}}},
		{"lines added at the end", "x\n", "x\ny\nz\n", []LineChange{{"equal", "x\n"}, {"insert", "y\nz\n"}}},
		{"from nothing", "", "new", []LineChange{{"insert", "new"}}},
		{"to nothing", "old\n", "", []LineChange{{"delete", "old\n"}}},
		{"a last line without a break", "a\nb", "a\nc", []LineChange{{"equal", "a\n"}, {"delete", "b"}, {"insert", "c"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := lineDiff(c.before, c.after); !reflect.DeepEqual(got, c.want) {
				t.Errorf("lineDiff(%q, %q) = %q, want %q", c.before, c.after, got, c.want)
			}
		})
	}
}
