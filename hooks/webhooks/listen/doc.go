// Package listen owns `webhooks listen`: a client of a remote server that follows its events
// through the poll API (GET /api/v1/webhooks/poll/{event}) and forwards each one to a local
// URL as a signed push, byte for byte what the server's sender would send (the wire format is
// package wire's). It lets a receiver on a laptop without a public URL be developed against
// real events, as `stripe listen --forward-to` does. It needs no data directory.
package listen
