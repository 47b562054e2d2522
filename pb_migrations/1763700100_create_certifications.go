package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createCertifications, dropCollection("certifications"))
}

// createCertifications creates the certifications list, ordered by sort_order then created.
func createCertifications(app core.App) error {
	c := core.NewBaseCollection("certifications")
	c.Fields.Add(
		titleField("name", 200),
		textField("issuer", 200),
		&core.DateField{Name: "issued_at"},
		&core.DateField{Name: "expires_at", Help: "Leave empty if it does not expire."},
		&core.URLField{Name: "credential_url", Help: "Where the credential can be verified."},
		sortOrderField(),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "sort_order_created", false, "sort_order, created")
	return saveCollection(app, c)
}
