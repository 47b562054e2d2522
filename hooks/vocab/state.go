package vocab

import "time"

// The state a record of publication is in, as the owner's answers (v2) and the console show
// it: one word computed from draft, published_at and visibility by the rules of
// publication.go and access.go, so that no reader restates them.
const (
	// StateDraft is a draft: nothing serves it.
	StateDraft = "draft"
	// StateScheduled is not a draft, its published_at still ahead: v1 serves it from then.
	StateScheduled = "scheduled"
	// StatePublished is published and public: v1 serves it whole to anyone with a read key
	// (Served).
	StatePublished = "published"
	// StateMembersOnly is published for members: v1 lists it, whole to signed-in members and
	// cut to everyone else.
	StateMembersOnly = "members_only"
	// StatePaid is published for paying members: v1 lists it, whole to paid members and cut to
	// everyone else.
	StatePaid = "paid"
	// StatePrivate is published but private: v1 never serves it.
	StatePrivate = "private"
)

// The publication statuses: the part of State that does not depend on visibility, which v2's
// `status` filter selects on.
const (
	// StatusPublished is Published: not a draft, published_at come, whatever the visibility.
	StatusPublished = "published"
	// StatusScheduled is StateScheduled.
	StatusScheduled = StateScheduled
	// StatusDraft is StateDraft.
	StatusDraft = StateDraft
)

// Statuses are the values of Status, as v2's `status` filter lists them.
func Statuses() []string {
	return []string{StatusPublished, StatusScheduled, StatusDraft}
}

// Status is the rule without visibility: a record's publication status at now.
func Status(draft bool, publishedAt, now time.Time) string {
	switch {
	case draft:
		return StatusDraft
	case !Published(draft, publishedAt, now):
		return StatusScheduled
	}
	return StatusPublished
}

// States are the values of State, in the order a record goes through them.
func States() []string {
	return []string{StateDraft, StateScheduled, StatePublished, StateMembersOnly, StatePaid, StatePrivate}
}

// State is the rule: the state of a record at now from its draft flag, its visibility and its
// published_at (zero when empty): its Status, and a published record's visibility. A record without a visibility field (a page) passes "" and
// is, once published, published: nothing gates it.
func State(draft bool, visibility string, publishedAt, now time.Time) string {
	if status := Status(draft, publishedAt, now); status != StatusPublished {
		return status
	}
	switch visibility {
	case VisibilityPublic, "":
		return StatePublished
	case VisibilityMembers:
		return StateMembersOnly
	case VisibilityPaid:
		return StatePaid
	}
	return StatePrivate
}
