package routes_test

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// The owner imports a CSV (pending, or confirmed when consented elsewhere; never mailed, no
// events, existing addresses untouched), lists with counts and filters, and exports.
func TestAdminNewsletterSubscribers(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	own := owner(h.SuperuserToken())
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "left@example.com", "status": "unsubscribed"})
	// Older than the imports for certain (in the same millisecond the order would fall to the ids).
	if _, err := h.App.DB().NewQuery("UPDATE newsletter_subscribers SET created = '2026-01-01 00:00:00.000Z'").Execute(); err != nil {
		t.Fatal(err)
	}
	imp := "/api/admin/newsletter/subscribers/import"
	list := "/api/admin/newsletter/subscribers"
	for _, sc := range []apitest.Scenario{
		{Name: "import pending", Method: http.MethodPost, Path: imp, Headers: own,
			Body:           map[string]any{"csv": "\ufeffEmail,Name,created_at\npen@example.com,Pen,2024-01-01\nnot-an-address,X,\nLEFT@example.com,Back,\n"},
			ExpectedStatus: 200, ExpectedEvents: []string{},
			ExpectedJSON: map[string]any{"data.created": 1, "data.existing": 1, "data.invalid.0.line": 3, "data.invalid.1": apitest.Absent}},
		{Name: "import consented", Method: http.MethodPost, Path: imp, Headers: own,
			Body: map[string]any{"csv": "email\na@example.com\nb@example.com\npen@example.com\n", "consented": true}, ExpectedStatus: 200, ExpectedEvents: []string{},
			ExpectedJSON: map[string]any{"data.created": 2, "data.existing": 1, "data.invalid": []any{}}},
		{Name: "no email column", Method: http.MethodPost, Path: imp, Headers: own, Body: map[string]any{"csv": "name\nA\n"},
			ExpectedStatus: 400, ExpectedCode: "invalid_request", ExpectedContent: []string{"email column"}},
		{Name: "a bad flag", Method: http.MethodPost, Path: imp, Headers: own, Body: map[string]any{"csv": "email\n", "consented": "yes"},
			ExpectedStatus: 400, ExpectedCode: "invalid_request", ExpectedContent: []string{"consented"}},
		{Name: "without the owner", Method: http.MethodPost, Path: imp, Body: map[string]any{"csv": "email\n"}, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "counts and the newest first", Path: list + "?limit=2", Headers: own, ExpectedStatus: 200,
			ExpectedJSON: map[string]any{"counts": map[string]any{"pending": 1, "confirmed": 2, "unsubscribed": 1, "bounced": 0, "total": 4},
				// a and b, imported in one transaction, share their created time: either comes first.
				"data.0.status": "confirmed", "data.1.status": "confirmed", "data.0.source": "csv",
				"data.0.unsubscribe_token": apitest.Absent}},
		{Name: "one status", Path: list + "?status=pending", Headers: own, ExpectedStatus: 200,
			ExpectedJSON: map[string]any{"data.0.email": "pen@example.com", "data.0.name": "Pen", "data.1": apitest.Absent, "next_cursor": nil, "counts.total": 4}},
		{Name: "an unknown status", Path: list + "?status=gone", Headers: own, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "a bad cursor", Path: list + "?cursor=abc", Headers: own, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
	} {
		sc.Test(t, h)
	}
	if n := h.App.TestMailer.TotalSend(); n != 0 {
		t.Errorf("the import mailed %d times", n)
	}
	first := h.Do(apitest.Request{Path: list + "?limit=3", Headers: own}).JSON(t)
	next, _ := first["next_cursor"].(string)
	apitest.Scenario{Name: "the next page", Path: list + "?limit=3&cursor=" + next, Headers: own, ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.0.email": "left@example.com", "data.1": apitest.Absent}}.Test(t, h)
	apitest.Scenario{Name: "a cursor of another filter", Path: list + "?limit=3&status=pending&cursor=" + next, Headers: own,
		ExpectedStatus: 400, ExpectedCode: "invalid_request"}.Test(t, h)

	res := apitest.Scenario{Name: "export", Path: "/api/admin/newsletter/subscribers/export", Headers: own, ExpectedStatus: 200,
		ExpectedHeaders: map[string]string{"Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="subscribers-2026-11-21.csv"`}}.Test(t, h)
	lines := strings.Split(strings.TrimSpace(string(res.Body)), "\n")
	if len(lines) != 5 || lines[0] != "email,name,status,source,created,confirmed_at,unsubscribed_at" ||
		!strings.HasPrefix(lines[1], "left@example.com,,unsubscribed,,") || !strings.HasPrefix(lines[2], "pen@example.com,Pen,pending,csv,") {
		t.Errorf("export:\n%s", res.Body)
	}
	// The file reads back: nothing new.
	apitest.Scenario{Name: "re-import the export", Method: http.MethodPost, Path: imp, Headers: own, Body: map[string]any{"csv": string(res.Body)},
		ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.created": 0, "data.existing": 4}}.Test(t, h)
}

// A name or address a spreadsheet would run as a formula is exported as text (a leading
// apostrophe), and the export imports back as the same subscribers.
func TestAdminNewsletterExportFormulas(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	own := owner(h.SuperuserToken())
	for email, name := range map[string]string{"a@example.com": `=HYPERLINK("http://evil.example","x")`, "b@example.com": "+1", "-c@example.com": "@SUM(A1)", "d@example.com": "Plain"} {
		h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": email, "name": name, "status": "confirmed"})
	}
	res := apitest.Scenario{Name: "export", Path: "/api/admin/newsletter/subscribers/export", Headers: own, ExpectedStatus: 200}.Test(t, h)
	records, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
	if err != nil {
		t.Fatalf("export: %v\n%s", err, res.Body)
	}
	rows := map[string]string{}
	for _, r := range records[1:] {
		rows[r[0]] = r[1]
	}
	want := map[string]string{"a@example.com": `'=HYPERLINK("http://evil.example","x")`, "b@example.com": "'+1", "'-c@example.com": "'@SUM(A1)", "d@example.com": "Plain"}
	for email, name := range want {
		if rows[email] != name {
			t.Errorf("export of %s: name %q, want %q\n%s", email, rows[email], name, res.Body)
		}
	}
	apitest.Scenario{Name: "re-import the export", Method: http.MethodPost, Path: "/api/admin/newsletter/subscribers/import", Headers: own,
		Body: map[string]any{"csv": string(res.Body)}, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.created": 0, "data.existing": 4}}.Test(t, h)
}

// A subscriber the owner adds or edits in the dashboard (PocketBase's records API) gets a
// status: pending, or confirmed when the owner ticked "confirmed"; the flag follows the status.
// Only a confirmation fires newsletter.subscribe, and nobody is mailed.
func TestDashboardSubscriberStatus(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	own := owner(h.SuperuserToken())
	records := "/api/collections/" + vocab.NewsletterSubscribers + "/records"
	created := map[string]string{}
	for _, sc := range []struct {
		name, email string
		body        map[string]any
		status      string
		confirmed   bool
		events      []string
	}{
		{"no status", "dash@example.com", map[string]any{}, "pending", false, []string{}},
		{"confirmed ticked", "tick@example.com", map[string]any{"confirmed": true}, "confirmed", true, []string{"newsletter.subscribe"}},
		{"status confirmed", "status@example.com", map[string]any{"status": "confirmed"}, "confirmed", true, []string{"newsletter.subscribe"}},
		{"status unsubscribed, ticked", "left@example.com", map[string]any{"status": "unsubscribed", "confirmed": true}, "unsubscribed", false, []string{}},
	} {
		sc.body["email"] = sc.email
		res := apitest.Scenario{Name: sc.name, Method: http.MethodPost, Path: records, Headers: own, Body: sc.body,
			ExpectedStatus: 200, ExpectedEvents: sc.events,
			ExpectedJSON: map[string]any{"status": sc.status, "confirmed": sc.confirmed}}.Test(t, h)
		created[sc.email], _ = res.JSON(t)["id"].(string)
	}
	apitest.Scenario{Name: "the owner confirms a pending one", Method: http.MethodPatch, Path: records + "/" + created["dash@example.com"],
		Headers: own, Body: map[string]any{"status": "confirmed"}, ExpectedStatus: 200, ExpectedEvents: []string{"newsletter.subscribe"},
		ExpectedJSON: map[string]any{"status": "confirmed", "confirmed": true}}.Test(t, h)
	apitest.Scenario{Name: "the owner unsubscribes one", Method: http.MethodPatch, Path: records + "/" + created["tick@example.com"],
		Headers: own, Body: map[string]any{"status": "unsubscribed"}, ExpectedStatus: 200, ExpectedEvents: []string{},
		ExpectedJSON: map[string]any{"status": "unsubscribed", "confirmed": false}}.Test(t, h)
	if n := h.App.TestMailer.TotalSend(); n != 0 {
		t.Errorf("the dashboard's adds mailed %d times", n)
	}
}
