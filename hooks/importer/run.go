package importer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

// Options are the choices of one import.
type Options struct {
	// Source names the platform (wordpress, ghost, substack): it is stored with every record.
	Source string
	// File is the export, as given (for messages).
	File string
	// Update overwrites records whose source changed since the last import.
	Update bool
	// DryRun writes nothing: the import runs in a transaction that is rolled back.
	DryRun bool
	// Events lets the outbox write webhook events for the imported records.
	Events bool
	// SourceURL is the Ghost site's address, put in place of __GHOST_URL__ (empty: the
	// export's url setting).
	SourceURL string
	// MediaDir holds the feature images: a cover is uploaded from it when it has the file.
	MediaDir string
	// Now is the clock that tells a source's future creation time (a scheduled post's) from a
	// past one; nil means time.Now.
	Now func() time.Time
	// Progress, when set, is told of every item handled.
	Progress func(done, total int)
}

// errDryRun rolls a dry run's transaction back.
var errDryRun = errors.New("dry run")

// Reader reads an export and hands what it finds to a sink.
type Reader func(source.Sink) error

// Run reads an export with read and writes its posts and pages in one transaction: any error,
// from the reader or a save, leaves the site as it was.
func Run(app core.App, opts Options, read Reader) (*Report, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	rep := newReport(opts.Source, opts.File)
	rep.DryRun = opts.DryRun
	var media *os.Root
	if opts.MediaDir != "" {
		var err error
		if media, err = os.OpenRoot(opts.MediaDir); err != nil {
			return nil, fmt.Errorf("--media: %w", err)
		}
		defer media.Close()
	}
	ctx := context.Background()
	if !opts.Events {
		ctx = outbox.WithoutEvents(ctx)
	}
	err := app.RunInTransaction(func(tx core.App) error {
		w := &writer{app: tx, ctx: ctx, quiet: outbox.WithoutEvents(ctx), opts: opts, media: media, report: rep}
		if err := read(w); err != nil {
			return err
		}
		if opts.DryRun {
			return errDryRun
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return nil, err
	}
	return rep, nil
}

// writer is the sink of one import, inside its transaction.
type writer struct {
	app    core.App // the transaction
	ctx    context.Context
	quiet  context.Context // ctx without events, for the people
	opts   Options
	media  *os.Root
	report *Report
	total  int
	done   int
}

func (w *writer) Total(n int) {
	w.total = n
	w.progress()
}

func (w *writer) Skip(reason string) { w.report.skip(reason) }

func (w *writer) progress() {
	if w.opts.Progress != nil {
		w.opts.Progress(w.done, w.total)
	}
}

func (w *writer) Item(it source.Item) error {
	w.done++
	defer w.progress()
	if err := w.write(it); err != nil {
		return &source.ParseError{File: w.opts.File, Place: it.Place, Err: fmt.Errorf("%s %q: %w", singular(it.Collection), it.Title, err)}
	}
	return nil
}

func singular(collection string) string {
	if collection == source.Pages {
		return "page"
	}
	return "post"
}
