// Package keys owns the API key: its format (GitHub-style, with a checksum a scanner can
// recognise), its SHA-256 hash (the only form stored), its scopes, the cached look-up that the
// authentication middleware uses on every request (Store, kept true by the keys' generation
// of hooks/changes), the owner's operations on keys (create, list, update, rotate, revoke)
// shared by the admin endpoints and the `keys` command, and the guards that keep the dashboard
// from breaking a key (hooked collection: api_keys).
//
// Errors are domain errors: sentinels (ErrUnknown, ErrNotFound, …) and PocketBase's
// validation.Errors naming the refused field; the API and the command turn them into an
// envelope and a sentence.
package keys
