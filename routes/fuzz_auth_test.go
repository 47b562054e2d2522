package routes_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
)

// authRoutes are the routes FuzzAuthorizationHeader calls: one per kind of credential check.
var authRoutes = []string{
	"/api/v1/webhooks/events", // scope read
	"/api/v2/posts",           // scope read:content
	"/api/admin/api-keys",     // the owner's login, never an API key
}

// keyOutcome is what a key gets on each of the two key routes: 200, or the 403 code.
type keyOutcome [2]string

const ok200 = "200"

// FuzzAuthorizationHeader sends fuzzed Authorization and Origin headers and a fuzzed query
// string to a read route, a read:content route and an admin route. A key route answers 200
// or 403 only to `Bearer <a real key>` (scheme in any case, spaces around the key ignored),
// with the code that key must get (disabled, expired, wrong origin, insufficient scope; an
// old secret inside its rotation grace works); anything else is 401, and so is any request
// whose query holds an API key, whatever its header. The admin route lets through only the
// owner's token. In header and query, {read}, {content}, {disabled}, {expired}, {origin},
// {old} (a rotated key's previous secret), {new} and {owner} stand for the credentials.
func FuzzAuthorizationHeader(f *testing.F) {
	h := apitest.New(f, apitest.Options{})
	owner := h.SuperuserToken()
	outcomes := map[string]keyOutcome{}
	placeholders := []string{"{owner}", owner}
	add := func(name string, out keyOutcome, fields keys.Fields, scopes ...string) (secret, id string) {
		fields.Scopes = &scopes
		secret, id = h.CreateKeyWith(fields)
		outcomes[secret] = out
		placeholders = append(placeholders, "{"+name+"}", secret)
		return secret, id
	}
	both := []string{keys.ScopeRead, keys.ScopeReadContent}
	off, past := false, h.Clock.Now().Add(-time.Hour)
	add("read", keyOutcome{ok200, apierr.CodeInsufficientScope}, keys.Fields{}, keys.ScopeRead)
	add("content", keyOutcome{apierr.CodeInsufficientScope, ok200}, keys.Fields{}, keys.ScopeReadContent)
	add("disabled", keyOutcome{apierr.CodeKeyDisabled, apierr.CodeKeyDisabled}, keys.Fields{Active: &off}, both...)
	add("expired", keyOutcome{apierr.CodeKeyExpired, apierr.CodeKeyExpired}, keys.Fields{Expiry: &past}, both...)
	originBound, _ := add("origin", keyOutcome{ok200, ok200}, keys.Fields{AllowedOrigins: &[]string{"https://good.example"}}, both...)
	old, oldID := add("old", keyOutcome{ok200, apierr.CodeInsufficientScope}, keys.Fields{}, keys.ScopeRead)
	_, rotated, err := keys.Rotate(h.App, oldID, h.Clock.Now())
	if err != nil {
		f.Fatal(err)
	}
	outcomes[rotated] = outcomes[old]
	// Seeds name the credentials, which are random per run, by placeholder.
	credentials := strings.NewReplacer(append(placeholders, "{new}", rotated)...)

	f.Fuzz(func(t *testing.T, route uint8, header, origin, query string) {
		header, query = credentials.Replace(header), credentials.Replace(query)
		which := int(route) % len(authRoutes)
		path := authRoutes[which]
		req := httptestRequest(path, rawQuery(query), map[string]string{"Authorization": header, "Origin": origin})
		inURL := keyInQuery(req.URL.RawQuery) // before the app scrubs it
		res := h.For(t).Serve(req)
		checkAnswer(t, res)
		if which == 2 {
			checkOwnerAuth(t, res, header, owner)
			return
		}
		want := apierr.CodeUnauthorized
		if out, known := outcomes[bearerCredential(header)]; known && !inURL {
			want = out[which]
			if bearerCredential(header) == originBound && keys.NormalizeOrigin(origin) != "https://good.example" {
				want = apierr.CodeOriginNotAllowed
			}
		}
		switch {
		case want == ok200 && res.Status == http.StatusOK:
		case res.ErrorCode() == want:
		default:
			t.Fatalf("got %d %s, want %s", res.Status, res.Body, want)
		}
	})
}

// checkOwnerAuth checks the admin route's answer: 200 only to the owner's token, which goes
// through as it is or after "Bearer ".
func checkOwnerAuth(t *testing.T, res *apitest.Response, header, owner string) {
	t.Helper()
	exact := header == owner || header == "Bearer "+owner
	switch {
	case res.Status == http.StatusOK && !strings.Contains(header, owner):
		t.Fatalf("the admin route let %q through", header)
	case res.Status != http.StatusOK && res.Status != http.StatusUnauthorized:
		t.Fatalf("admin route: %d %s", res.Status, res.Body)
	case exact && res.Status != http.StatusOK:
		t.Fatalf("the owner's token was refused: %d %s", res.Status, res.Body)
	}
}

// bearerCredential is the credential of an `Authorization: Bearer <credential>` header as
// the spec reads it: "Bearer" in any case, one space, the credential with surrounding white
// space ignored; "" for any other header.
func bearerCredential(header string) string {
	const scheme = "Bearer "
	if len(header) < len(scheme) || !strings.EqualFold(header[:len(scheme)], scheme) {
		return ""
	}
	return strings.TrimSpace(header[len(scheme):])
}

// httptestRequest is a GET of path?query with the given headers set as they are (empty ones
// left out), bypassing the checks a real connection makes on header values.
func httptestRequest(path, query string, headers map[string]string) *http.Request {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.URL.RawQuery = query
	req.RequestURI = req.URL.RequestURI()
	req.RemoteAddr = "203.0.113.1:40000"
	for k, v := range headers {
		if v != "" {
			req.Header[k] = []string{v}
		}
	}
	return req
}

// rawQuery is s as the query string of a request line: only the bytes HTTP cannot carry
// there (controls, space, non-ASCII, '#') are percent-encoded, everything else goes as it is,
// malformed escapes included.
func rawQuery(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '#' {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
