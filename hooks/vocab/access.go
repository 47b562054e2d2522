package vocab

import "strings"

// Who reads what, written once here: v1 lists, item reads and search show published records of
// the listed visibilities (private never); a reader without access to one gets it with
// `access: false` and its content cut at MembersOnlyMarker.

// Access is a reader's access level: what a request's member token (or none) opens.
type Access int

// The access levels, each opening what the one before it opens.
const (
	// AccessPublic is a reader with no member token: public content only.
	AccessPublic Access = iota
	// AccessMember is a signed-in member: public and members content.
	AccessMember
	// AccessPaid is a member the owner marked paid or with a completed purchase: paid content too.
	AccessPaid
)

// The visibilities of the gated content.
const (
	VisibilityMembers = "members"
	VisibilityPaid    = "paid"
)

// MembersOnlyMarker cuts a gated record's content: what comes before it is the public preview.
const MembersOnlyMarker = "<!--members-only-->"

// String names the level ("public", "member", "paid"), e.g. in read cache keys.
func (a Access) String() string {
	switch a {
	case AccessMember:
		return "member"
	case AccessPaid:
		return "paid"
	}
	return "public"
}

// MayRead is the rule: whether a reader at level a may read the whole of a served record of
// this visibility.
func MayRead(visibility string, a Access) bool {
	switch visibility {
	case VisibilityPublic:
		return true
	case VisibilityMembers:
		return a >= AccessMember
	case VisibilityPaid:
		return a >= AccessPaid
	}
	return false
}

// ListedVisibilities are the visibilities v1 lists and serves (to every reader; MayRead says
// whether whole or cut).
func ListedVisibilities() []string {
	return []string{VisibilityPublic, VisibilityMembers, VisibilityPaid}
}

// NotDraftListedSQL is the time-free part of what v1 lists and serves, spelled as the WHERE of
// the publishable collections' listed_ partial indexes so that SQLite uses them.
const NotDraftListedSQL = "draft = 0 AND visibility IN ('public', 'members', 'paid')"

// Readable are the visibilities a reader at level a may read whole, for a search, which must
// not match words of a part the reader may not see.
func Readable(a Access) []string {
	var out []string
	for _, v := range ListedVisibilities() {
		if MayRead(v, a) {
			out = append(out, v)
		}
	}
	return out
}

// PublicPart is what a reader without access sees of a gated record's content: the part before
// MembersOnlyMarker, nothing when there is no marker.
func PublicPart(content string) string {
	before, _, found := strings.Cut(content, MembersOnlyMarker)
	if !found {
		return ""
	}
	return before
}
