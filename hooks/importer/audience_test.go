package importer_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
)

// wantPerson is what one imported address should be, as member and as subscriber.
type wantPerson struct {
	email, name  string
	member, paid bool
	subscriber   bool
	created      string
}

func (w wantPerson) check(t *testing.T, app core.App, source string) {
	t.Helper()
	m, err := app.FindAuthRecordByEmail("members", w.email)
	switch {
	case w.member && err != nil:
		t.Errorf("%s: no member (%v)", w.email, err)
	case !w.member && err == nil:
		t.Errorf("%s: a member, want none", w.email)
	case w.member:
		if m.GetString("name") != w.name || m.GetBool("paid") != w.paid || m.GetString("source") != source ||
			m.GetDateTime("created").String() != w.created || m.Verified() {
			t.Errorf("%s: member name %q paid %v source %q created %s verified %v", w.email, m.GetString("name"),
				m.GetBool("paid"), m.GetString("source"), m.GetDateTime("created"), m.Verified())
		}
	}
	s, err := app.FindFirstRecordByData("newsletter_subscribers", "email", w.email)
	switch {
	case w.subscriber && err != nil:
		t.Errorf("%s: no subscriber (%v)", w.email, err)
	case !w.subscriber && err == nil:
		t.Errorf("%s: a subscriber, want none", w.email)
	case w.subscriber:
		if !s.GetBool("confirmed") || s.GetString("status") != "confirmed" || s.GetString("source") != source ||
			s.GetDateTime("confirmed_at").IsZero() || s.GetDateTime("created").String() != w.created || s.GetString("name") != w.name {
			t.Errorf("%s: subscriber confirmed %v status %q source %q confirmed_at %s created %s name %q", w.email, s.GetBool("confirmed"),
				s.GetString("status"), s.GetString("source"), s.GetDateTime("confirmed_at"), s.GetDateTime("created"), s.GetString("name"))
		}
	}
}

// Ghost 4, 5 and 6 exports bring their members, and those who consented their subscription,
// flagged as imported, with no e-mail sent and no newsletter.subscribe event even with
// --events; a second run creates nobody twice. Ghost 4's mobiledoc and Ghost 6's lexical come
// with html beside them, which is what is imported; __GHOST_URL__ takes --source-url, or
// Ghost 6's url setting.
func TestGhostVersionsAndAudience(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file string
		args       []string
		summary    string
		people     []wantPerson
		post       wantRecord
		content    string
	}{
		{"Ghost 4", "testdata/ghost4.json", []string{"--source-url", "https://old.example"},
			"created 1, updated 0, unchanged 0, skipped 3 (1 labels row, 1 members labels row, 1 setting); audience: members created 3, confirmed subscribers created 1, already here 0",
			[]wantPerson{
				{email: "free@example.com", name: "Free Reader", member: true, subscriber: true, created: "2021-01-01 00:00:00.000Z"},
				{email: "gift@example.com", name: "Gifted", member: true, paid: true, created: "2021-02-01 00:00:00.000Z"},
				{email: "gone@example.com", member: true, created: "2021-03-01 00:00:00.000Z"}, // its mail bounced at Ghost
			},
			wantRecord{collection: "posts", slug: "mobiledoc-days", visibility: "public", publishedAt: "2021-12-01 10:00:00.000Z", tags: `["News"]`},
			`<p>Written in the old editor. See <a href="https://old.example/tag/news/">the news</a>.</p>`},
		{"Ghost 5", "testdata/ghost.json", []string{"--source-url", "https://cafe.example"},
			"created 9, updated 0, unchanged 0, skipped 4 (1 author, 1 internal tag, 1 post author link, 1 setting); audience: members created 2, confirmed subscribers created 1, already here 0",
			[]wantPerson{
				{email: "reader@example.com", name: "Rea Der", member: true, subscriber: true, created: "2020-06-01 10:00:00.000Z"},
				{email: "other@example.com", member: true, paid: true, created: "2020-07-01 10:00:00.000Z"}, // only an archived newsletter
			},
			wantRecord{collection: "posts", slug: "cafe-creme", visibility: "public", publishedAt: "2020-01-02 08:00:00.000Z"},
			"<p>Strong <strong>coffee</strong> &amp; 😀</p>"},
		{"Ghost 6, its url setting", "testdata/ghost6.json", nil,
			"created 2, updated 0, unchanged 0, skipped 2 (2 setting); audience: members created 2, confirmed subscribers created 1, already here 0",
			[]wantPerson{
				{email: "paid@example.com", name: "Pay Ing", member: true, paid: true, subscriber: true, created: "2025-05-01 00:00:00.000Z"},
				{email: "quiet@example.com", name: "No Mail", member: true, created: "2025-06-01 00:00:00.000Z"},
			},
			wantRecord{collection: "posts", slug: "lexical-now", visibility: "members", publishedAt: "2025-12-01 10:00:00.000Z", tags: "[]"},
			`<p>Written in the new editor.</p><figure class="kg-card kg-image-card"><img src="https://new.example/content/images/2025/12/new.png" class="kg-image" alt loading="lazy"></figure>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{})
			mails := 0
			h.App.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { mails++; return e.Next() })
			args := append([]string{"ghost", tc.file, "--events"}, tc.args...)
			out, err := run(h, args...)
			if err != nil || !strings.Contains(out, tc.summary) {
				t.Fatalf("%v\n%s\nwant %q", err, out, tc.summary)
			}
			for _, p := range tc.people {
				p.check(t, h.App, "ghost")
			}
			if got := tc.post.check(t, h.App).GetString("content"); got != tc.content {
				t.Errorf("content %q, want %q", got, tc.content)
			}
			if n, err := h.App.CountRecords("webhook_events", dbx.NewExp("event = 'newsletter.subscribe'")); err != nil || n != 0 || mails != 0 {
				t.Fatalf("%d newsletter.subscribe events (%v), %d mails", n, err, mails)
			}
			out, err = run(h, args...)
			if err != nil || !strings.Contains(out, "already here "+alreadyHere(tc.people)) {
				t.Fatalf("re-run: %v\n%s", err, out)
			}
		})
	}
}

// alreadyHere is how many records a second run finds: a member and a subscriber each.
func alreadyHere(people []wantPerson) string {
	n := 0
	for _, p := range people {
		if p.member {
			n++
		}
		if p.subscriber {
			n++
		}
	}
	return strconv.Itoa(n)
}

// Substack's subscriber list: subscribers only (Substack has no member accounts), not the
// address whose mail Substack disabled; no e-mail, no event.
func TestSubstackSubscribers(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	mails := 0
	h.App.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { mails++; return e.Next() })
	if out, err := run(h, "substack", "testdata/substack", "--events"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, p := range []wantPerson{
		{email: "reader@example.com", subscriber: true, created: "2021-01-02 10:00:00.000Z"},
		{email: "supporter@example.com", subscriber: true, created: "2021-02-01 09:00:00.000Z"},
		{email: "bounced@example.com"},
	} {
		p.check(t, h.App, "substack")
	}
	if n, err := h.App.CountRecords("webhook_events", dbx.NewExp("event = 'newsletter.subscribe'")); err != nil || n != 0 || mails != 0 {
		t.Fatalf("%d newsletter.subscribe events (%v), %d mails", n, err, mails)
	}
}

// __GHOST_URL__ without an address to put in its place fails the import with the flag to
// give; a --source-url that is not a site's address is refused.
func TestGhostSiteURLNeeded(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ghost", "testdata/ghost4.json"}, "import ghost: testdata/ghost4.json: db[0].data.posts[0]: links and images start with __GHOST_URL__ and the site's address is unknown: give it with --source-url"},
		{[]string{"ghost", "testdata/ghost4.json", "--source-url", "old.example"}, `import ghost: --source-url "old.example": not an http or https address of a site`},
	} {
		if out, err := run(h, tc.args...); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q\n%s", tc.args, err, tc.want, out)
		}
	}
	if n := count(t, h.App, "posts") + count(t, h.App, "members"); n != 0 {
		t.Fatalf("failed imports wrote %d records", n)
	}
}
