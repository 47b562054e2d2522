package importer

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/creator-content-api/server/hooks/importer/ghost"
	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/importer/substack"
	"github.com/creator-content-api/server/hooks/importer/wordpress"
)

// NewCommand returns the `import` command with a subcommand per platform: `import wordpress
// FILE.xml`, `import ghost FILE.json`, `import substack PATH` (the .zip or its folder). A
// failure prints one line naming the file and the place, exits with status 1 and leaves the
// site as it was. More subcommands (the archive's) are added by their packages.
func NewCommand(app core.App) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Import posts and pages from WordPress, Ghost or Substack (or a site archive)",
	}
	for _, p := range []struct {
		name, arg, short string
		read             func(string, source.Limits, source.Sink) error
	}{
		{wordpress.Source, "FILE.xml", "Import a WordPress export (WXR 1.0 to 1.2: Tools → Export)", wordpress.Read},
		{ghost.Source, "FILE.json", "Import a Ghost export (Settings → Labs → Export, Ghost 2 to 6)", ghost.Read},
		{substack.Source, "PATH", "Import a Substack export (the .zip, or the folder it unpacks to)", substack.Read},
	} {
		var opts Options
		sub := &cobra.Command{
			Use:           p.name + " " + p.arg,
			Short:         p.short,
			Args:          cobra.ExactArgs(1),
			SilenceUsage:  true,
			SilenceErrors: true, // main prints the one line and exits with status 1
			RunE: func(cmd *cobra.Command, args []string) error {
				o := opts
				o.Source, o.File = p.name, args[0]
				read := func(s source.Sink) error { return p.read(o.File, source.DefaultLimits(), s) }
				if p.name == ghost.Source {
					read = func(s source.Sink) error { return ghost.ReadSite(o.File, o.SourceURL, source.DefaultLimits(), s) }
				}
				return runCommand(app, cmd, o, read)
			},
		}
		f := sub.Flags()
		f.BoolVar(&opts.Update, "update", false, "overwrite records whose source changed since the last import")
		f.BoolVar(&opts.DryRun, "dry-run", false, "report what the import would do and write nothing")
		f.BoolVar(&opts.Events, "events", false, "fire webhook events (content.created…) for the imported records")
		f.StringVar(&opts.MediaDir, "media", "", "a folder holding the feature images (WordPress uploads, Ghost content/images): found ones become covers")
		if p.name == ghost.Source {
			f.StringVar(&opts.SourceURL, "source-url", "", "the Ghost site's address, put in place of __GHOST_URL__ in links and images (default: the export's url setting)")
		}
		cmd.AddCommand(sub)
	}
	return cmd
}

// runCommand migrates the data directory, imports, and prints the report.
func runCommand(app core.App, cmd *cobra.Command, opts Options, read Reader) error {
	if err := app.RunAllMigrations(); err != nil {
		return err
	}
	bar := newProgress(cmd.ErrOrStderr())
	opts.Progress = bar.set
	rep, err := Run(app, opts, read)
	bar.finish()
	if err != nil {
		return fmt.Errorf("import %s: %w", opts.Source, err)
	}
	rep.Print(cmd.OutOrStdout())
	return nil
}

// progress is a bar on a terminal, nothing elsewhere (the summary line says it all).
type progress struct {
	out io.Writer
	bar *progressbar.ProgressBar
}

func newProgress(out io.Writer) *progress {
	if f, ok := out.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return &progress{}
	}
	return &progress{out: out}
}

func (p *progress) set(done, total int) {
	if p.out == nil {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.out), progressbar.OptionSetDescription("importing"),
			progressbar.OptionShowCount(), progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	_ = p.bar.Set(done) // a bar that cannot draw is no reason to stop an import
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
