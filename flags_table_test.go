package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase"
	"github.com/spf13/pflag"
)

// envInUsage finds the environment variable a flag of ours names at the end of its usage.
var envInUsage = regexp.MustCompile(`\(env (CCA_[A-Z0-9_]+)\)$`)

// flagTablePage is the page whose Flags table documents our flags (served at /docs/operations).
const flagTablePage = "pb_public/docs/operations.md"

// TestOperationsFlagTable: the operations page's Flags table is the flag set, row for row: each
// flag of ours has a row with its environment variable and its default, the table has no row
// for a flag that is gone, and no usage string makes pflag show a placeholder other than the
// type (a back-quoted word in a usage becomes one, as `serve` once did in --metrics-addr's).
func TestOperationsFlagTable(t *testing.T) {
	page, err := os.ReadFile(flagTablePage)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{} // flag -> cells
	for line := range strings.Lines(string(page)) {
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), " | ")
		rows[strings.Trim(strings.TrimSpace(cells[0]), "`")] = cells
	}
	ours := 0
	pocketbaseFlags := pocketbase.New()
	bindFlags(pocketbaseFlags)
	pocketbaseFlags.RootCmd.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		m := envInUsage.FindStringSubmatch(f.Usage)
		if m == nil {
			return // PocketBase's own
		}
		ours++
		name := "--" + f.Name
		if placeholder, _ := pflag.UnquoteUsage(f); placeholder != "string" {
			t.Errorf("%s: usage shows the placeholder %q (a back-quoted word?)", name, placeholder)
		}
		cells, ok := rows[name]
		if !ok {
			t.Errorf("%s: no row in the Flags table of %s", name, flagTablePage)
			return
		}
		if len(cells) < 3 {
			t.Errorf("%s: row %q has too few cells", name, cells)
			return
		}
		if got := strings.Trim(strings.TrimSpace(cells[1]), "`"); got != m[1] {
			t.Errorf("%s: the table says env %q, the flag reads %q", name, got, m[1])
		}
		def := strings.TrimSpace(cells[2])
		if _, set := os.LookupEnv(m[1]); set {
			return // the default shown is the environment's here
		}
		if f.DefValue == "" && !strings.HasPrefix(def, "empty") {
			t.Errorf("%s: the table's default %q, the flag's is empty", name, def)
		}
		if f.DefValue != "" && !strings.HasPrefix(def, "`"+f.DefValue+"`") {
			t.Errorf("%s: the table's default %q, the flag's is %q", name, def, f.DefValue)
		}
	})
	if ours != len(rows) {
		t.Errorf("%d flags of ours, %d rows in the table of %s", ours, len(rows), flagTablePage)
	}
}
