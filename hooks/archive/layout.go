// Package archive owns the site archive: `export --out site.zip` (and the owner's download at
// /api/admin/export) writes the whole site in a documented, versioned layout, and `import
// archive site.zip` restores it into an empty data directory with the same ids, slugs, dates
// and files, so that v1 and v2 answer as before.
//
// Layout (version 1), a zip of:
//
//	manifest.json                      {"format":"cca-site-archive","version":1,"exported_at":…,"collections":{name:count},"files":n}
//	collections/<name>.json            a JSON array of the collection's records: id, every field
//	                                   as stored (dates "2006-01-02 15:04:05.000Z", JSON fields as JSON,
//	                                   file fields as their file names), created and updated
//	files/<name>/<record id>/<file>    the uploaded files (covers, avatars)
//
// It leaves out API keys, webhook subscriptions (their secrets), events and deliveries, the
// owner's login, the members' password hashes and token keys, and the search index (rebuilt).
package archive

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
)

// Format and Version name the layout in manifest.json; a restore refuses any other.
const (
	Format  = "cca-site-archive"
	Version = 1
)

// collections are the collections an archive holds, in the order a restore creates them
// (a relation's target first).
var collections = []string{
	"site_settings", "profile", "posts", "projects", "pages", "courses", "lessons", "talks",
	"experience", "education", "skills", "certifications", "members", "purchases",
	"enrollments", "testimonials", "newsletter_subscribers", "page_views",
}

// Manifest is manifest.json.
type Manifest struct {
	Format      string         `json:"format"`
	Version     int            `json:"version"`
	ExportedAt  string         `json:"exported_at"`
	Collections map[string]int `json:"collections"`
	Files       int            `json:"files"`
}

// Sentinel errors of a restore.
var (
	// ErrNotArchive: the zip is not a site archive of a version this binary reads.
	ErrNotArchive = errors.New("not a site archive")
	// ErrNotEmpty: the site already has content; a restore only goes into an empty one.
	ErrNotEmpty = errors.New("the site is not empty")
)

// secret reports whether a field is never exported: auth secrets (password hash, token key).
func secret(f core.Field) bool {
	if _, ok := f.(*core.PasswordField); ok {
		return true
	}
	return f.GetName() == core.FieldNameTokenKey
}

// collectionPath and filePath are the zip entries of a collection and of a file.
func collectionPath(name string) string { return "collections/" + name + ".json" }

func filePath(collection, id, name string) string {
	return "files/" + collection + "/" + id + "/" + name
}
