package hooks

import (
	"context"
	"sync"

	"github.com/pocketbase/pocketbase/tools/routine"
)

// backgroundLoop runs one goroutine of a job (the dispatcher's, the publish job's) from the
// app's serve until its terminate: start runs it once, stop cancels its context and waits for
// it to return. The zero value is ready; stop without start does nothing.
type backgroundLoop struct {
	startOnce, stopOnce sync.Once

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// start runs run in a goroutine with a context that stop cancels; only the first call does
// anything.
func (l *backgroundLoop) start(run func(ctx context.Context)) {
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

// stop cancels the loop and waits until it has returned; only the first call does anything.
func (l *backgroundLoop) stop() {
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
