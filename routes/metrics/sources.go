package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/webhooks/sender"
	"github.com/creator-content-api/server/routes/readcache"
	"github.com/creator-content-api/server/routes/requestlog"
)

// Sources are the counts read at each scrape from the parts that keep them. A nil field is
// left out.
type Sources struct {
	ReadCache         func() readcache.Stats
	RateLimitRefusals func() map[string]uint64 // by tier; nil when rate limits are off
	KeyLookups        func() keys.LookupStats
	RequestLog        func() requestlog.Stats
	Backlog           func() (sender.Backlog, error)
	MemberSignIn      func() members.Refusals // the members' sign-in attempts refused
	Now               func() time.Time        // for the age of the oldest pending delivery; nil: time.Now
}

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(name, help, labels, nil)
}

var (
	readCacheHits      = desc("cca_read_cache_hits_total", "Reads answered from memory.")
	readCacheMisses    = desc("cca_read_cache_misses_total", "Reads that were not in memory.")
	readCacheEvictions = desc("cca_read_cache_evictions_total", "Answers dropped from memory to keep it under its bounds.")
	readCacheEntries   = desc("cca_read_cache_entries", "Answers kept in memory.")
	readCacheBytes     = desc("cca_read_cache_bytes", "Bytes of the answers kept in memory.")
	rateRefusals       = desc("cca_rate_limit_refusals_total", "Requests refused with 429, by rate-limit tier.", "tier")
	keyLookups         = desc("cca_key_lookups_total", "API key look-ups, by where the answer came from (cache or database).", "source")
	keyRefusals        = desc("cca_key_lookups_refused_total", "API key look-ups that found no key (unknown, revoked or mistyped).")
	logRows            = desc("cca_request_log_entries_total", "Requests by what became of their request-log row: logged (queued), sampled_out, dropped (queue full or not stored), written.", "fate")
	logQueued          = desc("cca_request_log_queue_length", "Request-log rows waiting for the writer.")
	logPruned          = desc("cca_request_log_pruned_total", "Request-log rows deleted to keep auxiliary.db under its bound.")
	pending            = desc("cca_webhook_deliveries_pending", "Webhook deliveries waiting to be delivered (due or retrying).")
	oldestPending      = desc("cca_webhook_oldest_pending_age_seconds", "Age of the oldest pending webhook delivery; 0 when none waits.")
	memberRefusals     = desc("cca_member_sign_in_refusals_total", "Members' sign-in attempts refused, by reason: codes_per_address, codes_per_ip, guesses_per_address, guesses_per_ip (past a limit, 429) and invalid_code (a wrong, expired or used code or link token, 400).", "reason")
)

// sourceCollector turns the Sources' counts into series at each scrape.
type sourceCollector struct{ src Sources }

// NewSourceCollector is the collector of src's counts.
func NewSourceCollector(src Sources) prometheus.Collector {
	if src.Now == nil {
		src.Now = time.Now
	}
	return sourceCollector{src: src}
}

func (c sourceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{readCacheHits, readCacheMisses, readCacheEvictions, readCacheEntries,
		readCacheBytes, rateRefusals, keyLookups, keyRefusals, logRows, logQueued, logPruned, pending, oldestPending, memberRefusals} {
		ch <- d
	}
}

func (c sourceCollector) Collect(ch chan<- prometheus.Metric) {
	counter := func(d *prometheus.Desc, v uint64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	if c.src.ReadCache != nil {
		s := c.src.ReadCache()
		counter(readCacheHits, s.Hits)
		counter(readCacheMisses, s.Misses)
		counter(readCacheEvictions, s.Evictions)
		gauge(readCacheEntries, float64(s.Entries))
		gauge(readCacheBytes, float64(s.Bytes))
	}
	if c.src.RateLimitRefusals != nil {
		for tier, n := range c.src.RateLimitRefusals() {
			counter(rateRefusals, n, tier)
		}
	}
	if c.src.KeyLookups != nil {
		s := c.src.KeyLookups()
		counter(keyLookups, s.Hits, "cache")
		counter(keyLookups, s.Misses, "database")
		counter(keyRefusals, s.Unknown)
	}
	if c.src.RequestLog != nil {
		s := c.src.RequestLog()
		counter(logRows, s.Logged, "logged")
		counter(logRows, s.SampledOut, "sampled_out")
		counter(logRows, s.Dropped, "dropped")
		counter(logRows, s.Written, "written")
		gauge(logQueued, float64(s.Queued))
		counter(logPruned, s.Pruned)
	}
	if c.src.MemberSignIn != nil {
		r := c.src.MemberSignIn()
		counter(memberRefusals, r.CodesPerAddress, "codes_per_address")
		counter(memberRefusals, r.CodesPerIP, "codes_per_ip")
		counter(memberRefusals, r.GuessesPerAddress, "guesses_per_address")
		counter(memberRefusals, r.GuessesPerIP, "guesses_per_ip")
		counter(memberRefusals, r.InvalidCodes, "invalid_code")
	}
	if c.src.Backlog != nil {
		if b, err := c.src.Backlog(); err != nil {
			ch <- prometheus.NewInvalidMetric(pending, err)
		} else {
			gauge(pending, float64(b.Pending))
			age := 0.0
			if !b.Oldest.IsZero() {
				age = max(c.src.Now().Sub(b.Oldest).Seconds(), 0)
			}
			gauge(oldestPending, age)
		}
	}
}
