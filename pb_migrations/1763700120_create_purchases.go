package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createPurchases, dropCollection("purchases"))
}

// createPurchases creates the purchases collection (purchase.completed fires from it).
func createPurchases(app core.App) error {
	c := core.NewBaseCollection("purchases")
	c.Fields.Add(
		&core.EmailField{Name: "buyer_email", Required: true, Presentable: true},
		&core.SelectField{Name: "content_type", Values: []string{"course", "post", "project", "product"}, MaxSelect: 1, Required: true},
		&core.TextField{Name: "content_id", Max: 100, Help: "Id of the purchased record; empty for other products."},
		minorUnitsField("amount"),
		currencyField(),
		&core.SelectField{Name: "status", Values: []string{"pending", "completed", "refunded"}, MaxSelect: 1, Required: true},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "status_created", false, "status, created")
	addIndex(c, "created", false, "created")
	return saveCollection(app, c)
}
