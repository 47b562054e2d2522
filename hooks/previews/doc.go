// Package previews owns preview links: the owner makes one for a record (a draft, a
// scheduled or members-only post) and hands its token to a site, whose read key then reads
// that record, and only that one, whatever its state, until the link expires or is revoked.
// Only the SHA-256 of a token is stored (preview_links); the ccaPreviewsPrune cron job deletes
// expired links.
package previews
