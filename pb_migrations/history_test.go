package pb_migrations_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// module is this module's path: no migration may import a package of it.
const module = "github.com/creator-content-api/server"

// Migrations are history: what they created must not change when today's code does, so no
// migration (nor a helper they share) imports a package of this module; each holds the literal
// names and values it created, as PocketBase's own migrations do.
func TestMigrationsImportNothingOfTheModule(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == module || strings.HasPrefix(path, module+"/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
		checked++
	}
	if checked < 30 {
		t.Fatalf("checked %d files, want every migration", checked)
	}
}
