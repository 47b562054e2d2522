//go:build system

package systemtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// Deadlines of the polls; nothing waits a fixed time.
const (
	// deliveryArrival is how long a due delivery may take to reach its receiver.
	deliveryArrival = 30 * time.Second
	// retryArrival bounds the wait for a delivery whose first attempt failed: the sender tries
	// it again a minute later (hooks/webhook RetryDelays), plus slack for a loaded machine.
	retryArrival = 2 * time.Minute
)

// backupOwner is the owner login of the backup tests.
var backupOwner = struct{ email, password string }{"owner@example.com", "backup test password"}

// A backup made through PocketBase's API (what Settings → Backups does) is a working site:
// unzipped into a fresh data directory, or restored by PocketBase's restore endpoint, it
// serves the same answers, its keys and their rotation grace, its owner's session, its
// files, and its subscriptions, which sign with the secrets registration showed; the
// delivery in flight when the backup was made is made again as the same delivery, the one
// that had failed once is retried at its time, the one that failed for good is not.
func TestBackupRestoresAWorkingSite(t *testing.T) {
	dir := t.TempDir()
	MustRun(t, dir, "seed")
	_, reader := CreateKey(t, dir, "reader", "read")
	_, writer := CreateKey(t, dir, "writer", "read", "write", "write:webhooks")
	rotatedID, first := CreateKey(t, dir, "rotated twice", "read")
	second := FindKey(MustRun(t, dir, "keys", "rotate", rotatedID))
	third := FindKey(MustRun(t, dir, "keys", "rotate", rotatedID))
	revokedID, revoked := CreateKey(t, dir, "revoked", "read")
	MustRun(t, dir, "keys", "revoke", revokedID)
	const read, write = "/api/v1/profile", "/api/v1/posts"
	keys := []keyCase{
		{"a read key reads", reader, http.MethodGet, read, http.StatusOK, ""},
		{"a read key cannot write", reader, http.MethodPost, write, http.StatusForbidden, "insufficient_scope"},
		{"a write key writes", writer, http.MethodPost, write, http.StatusBadRequest, "invalid_request"},
		{"a key's newest secret", third, http.MethodGet, read, http.StatusOK, ""},
		{"the secret the last rotation replaced, in its 24-hour grace", second, http.MethodGet, read, http.StatusOK, ""},
		{"the secret the first rotation replaced, whose grace the second one ended", first, http.MethodGet, read, http.StatusUnauthorized, "unauthorized"},
		{"a revoked key", revoked, http.MethodGet, read, http.StatusUnauthorized, "unauthorized"},
	}

	a := Start(t, dir, "--rate-limits=off")
	t.Run("before the backup", func(t *testing.T) { checkKeys(t, a, keys) })
	owner := a.OwnerToken(t, backupOwner.email, backupOwner.password)
	allowPrivateWebhooks(t, a, owner)
	avatarPath, avatar := uploadAvatar(t, a, owner)

	// One delivery of one post in each state a backup must keep: made (steady), in flight
	// (held: its receiver holds the request until the backup is made), failed once and due
	// again in a minute (flaky: 500), failed for good with its subscription switched off (gone: 410).
	steady, held := newWebhookReceiver(t, http.StatusOK), newWebhookReceiver(t, http.StatusOK)
	flaky, gone := newWebhookReceiver(t, http.StatusInternalServerError), newWebhookReceiver(t, http.StatusGone)
	receivers := []*webhookReceiver{steady, held, flaky, gone}
	for _, r := range receivers {
		r.subscribe(t, a, writer, "content.created")
	}
	held.holdRequests()
	createPost(t, a, writer, "Written just before the backup")
	deliveries := func(r *webhookReceiver, filter string) int {
		return countWhere(t, a, owner, "webhook_deliveries", fmt.Sprintf("subscription = %q && %s", r.ID, filter))
	}
	WaitUntil(t, deliveryArrival, "an attempt of each delivery", func() bool {
		return len(held.pushes()) == 1 && deliveries(steady, `status = "succeeded"`) == 1 &&
			deliveries(flaky, `status = "pending" && attempt = 1`) == 1 && deliveries(gone, `status = "failed"`) == 1
	})
	inFlight := held.pushes()[0]
	failedOnce := flaky.pushes()[0]

	before := v1Reads(t, a, reader)
	started := time.Now()
	archive := takeBackup(t, a, owner, "site.zip")
	t.Logf("backup of %d bytes made and downloaded in %v", len(archive), time.Since(started).Round(time.Millisecond))
	held.release()
	a.Stop()
	flaky.answer(http.StatusOK)
	fromA := map[*webhookReceiver]int{} // pushes made by the original server
	for _, r := range receivers {
		fromA[r] = len(r.pushes())
	}

	t.Run("unzipped into a fresh data directory", func(t *testing.T) {
		b := Start(t, unzipDataDir(t, archive), "--rate-limits=off")
		checkReads(t, b, reader, before)
		checkKeys(t, b, keys)
		if status, body := b.Get(t, "/api/collections/webhook_subscriptions/records", owner); status != http.StatusOK {
			t.Errorf("the owner's token issued before the backup: %d %s", status, body)
		}
		if status, got := b.Get(t, avatarPath, ""); status != http.StatusOK || !bytes.Equal(got, avatar) {
			t.Errorf("the uploaded avatar %s: %d, %d bytes, want the %d uploaded", avatarPath, status, len(got), len(avatar))
		}

		createPost(t, b, writer, "Written after the restore")
		since := func(r *webhookReceiver) []push { return r.pushes()[fromA[r]:] }
		WaitUntil(t, deliveryArrival, "the delivery in flight at the backup, and the new post to every enabled subscription", func() bool {
			return len(since(steady)) >= 1 && len(since(held)) >= 2 && len(since(flaky)) >= 1
		})
		WaitUntil(t, retryArrival, "the retry of the delivery that had failed once", func() bool { return len(since(flaky)) >= 2 })
		created := since(steady)[0].Event
		want := map[*webhookReceiver][]string{steady: {created}, held: {inFlight.Event, created}, flaky: {failedOnce.Event, created}, gone: nil}
		for _, r := range receivers {
			var events []string
			for _, p := range since(r) {
				if !p.Verified {
					t.Errorf("%s got %s of %s with a signature that does not verify with the secret registration showed", r.URL, p.Delivery, p.Event)
				}
				if p.Event == inFlight.Event && r == held && p.Delivery != inFlight.Delivery ||
					p.Event == failedOnce.Event && r == flaky && p.Delivery != failedOnce.Delivery {
					t.Errorf("%s got event %s as %s, not as the delivery the backup held", r.URL, p.Event, p.Delivery)
				}
				events = append(events, p.Event)
			}
			slices.Sort(events)
			slices.Sort(want[r])
			if !slices.Equal(events, want[r]) {
				t.Errorf("%s got events %v from the restored server, want %v", r.URL, events, want[r])
			}
		}
		states := map[*webhookReceiver]string{steady: `status = "succeeded" && attempt = 1`, held: `status = "succeeded" && attempt = 1`,
			flaky: `status = "succeeded" && attempt = 2`, gone: `status = "failed" && attempt = 1`}
		for r, state := range states {
			if n := countWhere(t, b, owner, "webhook_deliveries", fmt.Sprintf("subscription = %q && event = %q && %s", r.ID,
				strings.TrimPrefix(inFlight.Event, "evt_"), state)); n != 1 {
				t.Errorf("the post's delivery to %s: %d matching %s, want 1", r.URL, n, state)
			}
		}
		if n := countWhere(t, b, owner, "webhook_subscriptions", fmt.Sprintf("id = %q && enabled = false && disabled_reason != ''", gone.ID)); n != 1 {
			t.Errorf("the subscription switched off by a 410 is not off after the restore")
		}
	})

	t.Run("restored by PocketBase's restore endpoint", func(t *testing.T) {
		s := Start(t, dir, "--rate-limits=off") // the original data directory, which keeps the backup
		createPost(t, s, writer, "Written after the backup")
		const later = "/api/v1/posts/written-after-the-backup"
		if status, body := s.Get(t, later, "Bearer "+reader); status != http.StatusOK {
			t.Fatalf("GET %s before the restore: %d %s", later, status, body)
		}
		if status, body := s.Do(t, http.MethodPost, "/api/backups/site.zip/restore", owner, nil); status != http.StatusNoContent {
			t.Fatalf("POST /api/backups/site.zip/restore: %d %s", status, body)
		}
		// PocketBase moves the backup's files into the data directory and restarts the
		// process in place (execve): same process, a second start on the same port.
		took := WaitUntil(t, startLimit, "the server's second start", func() bool {
			status, _, err := s.Call(context.Background(), http.MethodGet, "/api/health", "", nil)
			return strings.Count(s.Log(), "Server started at") == 2 && err == nil && status == http.StatusOK
		})
		t.Logf("the restored site answered %v after the restore endpoint did", took.Round(time.Millisecond))
		select {
		case <-s.exited: // the process the test started is gone: it did not restart in place
			t.Fatalf("the server exited: %v\n%s", s.cmd.ProcessState, s.Log())
		default:
		}
		if status, body := s.Get(t, later, "Bearer "+reader); status != http.StatusNotFound || ErrorCode(body) != "not_found" {
			t.Errorf("GET %s after the restore: %d %s, want 404 not_found", later, status, body)
		}
		checkReads(t, s, reader, before)
		checkKeys(t, s, keys)
	})
}

// keyCase is a request made with a key (one of its secrets) and the answer it must get. A
// write sends an empty body, which validation refuses once the key and its scope are accepted.
type keyCase struct {
	name, secret, method, path string
	status                     int
	code                       string
}

// checkKeys makes each request on s.
func checkKeys(t *testing.T, s *Server, cases []keyCase) {
	t.Helper()
	for _, c := range cases {
		var body any
		if c.method != http.MethodGet {
			body = map[string]any{}
		}
		status, got := s.Do(t, c.method, c.path, "Bearer "+c.secret, body)
		if status != c.status || ErrorCode(got) != c.code {
			t.Errorf("%s: %s %s answered %d %q, want %d %q", c.name, c.method, c.path, status, ErrorCode(got), c.status, c.code)
		}
	}
}

// v1Reads are a site's answers to a few reads with key: the profile, a page of posts and a
// page of content.created events, each with the page its next_cursor leads to.
func v1Reads(t *testing.T, s *Server, key string) map[string][]byte {
	t.Helper()
	reads := map[string][]byte{}
	for _, path := range []string{"/api/v1/profile", "/api/v1/posts?limit=3", "/api/v1/webhooks/poll/content.created?limit=3"} {
		var page struct {
			NextCursor string `json:"next_cursor"`
		}
		reads[path] = portable(s, readOK(t, s, path, key))
		if json.Unmarshal(reads[path], &page); page.NextCursor != "" {
			next := path + "&cursor=" + url.QueryEscape(page.NextCursor)
			reads[next] = portable(s, readOK(t, s, next, key))
		}
	}
	return reads
}

// checkReads checks that s answers each read exactly as it was answered before.
func checkReads(t *testing.T, s *Server, key string, before map[string][]byte) {
	t.Helper()
	for path, want := range before {
		if status, got := s.Get(t, path, "Bearer "+key); status != http.StatusOK || !bytes.Equal(portable(s, got), want) {
			t.Errorf("GET %s: %d\n%s\nwant 200\n%s", path, status, got, want)
		}
	}
}

// portable is an answer of s with s's own origin (in file URLs, which follow the request's
// host) written as {server}, so that the answers of servers on other ports compare.
func portable(s *Server, body []byte) []byte {
	return bytes.ReplaceAll(body, []byte(s.Base), []byte("{server}"))
}

// readOK is the body of a GET with key that must answer 200.
func readOK(t *testing.T, s *Server, path, key string) []byte {
	t.Helper()
	status, body := s.Get(t, path, "Bearer "+key)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	return body
}

// createPost publishes a public post through the API and returns its id.
func createPost(t *testing.T, s *Server, key, title string) string {
	t.Helper()
	var res struct{ Data struct{ ID string } }
	mustJSON(t, s, http.MethodPost, "/api/v1/posts", "Bearer "+key,
		map[string]any{"title": title, "visibility": "public", "draft": false}, http.StatusCreated, &res)
	return res.Data.ID
}

// uploadAvatar uploads a PNG as the profile's avatar through PocketBase's records API, as the
// dashboard does, and returns the file's path and content.
func uploadAvatar(t *testing.T, s *Server, owner string) (string, []byte) {
	t.Helper()
	profiles := listAll[struct{ ID string }](t, s, owner, "profile", "id")
	if len(profiles) != 1 {
		t.Fatalf("%d profile records, want 1", len(profiles))
	}
	var img, form bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	mw := multipart.NewWriter(&form)
	part, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Disposition": {`form-data; name="avatar"; filename="avatar.png"`},
		"Content-Type":        {"image/png"},
	})
	if err == nil {
		_, err = part.Write(img.Bytes())
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPatch, s.Base+"/api/collections/profile/records/"+profiles[0].ID, &form)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", owner)
	res, body := Send(t, s.Client, req)
	var rec struct{ Avatar string }
	if err := json.Unmarshal(body, &rec); res.StatusCode != http.StatusOK || err != nil || rec.Avatar == "" {
		t.Fatalf("avatar upload: %d %s", res.StatusCode, body)
	}
	return "/api/files/profile/" + profiles[0].ID + "/" + rec.Avatar, img.Bytes()
}
