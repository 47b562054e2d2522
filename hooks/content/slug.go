package content

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/gosimple/slug"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
)

// sluggedCollections are the collections whose records get a slug from their title when they
// are saved without one.
var sluggedCollections = []string{vocab.Posts, vocab.Projects, vocab.Pages, vocab.Courses}

const (
	slugField  = "slug"
	titleField = "title"
	// untitledSlug is the slug of a title with nothing to transliterate (only emoji, say).
	untitledSlug = "untitled"
	// suffixRoom is kept free below the slug field's maximum length for "-" and a counter of up
	// to ten digits, so a suffixed slug always fits and always starts with the base slug.
	suffixRoom = 11
	// defaultSlugMax applies when the schema sets no maximum length.
	defaultSlugMax = 200
)

// BindSlugs fills an empty slug, on create and on update, from the title: transliterated from
// any script (github.com/gosimple/slug), lower-case words joined by single hyphens, and made
// unique in its collection with -2, -3 and so on. It runs as a model hook, so records saved by
// the API, the dashboard, PocketBase's records API and Go code all get one. A slug given by the
// client is left as it is: the schema's pattern and unique index judge it.
//
// The handler runs at the execute step, inside a transaction on the single writer connection,
// so no other save can take the chosen slug between the look-up and the write.
func BindSlugs(app core.App) {
	handler := &hook.Handler[*core.RecordEvent]{Id: hookorder.ContentSlugs, Priority: hookorder.ContentSlugsPriority, Func: fillSlug}
	app.OnRecordCreateExecute(sluggedCollections...).Bind(handler)
	app.OnRecordUpdateExecute(sluggedCollections...).Bind(handler)
}

func fillSlug(e *core.RecordEvent) error {
	if e.Record.GetString(slugField) != "" {
		return e.Next()
	}
	orig := e.App
	defer func() { e.App = orig }() // later hooks (after success) must not see the finished tx
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		s, err := uniqueSlug(tx, e.Record)
		if err != nil {
			return err
		}
		e.Record.Set(slugField, s)
		return e.Next()
	})
}

// uniqueSlug is the slug of rec's title that no other record of its collection has.
func uniqueSlug(app core.App, rec *core.Record) (string, error) {
	return FreeSlug(app, rec.Collection(), Slugify(rec.GetString(titleField), SlugMax(rec.Collection())-suffixRoom), rec.Id)
}

// SlugMax is the longest slug the collection's schema takes.
func SlugMax(c *core.Collection) int {
	if f, ok := c.Fields.GetByName(slugField).(*core.TextField); ok && f.Max > 0 {
		return f.Max
	}
	return defaultSlugMax
}

// FreeSlug is base when no record of c but exceptID has it, else the first of base-2, base-3
// and so on that none has: the suffix every slug of this site gets on a clash. A base too
// long for a suffix is cut to leave room for one.
func FreeSlug(app core.App, c *core.Collection, base, exceptID string) (string, error) {
	// Every candidate is base or base-N: those are the slugs between base and base+"." ('.'
	// follows '-' in ASCII), a range the unique slug index answers.
	var taken []string
	err := app.DB().Select(slugField).From(c.Name).
		Where(dbx.NewExp("[["+slugField+"]] >= {:lo} AND [["+slugField+"]] < {:hi}", dbx.Params{"lo": base, "hi": base + "."})).
		AndWhere(dbx.Not(dbx.HashExp{"id": exceptID})).
		Column(&taken)
	if err != nil {
		return "", err
	}
	used := make(map[string]bool, len(taken))
	for _, s := range taken {
		used[s] = true
	}
	if used[base] && len(base) > SlugMax(c)-suffixRoom {
		return FreeSlug(app, c, Slugify(base, SlugMax(c)-suffixRoom), exceptID)
	}
	candidate := base
	for n := 2; used[candidate]; n++ {
		candidate = base + "-" + strconv.Itoa(n)
	}
	return candidate, nil
}

var nonSlugChars = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify transliterates title to lower-case ASCII words joined by single hyphens, at most
// maxLen bytes long (cut at a word boundary where there is one); "untitled" when nothing is left.
func Slugify(title string, maxLen int) string {
	s := nonSlugChars.ReplaceAllString(strings.ToLower(slug.Make(title)), "-")
	s = strings.Trim(s, "-")
	if len(s) > maxLen {
		s = s[:maxLen]
		if i := strings.LastIndexByte(s, '-'); i > 0 {
			s = s[:i]
		}
		s = strings.Trim(s, "-")
	}
	if s == "" {
		return untitledSlug
	}
	return s
}
