package keys_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// keyChange is a change of key id by the owner, through app.
type keyChange func(app core.App, id string, now time.Time) error

func revoke(app core.App, id string, _ time.Time) error { return keys.Revoke(app, id) }

func switchOff(app core.App, id string, _ time.Time) error {
	off := false
	_, err := keys.Update(app, id, keys.Fields{Active: &off})
	return err
}

func dropRead(app core.App, id string, _ time.Time) error {
	_, err := keys.Update(app, id, keys.Fields{Scopes: &[]string{keys.ScopeWrite}})
	return err
}

// expireSoon makes the key expire before the next change check.
func expireSoon(app core.App, id string, now time.Time) error {
	at := now.Add(changes.CheckInterval / 2)
	_, err := keys.Update(app, id, keys.Fields{Expiry: &at})
	return err
}

func rotateTwice(app core.App, id string, now time.Time) error {
	if _, _, err := keys.Rotate(app, id, now); err != nil {
		return err
	}
	_, _, err := keys.Rotate(app, id, now)
	return err
}

// A change committed while the store is loading the key (here forced between the load and
// its caching) is not overwritten by the stale load: the next look-up sees the change.
func TestStoreKeepsNoLoadRacedByAChange(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change keyChange
		want   func(*keys.Key, error) bool
	}{
		{"revoke", revoke, func(k *keys.Key, err error) bool { return errors.Is(err, keys.ErrUnknown) }},
		{"switch off", switchOff, func(k *keys.Key, err error) bool { return err == nil && !k.Active }},
		{"drop a scope", dropRead, func(k *keys.Key, err error) bool {
			return err == nil && slices.Equal(k.Scopes, []string{keys.ScopeWrite})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{})
			secret, id := h.CreateKey(keys.ScopeRead)
			// The store reads the generation before the load and again before it caches what
			// it loaded: the change is committed at the second read, between the two.
			reads := 0
			store := keys.NewStore(h.App, func() uint64 {
				if reads++; reads == 2 {
					if err := tc.change(h.App, id, h.Clock.Now()); err != nil {
						t.Fatal(err)
					}
				}
				return h.Changes.Generation(changes.Keys)
			})
			if k, err := store.Lookup(keys.Hash(secret)); err != nil || !k.Active || !slices.Equal(k.Scopes, []string{keys.ScopeRead}) {
				t.Fatalf("the look-up that raced the change: %+v, %v; want the key as loaded", k, err)
			}
			if k, err := store.Lookup(keys.Hash(secret)); !tc.want(k, err) {
				t.Fatalf("the next look-up: %+v, %v; want the change seen", k, err)
			}
		})
	}
}

// A change made by another connection to data.db (another process: a `keys` command, a second
// server), which no record hook of this app sees, is in force once changes.CheckInterval has
// passed, and not served from the cache until then.
func TestStoreSeesChangesByOtherConnections(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		change     keyChange
		wantStatus int
		wantCode   string
	}{
		{"revoke", revoke, 401, "unauthorized"},
		{"rotate twice", rotateTwice, 401, "unauthorized"},
		{"switch off", switchOff, 403, "key_disabled"},
		{"expiry", expireSoon, 403, "key_expired"},
		{"drop the read scope", dropRead, 403, "insufficient_scope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{})
			h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada Lovelace"})
			secret, id := h.CreateKey(keys.ScopeRead)
			if got := h.Get("/api/v1/profile", secret); got.Status != 200 {
				t.Fatalf("before the change: %d %s", got.Status, got.Body)
			}

			if err := tc.change(otherApp(t, h.App.DataDir()), id, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			if got := h.Get("/api/v1/profile", secret); got.Status != 200 {
				t.Fatalf("inside the check interval: %d, want 200 from the cache", got.Status)
			}

			h.Clock.Advance(changes.CheckInterval)
			got := h.Get("/api/v1/profile", secret)
			if got.Status != tc.wantStatus || got.ErrorCode() != tc.wantCode {
				t.Fatalf("after the check interval: %d %s, want %d %s", got.Status, got.ErrorCode(), tc.wantStatus, tc.wantCode)
			}
		})
	}
}

// Writing the keys' last-use times, every minute while keys are in use, is no change of the
// keys: it leaves every server's key cache as it is.
func TestUsageFlushIsNoKeyChange(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada Lovelace"})
	secret, id := h.CreateKey(keys.ScopeRead)
	if got := h.Get("/api/v1/profile", secret); got.Status != 200 {
		t.Fatalf("GET /api/v1/profile: %d %s", got.Status, got.Body)
	}
	before := h.Changes.Generation(changes.Keys)
	if err := h.API.FlushKeyUsage(); err != nil {
		t.Fatal(err)
	}
	h.Clock.Advance(changes.CheckInterval)
	if after := h.Changes.Generation(changes.Keys); after != before {
		t.Errorf("the keys' generation moved from %d to %d", before, after)
	}
	rec, err := h.App.FindRecordById(vocab.APIKeys, id)
	if err != nil || !rec.GetDateTime("last_used_at").Time().Equal(apitest.Epoch) {
		t.Fatalf("last_used_at not written: %v %v", rec, err)
	}
}

// otherApp opens dataDir as a second process would: its own database connections, none of
// the first app's hooks.
func otherApp(t *testing.T, dataDir string) core.App {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dataDir})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.ResetBootstrapState(); err != nil {
			t.Error(err)
		}
	})
	return app
}
