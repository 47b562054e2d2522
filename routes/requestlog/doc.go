// Package requestlog owns the request log: which requests get a row in PocketBase's _logs table
// (auxiliary.db, the dashboard's Logs page), a bounded queue between the requests and the one
// goroutine that writes those rows, and the size of auxiliary.db.
//
// PocketBase's own activity logger starts a goroutine per request and writes each batch of 200
// rows in a goroutine of its own, so when requests come faster than auxiliary.db's single writer
// stores rows, the batches wait in memory without end. Log replaces it (same middleware id,
// pbActivityLogger) with one that never waits and never grows:
//
//  1. The middleware decides whether a request gets a row (Policy): every error, every write,
//     every owner or dashboard call; successful reads as the read policy says (all, none, or a
//     share of them).
//  2. It hands the row to a queue of fixed size without waiting; a full queue drops the row and
//     counts it (Stats.Dropped).
//  3. One writer gathers rows for a fifth of a second (or until a batch is full) and stores them
//     in one transaction, with PocketBase's own truncation of long messages and data (core.Log).
//  4. After every few thousand rows, and once a minute, the writer keeps auxiliary.db under its
//     size bound by deleting the oldest rows (PocketBase keeps logs by days only).
//  5. Once a minute in which requests were served, one line says how many were served, logged,
//     sampled out and dropped.
//
// Keys are redacted from each row as PocketBase stores it (keys.BindLogRedaction, bound for every
// row of _logs, whoever writes it).
package requestlog
