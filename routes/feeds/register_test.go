package feeds_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/routes/feeds"
)

// Register refuses a Config with a field missing at start, not with a nil call at the first
// request.
func TestRegisterRefusesAnIncompleteConfig(t *testing.T) {
	t.Parallel()
	full := feeds.Config{
		Now:        time.Now,
		Origin:     func(*core.RequestEvent) string { return "https://api.example" },
		Middleware: []*hook.Handler[*core.RequestEvent]{{Id: "ccaTest", Func: func(e *core.RequestEvent) error { return e.Next() }}},
	}
	cases := map[string]func(*feeds.Config){
		"no Now":        func(c *feeds.Config) { c.Now = nil },
		"no Origin":     func(c *feeds.Config) { c.Origin = nil },
		"no Middleware": func(c *feeds.Config) { c.Middleware = nil },
	}
	for name, drop := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := full
			drop(&cfg)
			if err := feeds.Register(newRouter(), cfg); !errors.Is(err, feeds.ErrInvalidConfig) {
				t.Errorf("Register = %v, want %v", err, feeds.ErrInvalidConfig)
			}
		})
	}
	if err := feeds.Register(newRouter(), full); err != nil {
		t.Errorf("Register of a full Config = %v", err)
	}
}

// newRouter is a router no request reaches: Register only binds routes on it.
func newRouter() *router.Router[*core.RequestEvent] {
	return router.NewRouter(func(http.ResponseWriter, *http.Request) (*core.RequestEvent, router.EventCleanupFunc) {
		return nil, nil
	})
}
