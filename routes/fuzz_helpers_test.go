package routes_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/cursor"
)

// The fuzz targets (fuzz_*_test.go) start one harness per process before f.Fuzz and send
// each input through the real router with h.For(t). Besides each target's own invariants,
// every answer must pass checkAnswer, and the harness validates it against the OpenAPI
// contract. Under plain `go test` the seeds in testdata/fuzz/<Target>/ run as subtests.

// statusOfCode is the status each code of the envelope must come with.
var statusOfCode = map[string]int{
	apierr.CodeInvalidRequest:    http.StatusBadRequest,
	apierr.CodeUnauthorized:      http.StatusUnauthorized,
	apierr.CodeInsufficientScope: http.StatusForbidden,
	apierr.CodeKeyDisabled:       http.StatusForbidden,
	apierr.CodeKeyExpired:        http.StatusForbidden,
	apierr.CodeOriginNotAllowed:  http.StatusForbidden,
	apierr.CodeHTTPSRequired:     http.StatusForbidden,
	apierr.CodeNotFound:          http.StatusNotFound,
	apierr.CodeMethodNotAllowed:  http.StatusMethodNotAllowed,
	apierr.CodePayloadTooLarge:   http.StatusRequestEntityTooLarge,
	apierr.CodeRateLimited:       http.StatusTooManyRequests,
	apierr.CodeInternal:          http.StatusInternalServerError,
	apierr.CodeNotProvisioned:    http.StatusServiceUnavailable,
}

// checkAnswer asserts what every answer to any input shares: never a 5xx, and a failure is
// exactly the envelope {"error":{"code","message"}} with the status of its code.
func checkAnswer(t *testing.T, res *apitest.Response) {
	t.Helper()
	if res.Status >= 500 {
		t.Fatalf("server error %d: %s", res.Status, res.Body)
	}
	if res.Status < 400 {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(res.Body))
	dec.DisallowUnknownFields()
	var env struct {
		Error *struct {
			Code    *string `json:"code"`
			Message *string `json:"message"`
		} `json:"error"`
	}
	if err := dec.Decode(&env); err != nil || env.Error == nil || env.Error.Code == nil || env.Error.Message == nil {
		t.Fatalf("%d is not the envelope: %v: %s", res.Status, err, res.Body)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		t.Fatalf("%d: more than one JSON value: %s", res.Status, res.Body)
	}
	code, msg := *env.Error.Code, *env.Error.Message
	if want, ok := statusOfCode[code]; !ok || want != res.Status {
		t.Fatalf("code %q with status %d (its status is %d)", code, res.Status, want)
	}
	if msg == "" {
		t.Fatalf("%d %s with an empty message", res.Status, code)
	}
}

// wantInvalidParam asserts a 400 invalid_request whose message names one of names.
func wantInvalidParam(t *testing.T, res *apitest.Response, names ...string) {
	t.Helper()
	if res.Status != http.StatusBadRequest || res.ErrorCode() != apierr.CodeInvalidRequest {
		t.Fatalf("got %d %s, want 400 invalid_request naming one of %q", res.Status, res.Body, names)
	}
	msg := errorMessage(t, res)
	for _, n := range names {
		if strings.Contains(msg, strconv.Quote(n)) {
			return
		}
	}
	t.Fatalf("message %q names none of %q", msg, names)
}

// signedPrefix marks a fuzzed cursor the target signs with the server's key:
// "signed:" list "\n" sort "\n" value "\n" id "\n" page. Everything else is sent as it is (and
// can never verify: the key is random per harness).
const signedPrefix = "signed:"

// cursorParam turns a fuzzed cursor into the `cursor` parameter to send, and the position it
// carries when it is a signed one (nil otherwise).
func cursorParam(codec *cursor.Codec, s string) (string, *cursor.Position) {
	rest, ok := strings.CutPrefix(s, signedPrefix)
	if !ok {
		return s, nil
	}
	parts := strings.SplitN(rest, "\n", 5)
	for len(parts) < 5 {
		parts = append(parts, "")
	}
	page, err := strconv.Atoi(parts[4])
	if err != nil {
		page = 0
	}
	p := cursor.Position{List: parts[0], Sort: parts[1], Value: parts[2], ID: parts[3], Page: page}
	return codec.Encode(p), &p
}

// intIn is a query parameter as the spec reads it: absent or empty is def, otherwise a
// decimal integer in [lo, hi] (hi 0: no upper bound); ok is false for anything else.
func intIn(s string, def, lo, hi int) (n int, ok bool) {
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && (hi == 0 || n <= hi)
}

// refuseDeliveries gives the webhook dispatcher a client that fails every attempt at once,
// so no fuzz input makes the app send a request anywhere.
func refuseDeliveries(c *hooks.Config) {
	c.Webhooks.Client = func(bool) *http.Client { return &http.Client{Transport: refusingTransport{}} }
}

type refusingTransport struct{}

var errNoNetwork = errors.New("fuzz: no deliveries")

func (refusingTransport) RoundTrip(*http.Request) (*http.Response, error) { return nil, errNoNetwork }
