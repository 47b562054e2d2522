//go:build system

package systemtest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"testing"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// pushVerifier checks a push's signatures on its own, not with the server's code: the
// X-Service-Signature (HMAC-SHA256 of the body keyed with the whole secret) and the Standard
// Webhooks signature through its published library. The zero value verifies nothing.
type pushVerifier struct {
	key []byte
	std *standardwebhooks.Webhook
}

// newPushVerifier verifies with secret, the signing secret as registration showed it.
func newPushVerifier(t testing.TB, secret string) pushVerifier {
	t.Helper()
	std, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatalf("secret %q: %v", secret, err)
	}
	return pushVerifier{key: []byte(secret), std: std}
}

// verifies reports whether both signatures of a push with body and header verify.
func (v pushVerifier) verifies(body []byte, header http.Header) bool {
	if v.std == nil {
		return false
	}
	mac := hmac.New(sha256.New, v.key)
	mac.Write(body)
	want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(header.Get("X-Service-Signature")), []byte(want)) && v.std.Verify(body, header) == nil
}
