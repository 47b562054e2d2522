package listen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// KeyEnv is the environment variable that gives the key when --key is not set, so it stays
// out of the shell history and the process list.
const KeyEnv = "CCA_API_KEY"

// DefaultServer is the server of a local `serve`.
const DefaultServer = "http://127.0.0.1:8090"

// annotationStandalone marks a command that is a client of a remote server: it must run
// without PocketBase's bootstrap (no data directory opened, created or migrated).
const annotationStandalone = "cca.standalone"

// Standalone reports whether args (os.Args[1:]) name a command of root that runs without
// the app's bootstrap, such as `webhooks listen`.
func Standalone(root *cobra.Command, args []string) bool {
	cmd, _, err := root.Find(args)
	return err == nil && cmd.Annotations[annotationStandalone] == "true"
}

// options are the flags of one run.
type options struct {
	server, key, forwardTo, events, since string
}

// NewCommand returns `webhooks listen`, following the events of the stream (those of
// catalogue that --events picks, or every type the key may see) and forwarding them to
// --forward-to.
func NewCommand(catalogue []string) *cobra.Command {
	var o options
	cmd := &cobra.Command{
		Use:   "listen --forward-to URL",
		Short: "Forward a server's events to a local URL as signed pushes (no public URL needed)",
		Long: "Follows the server's event stream and forwards each event, once and in order, to a local\n" +
			"URL, signed as the server signs its pushes with the secret printed on the first line\n" +
			"(stable per server and key). A dropped connection resumes after the last event. A failed\n" +
			"forward is printed, not retried. Ctrl-C stops.",
		Example:      "  CCA_API_KEY=svc_live_... server webhooks listen --forward-to http://localhost:3000/webhook",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		Annotations:  map[string]string{annotationStandalone: "true"},
		// Overrides the parent's migrations: this command has no data directory.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.key == "" {
				o.key = os.Getenv(KeyEnv)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return run(ctx, cmd.OutOrStdout(), o, catalogue)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.server, "server", DefaultServer, "the server's base URL")
	f.StringVar(&o.key, "key", "", "an API key with the read scope (default $"+KeyEnv+")")
	f.StringVar(&o.forwardTo, "forward-to", "", "the local URL to POST each event to (required)")
	f.StringVar(&o.events, "events", "", "comma-separated event types to follow (default: every type the key may see)")
	f.StringVar(&o.since, "since", "", "replay events from this RFC 3339 time, oldest first (default: only new events)")
	return cmd
}

// run validates o, prints the secret and follows until ctx ends.
func run(ctx context.Context, out io.Writer, o options, catalogue []string) error {
	events, err := selectEvents(o.events, catalogue)
	if err != nil {
		return err
	}
	if err := checkURL("--server", o.server); err != nil {
		return err
	}
	if o.forwardTo == "" {
		return errors.New("--forward-to is required: the local URL to POST events to, e.g. http://localhost:3000/webhook")
	}
	if err := checkURL("--forward-to", o.forwardTo); err != nil {
		return err
	}
	if o.key == "" {
		return fmt.Errorf("no API key: pass --key or set %s (a key with the read scope)", KeyEnv)
	}
	var since time.Time
	if o.since != "" {
		if since, err = time.Parse(time.RFC3339Nano, o.since); err != nil {
			return fmt.Errorf("--since %q is not an RFC 3339 time such as 2026-11-21T20:10:25Z", o.since)
		}
	}
	secret := Secret(o.key, o.server)
	fmt.Fprintf(out, "Webhook signing secret: %s\n", secret)
	what := "every event type the key may see"
	if len(events) > 0 {
		what = strings.Join(events, ", ")
	}
	fmt.Fprintf(out, "Forwarding %s from %s to %s (Ctrl-C to stop)\n", what, o.server, o.forwardTo)

	fw := &Forwarder{URL: o.forwardTo, Secret: secret, Client: &http.Client{Timeout: wire.DefaultTimeout}, Now: time.Now}
	fl := &Follower{
		Server: o.server, Key: o.key, Events: events, Since: since,
		// No overall timeout: the stream stays open. The answer's headers must come in time.
		Client: &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, ResponseHeaderTimeout: wire.DefaultTimeout}},
		Sleep:  sleep,
		Warn:   func(msg string) { fmt.Fprintln(out, "warning:", msg) },
		Connected: func(after string) {
			if after == "" {
				fmt.Fprintln(out, "Ready: connected to the event stream")
			} else {
				fmt.Fprintf(out, "Reconnected: resuming after %s\n", after)
			}
		},
	}
	err = fl.Run(ctx, func(ctx context.Context, ev Event) {
		res, err := fw.Forward(ctx, ev)
		fmt.Fprintln(out, Line(time.Now(), ev, res, err))
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "Stopped.")
	return nil
}

// Line is the one line printed per event:
// "2026-11-24T10:00:01Z  content.created  evt_abc  → 200 (12 ms)".
func Line(at time.Time, ev Event, res wire.Result, err error) string {
	answer := fmt.Sprintf("%d", res.StatusCode)
	switch {
	case err != nil:
		answer = "not sent: " + err.Error()
	case res.StatusCode == 0:
		answer = "failed: " + res.Err
	}
	if err == nil {
		answer += fmt.Sprintf(" (%d ms)", res.Duration.Milliseconds())
	}
	return fmt.Sprintf("%s  %s  %s  → %s", at.UTC().Format(time.RFC3339), ev.Event, ev.ID, answer)
}

// selectEvents is the comma-separated subset list of the catalogue; none (the server's
// default: every type the key may see) for an empty list.
func selectEvents(list string, catalogue []string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var events []string
	for _, e := range strings.Split(list, ",") {
		e = strings.TrimSpace(e)
		if !slices.Contains(catalogue, e) {
			return nil, fmt.Errorf("--events: unknown event type %q; the types are %s", e, strings.Join(catalogue, ", "))
		}
		if !slices.Contains(events, e) {
			events = append(events, e)
		}
	}
	return events, nil
}

// checkURL requires an absolute http(s) URL with a host.
func checkURL(flag, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%s %q is not an http(s) URL such as http://localhost:3000/webhook", flag, raw)
	}
	return nil
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
