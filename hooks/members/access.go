package members

import (
	"fmt"

	"github.com/creator-content-api/server/hooks/vocab"
)

// levelSQL is a member's access level (vocab.Access as an integer) as SQL on the member's row
// m: paid when the owner marked them paid or a purchase by their address (any case) is
// completed (any content type; a refunded one no longer counts), else member. AccessOf and
// AddressAccessSQL both read it, so the rule is written once.
var levelSQL = fmt.Sprintf(`CASE WHEN m.paid = 1 OR lower(m.email) IN
	(SELECT lower(buyer_email) FROM %s WHERE status = 'completed') THEN %d ELSE %d END`,
	vocab.Purchases, vocab.AccessPaid, vocab.AccessMember)

// AddressAccessSQL is the access level (vocab.Access as an integer) of the reader whose address
// is the SQL expression email: that of the member with the same address in any case who is not
// switched off, public when there is none. It looks the member up by the members' lower(email)
// index, once per row; the completed purchases are read once per statement. The newsletter
// matches its subscribers to members by it.
func AddressAccessSQL(email string) string {
	return fmt.Sprintf(`coalesce((SELECT max(%s) FROM %s m
		WHERE lower(m.email) = lower(%s) AND m.disabled = 0 AND m.email != ''), %d)`,
		levelSQL, vocab.Members, email, vocab.AccessPublic)
}
