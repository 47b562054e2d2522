package listen

// seenSet remembers the last capacity event ids, so an event is forwarded at most once in a
// run however many times the polls return it, in bounded memory.
type seenSet struct {
	ids   map[string]struct{}
	order []string // a ring of ids in insertion order
	next  int
}

func newSeenSet(capacity int) *seenSet {
	return &seenSet{ids: make(map[string]struct{}, capacity), order: make([]string, 0, capacity)}
}

// add records id and reports whether it was new. The oldest id is forgotten when full.
func (s *seenSet) add(id string) bool {
	if _, ok := s.ids[id]; ok {
		return false
	}
	if len(s.order) < cap(s.order) {
		s.order = append(s.order, id)
	} else {
		delete(s.ids, s.order[s.next])
		s.order[s.next] = id
		s.next = (s.next + 1) % len(s.order)
	}
	s.ids[id] = struct{}{}
	return true
}
