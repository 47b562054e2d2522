package content_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/content/fulltext"
	"github.com/creator-content-api/server/hooks/vocab"
)

// indexRow is a record's row of the full-text index.
type indexRow struct {
	Collection string `db:"collection"`
	RecordID   string `db:"record_id"`
	Title      string `db:"title"`
	Body       string `db:"body"`
	Tags       string `db:"tags"`
}

func indexRows(t *testing.T, app core.App) []indexRow {
	t.Helper()
	var rows []indexRow
	if err := app.DB().Select("collection", "record_id", "title", "body", "tags").From(fulltext.Table).
		OrderBy("record_id").All(&rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestSearchIndexFollowsWrites(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "Go", "excerpt": "Short",
		"content": "<p>Hello <em>world</em></p>", "tags": []string{"a", "b"}, "visibility": "public"})
	talk := h.SaveRecord(vocab.Talks, map[string]any{"title": "Talk", "description": "<p>Slides</p>"})
	want := []indexRow{
		{vocab.Posts, post.Id, "Go", "Short\nHello  world", "a\nb"},
		{vocab.Talks, talk.Id, "Talk", "Slides", ""},
	}
	slices.SortFunc(want, func(a, b indexRow) int { return strings.Compare(a.RecordID, b.RecordID) })
	if got := indexRows(t, h.App); !slices.Equal(got, want) {
		t.Fatalf("after create %+v, want %+v", got, want)
	}

	post.Set("title", "Rust")
	post.Set("tags", nil)
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	if err := h.App.Delete(talk); err != nil {
		t.Fatal(err)
	}
	want = []indexRow{{vocab.Posts, post.Id, "Rust", "Short\nHello  world", ""}}
	if got := indexRows(t, h.App); !slices.Equal(got, want) {
		t.Fatalf("after update and delete %+v, want %+v", got, want)
	}
}

func TestSearchIndexInTheWritesTransaction(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	errRollback := errors.New("rollback")
	err := h.App.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCachedCollectionByNameOrId(vocab.Courses)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("title", "Never")
		rec.Set("currency", "usd")
		if err := tx.Save(rec); err != nil {
			return err
		}
		var n int
		if err := tx.DB().Select("count(*)").From(fulltext.Table).Where(dbx.HashExp{"record_id": rec.Id}).Row(&n); err != nil || n != 1 {
			t.Errorf("inside the transaction: %d rows, %v", n, err)
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) {
		t.Fatal(err)
	}
	if rows := indexRows(t, h.App); len(rows) != 0 {
		t.Fatalf("rolled-back write left %+v", rows)
	}
}
