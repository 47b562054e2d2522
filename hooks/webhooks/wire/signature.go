package wire

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret, as in Standard Webhooks.
const SecretPrefix = "whsec_"

// secretBytes is the number of random bytes in a new secret.
const secretBytes = 32

const (
	signaturePrefix         = "sha256="
	standardSignatureScheme = "v1,"
)

// ErrSecretMalformed means a secret is not "whsec_" followed by non-empty
// standard base64, so no Standard Webhooks key can be derived from it.
var ErrSecretMalformed = errors.New("malformed webhook secret")

// Sign returns the X-Service-Signature header value for body: "sha256="
// followed by the lower-case hex HMAC-SHA256 of the exact body bytes, keyed
// with the whole secret string as shown to the owner (prefix included), which
// is what a GitHub-style verifier does with the string it was given.
func Sign(secret string, body []byte) string {
	return signaturePrefix + hex.EncodeToString(mac([]byte(secret), body))
}

// Verify reports whether header is Sign(secret, body), comparing the MACs in
// constant time. Upper-case hex is accepted; a missing "sha256=" is not.
func Verify(secret string, body []byte, header string) bool {
	hexSig, ok := strings.CutPrefix(header, signaturePrefix)
	if !ok {
		return false
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil {
		return false
	}
	return hmac.Equal(got, mac([]byte(secret), body))
}

// SignStandard returns the Standard Webhooks webhook-signature header value:
// "v1," + base64 HMAC-SHA256 over msgID + "." + Unix seconds of at + "." +
// body, keyed with the base64-decoded part of secret after "whsec_" (what the
// Standard Webhooks libraries do with the same secret). The time is an
// argument so the signature is reproducible.
func SignStandard(secret, msgID string, at time.Time, body []byte) (string, error) {
	key, err := standardKey(secret)
	if err != nil {
		return "", err
	}
	signed := make([]byte, 0, len(msgID)+len(body)+24)
	signed = append(signed, msgID...)
	signed = append(signed, '.')
	signed = strconv.AppendInt(signed, at.Unix(), 10)
	signed = append(signed, '.')
	signed = append(signed, body...)
	return standardSignatureScheme + base64.StdEncoding.EncodeToString(mac(key, signed)), nil
}

// NewSecret returns a fresh signing secret: "whsec_" + standard base64 of 32
// bytes from crypto/rand. One secret serves both signatures.
func NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("webhook: generate secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// ValidateSecret returns nil for a usable signing secret ("whsec_" and
// non-empty standard base64, as NewSecret makes), else an error wrapping
// ErrSecretMalformed.
func ValidateSecret(secret string) error {
	_, err := standardKey(secret)
	return err
}

// standardKey decodes the Standard Webhooks key out of a secret.
func standardKey(secret string) ([]byte, error) {
	enc, ok := strings.CutPrefix(secret, SecretPrefix)
	if !ok {
		return nil, fmt.Errorf("%w: missing %q prefix", ErrSecretMalformed, SecretPrefix)
	}
	key, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return nil, fmt.Errorf("%w: not base64", ErrSecretMalformed)
	}
	if len(key) == 0 {
		return nil, fmt.Errorf("%w: empty key", ErrSecretMalformed)
	}
	return key, nil
}

func mac(key, msg []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(msg)
	return h.Sum(nil)
}
