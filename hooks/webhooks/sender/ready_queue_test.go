package sender

import (
	"reflect"
	"slices"
	"testing"
)

func TestReadyQueueTakesRoundRobinWithinEachSubscriptionsRoom(t *testing.T) {
	hints := func(sub string, ids ...string) []hint {
		out := make([]hint, len(ids))
		for i, id := range ids {
			out[i] = hint{id: id, sub: sub}
		}
		return out
	}
	fill := func() readyQueue {
		q := newReadyQueue(100, 100)
		q.add(hints("a", "a1", "a2", "a3", "a4"))
		q.add(hints("b", "b1", "b2"))
		q.add(hints("c", "c1"))
		return q
	}
	always := func(hint) bool { return true }
	roomOf := func(m map[string]int) func(string) int { return func(sub string) int { return m[sub] } }
	tests := []struct {
		name   string
		n      int
		room   map[string]int
		usable func(hint) bool
		want   []string
		left   int
	}{
		{name: "one of each in turn", n: 4, room: map[string]int{"a": 2, "b": 2, "c": 2},
			usable: always, want: []string{"a1", "b1", "c1", "a2"}, left: 3},
		{name: "no more than a subscription's room", n: 10, room: map[string]int{"a": 1, "b": 2, "c": 0},
			usable: always, want: []string{"a1", "b1", "b2"}, left: 4},
		{name: "unusable hints are dropped, not counted", n: 3, room: map[string]int{"a": 2, "b": 2, "c": 2},
			usable: func(h hint) bool { return h.id != "a1" && h.id != "b1" }, want: []string{"a2", "b2", "c1"}, left: 2},
		{name: "nothing without room", n: 5, room: map[string]int{}, usable: always, left: 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := fill()
			var got []string
			hs, _ := q.take(tt.n, roomOf(tt.room), tt.usable)
			for _, h := range hs {
				got = append(got, h.id)
			}
			if !reflect.DeepEqual(got, tt.want) || q.n != tt.left {
				t.Fatalf("took %v leaving %d, want %v leaving %d", got, q.n, tt.want, tt.left)
			}
		})
	}
}

func TestReadyQueueResumesAfterTheLastSubscriptionServed(t *testing.T) {
	q := newReadyQueue(100, 100)
	q.add([]hint{{"a1", "a"}, {"a2", "a"}, {"b1", "b"}, {"b2", "b"}, {"c1", "c"}, {"c2", "c"}})
	room := func(string) int { return 1 }
	always := func(hint) bool { return true }
	var got []string
	for range 3 {
		hs, _ := q.take(2, room, always)
		for _, h := range hs {
			got = append(got, h.id)
		}
	}
	if want := []string{"a1", "b1", "c1", "a2", "b2", "c2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("took %v, want %v", got, want)
	}
	if q.n != 0 || len(q.order) != 0 || len(q.bySub) != 0 {
		t.Fatalf("empty queue keeps %d hints, order %v", q.n, q.order)
	}
}

func TestReadyQueueKeepsNoMoreThanItsLimits(t *testing.T) {
	q := newReadyQueue(5, 4)
	always := func(hint) bool { return true }
	if !q.add([]hint{{"a1", "a"}, {"a2", "a"}, {"a3", "a"}, {"a4", "a"}, {"a5", "a"}}) {
		t.Fatal("a subscription's own limit counted as the queue's")
	}
	if !q.overflowed["a"] || q.n != 4 {
		t.Fatalf("after a's fifth hint: %d queued, overflowed %v", q.n, q.overflowed)
	}
	if q.add([]hint{{"b1", "b"}, {"b2", "b"}}) {
		t.Fatal("a seventh hint fitted in a queue of five")
	}
	ids, full := q.queued()
	slices.Sort(ids)
	if !reflect.DeepEqual(ids, []string{"b1"}) || !reflect.DeepEqual(full, []string{"a"}) {
		t.Fatalf("queued %v, full %v", ids, full)
	}
	onlyA := func(sub string) int { return map[string]int{"a": 1}[sub] }
	if _, refill := q.take(1, onlyA, always); refill {
		t.Fatal("refill with a's queue at three of four")
	}
	if hs, refill := q.take(1, onlyA, always); !refill || hs[0].id != "a2" {
		t.Fatalf("took %v, refill %v with a's queue at two of four", hs, refill)
	}
	if q.overflowed["a"] {
		t.Fatal("a still overflowed after its refill was asked for")
	}
}
