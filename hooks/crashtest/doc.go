// Package crashtest holds the crash-safety test of the webhook outbox and dispatcher, run
// against the real server binary: it builds the server once, starts it on a fresh data
// directory with ten local subscribers, writes posts at speed with several concurrent
// writers, kills the process with SIGKILL at seeded random moments, restarting it on the same
// data directory after each, and checks that nothing was half-written (every post has its
// event, every event its post and exactly one delivery per subscriber), that every event
// reached every subscriber with a valid signature, and that an (event, subscriber) pair
// always carried the same delivery id, across retries and restarts.
//
// The package has no code besides this comment; the test lives in its _test.go files.
// `go test -short` skips it. A run kills the server three times; CRASHTEST_RUNS sets the
// number of runs (default 1), and CRASHTEST_SEED with it replays the kill points of a failed
// run (both are logged). bench/RELIABILITY.md has the figures.
package crashtest
