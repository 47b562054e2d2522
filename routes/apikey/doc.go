// Package apikey owns the API key: its format (GitHub-style, with a checksum a scanner can
// recognise), its SHA-256 hash (the only form stored), its scopes, the cached look-up that the
// authentication middleware uses on every request, and the owner's operations on keys (create,
// list, update, rotate, revoke) shared by the admin endpoints and the `keys` command.
package apikey
