package substack

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// postsCSV is the export's list of posts.
const postsCSV = "posts.csv"

// columns posts.csv must have; the others (email_sent_at, inbox_sent_at…) are read if there.
var required = []string{"post_id", "post_date", "is_published", "title"}

// row is one line of posts.csv.
type row struct {
	line                                              int
	postID, id, slug, date, published, kind, audience string
	title, subtitle, podcast                          string
}

// htmlName is the row's body: posts/<post_id>.html.
func (r row) htmlName() string { return "posts/" + r.postID + ".html" }

// posts reads posts.csv (a list of small rows: no bodies, so it is held whole).
func (ex *export) posts() ([]row, error) {
	f, err := source.OpenRegular(ex.fsys, postsCSV, ex.lim.Entry)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &source.ParseError{File: ex.path, Err: fmt.Errorf("%w: %w", source.ErrWrongFormat, errNoPosts)}
	}
	if err != nil {
		return nil, &source.ParseError{File: ex.path, Place: postsCSV, Err: err}
	}
	defer f.Close()
	cr := csv.NewReader(source.NewUTF8Reader(f))
	fail := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return &source.ParseError{File: ex.path, Place: fmt.Sprintf("%s: line %d, column %d", postsCSV, pe.Line, pe.Column), Err: pe.Err}
		}
		line, _ := cr.FieldPos(0)
		return &source.ParseError{File: ex.path, Place: fmt.Sprintf("%s: line %d", postsCSV, line), Err: err}
	}
	header, err := cr.Read()
	if err != nil {
		return nil, fail(err)
	}
	col := columns(header)
	for _, name := range required {
		if _, ok := col[name]; !ok {
			return nil, &source.ParseError{File: ex.path, Place: postsCSV + ": line 1",
				Err: fmt.Errorf("%w: no %q column (not Substack's posts.csv)", source.ErrWrongFormat, name)}
		}
	}
	get := func(rec []string, name string) string { return field(rec, col, name) }
	var rows []row
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, fail(err)
		}
		line, _ := cr.FieldPos(0)
		postID := get(rec, "post_id")
		id, slug, _ := strings.Cut(postID, ".")
		if id == "" {
			return nil, &source.ParseError{File: ex.path, Place: fmt.Sprintf("%s: line %d", postsCSV, line), Err: errors.New("empty post_id")}
		}
		rows = append(rows, row{line: line, postID: postID, id: id, slug: slug, date: get(rec, "post_date"),
			published: get(rec, "is_published"), kind: get(rec, "type"), audience: get(rec, "audience"),
			title: get(rec, "title"), subtitle: get(rec, "subtitle"), podcast: get(rec, "podcast_url")})
	}
}

// membersAudiences are the audiences of paid and subscriber-only posts.
var membersAudiences = []string{"only_paid", "founding", "only_free"}

// item maps a row and reads its body.
func (ex *export) item(r row) (source.Item, error) {
	place := fmt.Sprintf("%s: line %d", postsCSV, r.line)
	it := source.Item{
		Collection: source.Posts, SourceID: r.id, Place: place,
		Title: r.title, Slug: r.slug, Excerpt: r.subtitle, Visibility: source.Public,
		Draft: r.published != "true",
	}
	if r.date != "" {
		t, err := time.Parse(time.RFC3339Nano, r.date)
		if err != nil {
			return it, &source.ParseError{File: ex.path, Place: place, Err: fmt.Errorf("post_date %q is not an ISO 8601 time", r.date)}
		}
		it.Created = t.UTC()
		if !it.Draft {
			it.PublishedAt = t.UTC()
		}
	}
	if slices.Contains(membersAudiences, r.audience) {
		it.Visibility = source.Members
	}
	if r.podcast != "" {
		it.Notes = append(it.Notes, "podcast audio not imported: "+r.podcast)
	}
	body, err := ex.readText(r.htmlName())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		it.Notes = append(it.Notes, "no "+r.htmlName()+" in the export: content left empty")
	case err != nil:
		return it, err
	}
	it.Content = body
	return it, nil
}
