package keys

import (
	"slices"

	"github.com/creator-content-api/server/hooks/vocab"
)

// The scopes a key can hold.
const (
	ScopeRead          = "read"
	ScopeWrite         = "write"
	ScopeWebhooks      = "webhooks"
	ScopeReadContent   = "read:content"
	ScopeReadMembers   = "read:members"
	ScopeReadAnalytics = "read:analytics"
	ScopeWriteWebhooks = "write:webhooks"
	// ScopeSubscribe lets a key (typically a site's browser key) subscribe readers to the
	// newsletter.
	ScopeSubscribe = "subscribe"
	// ScopeMembers lets a key (typically a site's browser key) sign members in.
	ScopeMembers = "members"
)

// Scopes lists every scope that can be set, as the schema's select field holds them (a new
// slice each call).
func Scopes() []string { return vocab.Scopes() }

// implied maps a scope to the scopes it also grants. The plain `webhooks` scope grants
// registering outbound webhooks, which v2 calls `write:webhooks`; nothing else is implied.
var implied = map[string][]string{ScopeWebhooks: {ScopeWriteWebhooks}}

// Grants reports whether a key holding scopes may call a route that needs scope.
func Grants(scopes []string, need string) bool {
	for _, s := range scopes {
		if s == need || slices.Contains(implied[s], need) {
			return true
		}
	}
	return false
}

// ValidScope reports whether s is a scope that can be set.
func ValidScope(s string) bool {
	return slices.Contains(vocab.Scopes(), s)
}
