//go:build system

package importer_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// A Substack zip holding a symlink, unpacked by Info-ZIP's unzip (which recreates the link),
// then imported as a folder: the link to a file outside is refused and nothing is published.
func TestSubstackUnzippedSymlink(t *testing.T) {
	unzip, err := exec.LookPath("unzip")
	if err != nil {
		t.Fatal("unzip is needed (apt-get install unzip; .ci/run installs it)")
	}
	secret := secretFile(t)
	zipPath := writeFile(t, "export.zip", zipWithSymlink(t, secret))
	dir := t.TempDir()
	if out, err := exec.Command(unzip, "-q", zipPath, "-d", dir).CombinedOutput(); err != nil {
		t.Fatalf("unzip: %v\n%s", err, out)
	}
	link := filepath.Join(dir, "posts", "1.leak.html")
	if target, err := os.Readlink(link); err != nil || target != secret {
		t.Fatalf("unzip did not recreate the symlink: %q, %v", target, err)
	}
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "substack", dir)
	if err == nil || !strings.Contains(err.Error(), "posts/1.leak.html: not an export of this platform: not a regular file") {
		t.Fatalf("err %v, want the symlink refused\n%s", err, out)
	}
	if n := count(t, h.App, "posts"); n != 0 {
		t.Fatalf("%d posts published from the link", n)
	}
}
