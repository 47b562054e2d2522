package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addMemberSignInLinks, dropMemberSignInLinks)
}

// addMemberSignInLinks keeps, beside each one-time code in PocketBase's _otps, the SHA-256 of
// the sign-in link's token mailed with it (never the token): the link lives, expires and is
// spent with its code, since both are the one record.
func addMemberSignInLinks(app core.App) error {
	otps, err := findCollection(app, "_otps")
	if err != nil {
		return err
	}
	otps.Fields.Add(&core.TextField{Name: "link_hash", Hidden: true, Max: 64,
		Help: "SHA-256 (hex) of the sign-in link's token mailed with this code; empty for a code without a link."})
	otps.AddIndex("idx_otps_link_hash", true, "link_hash", "link_hash != ''")
	return saveCollection(app, otps)
}

func dropMemberSignInLinks(app core.App) error {
	otps, err := findCollection(app, "_otps")
	if err != nil {
		return err
	}
	otps.RemoveIndex("idx_otps_link_hash")
	otps.Fields.RemoveByName("link_hash")
	return saveCollection(app, otps)
}
