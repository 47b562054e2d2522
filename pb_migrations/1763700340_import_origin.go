package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addImportOrigin, dropImportOrigin)
}

// addImportOrigin adds to posts and pages where an imported record came from: the platform
// (wordpress, ghost, substack), its id there, a hash of what was imported, so that a second
// import finds the record again (the unique index), creates nothing new and can say whether the
// source changed since, and the feature image's URL when no file was found for it. Records
// written any other way leave them empty.
func addImportOrigin(app core.App) error {
	for _, name := range []string{"posts", "pages"} {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		c.Fields.Add(
			&core.TextField{Name: "import_source", Max: 20,
				Help: "The platform this record was imported from (wordpress, ghost, substack); empty otherwise."},
			&core.TextField{Name: "import_id", Max: 200,
				Help: "The record's id on that platform; a new import updates this record instead of adding one."},
			&core.TextField{Name: "import_hash", Max: 64, Hidden: true,
				Help: "SHA-256 of what was imported last, to tell a changed source."},
			&core.TextField{Name: "import_cover_url", Max: 2000,
				Help: "The feature image's address at the source, kept when the import found no file for it."},
		)
		c.AddIndex("idx_"+name+"_import_origin", true, "import_source, import_id", "import_source != ''")
		if err := saveCollection(app, c); err != nil {
			return err
		}
	}
	return nil
}

func dropImportOrigin(app core.App) error {
	for _, name := range []string{"posts", "pages"} {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_" + name + "_import_origin")
		for _, f := range []string{"import_source", "import_id", "import_hash", "import_cover_url"} {
			c.Fields.RemoveByName(f)
		}
		if err := saveCollection(app, c); err != nil {
			return err
		}
	}
	return nil
}
