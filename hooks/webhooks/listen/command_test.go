package listen

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Bad flags are refused with a sentence that says what to do, before any request.
func TestRunValidatesFlags(t *testing.T) {
	ok := options{server: DefaultServer, key: "svc_live_x", forwardTo: "http://localhost:3000/webhook"}
	catalogue := []string{"content.created", "purchase.completed"}
	for _, c := range []struct {
		name string
		edit func(*options)
		want string
	}{
		{"forward-to missing", func(o *options) { o.forwardTo = "" }, "--forward-to is required"},
		{"forward-to not http", func(o *options) { o.forwardTo = "ftp://localhost/x" }, "is not an http(s) URL"},
		{"forward-to relative", func(o *options) { o.forwardTo = "localhost:3000" }, "is not an http(s) URL"},
		{"server not a URL", func(o *options) { o.server = "127.0.0.1:8090" }, "--server"},
		{"no key", func(o *options) { o.key = "" }, KeyEnv},
		{"unknown event", func(o *options) { o.events = "content.created,nope" }, `unknown event type "nope"`},
		{"bad since", func(o *options) { o.since = "yesterday" }, "RFC 3339"},
	} {
		o := ok
		c.edit(&o)
		err := run(context.Background(), io.Discard, o, catalogue)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// `webhooks listen` runs without the app's bootstrap; other commands do not.
func TestStandalone(t *testing.T) {
	root := newRoot()
	if !Standalone(root, []string{"webhooks", "listen", "--forward-to", "http://x"}) {
		t.Error("webhooks listen is not standalone")
	}
	if Standalone(root, []string{"webhooks"}) || Standalone(root, []string{"nope"}) {
		t.Error("another command is standalone")
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{Use: "server"}
	webhooks := &cobra.Command{Use: "webhooks"}
	webhooks.AddCommand(NewCommand([]string{"content.created"}))
	root.AddCommand(webhooks)
	return root
}
