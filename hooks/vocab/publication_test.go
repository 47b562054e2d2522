package vocab_test

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestPublicationForms: the Go, SQL and filter forms of "published" and "served" pick the
// same records, over every combination of draft, visibility and published_at against now.
func TestPublicationForms(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	now := apitest.Epoch
	type row struct {
		draft       bool
		visibility  string
		publishedAt time.Time // zero: empty
	}
	want := map[string][2]bool{} // id -> published, served
	for _, draft := range []bool{false, true} {
		for _, visibility := range vocab.Visibilities() {
			for _, at := range []time.Time{{}, now.Add(-time.Hour), now, now.Add(time.Millisecond), now.Add(24 * time.Hour)} {
				rec := h.SaveRecord(vocab.Posts, map[string]any{"title": "p", "draft": draft, "visibility": visibility})
				// Set published_at as stored, past the publication hook that fills an empty one.
				stored := ""
				if !at.IsZero() {
					stored = at.UTC().Format(types.DefaultDateLayout)
				}
				if _, err := h.App.DB().Update(vocab.Posts, dbx.Params{vocab.FieldPublishedAt: stored}, dbx.HashExp{"id": rec.Id}).Execute(); err != nil {
					t.Fatal(err)
				}
				want[rec.Id] = [2]bool{vocab.Published(draft, at, now), vocab.Served(draft, visibility, at, now)}
			}
		}
	}
	params := dbx.Params{"now": now.UTC().Format(types.DefaultDateLayout)}
	for i, form := range []struct {
		name, sql, filter string
	}{
		{"published", vocab.PublishedSQL, vocab.PublishedFilter},
		{"served", vocab.ServedSQL, vocab.ServedFilter},
	} {
		var bySQL []string
		if err := h.App.DB().Select("id").From(vocab.Posts).Where(dbx.NewExp(form.sql, params)).Column(&bySQL); err != nil {
			t.Fatal(err)
		}
		byFilter, err := h.App.FindRecordsByFilter(vocab.Posts, form.filter, "", 0, 0, params)
		if err != nil {
			t.Fatal(err)
		}
		inSQL, inFilter := map[string]bool{}, map[string]bool{}
		for _, id := range bySQL {
			inSQL[id] = true
		}
		for _, r := range byFilter {
			inFilter[r.Id] = true
		}
		n := 0
		for id, w := range want {
			if w[i] {
				n++
			}
			if inSQL[id] != w[i] || inFilter[id] != w[i] {
				t.Errorf("%s, record %s: Go %v, SQL %v, filter %v", form.name, id, w[i], inSQL[id], inFilter[id])
			}
		}
		if n == 0 || n == len(want) {
			t.Fatalf("%s: %d of %d records, want some but not all", form.name, n, len(want))
		}
	}
}
