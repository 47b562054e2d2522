package members

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// SignInLinkPath is where a sign-in link goes on the owner's site (site_settings.site_url):
// <site_url>/members/verify?token=<token>. The site's page sends the token to
// POST /api/v1/members/verify; no GET spends it, so a mail scanner following the link does not.
const SignInLinkPath = "/members/verify"

// linkTokenBytes is a link token's randomness: 256 bits, 43 characters of base64url.
const linkTokenBytes = 32

// fieldLinkHash is the _otps field holding the SHA-256 (hex) of the link token mailed with a
// code (migration 1763700437); the token itself is never stored.
const fieldLinkHash = "link_hash"

// linkTokenLen is the length of a well-formed link token.
var linkTokenLen = base64.RawURLEncoding.EncodedLen(linkTokenBytes)

// newLinkToken is a fresh sign-in link token (crypto/rand.Read does not fail: it crashes the
// program rather than return less randomness).
func newLinkToken() string {
	b := make([]byte, linkTokenBytes)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// linkHash is the stored form of a link token.
func linkHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// wellFormedLinkToken says whether token could be one newLinkToken made.
func wellFormedLinkToken(token string) bool {
	if len(token) != linkTokenLen {
		return false
	}
	_, err := base64.RawURLEncoding.Strict().DecodeString(token)
	return err == nil
}

// signInLink is the link with token on the site at siteURL; empty without a site.
func signInLink(siteURL, token string) string {
	if siteURL == "" {
		return ""
	}
	return strings.TrimRight(siteURL, "/") + SignInLinkPath + "?" + url.Values{"token": {token}}.Encode()
}

// linkedCode is the one-time code a well-formed link token was mailed with, or ErrInvalidCode.
func (s *Service) linkedCode(token string) (*core.OTP, error) {
	if !wellFormedLinkToken(token) {
		return nil, ErrInvalidCode
	}
	rec, err := s.app.FindFirstRecordByData(core.CollectionNameOTPs, fieldLinkHash, linkHash(token))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInvalidCode
	}
	if err != nil {
		return nil, fmt.Errorf("members: find sign-in link: %w", err)
	}
	otp := &core.OTP{}
	otp.SetProxyRecord(rec)
	return otp, nil
}
