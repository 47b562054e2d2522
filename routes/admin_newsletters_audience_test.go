package routes_test

import (
	"bytes"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/apitest/fixture"
	"github.com/creator-content-api/server/hooks/vocab"
)

// gatedLetter is a post's content with its public part before the members-only marker.
const gatedLetter = `<p>Open part</p><!--members-only--><p>Secret part</p>`

// letter is a received newsletter message: its recipient, its send and its decoded parts.
type letter struct {
	to, send, text, html string
}

// letters decodes the sink's messages.
func (s newsletterSite) letters() []letter {
	t := s.c.t
	t.Helper()
	var out []letter
	for _, m := range s.sink.Messages() {
		msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
		if err != nil {
			t.Fatal(err)
		}
		send, _, _ := strings.Cut(strings.TrimPrefix(msg.Header.Get("Message-Id"), "<"), ".")
		l := letter{to: m.To, send: send}
		_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
		if err != nil {
			t.Fatal(err)
		}
		parts := multipart.NewReader(msg.Body, params["boundary"])
		for {
			p, err := parts.NextPart() // takes off the quoted-printable encoding
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(p)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
				l.html = string(body)
			} else {
				l.text = string(body)
			}
		}
		out = append(out, l)
	}
	return out
}

// member saves a member of the site.
func (s newsletterSite) member(email string, fields map[string]any) {
	all := map[string]any{"email": email, "password": "a long member password", "verified": true}
	maps.Copy(all, fields)
	s.h.SaveRecord(vocab.Members, all)
}

// checkLetter asserts that l is the post whole, or cut with the sign-in link to postURL.
func checkLetter(t *testing.T, l letter, whole bool, postURL string) {
	t.Helper()
	has := map[string]bool{"Open part": true, "Secret part": whole, "Read it on the site": whole,
		"Sign in to read the rest": !whole, `href="` + postURL + `"`: true}
	for part, body := range map[string]string{"text": l.text, "html": l.html} {
		for want, in := range has {
			if part == "text" && strings.HasPrefix(want, "href=") {
				want = postURL
			}
			if strings.Contains(body, want) != in {
				t.Errorf("%s's %s part: contains %q = %v, want %v:\n%s", l.to, part, want, !in, in, body)
			}
		}
	}
}

// The audience × visibility matrix: each confirmed subscriber of the audience gets the post
// whole when they may read it (a member: members posts; a paid member, marked paid or with a
// completed purchase: paid posts too), cut with a sign-in link when not; nobody else gets
// anything. A subscriber is the member of the same address in any case; a switched-off member
// is no member; an unsubscribed member and a member who never subscribed get nothing.
func TestNewsletterAudienceMatrix(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	fixture.SetSiteSettings(t, s.h.App, map[string]any{"site_url": "https://demo.example"})
	for _, sub := range []string{"reader", "Member", "paid", "buyer", "off"} {
		s.subscriber(sub+"@example.org", "confirmed")
	}
	s.subscriber("left@example.org", "unsubscribed")
	s.member("member@EXAMPLE.org", nil)
	s.member("paid@example.org", map[string]any{"paid": true})
	s.member("buyer@example.org", nil)
	s.h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "BUYER@example.org", "content_type": "product", "amount": 100, "currency": "eur", "status": "completed"})
	s.member("off@example.org", map[string]any{"paid": true, "disabled": true})
	s.member("left@example.org", map[string]any{"paid": true})
	s.member("nosub@example.org", map[string]any{"paid": true})

	const whole, cut = "whole", "cut"
	cases := []struct {
		visibility, audience string
		want                 map[string]string // recipient (before @) → what they get
	}{
		{"public", "everyone", map[string]string{"reader": whole, "member": whole, "paid": whole, "buyer": whole, "off": whole}},
		{"public", "members", map[string]string{"member": whole, "paid": whole, "buyer": whole}},
		{"public", "paid", map[string]string{"paid": whole, "buyer": whole}},
		{"members", "everyone", map[string]string{"reader": cut, "member": whole, "paid": whole, "buyer": whole, "off": cut}},
		{"members", "members", map[string]string{"member": whole, "paid": whole, "buyer": whole}},
		{"members", "paid", map[string]string{"paid": whole, "buyer": whole}},
		{"paid", "everyone", map[string]string{"reader": cut, "member": cut, "paid": whole, "buyer": whole, "off": cut}},
		{"paid", "members", map[string]string{"member": cut, "paid": whole, "buyer": whole}},
		{"paid", "paid", map[string]string{"paid": whole, "buyer": whole}},
	}
	sends := make([]string, len(cases))
	slugs := make([]string, len(cases))
	for i, c := range cases {
		slugs[i] = c.visibility + "-to-" + c.audience
		post := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "For " + slugs[i], "slug": slugs[i], "visibility": c.visibility,
			"content": gatedLetter, "excerpt": "An excerpt"})
		res := apitest.Scenario{Name: slugs[i] + "/queued", Method: http.MethodPost, Path: "/api/admin/newsletters", Headers: owner(s.c.token),
			Body: map[string]any{"post": post.Id, "audience": c.audience}, ExpectedStatus: http.StatusAccepted,
			ExpectedJSON: map[string]any{"data.audience": c.audience, "data.total": len(c.want), "data.pending": len(c.want)}}.Test(t, s.h)
		sends[i] = res.JSON(t)["data"].(map[string]any)["id"].(string)
	}
	s.run()
	got := map[string]map[string][]letter{} // send → recipient → letters
	for _, l := range s.letters() {
		if got[l.send] == nil {
			got[l.send] = map[string][]letter{}
		}
		name, _, _ := strings.Cut(strings.ToLower(l.to), "@")
		got[l.send][name] = append(got[l.send][name], l)
	}
	for i, c := range cases {
		t.Run(slugs[i], func(t *testing.T) {
			apitest.Scenario{Name: "status", Path: "/api/admin/newsletters/" + sends[i], Headers: owner(s.c.token), ExpectedStatus: http.StatusOK,
				ExpectedJSON: map[string]any{"data.state": "finished", "data.audience": c.audience, "data.total": len(c.want),
					"data.sent": len(c.want), "data.failed": 0}}.Test(t, s.h)
			if len(got[sends[i]]) != len(c.want) {
				t.Errorf("recipients %v, want %v", slices.Sorted(maps.Keys(got[sends[i]])), c.want)
			}
			for name, how := range c.want {
				ls := got[sends[i]][name]
				if len(ls) != 1 {
					t.Errorf("%s got %d messages, want 1", name, len(ls))
					continue
				}
				checkLetter(t, ls[0], how == whole, "https://demo.example/posts/"+slugs[i])
			}
		})
	}
	apitest.Scenario{Name: "the list shows the audiences", Path: "/api/admin/newsletters?limit=3", Headers: owner(s.c.token), ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"data.0.audience": "paid", "data.1.audience": "members", "data.2.audience": "everyone"}}.Test(t, s.h)
}

// Whole or cut is the recipient's access when their message goes out: a member marked paid
// after the send was queued gets the paid post whole, a paid member switched off gets it cut,
// and drops out of a members-only send (failed, no message).
func TestNewsletterAccessWhenTheMessageGoesOut(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	fixture.SetSiteSettings(t, s.h.App, map[string]any{"site_url": "https://demo.example"})
	for _, sub := range []string{"reader", "member", "paid"} {
		s.subscriber(sub+"@example.org", "confirmed")
	}
	s.member("member@example.org", nil)
	s.member("paid@example.org", map[string]any{"paid": true})
	toEveryone := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Paid one", "slug": "paid-one", "visibility": "paid", "content": gatedLetter})
	toMembers := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Paid two", "slug": "paid-two", "visibility": "paid", "content": gatedLetter})
	everyone := s.send(map[string]any{"post": toEveryone.Id})
	members := s.send(map[string]any{"post": toMembers.Id, "audience": "members"})
	for email, change := range map[string]map[string]any{"member@example.org": {"paid": true}, "paid@example.org": {"disabled": true}} {
		m, err := s.h.App.FindAuthRecordByEmail(vocab.Members, email)
		if err != nil {
			t.Fatal(err)
		}
		m.Load(change)
		if err := s.h.App.Save(m); err != nil {
			t.Fatal(err)
		}
	}
	s.run()
	o := owner(s.c.token)
	apitest.Scenario{Name: "everyone", Path: "/api/admin/newsletters/" + everyone, Headers: o, ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"data.audience": "everyone", "data.total": 3, "data.sent": 3, "data.failed": 0}}.Test(t, s.h)
	apitest.Scenario{Name: "members", Path: "/api/admin/newsletters/" + members, Headers: o, ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"data.audience": "members", "data.total": 2, "data.sent": 1, "data.failed": 1}}.Test(t, s.h)
	want := map[string]bool{everyone + " reader": false, everyone + " member": true, everyone + " paid": false, members + " member": true}
	got := s.letters()
	if len(got) != len(want) {
		t.Fatalf("%d messages, want %d", len(got), len(want))
	}
	for _, l := range got {
		name, _, _ := strings.Cut(l.to, "@")
		whole, ok := want[l.send+" "+name]
		if !ok {
			t.Errorf("an unexpected message to %s in send %s", l.to, l.send)
			continue
		}
		slug := map[string]string{everyone: "paid-one", members: "paid-two"}[l.send]
		checkLetter(t, l, whole, "https://demo.example/posts/"+slug)
	}
}

// A gated post without the marker is cut to its title and excerpt; a gated post that some of
// the audience would get cut needs a page on the site to sign in on, which an e-mail-only post
// and a site without site_url lack; an audience that may read it all needs none.
func TestNewsletterCutLetters(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	s.subscriber("reader@example.org", "confirmed")
	s.subscriber("member@example.org", "confirmed")
	s.member("member@example.org", nil)
	draft := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Letter for members", "visibility": "members", "draft": true, "content": gatedLetter})
	noMarker := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "All secret", "slug": "all-secret", "visibility": "members",
		"content": "<p>Secret part</p>", "excerpt": "Tea & biscuits"})
	base, o := "/api/admin/newsletters", owner(s.c.token)
	apitest.Scenario{Name: "no site_url", Method: http.MethodPost, Path: base, Headers: o, Body: map[string]any{"post": noMarker.Id},
		ExpectedStatus: http.StatusConflict, ExpectedCode: "no_sign_in_link"}.Test(t, s.h)
	fixture.SetSiteSettings(t, s.h.App, map[string]any{"site_url": "https://demo.example"})
	for _, sc := range []apitest.Scenario{
		{Name: "email_only to everyone", Method: http.MethodPost, Path: base, Headers: o, Body: map[string]any{"post": draft.Id, "email_only": true},
			ExpectedStatus: http.StatusConflict, ExpectedCode: "no_sign_in_link"},
		{Name: "email_only to members", Method: http.MethodPost, Path: base, Headers: o, Body: map[string]any{"post": draft.Id, "email_only": true, "audience": "members"},
			ExpectedStatus: http.StatusAccepted, ExpectedJSON: map[string]any{"data.total": 1, "data.audience": "members"}},
		{Name: "no marker", Method: http.MethodPost, Path: base, Headers: o, Body: map[string]any{"post": noMarker.Id},
			ExpectedStatus: http.StatusAccepted, ExpectedJSON: map[string]any{"data.total": 2, "data.audience": "everyone"}},
	} {
		sc.Test(t, s.h)
	}
	s.run()
	got := s.letters()
	if len(got) != 3 {
		t.Fatalf("%d messages, want 3", len(got))
	}
	for _, l := range got {
		switch {
		case strings.Contains(l.text, "Letter for members"): // the e-mail-only draft, to its member
			if l.to != "member@example.org" || !strings.Contains(l.html, "Secret part") || strings.Contains(l.html, "Sign in") || strings.Contains(l.html, "Read it on the site") {
				t.Errorf("the e-mail-only letter to %s:\n%s", l.to, l.html)
			}
		case l.to == "reader@example.org":
			for _, part := range []string{l.text, l.html} {
				if strings.Contains(part, "Secret part") || !strings.Contains(part, "All secret") || !strings.Contains(part, "https://demo.example/posts/all-secret") {
					t.Errorf("the cut letter without a marker:\n%s", part)
				}
			}
			if !strings.Contains(l.html, "<p>Tea &amp; biscuits</p>") || !strings.Contains(l.text, "Tea & biscuits") {
				t.Errorf("the cut letter lacks the excerpt:\n%s\n%s", l.text, l.html)
			}
		default:
			if l.to != "member@example.org" || !strings.Contains(l.html, "Secret part") || strings.Contains(l.html, "Tea &amp; biscuits") {
				t.Errorf("the whole letter to %s:\n%s", l.to, l.html)
			}
		}
	}
}
