//go:build system

package systemtest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// upgradeData is the data directory an earlier release made (testdata/upgrade/make.sh).
const upgradeData = "testdata/upgrade"

// release is what make.sh recorded beside the data directory: the secrets it made, and what
// the old server served (every collection's count, and a few records as its records API
// showed them, hidden fields included).
type release struct {
	Commit string
	Owner  struct{ Email, Password string }
	Keys   []struct {
		ID, Name, Secret string
		Scopes           []string
	}
	Subscriptions []struct {
		ID, URL, Secret string
		Events          []string
	}
	Counts  map[string]int
	Records []map[string]any
}

// upgradeCopy copies the earlier release's data directory to a temporary one (the tests
// change what they open) and returns it with what make.sh recorded.
func upgradeCopy(t *testing.T) (release, string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(upgradeData, "release.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rel release
	if err := json.Unmarshal(raw, &rel); err != nil {
		t.Fatalf("release.json: %v", err)
	}
	dir := filepath.Join(t.TempDir(), "pb_data")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(upgradeData, "pb_data"))); err != nil {
		t.Fatal(err)
	}
	return rel, dir
}

// key is the secret make.sh recorded for the key named name.
func (r release) key(t *testing.T, name string) string {
	t.Helper()
	for _, k := range r.Keys {
		if k.Name == name {
			return k.Secret
		}
	}
	t.Fatalf("release.json has no key %q", name)
	return ""
}

// The data directory of an earlier release (commit 368b935, before the webhook attempts,
// scheduled publishing, search index and feed migrations) opens with this one with nothing
// lost: every collection holds as many records, records read field by field as they did,
// the old keys authenticate with their scopes, the old subscriptions sign with their
// secrets, and the new features work on the old data.
func TestUpgradeKeepsEveryRecordKeyAndSubscription(t *testing.T) {
	rel, dir := upgradeCopy(t)
	s := Start(t, dir, "--rate-limits=off")
	owner := s.Login(t, rel.Owner.Email, rel.Owner.Password)

	t.Run("every collection's count", func(t *testing.T) {
		for name, want := range rel.Counts {
			if got := countWhere(t, s, owner, name, ""); got != want {
				t.Errorf("%s: %d records, want %d", name, got, want)
			}
		}
	})

	t.Run("records field by field", func(t *testing.T) {
		for _, old := range rel.Records {
			path := "/api/collections/" + old["collectionName"].(string) + "/records/" + old["id"].(string)
			var now map[string]any
			mustJSON(t, s, http.MethodGet, path, owner, nil, http.StatusOK, &now)
			for field, was := range old {
				if !reflect.DeepEqual(now[field], was) {
					t.Errorf("%s %s: %#v, was %#v", path, field, now[field], was)
				}
			}
		}
	})

	t.Run("old keys with their scopes", func(t *testing.T) {
		reader, writer, members := rel.key(t, "reader"), rel.key(t, "writer"), rel.key(t, "members")
		checkKeys(t, s, []keyCase{
			{"reader reads", reader, http.MethodGet, "/api/v1/posts", http.StatusOK, ""},
			{"reader cannot write", reader, http.MethodPost, "/api/v1/posts", http.StatusForbidden, "insufficient_scope"},
			{"writer writes", writer, http.MethodPost, "/api/v1/posts", http.StatusBadRequest, "invalid_request"},
			{"members reads members", members, http.MethodGet, "/api/v2/members", http.StatusOK, ""},
			{"members cannot read posts", members, http.MethodGet, "/api/v1/posts", http.StatusForbidden, "insufficient_scope"},
		})
	})

	t.Run("new features on old data", func(t *testing.T) {
		reader := rel.key(t, "reader")
		type post struct {
			ID, Slug, Title, Visibility, Created string
			Draft                                bool
			PublishedAt                          string `json:"published_at"`
		}
		var published []post
		for _, p := range listAll[post](t, s, owner, "posts", "id,slug,title,visibility,draft,created,published_at") {
			if want := map[bool]string{false: p.Created, true: ""}[p.Draft]; p.PublishedAt != want {
				t.Errorf("post %s (draft %v) published_at %q, want %q", p.Slug, p.Draft, p.PublishedAt, want)
			}
			if !p.Draft && p.Visibility == "public" {
				published = append(published, p)
			}
		}
		if len(published) == 0 {
			t.Fatal("the old data has no published public post")
		}
		for _, p := range published {
			var res struct{ Data []struct{ ID string } }
			mustJSON(t, s, http.MethodGet, "/api/v1/posts?q="+url.QueryEscape(p.Title), "Bearer "+reader, nil, http.StatusOK, &res)
			if !slices.ContainsFunc(res.Data, func(d struct{ ID string }) bool { return d.ID == p.ID }) {
				t.Errorf("search for %q: %v, want post %s among them", p.Title, res.Data, p.ID)
			}
		}

		settings := listAll[struct{ ID string }](t, s, owner, "site_settings", "id")
		mustJSON(t, s, http.MethodPatch, "/api/collections/site_settings/records/"+settings[0].ID, owner,
			map[string]string{"site_url": "https://old.example"}, http.StatusOK, nil)
		var feed struct{ Items []struct{ URL string } }
		mustJSON(t, s, http.MethodGet, "/feed.json", "", nil, http.StatusOK, &feed)
		var got, want []string
		for _, it := range feed.Items {
			got = append(got, it.URL)
		}
		for _, p := range published {
			want = append(want, "https://old.example/posts/"+p.Slug)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("/feed.json lists %v, want the old published public posts %v", got, want)
		}
		t.Logf("%d old published public posts: each found by searching its title, all in /feed.json", len(published))
	})

	t.Run("old subscriptions sign with their secrets", func(t *testing.T) {
		var receivers []*webhookReceiver
		for _, sub := range rel.Subscriptions {
			r := newWebhookReceiver(t, http.StatusOK)
			r.ID = sub.ID
			r.trust(t, sub.Secret)
			// The old receivers are gone: point each subscription at a new one (the one the
			// old release switched off after a 410, too), as the owner would in the dashboard.
			mustJSON(t, s, http.MethodPatch, "/api/collections/webhook_subscriptions/records/"+sub.ID, owner,
				map[string]any{"url": r.URL, "enabled": true}, http.StatusOK, nil)
			receivers = append(receivers, r)
		}
		createPost(t, s, rel.key(t, "writer"), "Written after the upgrade")
		WaitUntil(t, deliveryArrival, "the new post's event at every subscription", func() bool {
			return !slices.ContainsFunc(receivers, func(r *webhookReceiver) bool { return len(r.pushes()) == 0 })
		})
		for _, r := range receivers {
			for _, p := range r.pushes() {
				if !p.Verified {
					t.Errorf("subscription %s: %s of %s does not verify with the secret the old release showed", r.ID, p.Delivery, p.Event)
				}
			}
		}
	})
}
