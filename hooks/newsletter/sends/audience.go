package sends

import "github.com/creator-content-api/server/hooks/members"

// accessSQL is the access level (vocab.Access as an integer) of the subscriber whose row is s
// in the query: that of the member of the same address, in any case (one person, as a member's
// newsletter opt-in is the subscriber row of their address), public for an address that is no
// member's or a switched-off member's.
var accessSQL = members.AddressAccessSQL("s.email")
