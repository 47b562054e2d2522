package routes_test

import (
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// The sends list is the owner's, newest first with their counts, bounded by limit.
func TestNewsletterSendsList(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	s.subscriber("ada@example.org", "confirmed")
	s.subscriber("bob@example.org", "confirmed")
	post := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "public"})
	first := s.send(map[string]any{"post": post.Id})
	s.run()
	second := s.send(map[string]any{"post": post.Id, "resend": true})
	base := "/api/admin/newsletters"
	o := owner(s.c.token)
	for _, sc := range []apitest.Scenario{
		{Name: "no login", Path: base, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "newest first", Path: base, Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{
			"data.0.id": second, "data.0.state": "queued", "data.0.resend": true, "data.0.total": 2, "data.0.pending": 2, "data.0.sent": 0,
			"data.1.id": first, "data.1.state": "finished", "data.1.post": post.Id, "data.1.total": 2, "data.1.sent": 2,
			"data.1.failed": 0, "data.1.bounced": 0, "data.2": apitest.Absent},
			NotExpectedContent: []string{"@example.org"}},
		{Name: "limit", Path: base + "?limit=1", Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.0.id": second, "data.1": apitest.Absent}},
		{Name: "limit 0", Path: base + "?limit=0", Headers: o, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "limit too high", Path: base + "?limit=101", Headers: o, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "limit not a number", Path: base + "?limit=x", Headers: o, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
	} {
		sc.Test(t, s.h)
	}
	empty := newNewsletterSite(t, false)
	apitest.Scenario{Name: "no sends", Path: base, Headers: owner(empty.c.token), ExpectedStatus: 200,
		ExpectedContent: []string{`"data":[]`}}.Test(t, empty.h)
}

// The DKIM record to publish is the one the messages are signed with; without a sender address
// there is no domain to sign for.
func TestNewsletterDKIMRecord(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, false)
	path := "/api/admin/newsletters/dkim"
	apitest.Scenario{Name: "no login", Path: path, ExpectedStatus: 401, ExpectedCode: "unauthorized"}.Test(t, s.h)
	apitest.Scenario{Name: "record", Path: path, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.selector": "cca", "data.domain": "example.com", "data.name": "cca._domainkey.example.com"}}.Test(t, s.h)
	record, err := s.h.Newsletter.DKIMRecord()
	if err != nil {
		t.Fatal(err)
	}
	apitest.Scenario{Name: "the signing key's record", Path: path, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.value": record.Value, "data.zone": record.Zone()}}.Test(t, s.h)
	// The owner changes the sender address: the same key, published for the new domain.
	s.h.App.Settings().Meta.SenderAddress = "letters@news.example.org"
	apitest.Scenario{Name: "a new sender address", Path: path, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.domain": "news.example.org", "data.name": "cca._domainkey.news.example.org", "data.value": record.Value}}.Test(t, s.h)
	unconfigured := newNewsletterSite(t, false)
	unconfigured.h.App.Settings().Meta.SenderAddress = ""
	apitest.Scenario{Name: "no sender address", Path: path, Headers: owner(unconfigured.c.token), ExpectedStatus: 409,
		ExpectedCode: "mail_not_configured"}.Test(t, unconfigured.h)
}
