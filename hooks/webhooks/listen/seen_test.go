package listen

import "testing"

// The set reports an id new once, and forgets the oldest ids beyond its capacity.
func TestSeenSet(t *testing.T) {
	s := newSeenSet(2)
	for _, step := range []struct {
		id   string
		want bool
	}{{"a", true}, {"a", false}, {"b", true}, {"c", true}, {"b", false}, {"a", true}, {"c", false}, {"b", true}} {
		if got := s.add(step.id); got != step.want {
			t.Errorf("add(%s) = %v, want %v", step.id, got, step.want)
		}
	}
	if len(s.ids) != 2 {
		t.Errorf("holds %d ids, want 2", len(s.ids))
	}
}
