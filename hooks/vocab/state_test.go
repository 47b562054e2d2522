package vocab_test

import (
	"slices"
	"testing"
	"time"

	"github.com/creator-content-api/server/hooks/vocab"
)

func TestState(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Hour), now.Add(time.Millisecond)
	cases := []struct {
		draft       bool
		visibility  string
		publishedAt time.Time
		want        string
	}{
		{true, "public", past, vocab.StateDraft},
		{true, "members", future, vocab.StateDraft},
		{false, "public", future, vocab.StateScheduled},
		{false, "members", future, vocab.StateScheduled},
		{false, "private", future, vocab.StateScheduled},
		{false, "public", past, vocab.StatePublished},
		{false, "public", now, vocab.StatePublished},
		{false, "public", time.Time{}, vocab.StatePublished},
		{false, "", past, vocab.StatePublished},
		{false, "", future, vocab.StateScheduled},
		{true, "", past, vocab.StateDraft},
		{false, "members", past, vocab.StateMembersOnly},
		{false, "paid", past, vocab.StatePaid},
		{false, "private", past, vocab.StatePrivate},
	}
	for _, c := range cases {
		if got := vocab.State(c.draft, c.visibility, c.publishedAt, now); got != c.want {
			t.Errorf("State(draft %v, %q, %v) = %q, want %q", c.draft, c.visibility, c.publishedAt, got, c.want)
		}
	}
}

// TestStateAgreesWithTheRules: State restates nothing. Over every draft, visibility and time,
// a record is published, members_only or paid exactly when it is Published and listed by v1,
// published exactly when it is Served, and scheduled exactly when it is neither a draft nor
// Published; its Status is published exactly when it is Published, and otherwise the state.
func TestStateAgreesWithTheRules(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	listed := []string{vocab.StatePublished, vocab.StateMembersOnly, vocab.StatePaid}
	for _, draft := range []bool{false, true} {
		for _, visibility := range vocab.Visibilities() {
			for _, at := range []time.Time{{}, now.Add(-time.Hour), now, now.Add(time.Millisecond)} {
				state := vocab.State(draft, visibility, at, now)
				if !slices.Contains(vocab.States(), state) {
					t.Fatalf("State = %q, not one of States", state)
				}
				published := vocab.Published(draft, at, now)
				if got, want := slices.Contains(listed, state), published && slices.Contains(vocab.ListedVisibilities(), visibility); got != want {
					t.Errorf("draft %v, %q, %v: state %q listed by v1 = %v, the rules say %v", draft, visibility, at, state, got, want)
				}
				if got, want := state == vocab.StatePublished, vocab.Served(draft, visibility, at, now); got != want {
					t.Errorf("draft %v, %q, %v: state %q served = %v, Served says %v", draft, visibility, at, state, got, want)
				}
				if status := vocab.Status(draft, at, now); (status == vocab.StatusPublished) != published ||
					status != vocab.StatusPublished && status != state {
					t.Errorf("draft %v, %q, %v: status %q, state %q, Published %v", draft, visibility, at, status, state, published)
				}
				if got, want := state == vocab.StateScheduled, !draft && !published; got != want {
					t.Errorf("draft %v, %q, %v: state %q scheduled = %v, want %v", draft, visibility, at, state, got, want)
				}
			}
		}
	}
}
