package sends

import "github.com/creator-content-api/server/hooks/members"

// How a subscriber is matched to a member: by address, in any case (members.AccessByAddressSQL:
// one person, as the members' newsletter opt-in is the subscriber row of their address). The
// subscribers' table is s in the queries that join it.
var (
	// memberJoin joins the subscriber s to the access level of the member of their address, m.
	memberJoin = `LEFT JOIN (` + members.AccessByAddressSQL + `) m ON m.email = lower(s.email)`
	// accessSQL is the subscriber's access level (vocab.Access as an integer): the member's, or
	// public for an address that is no member's (or a member's switched off).
	accessSQL = `coalesce(m.access, 0)`
)
