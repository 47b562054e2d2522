// Package listen owns `webhooks listen`: a client of a remote server that follows its event
// stream (GET /api/v1/webhooks/stream, Server-Sent Events, resumed by Last-Event-ID after a
// dropped connection) and forwards each event to a local
// URL as a signed push, byte for byte what the server's sender would send (the wire format is
// package wire's). It lets a receiver on a laptop without a public URL be developed against
// real events, as `stripe listen --forward-to` does. It needs no data directory.
package listen
