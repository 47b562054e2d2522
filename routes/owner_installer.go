package routes

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/osutils"
)

// ownerInstaller replaces PocketBase's first-start installer (apis.DefaultInstallerFunc) on a
// site without an owner yet. It prints the same one-time link to the dashboard's installer,
// and a command to create the owner at a terminal that works as printed: under `go run` on
// machines whose Go needs GOTOOLCHAIN=auto for PocketBase's Go version, the prefix is part of
// it. It opens a browser only where there is a desktop to open one on (PocketBase's runs
// xdg-open on any Linux machine, a server's included).
func ownerInstaller(out io.Writer, desktop bool, launch func(string) error) func(core.App, *core.Record, string) error {
	return func(app core.App, installer *core.Record, baseURL string) error {
		token, err := installer.NewStaticAuthToken(30 * time.Minute)
		if err != nil {
			return err
		}
		url := strings.TrimRight(baseURL, "/") + "/_/#/pbinstall/" + token
		if desktop {
			_ = launch(url) // best effort: the link is printed below either way
		}
		fmt.Fprintf(out, "\nNo owner account yet. Open this link within 30 minutes to create one in the dashboard:\n%s\n", url)
		fmt.Fprintf(out, "or create it at a terminal: %s superuser upsert EMAIL PASSWORD\n\n", selfCommand())
		return nil
	}
}

// selfCommand is how to run this program again from a shell.
func selfCommand() string {
	if osutils.IsProbablyGoRun() {
		return "GOTOOLCHAIN=auto go run ."
	}
	return os.Args[0]
}

// hasDesktop reports whether a browser could be opened here: always on macOS and Windows;
// elsewhere only under an X11 or Wayland session.
func hasDesktop() bool {
	switch runtime.GOOS {
	case "darwin", "windows":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}
