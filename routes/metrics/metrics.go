package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/creator-content-api/server/hooks/webhooks"
)

// durationBuckets are the request histogram's buckets in seconds: from a read answered from
// memory (about 100 µs) to PocketBase's slowest requests.
var durationBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// attemptBuckets are the webhook attempt histogram's buckets in seconds, up to the 10-second
// attempt time-out.
var attemptBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Metrics is one process's registry and the series observed as they happen.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.HistogramVec
	attempts *prometheus.HistogramVec
	events   prometheus.Counter
}

// New returns a registry with Go's runtime and process collectors and the observed series.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_server_request_duration_seconds",
			Help:    "Duration of HTTP server requests, by method, route pattern and status.",
			Buckets: durationBuckets,
		}, []string{"method", "route", "status"}),
		attempts: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "cca_webhook_attempt_duration_seconds",
			Help:    "Duration of webhook delivery attempts, by outcome (delivered, failed, gone).",
			Buckets: attemptBuckets,
		}, []string{"outcome"}),
		events: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cca_webhook_events_written_total",
			Help: "Webhook events written with the changes that fired them.",
		}),
	}
	m.reg.MustRegister(m.requests, m.attempts, m.events,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// WebhookObserver is the observer to give the webhook machinery (hooks.Config.Webhooks).
func (m *Metrics) WebhookObserver() webhooks.Observer {
	return webhooks.Observer{
		Attempt: func(outcome string, took time.Duration) {
			m.attempts.WithLabelValues(outcome).Observe(took.Seconds())
		},
		EventsWritten: func(n int) { m.events.Add(float64(n)) },
	}
}

// Register adds collectors (the sources' counts, the database pools) to the registry.
func (m *Metrics) Register(cs ...prometheus.Collector) error {
	for _, c := range cs {
		if err := m.reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// Handler serves the registry in the exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
