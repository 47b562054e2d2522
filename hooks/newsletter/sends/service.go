// Package sends mails a post to the newsletter's confirmed subscribers: an outbox of one
// delivery per subscriber (newsletter_deliveries) worked through over SMTP at a set rate, which
// resumes where it was after a restart, retries what a server deferred (4xx) and marks bounced
// whom it refused (5xx). Messages are DKIM-signed and carry one-click unsubscribe headers; there
// is no open or click tracking.
package sends

import (
	"context"
	"crypto"
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/time/rate"
)

// pollEvery is how often the worker looks for a send nobody woke it for (one queued by another
// process, such as the `newsletter send` command).
const pollEvery = 5 * time.Second

// Service queues, runs and steers the sends.
type Service struct {
	app   core.App
	cfg   Config
	wakes chan struct{}

	perSecond, perHour *rate.Limiter

	mu         sync.Mutex
	running    string             // the id of the send being worked on
	stop       context.CancelFunc // stops it
	signingKey crypto.Signer      // the DKIM key, loaded at first use
	finished   Announcer
}

// New is the service of app; Bind also starts its worker with the server.
func New(app core.App, cfg Config) *Service {
	cfg = cfg.withDefaults()
	s := &Service{app: app, cfg: cfg, wakes: make(chan struct{}, 1),
		perSecond: rate.NewLimiter(rate.Limit(cfg.PerSecond), max(1, cfg.Concurrency))}
	if cfg.PerHour > 0 {
		s.perHour = rate.NewLimiter(rate.Every(time.Hour/time.Duration(cfg.PerHour)), cfg.PerHour)
	}
	return s
}

// Bind makes the service and runs its worker while the server serves.
func Bind(app core.App, cfg Config) *Service {
	s := New(app, cfg)
	app.Store().Set(storeKey, s)
	if cfg.Manual {
		return s
	}
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		ctx, cancel := context.WithCancel(context.Background())
		go s.work(ctx)
		e.App.OnTerminate().BindFunc(func(t *core.TerminateEvent) error {
			cancel()
			return t.Next()
		})
		return e.Next()
	})
	return s
}

// Announcer announces a finished send (the newsletter.sent webhook event) with its data: the
// send's id, post and counts, no addresses.
type Announcer func(app core.App, send *core.Record, data map[string]any) error

// OnFinished sets what runs when a send finishes.
func (s *Service) OnFinished(f Announcer) {
	s.mu.Lock()
	s.finished = f
	s.mu.Unlock()
}

// wake tells the worker there is work.
func (s *Service) wake() {
	select {
	case s.wakes <- struct{}{}:
	default:
	}
}

// work runs the sends, oldest first, until ctx ends.
func (s *Service) work(ctx context.Context) {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		for ctx.Err() == nil {
			send, err := s.nextSend()
			if err != nil || send == nil {
				if err != nil {
					s.app.Logger().Error("newsletter: find the next send", "error", err)
				}
				break
			}
			if err := s.run(ctx, send); err != nil && !errors.Is(err, context.Canceled) {
				s.app.Logger().Error("newsletter: send", "send", send.Id, "error", err)
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-s.wakes:
		case <-tick.C:
		}
	}
}

// RunPending works on the sends until none is queued or sending (each then finished, paused or
// cancelled), waiting out the retries; it is the worker's loop for a Manual service.
func (s *Service) RunPending(ctx context.Context) error {
	for {
		send, err := s.nextSend()
		if err != nil || send == nil {
			return err
		}
		if err := s.run(ctx, send); err != nil && (ctx.Err() != nil || !errors.Is(err, context.Canceled)) {
			return err // not a pause or cancel
		}
	}
}

// nextSend is the oldest send to work on, nil when there is none.
func (s *Service) nextSend() (*core.Record, error) {
	recs, err := s.app.FindRecordsByFilter(collectionSends, "state = 'sending' || state = 'queued'", "created,id", 1, 0)
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	return recs[0], nil
}
