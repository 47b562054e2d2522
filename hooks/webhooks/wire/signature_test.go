package wire

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// signatureVector is one known answer from testdata/signature_vectors.json,
// computed outside Go (openssl, python3 hmac) and written down once.
type signatureVector struct {
	Name              string `json:"name"`
	Secret            string `json:"secret"`
	MsgID             string `json:"msg_id"`
	Timestamp         int64  `json:"timestamp"`
	Body              string `json:"body"`
	XServiceSignature string `json:"x_service_signature"`
	WebhookSignature  string `json:"webhook_signature"`
}

func loadSignatureVectors(t *testing.T) []signatureVector {
	t.Helper()
	raw, err := os.ReadFile("testdata/signature_vectors.json")
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	var doc struct {
		Vectors []signatureVector `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("parse vectors: %v", err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return doc.Vectors
}

func TestSignatureVectors(t *testing.T) {
	for _, v := range loadSignatureVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			body := []byte(v.Body)
			at := time.Unix(v.Timestamp, 0)

			if got := Sign(v.Secret, body); got != v.XServiceSignature {
				t.Errorf("Sign = %q, want %q", got, v.XServiceSignature)
			}
			if !Verify(v.Secret, body, v.XServiceSignature) {
				t.Error("Verify rejected the known signature")
			}

			got, err := SignStandard(v.Secret, v.MsgID, at, body)
			if err != nil {
				t.Fatalf("SignStandard: %v", err)
			}
			if got != v.WebhookSignature {
				t.Errorf("SignStandard = %q, want %q", got, v.WebhookSignature)
			}
			// The time zone of at must not matter, only its instant.
			inZone, err := SignStandard(v.Secret, v.MsgID, at.In(time.FixedZone("X", 5*3600)), body)
			if err != nil || inZone != v.WebhookSignature {
				t.Errorf("SignStandard in another zone = %q, %v", inZone, err)
			}

			// The reference library accepts our header for the same secret.
			wh, err := standardwebhooks.NewWebhook(v.Secret)
			if err != nil {
				t.Fatalf("NewWebhook: %v", err)
			}
			h := standardHeaders(v.MsgID, at, got)
			if err := wh.VerifyIgnoringTimestamp(body, h); err != nil {
				t.Errorf("library rejected our signature: %v", err)
			}
		})
	}
}

func standardHeaders(id string, at time.Time, sig string) http.Header {
	h := http.Header{}
	h.Set(HeaderWebhookID, id)
	h.Set(HeaderWebhookTimestamp, strconv.FormatInt(at.Unix(), 10))
	h.Set(HeaderWebhookSignature, sig)
	return h
}

func TestSignatureRejectsTampering(t *testing.T) {
	secret, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	const id = "dlv_tamper"
	body := []byte(`{"id":"evt_1","event":"content.created","timestamp":"2026-11-21T20:10:25.123Z","data":{}}`)
	// The library's Verify checks the timestamp against the real clock, so
	// this one test signs at the real time rather than a fixed one.
	at := time.Now()
	xsig := Sign(secret, body)
	ssig, err := SignStandard(secret, id, at, body)
	if err != nil {
		t.Fatal(err)
	}
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := wh.Verify(body, standardHeaders(id, at, ssig)); err != nil {
		t.Fatalf("library rejected an untampered delivery: %v", err)
	}

	otherSecret, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	tampered := []byte(strings.Replace(string(body), "content.created", "content.deleted", 1))
	tests := []struct {
		name   string
		secret string
		body   []byte
		id     string
		at     time.Time
	}{
		{"tampered body", secret, tampered, id, at},
		{"body with trailing newline", secret, append(append([]byte{}, body...), '\n'), id, at},
		{"other secret", otherSecret, body, id, at},
		{"other id", secret, body, "dlv_other", at},
		{"other timestamp", secret, body, id, at.Add(time.Second)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.id == id && tt.at.Equal(at) && Verify(tt.secret, tt.body, xsig) {
				t.Error("Verify accepted a tampered delivery")
			}
			wh, err := standardwebhooks.NewWebhook(tt.secret)
			if err != nil {
				t.Fatal(err)
			}
			if err := wh.VerifyIgnoringTimestamp(tt.body, standardHeaders(tt.id, tt.at, ssig)); !errors.Is(err, standardwebhooks.ErrNoMatchingSignature) {
				t.Errorf("library: got %v, want ErrNoMatchingSignature", err)
			}
		})
	}
}

func TestVerifyHeaderForms(t *testing.T) {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	body := []byte(`{"test": 2432232314}`)
	good := Sign(secret, body)
	hexPart := strings.TrimPrefix(good, "sha256=")
	tests := []struct {
		name   string
		header string
		want   bool
	}{
		{"exact", good, true},
		{"upper-case hex", "sha256=" + strings.ToUpper(hexPart), true},
		{"no prefix", hexPart, false},
		{"other algorithm", "sha1=" + hexPart, false},
		{"empty", "", false},
		{"prefix only", "sha256=", false},
		{"not hex", "sha256=" + strings.Repeat("zz", 32), false},
		{"truncated", good[:len(good)-2], false},
		{"standard webhooks form", "v1," + hexPart, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Verify(secret, body, tt.header); got != tt.want {
				t.Errorf("Verify(%q) = %v, want %v", tt.header, got, tt.want)
			}
		})
	}
}

// TestSignStandardMalformedSecret: a malformed secret neither signs nor validates.
func TestSignStandardMalformedSecret(t *testing.T) {
	tests := []struct {
		name, secret string
	}{
		{"empty", ""},
		{"no prefix", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
		{"prefix only", "whsec_"},
		{"not base64", "whsec_!!not*base64!!"},
		{"url-safe alphabet", "whsec_-_-_"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SignStandard(tt.secret, "dlv_1", time.Unix(1795291825, 0), []byte("{}"))
			if !errors.Is(err, ErrSecretMalformed) {
				t.Fatalf("err = %v, want ErrSecretMalformed", err)
			}
			if got != "" {
				t.Errorf("signature = %q, want empty", got)
			}
			if err := ValidateSecret(tt.secret); !errors.Is(err, ErrSecretMalformed) {
				t.Errorf("ValidateSecret = %v, want ErrSecretMalformed", err)
			}
		})
	}
}

func TestNewSecret(t *testing.T) {
	seen := map[string]bool{}
	for range 4 {
		s, err := NewSecret()
		if err != nil {
			t.Fatal(err)
		}
		enc, ok := strings.CutPrefix(s, "whsec_")
		if !ok {
			t.Fatalf("%q lacks the whsec_ prefix", s)
		}
		key, err := base64.StdEncoding.DecodeString(enc)
		if err != nil || len(key) != 32 {
			t.Fatalf("%q: decoded %d bytes, err %v; want 32 bytes", s, len(key), err)
		}
		if seen[s] {
			t.Fatalf("NewSecret repeated %q", s)
		}
		seen[s] = true
		if _, err := SignStandard(s, "dlv_1", time.Unix(0, 0), nil); err != nil {
			t.Fatalf("a new secret must sign: %v", err)
		}
		if err := ValidateSecret(s); err != nil {
			t.Fatalf("a new secret must validate: %v", err)
		}
	}
}
