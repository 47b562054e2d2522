package newsletter

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"
)

// MaxEmailLength is the longest address accepted, in bytes (RFC 5321's limit on a path).
const MaxEmailLength = 254

// MaxNameLength is the longest name a subscriber may give, in characters (the column's limit).
const MaxNameLength = 200

// NormalizeEmail returns the address in s as it is stored (trimmed, lower case, no display
// name), or ErrInvalidEmail: s must be a bare address (net/mail), with a dot in its domain,
// at most MaxEmailLength bytes.
func NormalizeEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > MaxEmailLength {
		return "", fmt.Errorf("%w: must be an address of 1 to %d bytes", ErrInvalidEmail, MaxEmailLength)
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return "", fmt.Errorf("%w: must be a bare address such as reader@example.com", ErrInvalidEmail)
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.ContainsAny(s, "\"[]\\ ") {
		return "", fmt.Errorf("%w: must be a bare address such as reader@example.com", ErrInvalidEmail)
	}
	return strings.ToLower(s), nil
}

// normalizeName trims the name and refuses one that is too long or spans lines.
func normalizeName(s string) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > MaxNameLength || strings.ContainsAny(s, "\r\n") {
		return "", fmt.Errorf("%w: at most %d characters, on one line", ErrInvalidName, MaxNameLength)
	}
	return s, nil
}
