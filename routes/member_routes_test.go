package routes_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/vocab"
)

// memberSite is a harness with a site key holding the members scope and the members Ada
// (signed up, newsletter not asked) and Off (switched off by the owner).
type memberSite struct {
	h    *apitest.Harness
	key  string
	sent <-chan codeMail
}

// codeMail is a sign-in mail: to whom, the code in it, and the link's token (empty without
// a link).
type codeMail struct{ to, code, token, text string }

// memberSiteURL is the site_url of a memberSite: the sign-in links go there.
const memberSiteURL = "https://site.example/"

var (
	mailedCode  = regexp.MustCompile(`<strong>([0-9]{6})</strong>`)
	mailedToken = regexp.MustCompile(`https://site\.example/members/verify\?token=([A-Za-z0-9_-]+)`)
)

// readMail is the sign-in mail m as a member reads it: the code from the HTML part, the link
// from the text part, which must be the HTML's link.
func readMail(m *mailer.Message) codeMail {
	c := codeMail{to: m.To[0].Address, text: m.Text}
	if got := mailedCode.FindStringSubmatch(m.HTML); got != nil {
		c.code = got[1]
	}
	if got := mailedToken.FindStringSubmatch(m.Text); got != nil && strings.Contains(m.HTML, `href="`+got[0]+`"`) {
		c.token = got[1]
	}
	return c
}

func newMemberSite(t *testing.T) *memberSite {
	t.Helper()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeMembers)
	sent := make(chan codeMail, 20)
	h.App.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		sent <- readMail(e.Message)
		return e.Next()
	})
	if _, err := h.App.DB().Update(vocab.SiteSettings, dbx.Params{"site_url": memberSiteURL}, nil).Execute(); err != nil {
		t.Fatal(err)
	}
	h.SaveRecord(vocab.Members, map[string]any{"name": "Ada", "email": "ada@example.com", "password": "a long member password"})
	h.SaveRecord(vocab.Members, map[string]any{"name": "Off", "email": "off@example.com", "password": "a long member password", "disabled": true})
	return &memberSite{h: h, key: key, sent: sent}
}

// signIn asks for a code for email and returns the mailed one.
func (s *memberSite) signIn(t *testing.T, email string) string {
	t.Helper()
	return s.signInMail(t, email).code
}

// signInMail asks for a code for email and returns the mail that brought it.
func (s *memberSite) signInMail(t *testing.T, email string) codeMail {
	t.Helper()
	res := s.h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v1/members/sign-in", Headers: apitest.Bearer(s.key), Body: map[string]any{"email": email}})
	if res.Status != http.StatusAccepted {
		t.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	select {
	case m := <-s.sent:
		if m.to != email || m.code == "" {
			t.Fatalf("mail to %s with code %q", m.to, m.code)
		}
		return m
	case <-time.After(streamWait): // a safety net, not a bound of the test
		t.Fatal("no sign-in mail")
	}
	return codeMail{}
}

// signedIn signs email in and returns the member token.
func (s *memberSite) signedIn(t *testing.T, email string) string {
	t.Helper()
	code := s.signIn(t, email)
	res := s.h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: apitest.Bearer(s.key),
		Body: map[string]any{"email": email, "code": code}})
	if res.Status != http.StatusOK {
		t.Fatalf("verify: %d %s", res.Status, res.Body)
	}
	return res.JSON(t)["token"].(string)
}

// otherCode is a well-formed code that is not code.
func otherCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func (s *memberSite) headers(token string) map[string]string {
	hd := apitest.Bearer(s.key)
	if token != "" {
		hd["X-Member-Token"] = token
	}
	return hd
}

// otps counts the sign-in codes kept for the members.
func otps(t testing.TB, h *apitest.Harness) int {
	var n int
	if err := h.App.DB().Select("count(*)").From(core.CollectionNameOTPs).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A sign-in answers alike for every address and mails a code only to a member who may sign in.
func TestMemberSignIn(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	other, _ := s.h.CreateKey(keys.ScopeRead, keys.ScopeSubscribe)
	same := map[string]any{"message": "if this address may sign in, a code is on its way to it"}
	cases := []struct {
		name, email string
		key         string
		status      int
		code        string
		codes       int // codes kept after the call
	}{
		{"a member", "Ada@Example.com", s.key, http.StatusAccepted, "", 1},
		{"an unknown address", "nobody@example.com", s.key, http.StatusAccepted, "", 1},
		{"a member switched off", "off@example.com", s.key, http.StatusAccepted, "", 1},
		{"not an address", "ada at example", s.key, http.StatusBadRequest, "invalid_request", 1},
		{"no key", "ada@example.com", "", http.StatusUnauthorized, "unauthorized", 1},
		{"a key without the members scope", "ada@example.com", other, http.StatusForbidden, "insufficient_scope", 1},
	}
	for _, c := range cases {
		sc := apitest.Scenario{Name: c.name, Method: http.MethodPost, Path: "/api/v1/members/sign-in", Headers: apitest.Bearer(c.key),
			Body: map[string]any{"email": c.email}, ExpectedStatus: c.status, ExpectedCode: c.code,
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store"},
			After: func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
				if n := otps(t, h); n != c.codes {
					t.Errorf("%d codes kept, want %d", n, c.codes)
				}
			}}
		if c.status == http.StatusAccepted {
			sc.ExpectedJSON = same
		}
		sc.Test(t, s.h)
	}
	if m := <-s.sent; m.to != "ada@example.com" || len(m.code) != 6 {
		t.Errorf("mailed %+v", m)
	}
	apitest.Scenario{Name: "an unknown field", Method: http.MethodPost, Path: "/api/v1/members/sign-in", Headers: s.headers(""),
		Body: map[string]any{"email": "ada@example.com", "password": "x"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request",
		ExpectedJSON: map[string]any{"error.message": `unknown field "password"; the writable fields are email`}}.Test(t, s.h)
}

// A code signs its member in once; a wrong, used or foreign code, an unknown address and a
// member switched off all get the same refusal.
func TestMemberVerify(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	code := s.signIn(t, "ada@example.com")
	wrong := otherCode(code)
	refused := map[string]any{"error.code": "invalid_code", "error.message": "invalid or expired code: ask for a new one"}
	verify := func(name, email, code string, status int) apitest.Scenario {
		sc := apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
			Body: map[string]any{"email": email, "code": code}, ExpectedStatus: status}
		if status == http.StatusBadRequest {
			sc.ExpectedCode, sc.ExpectedJSON = "invalid_code", refused
		}
		return sc
	}
	verify("a wrong code", "ada@example.com", wrong, http.StatusBadRequest).Test(t, s.h)
	verify("an unknown address", "nobody@example.com", code, http.StatusBadRequest).Test(t, s.h)
	verify("a member switched off", "off@example.com", code, http.StatusBadRequest).Test(t, s.h)
	ok := verify("the code", "ADA@example.com", code, http.StatusOK)
	ok.ExpectedJSON = map[string]any{"member.email": "ada@example.com", "member.name": "Ada", "member.paid": false, "member.newsletter": false}
	ok.ExpectedHeaders = map[string]string{"Cache-Control": "no-store"}
	ok.After = func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
		body := res.JSON(t)
		if tok, _ := body["token"].(string); len(tok) < 20 || body["expires"] == nil {
			t.Errorf("token %v, expires %v", body["token"], body["expires"])
		}
		if otps(t, h) != 0 {
			t.Error("the used code is still kept")
		}
	}
	ok.Test(t, s.h)
	verify("the code again", "ada@example.com", code, http.StatusBadRequest).Test(t, s.h)
	// A code older than its 10 minutes (PocketBase's clock: the record's created) is refused.
	old := s.signIn(t, "ada@example.com")
	if _, err := s.h.App.DB().NewQuery("UPDATE " + core.CollectionNameOTPs + " SET created = strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-11 minutes')").Execute(); err != nil {
		t.Fatal(err)
	}
	verify("an expired code", "ada@example.com", old, http.StatusBadRequest).Test(t, s.h)
	apitest.Scenario{Name: "no code", Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
		Body: map[string]any{"email": "ada@example.com"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"}.Test(t, s.h)
}

// Five wrong guesses per address in the window, then even the right code is refused: a
// 6-digit code cannot be guessed in its lifetime.
func TestMemberGuessesAreLimited(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	code := s.signIn(t, "ada@example.com")
	wrong := otherCode(code)
	for i := range members.GuessesPerAddress + 1 {
		guess, status, errCode := wrong, http.StatusBadRequest, "invalid_code"
		if i == members.GuessesPerAddress {
			guess, status, errCode = code, http.StatusTooManyRequests, "rate_limited"
		}
		apitest.Scenario{Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
			Body: map[string]any{"email": "ada@example.com", "code": guess}, ExpectedStatus: status, ExpectedCode: errCode}.Test(t, s.h)
	}
	s.h.Clock.Advance(members.AttemptWindow)
	apitest.Scenario{Name: "after the window", Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
		Body: map[string]any{"email": "ada@example.com", "code": code}, ExpectedStatus: http.StatusOK}.Test(t, s.h)
}

// Unknown addresses sign up only when the owner allows it.
func TestMemberSignUp(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	if _, err := s.h.App.DB().Update(vocab.SiteSettings, dbx.Params{"members_signup": true}, nil).Execute(); err != nil {
		t.Fatal(err)
	}
	token := s.signedIn(t, "new@example.com")
	m, err := s.h.App.FindAuthRecordByEmail(vocab.Members, "new@example.com")
	if err != nil || !m.Verified() || m.GetString("source") != "sign-up" || token == "" {
		t.Fatalf("member %v (%v)", m, err)
	}
}

// A member reads and changes their name and newsletter opt-in, which is the subscriber row of
// their address; signing out or being switched off stops the token.
func TestMemberMe(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	token := s.signedIn(t, "ada@example.com")
	me := func(name, method string, token string, body any, status int, code string, want map[string]any) {
		apitest.Scenario{Name: name, Method: method, Path: "/api/v1/members/me", Headers: s.headers(token), Body: body,
			ExpectedStatus: status, ExpectedCode: code, ExpectedJSON: want}.Test(t, s.h)
	}
	me("signed in", http.MethodGet, token, nil, http.StatusOK, "", map[string]any{"data.name": "Ada", "data.email": "ada@example.com", "data.newsletter": false, "data.paid": false})
	me("no member token", http.MethodGet, "", nil, http.StatusUnauthorized, "invalid_member_token", nil)
	me("a forged token", http.MethodGet, token+"x", nil, http.StatusUnauthorized, "invalid_member_token", nil)
	me("an API key as the token", http.MethodGet, s.key, nil, http.StatusUnauthorized, "invalid_member_token", nil)
	me("opt in and rename", http.MethodPatch, token, map[string]any{"name": " Ada L. ", "newsletter": true}, http.StatusOK, "",
		map[string]any{"data.name": "Ada L.", "data.newsletter": true})
	sub, err := s.h.App.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", "ada@example.com")
	if err != nil || sub.GetString("status") != "confirmed" || sub.GetString("source") != "member" {
		t.Fatalf("subscriber %v (%v)", sub, err)
	}
	// The newsletter's own unsubscribe clears the opt-in: there is no second flag.
	sub.Set("status", "unsubscribed")
	if err := s.h.App.Save(sub); err != nil {
		t.Fatal(err)
	}
	me("unsubscribed by the newsletter", http.MethodGet, token, nil, http.StatusOK, "", map[string]any{"data.newsletter": false})
	me("opt in again", http.MethodPatch, token, map[string]any{"newsletter": true}, http.StatusOK, "", map[string]any{"data.newsletter": true})
	me("opt out", http.MethodPatch, token, map[string]any{"newsletter": false}, http.StatusOK, "", map[string]any{"data.newsletter": false})
	me("a wrong type", http.MethodPatch, token, map[string]any{"newsletter": "yes"}, http.StatusBadRequest, "invalid_request", nil)
	me("an unknown field", http.MethodPatch, token, map[string]any{"email": "x@example.com"}, http.StatusBadRequest, "invalid_request",
		map[string]any{"error.message": `unknown field "email"; the writable fields are name, newsletter`})

	paid := s.h.MemberToken("paid@example.com", map[string]any{"paid": true})
	me("a paid member", http.MethodGet, paid, nil, http.StatusOK, "", map[string]any{"data.paid": true})
	buyer := s.h.MemberToken("buyer@example.com", nil)
	s.h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "Buyer@example.com", "content_type": "course", "amount": 100, "currency": "eur", "status": "refunded"})
	me("a refunded purchase", http.MethodGet, buyer, nil, http.StatusOK, "", map[string]any{"data.paid": false})
	s.h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "buyer@example.com", "content_type": "product", "amount": 100, "currency": "eur", "status": "completed"})
	// Purchases are not members' data: a completed one counts once the token's answer is rechecked.
	me("a completed purchase, before the recheck", http.MethodGet, buyer, nil, http.StatusOK, "", map[string]any{"data.paid": false})
	s.h.Clock.Advance(members.TokenRecheck)
	me("a completed purchase", http.MethodGet, buyer, nil, http.StatusOK, "", map[string]any{"data.paid": true})

	second := s.signedIn(t, "ada@example.com")
	apitest.Scenario{Name: "sign out", Method: http.MethodPost, Path: "/api/v1/members/sign-out", Headers: s.headers(token),
		ExpectedStatus: http.StatusNoContent}.Test(t, s.h)
	me("after signing out", http.MethodGet, token, nil, http.StatusUnauthorized, "invalid_member_token", nil)
	me("another device after signing out", http.MethodGet, second, nil, http.StatusUnauthorized, "invalid_member_token", nil)

	third := s.signedIn(t, "ada@example.com")
	m, _ := s.h.App.FindAuthRecordByEmail(vocab.Members, "ada@example.com")
	m.Set("disabled", true)
	if err := s.h.App.Save(m); err != nil {
		t.Fatal(err)
	}
	me("switched off", http.MethodGet, third, nil, http.StatusUnauthorized, "invalid_member_token", nil)
}
