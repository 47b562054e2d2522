// Command soak runs a day's mixed load against a running server for a while and watches the
// server process drift: reads from many loopback addresses, writes through the API at a fixed
// rate, writes through PocketBase's records API as the dashboard makes them, webhook
// subscriptions that receive every push on local receivers, event polls and owner logins. Every
// sample interval (a minute) it records the server's RSS, open file descriptors, goroutines,
// WAL size and writer-pool queueing, and the p99 latency of reads and writes; it prints the
// samples as a Markdown table, then waits until every delivery is made and checks them.
//
// It exits non-zero when any answer is a 5xx or mentions a locked database, any answer is not
// one the workload expects (a 429 included: the rates stay under the limits as shipped), the
// receivers did not get exactly the server's deliveries, all signed, the server logged an
// error, or a resource series does not level off (see verdict.go). The server must serve with CCA_DEBUG_PPROF for the goroutine
// and pool figures (bench/soak.sh does all of it).
//
//	go run ./bench/soak -url http://127.0.0.1:8090 -pid PID -data pb_data -pprof 127.0.0.1:6060 \
//	  -owner-email E -owner-password P -duration 30m
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

// config is the run as the flags set it.
type config struct {
	base, pprof, dataDir   string
	pid                    int
	ownerEmail, ownerPass  string
	duration, sampleEvery  time.Duration
	readers                int
	readEvery              time.Duration
	writeRate              float64
	dashboardEvery         time.Duration
	subscriptions, pollers int
	pollEvery, loginEvery  time.Duration
	settleStall            time.Duration
	limits                 limits
}

func main() {
	var c config
	flag.StringVar(&c.base, "url", "http://127.0.0.1:8090", "server base URL (loopback only)")
	flag.IntVar(&c.pid, "pid", 0, "server process id (RSS, file descriptors)")
	flag.StringVar(&c.dataDir, "data", "", "server data directory (WAL and database size)")
	flag.StringVar(&c.pprof, "pprof", "127.0.0.1:6060", "the server's CCA_DEBUG_PPROF address (goroutines, writer pool)")
	flag.StringVar(&c.ownerEmail, "owner-email", "", "the owner's (superuser's) e-mail")
	flag.StringVar(&c.ownerPass, "owner-password", "", "the owner's password")
	flag.DurationVar(&c.duration, "duration", 5*time.Minute, "how long the load runs")
	flag.DurationVar(&c.sampleEvery, "sample-every", time.Minute, "sample interval: one table row each")
	flag.IntVar(&c.readers, "readers", 200, "reading clients, each from its own loopback address")
	flag.DurationVar(&c.readEvery, "read-every", 1250*time.Millisecond, "each reader's interval (the Normal tier allows 1/s per address)")
	flag.Float64Var(&c.writeRate, "write-rate", 20, "API writes per second (create, update, delete posts), spread over addresses at 0.8/s each")
	flag.DurationVar(&c.dashboardEvery, "dashboard-every", time.Second, "interval of the owner's records-API writes (the dashboard's)")
	flag.IntVar(&c.subscriptions, "subscriptions", 10, "webhook subscriptions, each with a local receiver")
	flag.IntVar(&c.pollers, "pollers", 3, "event pollers, each with its own key (content.created, .updated, .deleted)")
	flag.DurationVar(&c.pollEvery, "poll-every", 4*time.Second, "each poller's interval (the cap is 20 polls a minute per key)")
	flag.DurationVar(&c.loginEvery, "login-every", 10*time.Second, "interval of owner logins, from 10 addresses in turn")
	flag.DurationVar(&c.settleStall, "settle-stall", time.Minute, "after the load, fail if no delivery arrives for this long while some are pending")
	c.limits.bind(flag.CommandLine)
	flag.Parse()
	if !strings.HasPrefix(c.base, "http://127.") && !strings.HasPrefix(c.base, "http://localhost") {
		fail(2, "soak targets loopback only")
	}
	if c.ownerEmail == "" || c.ownerPass == "" || c.pid <= 0 || c.dataDir == "" {
		fail(2, "-owner-email, -owner-password, -pid and -data are required")
	}
	ok, err := run(c)
	if err != nil {
		fail(1, "soak: "+err.Error())
	}
	if !ok {
		fmt.Println("FAIL")
		os.Exit(1)
	}
	fmt.Println("PASS")
}

// run sets the site up, runs the load while sampling, settles the deliveries and reports. It
// returns false when a check failed, and an error when the run itself could not start.
func run(c config) (bool, error) {
	site, err := setUp(c)
	if err != nil {
		return false, err
	}
	defer site.receivers.close()
	rec := newRecorder()
	check := clientFrom(kindCheck, 1)
	probe := newProbe(c, func() (int, error) {
		return countDeliveries(check, c.base, site.ownerToken(), "status = 'pending'")
	})
	r := result{c: c, rec: rec, baseline: probe.sample()}
	ctx, cancel := context.WithCancel(context.Background())
	load := startLoad(ctx, c, site, rec)
	samples := int((c.duration + c.sampleEvery - 1) / c.sampleEvery)
	r.rows = sampleRun(samples, c.sampleEvery, probe, rec, site.receivers)
	cancel()
	load.wait()
	rec.closeWindow() // answers that arrived after the last sample count in the totals
	r.settled = settle(c, site)
	return report(os.Stdout, r), nil
}

func fail(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}
