package routes_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/vocab"
)

// verifyToken is POST /api/v1/members/verify {"token"} answering status; on 200 the member
// signed in is email, on 400 the refusal of a code.
func (s *memberSite) verifyToken(name, token string, status int, email string) apitest.Scenario {
	return s.verifyBody(name, map[string]any{"token": token}, status, email)
}

// verifyCode is POST /api/v1/members/verify {"email","code"}, as verifyToken.
func (s *memberSite) verifyCode(name, email, code string, status int) apitest.Scenario {
	return s.verifyBody(name, map[string]any{"email": email, "code": code}, status, email)
}

func (s *memberSite) verifyBody(name string, body map[string]any, status int, email string) apitest.Scenario {
	sc := apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
		Body: body, ExpectedStatus: status, ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}}
	switch status {
	case http.StatusOK:
		sc.ExpectedJSON = map[string]any{"member.email": email}
	case http.StatusBadRequest:
		sc.ExpectedCode = "invalid_code"
		sc.ExpectedJSON = map[string]any{"error.message": "invalid or expired code: ask for a new one"}
	}
	return sc
}

// The sign-in mail's link goes to the site with a token of 256 bits that is stored only as its
// SHA-256, beside the code it came with.
func TestMemberSignInMailLink(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	m := s.signInMail(t, "ada@example.com")
	if len(m.token) != 43 {
		t.Fatalf("token %q in the mail:\n%s", m.token, m.text)
	}
	for _, want := range []string{"Your code to sign in to", ": " + m.code, "The code and the link work once, for 10 minutes."} {
		if !strings.Contains(m.text, want) {
			t.Errorf("the mail has no %q:\n%s", want, m.text)
		}
	}
	var stored []struct {
		LinkHash string `db:"link_hash"`
		Password string `db:"password"`
	}
	if err := s.h.App.DB().Select("link_hash", "password").From(core.CollectionNameOTPs).All(&stored); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(m.token))
	if len(stored) != 1 || stored[0].LinkHash != hex.EncodeToString(sum[:]) || strings.Contains(stored[0].Password, m.token) {
		t.Errorf("stored %+v for token %s", stored, m.token)
	}
	if other := s.signInMail(t, "ada@example.com"); other.token == m.token || other.token == "" {
		t.Errorf("a second mail's token %q, the first's %q", other.token, m.token)
	}

	// Without a site to link to, the mail carries the code only.
	if _, err := s.h.App.DB().Update(vocab.SiteSettings, dbx.Params{"site_url": ""}, nil).Execute(); err != nil {
		t.Fatal(err)
	}
	bare := s.signInMail(t, "ada@example.com")
	if bare.token != "" || strings.Contains(bare.text, "link") || !strings.Contains(bare.text, "The code works once, for 10 minutes.") {
		t.Errorf("a mail without a site:\n%s", bare.text)
	}
	var linked int
	if err := s.h.App.DB().Select("count(*)").From(core.CollectionNameOTPs).Where(dbx.NewExp("link_hash != ''")).Row(&linked); err != nil || linked != 2 {
		t.Errorf("%d codes with a link, want the first 2 (%v)", linked, err)
	}
}

// A link's token signs in once, only the member it was made for, and spends the code mailed
// with it; the code spends the token likewise. Neither a GET nor an expired, foreign or
// malformed token signs anyone in.
func TestMemberVerifyLink(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	s.h.SaveRecord(vocab.Members, map[string]any{"name": "Bob", "email": "bob@example.com", "password": "a long member password"})

	first := s.signInMail(t, "ada@example.com")
	apitest.Scenario{Name: "a link scanner's GET", Path: "/api/v1/members/verify?token=" + first.token, Headers: s.headers(""),
		ExpectedStatus: http.StatusMethodNotAllowed, ExpectedCode: "method_not_allowed"}.Test(t, s.h)
	s.verifyToken("the token", first.token, http.StatusOK, "ada@example.com").Test(t, s.h)
	s.verifyToken("the token again", first.token, http.StatusBadRequest, "").Test(t, s.h)
	s.verifyCode("the code of the used token", "ada@example.com", first.code, http.StatusBadRequest).Test(t, s.h)

	second := s.signInMail(t, "ada@example.com")
	s.verifyCode("the code", "ada@example.com", second.code, http.StatusOK).Test(t, s.h)
	s.verifyToken("the token of the used code", second.token, http.StatusBadRequest, "").Test(t, s.h)

	s.h.Clock.Advance(members.AttemptWindow) // Ada asked her 3 codes of the window
	// Ada's token signs in Ada, never Bob, whatever is sent with it; Bob's own code still works.
	ada, bob := s.signInMail(t, "ada@example.com"), s.signInMail(t, "bob@example.com")
	s.verifyCode("Ada's token as Bob's code", "bob@example.com", ada.token, http.StatusBadRequest).Test(t, s.h)
	s.verifyToken("Ada's token", ada.token, http.StatusOK, "ada@example.com").Test(t, s.h)
	s.verifyCode("Bob's code", "bob@example.com", bob.code, http.StatusOK).Test(t, s.h)

	s.h.Clock.Advance(members.AttemptWindow)
	// A token older than its code's 10 minutes (PocketBase's clock: the record's created).
	old := s.signInMail(t, "ada@example.com")
	if _, err := s.h.App.DB().NewQuery("UPDATE " + core.CollectionNameOTPs + " SET created = strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-11 minutes')").Execute(); err != nil {
		t.Fatal(err)
	}
	s.verifyToken("an expired token", old.token, http.StatusBadRequest, "").Test(t, s.h)

	// A member switched off after the mail went out.
	off := s.signInMail(t, "bob@example.com")
	m, err := s.h.App.FindAuthRecordByEmail(vocab.Members, "bob@example.com")
	if err != nil {
		t.Fatal(err)
	}
	m.Set("disabled", true)
	if err := s.h.App.Save(m); err != nil {
		t.Fatal(err)
	}
	s.verifyToken("the token of a member switched off", off.token, http.StatusBadRequest, "").Test(t, s.h)

	for _, c := range []struct{ name, token string }{
		{"a short token", "abc"},
		{"a token one character short", old.token[1:]},
		{"a token with padding", old.token[1:] + "="},
		{"a token of another alphabet", strings.Repeat("+", 43)},
		{"a token of non-ASCII runes", strings.Repeat("é", 43)},
		{"a path", "../../../../etc/passwd"},
		{"a very long token", strings.Repeat("A", 100_000)},
		{"a JWT", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"},
	} {
		s.verifyToken(c.name, c.token, http.StatusBadRequest, "").Test(t, s.h)
	}
}

// /verify takes exactly one of its two forms; anything else is a 400 naming the field.
func TestMemberVerifyForms(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	m := s.signInMail(t, "ada@example.com")
	both := `invalid field "token": is sent alone: send {"token"} or {"email", "code"}, not both`
	for _, c := range []struct {
		name    string
		body    map[string]any
		message string
	}{
		{"both forms", map[string]any{"email": "ada@example.com", "code": m.code, "token": m.token}, both},
		{"a token and an address", map[string]any{"email": "ada@example.com", "token": m.token}, both},
		{"a token and a code", map[string]any{"code": m.code, "token": m.token}, both},
		{"an empty token", map[string]any{"token": ""}, `invalid field "token": is required`},
		{"nothing", map[string]any{}, `invalid field "code": is required (or send the link's token alone)`},
		{"an address alone", map[string]any{"email": "ada@example.com"}, `invalid field "code": is required (or send the link's token alone)`},
		{"a code alone", map[string]any{"code": m.code}, `invalid field "email": is required`},
		{"a token of the wrong type", map[string]any{"token": 12}, ""},
	} {
		sc := apitest.Scenario{Name: c.name, Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""),
			Body: c.body, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"}
		if c.message != "" {
			sc.ExpectedJSON = map[string]any{"error.message": c.message}
		}
		sc.Test(t, s.h)
	}
	// None of them spent the code.
	s.verifyToken("the token after them", m.token, http.StatusOK, "ada@example.com").Test(t, s.h)
}

// The code and the link of one mail sent at once sign in once: one 200, one invalid_code.
func TestMemberCodeAndLinkRace(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	for round := range 3 {
		m := s.signInMail(t, "ada@example.com")
		statuses := make(chan int, 2)
		for _, body := range []map[string]any{{"token": m.token}, {"email": "ada@example.com", "code": m.code}} {
			go func() {
				statuses <- s.h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v1/members/verify", Headers: s.headers(""), Body: body}).Status
			}()
		}
		if a, b := <-statuses, <-statuses; a+b != http.StatusOK+http.StatusBadRequest || (a != http.StatusOK && b != http.StatusOK) {
			t.Errorf("round %d: %d and %d, want one 200 and one 400", round, a, b)
		}
	}
}
