// Command webhooklatency measures push delivery against a running server on loopback, the
// delivery rows of issue 12 in one run. Every receiver is an in-process HTTP server that
// answers 200 at once.
//
//	(a) tail: -rate writes a second for -secs seconds, each post fanned out to -subs
//	    subscriptions: commit → first attempt, p50 and p99 over every delivery. The commit
//	    time is the event's created (the body's timestamp), also the 201's receipt.
//	(b) throughput: -burst-posts posts written as fast as -writers clients go, fanned out to
//	    -burst-subs subscriptions (those of (a) and more): deliveries received per second,
//	    from the first write to the last first arrival, with the rate the writes offered.
//	(c) capacity, with -owner-token: as many posts committed in one transaction (PocketBase's
//	    batch API, which must allow that many requests), so that the sender, not the writes,
//	    sets the pace: deliveries per second from the first arrival to the last.
//	(d) baseline: a bare net/http sender posting a delivery's bytes to the same receivers as
//	    fast as 64 goroutines go; (a), (b) and (c) are printed as ratios against it.
//
// With -pid, each phase also reports the server's CPU time per delivery. The server must allow
// private webhooks (site_settings.webhooks_allow_private) and run with --rate-limits=off.
//
//	go run ./bench/webhooklatency -url http://127.0.0.1:8090 -key svc_live_...
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"
)

// config is what the flags set.
type config struct {
	rate, secs, subs               int
	burstPosts, burstSubs, writers int
	ownerToken                     string
}

func main() {
	var cfg config
	base := flag.String("url", "http://127.0.0.1:8090", "server base URL (loopback only)")
	key := flag.String("key", "", "API key with the write and webhooks scopes")
	flag.IntVar(&cfg.rate, "rate", 100, "(a) writes per second")
	flag.IntVar(&cfg.secs, "secs", 10, "(a) seconds of paced writes")
	flag.IntVar(&cfg.subs, "subs", 10, "(a) subscriptions")
	flag.IntVar(&cfg.burstPosts, "burst-posts", 400, "(b) and (c) posts")
	flag.IntVar(&cfg.burstSubs, "burst-subs", 50, "(b) and (c) subscriptions, (a)'s included")
	flag.IntVar(&cfg.writers, "writers", 8, "(b) concurrent writers")
	flag.StringVar(&cfg.ownerToken, "owner-token", "", "(c) the owner's auth token; without it (c) is not run")
	pid := flag.Int("pid", 0, "the server's process id, to report its CPU time per delivery (Linux)")
	flag.Parse()
	if !strings.HasPrefix(*base, "http://127.") {
		fmt.Fprintln(os.Stderr, "webhooklatency targets loopback only")
		os.Exit(2)
	}
	if cfg.burstSubs < cfg.subs {
		fmt.Fprintln(os.Stderr, "-burst-subs includes -subs: it cannot be smaller")
		os.Exit(2)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = maxOpenWrites
	c := client{base: *base, key: *key, http: &http.Client{Timeout: 2 * time.Minute, Transport: transport}}
	f := newFleet()
	defer f.close()
	if err := run(c, f, cpuMeter{pid: *pid}, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		os.Exit(1)
	}
}

func run(c client, f *fleet, cpu cpuMeter, cfg config) error {
	if err := subscribe(c, f, cfg.subs); err != nil {
		return err
	}
	start := cpu.read()
	tail, err := paced(c, f, cfg.subs, cfg.rate, cfg.secs)
	if err != nil {
		return err
	}
	tail.print(cfg.rate)
	fmt.Printf("    %s\n", cpu.since(start, tail.writes*tail.subs))

	if err := subscribe(c, f, cfg.burstSubs-cfg.subs); err != nil {
		return err
	}
	start = cpu.read()
	b, err := burst(c, f, cfg.burstSubs, cfg.burstPosts, cfg.writers)
	if err != nil {
		return err
	}
	b.print()
	fmt.Printf("    %s\n", cpu.since(start, b.posts*b.subs))

	var cp *capacityFigures
	if cfg.ownerToken != "" {
		start = cpu.read()
		fig, err := capacity(c, f, cfg.ownerToken, cfg.burstSubs, cfg.burstPosts)
		if err != nil {
			return err
		}
		fig.print()
		fmt.Printf("    %s\n", cpu.since(start, fig.posts*fig.subs))
		cp = &fig
	}

	base, err := bare(f, cfg.burstPosts*cfg.burstSubs)
	if err != nil {
		return err
	}
	base.print(cfg.burstSubs)
	printRatios(tail, b, cp, base)
	return nil
}

// printRatios prints issue 12's delivery rows, each against the baseline of the same run.
func printRatios(tail tailFigures, b burstFigures, cp *capacityFigures, base bareFigures) {
	p99 := pct(tail.fromCreated, 99)
	fmt.Println("ratios (against the bare sender of (d), same run):")
	fmt.Printf("  %-66s %8.1f   (p99 %s; target < 250 ms)\n", "(a) commit → first attempt p99 / bare round trip p99",
		float64(p99)/float64(max(pct(base.latency, 99), time.Microsecond)), p99)
	fmt.Printf("  %-66s %8.2f   (%.0f/s; target >= 5,000/s)\n", "(b) deliveries/s, 400 posts written at speed / bare sender",
		b.perSecond()/base.perSecond(), b.perSecond())
	if cp != nil {
		fmt.Printf("  %-66s %8.2f   (%.0f/s)\n", "(c) deliveries/s, 400 posts committed at once / bare sender",
			cp.perSecond()/base.perSecond(), cp.perSecond())
	}
}

// subscribe adds n receivers and a subscription for each.
func subscribe(c client, f *fleet, n int) error {
	for range n {
		if err := c.subscribe(f.add()); err != nil {
			return err
		}
	}
	return nil
}

// pct is the p-th percentile (nearest rank) of d; p 100 is the maximum.
func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := min(max((len(s)*p+99)/100, 1), len(s))
	return s[i-1].Round(10 * time.Microsecond)
}
