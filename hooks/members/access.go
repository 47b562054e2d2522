package members

import (
	"fmt"

	"github.com/creator-content-api/server/hooks/vocab"
)

// levelSQL is a member's access level (vocab.Access as an integer) as SQL on the member's row
// m: paid when the owner marked them paid or a purchase by their address (any case) is
// completed (any content type; a refunded one no longer counts), else member. AccessOf and
// AccessByAddressSQL both read it, so the rule is written once.
var levelSQL = fmt.Sprintf(`CASE WHEN m.paid = 1 OR lower(m.email) IN
	(SELECT lower(buyer_email) FROM %s WHERE status = 'completed') THEN %d ELSE %d END`,
	vocab.Purchases, vocab.AccessPaid, vocab.AccessMember)

// AccessByAddressSQL is a query of the members' access levels by address: one row per
// lowercased address (column email) of a member not switched off, with their level (column
// access, vocab.Access as an integer). An address it has no row for is no member's: public.
// The newsletter matches its subscribers to members by it.
var AccessByAddressSQL = `SELECT lower(m.email) AS email, max(` + levelSQL + `) AS access
	FROM ` + vocab.Members + ` m WHERE m.disabled = 0 AND m.email != '' GROUP BY lower(m.email)`
