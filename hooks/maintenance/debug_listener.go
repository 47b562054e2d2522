package maintenance

import (
	"errors"
	"expvar"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// BindDebugListener serves Go's runtime profiles (net/http/pprof: goroutines, heap, CPU) and
// expvar's /debug/vars, with the connection pools of data.db, on addr while the app serves:
// what the soak run samples, and what an operator needs to chase a leak. An empty addr serves
// nothing. Profiles show memory contents, so addr must be a loopback address; anything else
// is refused here, at start.
func BindDebugListener(pb core.App, addr string) error {
	if addr == "" {
		return nil
	}
	if err := requireLoopback(addr); err != nil {
		return fmt.Errorf("CCA_DEBUG_PPROF: %w", err)
	}
	pools := map[string]expvar.Var{
		"cca_data_db_writer":  expvar.Func(func() any { return poolStats(pb.NonconcurrentDB()) }),
		"cca_data_db_readers": expvar.Func(func() any { return poolStats(pb.ConcurrentDB()) }),
	}
	srv := &http.Server{Handler: debugMux(pools), ReadHeaderTimeout: 10 * time.Second}
	pb.OnServe().BindFunc(func(se *core.ServeEvent) error {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("CCA_DEBUG_PPROF: %w", err)
		}
		go srv.Serve(ln)
		se.App.Logger().Warn("Go runtime profiles are served on http://" + addr + "/debug/pprof/ (CCA_DEBUG_PPROF)")
		return se.Next()
	})
	pb.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
		srv.Close()
		return te.Next()
	})
	return nil
}

// requireLoopback accepts host:port where the host is localhost or a loopback IP.
func requireLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return errors.New(addr + " is not a loopback address (use 127.0.0.1:PORT)")
}

// debugMux is net/http/pprof's and expvar's handlers on a mux of their own, not on
// http.DefaultServeMux; /debug/vars adds this app's vars to the process's (expvar.Publish
// would make them global, and panic when a second app of the process publishes them).
func debugMux(own map[string]expvar.Var) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/debug/vars", func(w http.ResponseWriter, _ *http.Request) { writeVars(w, own) })
	return mux
}

// writeVars writes the process's expvar variables and own as one JSON object, as
// expvar.Handler writes the process's.
func writeVars(w http.ResponseWriter, own map[string]expvar.Var) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	fmt.Fprint(w, "{")
	first := true
	write := func(name string, v expvar.Var) {
		if !first {
			fmt.Fprint(w, ",")
		}
		first = false
		fmt.Fprintf(w, "\n%q: %s", name, v.String())
	}
	expvar.Do(func(kv expvar.KeyValue) { write(kv.Key, kv.Value) })
	for name, v := range own {
		write(name, v)
	}
	fmt.Fprint(w, "\n}\n")
}

// poolStats is database/sql's view of one of PocketBase's pools of data.db: for the writer
// (one connection), WaitCount and WaitDuration are how often and how long writes queued for it.
func poolStats(b dbx.Builder) any {
	db, ok := b.(*dbx.DB)
	if !ok {
		return nil // not bootstrapped yet
	}
	return db.DB().Stats()
}
