// Package background runs the goroutine of a job (the webhook dispatcher's, the publish
// job's) from the app's serve until its terminate.
package background

import (
	"context"
	"sync"

	"github.com/pocketbase/pocketbase/tools/routine"
)

// Loop runs one goroutine of a job: Start runs it once, Stop cancels its context and waits
// for it to return. The zero value is ready; Stop without Start does nothing.
type Loop struct {
	startOnce, stopOnce sync.Once

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// Start runs run in a goroutine with a context that Stop cancels; only the first call does
// anything.
func (l *Loop) Start(run func(ctx context.Context)) {
	l.startOnce.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		l.mu.Lock()
		l.cancel, l.done = cancel, done
		l.mu.Unlock()
		routine.FireAndForget(func() {
			defer close(done)
			run(ctx)
		})
	})
}

// Stop cancels the loop and waits until it has returned; only the first call does anything.
func (l *Loop) Stop() {
	l.stopOnce.Do(func() {
		l.mu.Lock()
		cancel, done := l.cancel, l.done
		l.mu.Unlock()
		if cancel != nil {
			cancel()
			<-done
		}
	})
}
