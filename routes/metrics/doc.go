// Package metrics serves the service's metrics in Prometheus' exposition format
// (prometheus/client_golang) on a listener of its own (--metrics-addr), never on the API's:
//
//   - http_server_request_duration_seconds: a histogram of every request by method, route
//     (the route's pattern, never the raw path) and status, observed by the ccaMetrics
//     middleware, first after the request id;
//   - the read cache's hits, misses, evictions, entries and bytes; rate-limit refusals by
//     tier; key look-ups (from the cache or the database) and refusals; the request log's
//     rows logged, sampled out, dropped and waiting;
//   - webhook attempts by outcome with their duration, events written, pending deliveries
//     and the age of the oldest;
//   - SQLite's connection pools (waits for a connection) and Go's runtime and process
//     collectors.
//
// The counts are read from their owners (routes, hooks/keys, hooks/webhooks,
// routes/requestlog) when Prometheus scrapes; only request durations and webhook attempts are
// observed as they happen. No label holds a key, an e-mail or a secret: labels are route
// patterns, methods, status codes, tier names and outcomes.
package metrics
