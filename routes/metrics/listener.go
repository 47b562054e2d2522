package metrics

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// ErrBadAddress is returned, wrapped, for a --metrics-addr that is not HOST:PORT.
var ErrBadAddress = errors.New("metrics: the address must be HOST:PORT (127.0.0.1:9464; 0.0.0.0:9464 for every interface)")

// CheckAddress refuses an address that is not an explicit HOST:PORT: an empty host would
// listen on every interface without the owner saying so.
func CheckAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return fmt.Errorf("%w, not %q", ErrBadAddress, addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%w, not %q", ErrBadAddress, addr)
	}
	return nil
}

// Bind serves the metrics on addr while app serves: at serve it binds the request
// middleware (at priority), registers src and the database pools, and listens, failing the
// start when addr cannot be listened on; at terminate it closes the listener.
func (m *Metrics) Bind(app core.App, addr string, priority int, src Sources) error {
	if err := CheckAddress(addr); err != nil {
		return err
	}
	if err := m.Register(NewSourceCollector(src)); err != nil {
		return err
	}
	srv := newServer(m.mux())
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(m.Middleware(priority))
		for name, b := range map[string]dbx.Builder{"data_readers": se.App.ConcurrentDB(), "data_writer": se.App.NonconcurrentDB(),
			"auxiliary_readers": se.App.AuxConcurrentDB(), "auxiliary_writer": se.App.AuxNonconcurrentDB()} {
			if db := sqlDB(b); db != nil {
				if err := m.Register(collectors.NewDBStatsCollector(db, name)); err != nil {
					return err
				}
			}
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		go srv.Serve(ln)
		se.App.Logger().Info("metrics are served on http://" + ln.Addr().String() + "/metrics")
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		srv.Close()
		return e.Next()
	})
	return nil
}

// Timeouts of the metrics listener: a scrape is one small GET, so a client that holds a
// connection open without one (slowloris, an idle keep-alive left by a scraper) is cut.
const (
	readTimeout  = 10 * time.Second
	writeTimeout = 30 * time.Second
	idleTimeout  = time.Minute
)

// newServer is the metrics listener's server of h, with every timeout set.
func newServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: readTimeout, ReadTimeout: readTimeout,
		WriteTimeout: writeTimeout, IdleTimeout: idleTimeout}
}

// mux serves /metrics and nothing else.
func (m *Metrics) mux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	return mux
}

// sqlDB is the database/sql pool under one of PocketBase's builders, nil before bootstrap.
func sqlDB(b dbx.Builder) *sql.DB {
	if db, ok := b.(*dbx.DB); ok {
		return db.DB()
	}
	return nil
}
