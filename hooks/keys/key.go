package keys

import (
	"net/url"
	"slices"
	"strings"
	"time"
)

// Key is what authentication needs to know of a stored key. It is immutable once loaded:
// a change to the record replaces it in the cache.
type Key struct {
	ID             string
	Name           string // the owner's name for it, which the history of a change shows
	Hash           string
	Scopes         []string
	AllowedOrigins []string
	Expiry         time.Time // zero: never expires
	Active         bool
	// GraceUntil is set when the presented secret is the one replaced by the last rotation:
	// it keeps working until then.
	GraceUntil time.Time
}

// Browser reports whether k is a browser key: one with allowed origins. Its value ships in a
// site's pages, so whoever reads them holds it, and the Origin header proves nothing outside a
// browser: a browser key is public, and gets no personal data. A server key has no origins.
func (k *Key) Browser() bool { return k != nil && len(k.AllowedOrigins) > 0 }

// Check applies the order of checks after the key is found: the rotation grace of an old
// secret, active, expiry, then origin. origin is the request's Origin header, or
// the scheme and host of its Referer, or "".
func (k *Key) Check(now time.Time, origin string) error {
	if !k.GraceUntil.IsZero() && !now.Before(k.GraceUntil) {
		return ErrUnknown // an old secret past its grace is simply no longer a key
	}
	if err := k.Usable(now); err != nil {
		return err
	}
	if len(k.AllowedOrigins) > 0 && !slices.Contains(k.AllowedOrigins, NormalizeOrigin(origin)) {
		return ErrOriginForbidden
	}
	return nil
}

// Usable returns ErrDisabled for a key switched off, ErrExpired for one past its expiry at now,
// nil otherwise: what a key's record says of it, whatever secret and origin are presented.
func (k *Key) Usable(now time.Time) error {
	if !k.Active {
		return ErrDisabled
	}
	if !k.Expiry.IsZero() && !now.Before(k.Expiry) {
		return ErrExpired
	}
	return nil
}

// NormalizeOrigin reduces an Origin or Referer value to `scheme://host[:port]` in lower case,
// dropping default ports, or "" when it is not an absolute http(s) URL.
func NormalizeOrigin(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	if port != "" {
		host += ":" + port
	}
	return strings.ToLower(u.Scheme) + "://" + host
}
