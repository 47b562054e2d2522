package importer

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// The fields an import writes beyond the content (migration 1763700340).
const (
	fieldSource   = "import_source"
	fieldID       = "import_id"
	fieldHash     = "import_hash"
	fieldCoverURL = "import_cover_url"
)

// Schema bounds an item is fitted to before it is saved.
const (
	maxTitle   = 300
	maxExcerpt = 1000
	maxTags    = 4096 // bytes of the tags JSON
	maxContent = core.DefaultEditorFieldMaxSize
)

// untitled is the title of an item that has none (the title is required here).
const untitled = "Untitled"

// write creates, updates or leaves alone the record of it.
func (w *writer) write(it source.Item) error {
	col, err := w.app.FindCachedCollectionByNameOrId(it.Collection)
	if err != nil {
		return err
	}
	w.fit(&it)
	if len(it.Content) > int(maxContent) {
		w.report.skip(fmt.Sprintf("%s with content over %d MiB", singular(it.Collection), maxContent>>20))
		w.report.note("%s (%s): content of %d bytes is over the %d MiB a record holds; not imported", it.Title, it.Place, len(it.Content), maxContent>>20)
		return nil
	}
	cover, err := w.findCover(&it)
	if err != nil {
		return err
	}
	hash := itemHash(it, cover)

	rec := &core.Record{}
	// The partial index's condition, spelled as in the index, lets SQLite use it.
	err = w.app.RecordQuery(col).AndWhere(dbx.NewExp(fieldSource + " != ''")).
		AndWhere(dbx.HashExp{fieldSource: w.opts.Source, fieldID: it.SourceID}).Limit(1).One(rec)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		rec = core.NewRecord(col)
	case err != nil:
		return err
	case rec.GetString(fieldHash) == hash:
		w.report.Unchanged++
		return nil
	case !w.opts.Update:
		w.report.Changed++
		w.report.note("%s/%s (%s): changed at the source since the last import", it.Collection, rec.GetString("slug"), it.Place)
		return nil
	}
	isNew := rec.IsNew()
	if err := w.apply(rec, &it, cover); err != nil {
		return err
	}
	rec.Set(fieldSource, w.opts.Source)
	rec.Set(fieldID, it.SourceID)
	rec.Set(fieldHash, hash)
	if err := w.app.SaveWithContext(w.ctx, rec); err != nil {
		return err
	}
	if err := release(rec); err != nil {
		return err
	}
	for _, n := range it.Notes {
		w.report.note("%s/%s (%s): %s", it.Collection, rec.GetString("slug"), it.Place, n)
	}
	if isNew {
		w.report.Created++
	} else {
		w.report.Updated++
	}
	return nil
}

// release drops the saved record's content from memory. Inside a transaction PocketBase
// keeps every saved record until the commit, for its after-success hooks (which here only
// count changed tables): without this, an import would hold the whole export's content at
// once. The row has it; the record, which nothing reads again, keeps the rest.
func release(rec *core.Record) error {
	rec.SetRaw("content", "")
	return rec.PostScan() // the record's copy of its saved state drops it too
}

// fit cuts what the schema would refuse, noting each cut.
func (w *writer) fit(it *source.Item) {
	if it.Title == "" {
		it.Title = untitled
		it.Notes = append(it.Notes, "no title; called "+untitled)
	}
	if cut, ok := truncate(it.Title, maxTitle); ok {
		it.Title = cut
		it.Notes = append(it.Notes, fmt.Sprintf("title cut to %d characters", maxTitle))
	}
	if cut, ok := truncate(it.Excerpt, maxExcerpt); ok {
		it.Excerpt = cut
		it.Notes = append(it.Notes, fmt.Sprintf("excerpt cut to %d characters", maxExcerpt))
	}
	for tagsSize(it.Tags) > maxTags {
		it.Tags = it.Tags[:len(it.Tags)-1]
		w.report.skip("tag over the 4 KiB of tags a record holds")
	}
}

// truncate cuts s to max characters.
func truncate(s string, max int) (string, bool) {
	if utf8.RuneCountInString(s) <= max {
		return s, false
	}
	return string([]rune(s)[:max]), true
}

func tagsSize(tags []string) int {
	b, _ := json.Marshal(tags) // strings always marshal
	return len(b)
}

// apply sets the fields of it on rec; the fields pages lack are counted as skipped.
func (w *writer) apply(rec *core.Record, it *source.Item, cover *coverFile) error {
	slug, err := w.slugFor(rec, it)
	if err != nil {
		return err
	}
	rec.Set("title", it.Title)
	rec.Set("slug", slug)
	rec.Set("content", it.Content)
	rec.Set("draft", it.Draft)
	rec.Set("published_at", dateOrEmpty(it.PublishedAt))
	// A scheduled post's source date is its publication, not its creation: it keeps the
	// import's time as created, as a post written here would.
	if !it.Created.IsZero() && !it.Created.After(w.opts.Now()) {
		rec.SetRaw("created", mustDate(it.Created))
	}
	if !it.Updated.IsZero() {
		rec.SetRaw("updated", mustDate(it.Updated))
	}
	if it.Collection == source.Pages {
		w.pageLeftovers(rec, it, cover)
		return nil
	}
	rec.Set("excerpt", it.Excerpt)
	rec.Set("tags", nonNil(it.Tags))
	rec.Set("visibility", it.Visibility)
	rec.Set(fieldCoverURL, "")
	switch {
	case cover != nil:
		f, err := cover.file(w.media)
		if err != nil {
			return err
		}
		rec.Set("cover", f)
	case it.CoverURL != "":
		rec.Set("cover", nil)
		rec.Set(fieldCoverURL, it.CoverURL)
		if w.media != nil {
			it.Notes = append(it.Notes, "feature image not in --media; its URL is kept in import_cover_url")
		}
	}
	return nil
}

// pageLeftovers counts what a page of the source has that pages here do not, and maps a
// private or members-only page to a draft (pages have no visibility).
func (w *writer) pageLeftovers(rec *core.Record, it *source.Item, cover *coverFile) {
	if it.Excerpt != "" {
		w.report.skip("page excerpt (pages have none)")
	}
	if len(it.Tags) > 0 {
		w.report.skip("page tags (pages have none)")
	}
	if it.CoverURL != "" || cover != nil {
		w.report.skip("page feature image (pages have none)")
	}
	if it.Visibility != source.Public && !it.Draft {
		rec.Set("draft", true)
		it.Notes = append(it.Notes, it.Visibility+" page imported as a draft (pages have no visibility)")
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func dateOrEmpty(t time.Time) any {
	if t.IsZero() {
		return ""
	}
	return mustDate(t)
}

// mustDate is t as a record date (UTC, milliseconds); every time.Time converts.
func mustDate(t time.Time) types.DateTime {
	d, _ := types.ParseDateTime(t.UTC())
	return d
}

// itemHash identifies what an item would write: the same hash on the next run means nothing
// changed at the source (nor in the feature image found for it).
func itemHash(it source.Item, cover *coverFile) string {
	it.Place, it.Notes = "", nil
	v := struct {
		Item  source.Item
		Cover string
	}{it, cover.identity()}
	b, _ := json.Marshal(v) // plain strings, times and slices always marshal
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
