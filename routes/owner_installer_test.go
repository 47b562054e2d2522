package routes

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// TestOwnerInstaller: the first start prints the installer link and a command that works as
// printed; a browser is opened only where there is a desktop.
func TestOwnerInstaller(t *testing.T) {
	installer := core.NewRecord(core.NewAuthCollection(core.CollectionNameSuperusers))
	installer.Id = "installer000001"
	for _, desktop := range []bool{false, true} {
		var out bytes.Buffer
		var launched []string
		install := ownerInstaller(&out, desktop, func(url string) error {
			launched = append(launched, url)
			return nil
		})
		if err := install(nil, installer, "http://127.0.0.1:8090/"); err != nil {
			t.Fatal(err)
		}
		printed := out.String()
		if !strings.Contains(printed, "http://127.0.0.1:8090/_/#/pbinstall/ey") {
			t.Errorf("desktop %v: no installer link in %q", desktop, printed)
		}
		if !strings.Contains(printed, selfCommand()+" superuser upsert EMAIL PASSWORD") {
			t.Errorf("desktop %v: no superuser command in %q", desktop, printed)
		}
		if want := map[bool]int{false: 0, true: 1}[desktop]; len(launched) != want {
			t.Errorf("desktop %v: browser opened %d times, want %d", desktop, len(launched), want)
		}
		if desktop && !strings.Contains(printed, launched[0]) {
			t.Errorf("the link opened (%s) is not the one printed", launched[0])
		}
	}
}
