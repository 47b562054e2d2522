package ghost

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// tables is what the first pass keeps: the tags and which posts carry them, and the site's
// address.
type tables struct {
	tags     map[string]tag
	postTags map[string][]postTag
	posts    int
	siteURL  string
	audience audience
}

// Read reads the Ghost export at path into sink; links under Ghost's __GHOST_URL__ take the
// export's url setting, if it has one (ReadSite gives the address).
func Read(path string, lim source.Limits, sink source.Sink) error {
	return ReadSite(path, "", lim, sink)
}

// ReadSite reads the Ghost export at path into sink in two streaming passes: the first checks
// the whole file and keeps tags and posts_tags (small), the second hands over the posts one
// at a time. Memory holds one row at a time and the tag tables. site, when not empty, is the
// address put in place of __GHOST_URL__ (else the export's url setting; a post that needs it
// when there is neither fails the import).
func ReadSite(path, site string, lim source.Limits, sink source.Sink) error {
	if err := source.CheckSize(path, lim); err != nil {
		return err
	}
	t := &tables{tags: map[string]tag{}, postTags: map[string][]postTag{},
		audience: audience{archived: map[string]bool{}, newsletter: map[string][]string{}}}
	if site != "" {
		var err error
		if t.siteURL, err = siteURL(site); err != nil {
			return err
		}
	}
	err := walk(path, func(table string, dec *json.Decoder) error {
		if kept, err := t.audience.keep(table, dec); kept {
			return err
		}
		switch table {
		case "settings":
			var row setting
			if err := dec.Decode(&row); err != nil {
				return err
			}
			if row.Key == "url" && site == "" {
				var v string
				_ = json.Unmarshal(row.Value, &v) // not a string: siteURL refuses ""
				u, err := siteURL(v)
				if err != nil {
					return fmt.Errorf("the url setting: %w", err)
				}
				t.siteURL = u
			}
		case "tags":
			var row tag
			if err := dec.Decode(&row); err != nil {
				return err
			}
			t.tags[id(row.ID)] = row
		case "posts_tags":
			var row postTag
			if err := dec.Decode(&row); err != nil {
				return err
			}
			t.postTags[id(row.PostID)] = append(t.postTags[id(row.PostID)], row)
		case "posts":
			t.posts++
			return skipValue(dec)
		default:
			return skipValue(dec)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sink.Total(t.posts)
	n, members := 0, 0
	return walk(path, func(table string, dec *json.Decoder) error {
		if table == "members" {
			place := fmt.Sprintf("db[0].data.members[%d]", members)
			members++
			var m member
			if err := dec.Decode(&m); err != nil {
				return err
			}
			p, err := t.audience.person(&m, place)
			if err != nil {
				return err
			}
			return sink.Person(p)
		}
		if table != "posts" {
			if skipped(table) {
				sink.Skip(reason(table))
			}
			return skipValue(dec)
		}
		place := fmt.Sprintf("db[0].data.posts[%d]", n)
		n++
		var p post
		if err := dec.Decode(&p); err != nil {
			return err
		}
		it, err := t.item(&p, place, sink)
		if err != nil || it == nil {
			return err
		}
		if err := t.withSiteURL(it); err != nil {
			return &source.ParseError{File: path, Place: place, Err: err}
		}
		return sink.Item(*it)
	})
}

// skipValue reads past one value; json.RawMessage holds it only while it is read.
func skipValue(dec *json.Decoder) error {
	var raw json.RawMessage
	return dec.Decode(&raw)
}

// walk streams db[0].data: each row of each table to row, which must read it from dec.
func walk(path string, row func(table string, dec *json.Decoder) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	if head, _ := br.Peek(1); len(head) == 1 && head[0] == '<' {
		return &source.ParseError{File: path, Err: fmt.Errorf("%w: this is XML, not Ghost's JSON (a WordPress export? use import wordpress)", source.ErrWrongFormat)}
	}
	dec := json.NewDecoder(source.NewUTF8Reader(br))
	w := &walker{path: path, dec: dec}
	if err := w.export(row); err != nil {
		return w.fail(err)
	}
	return nil
}

// walker tracks where the decoder is, for errors.
type walker struct {
	path string
	dec  *json.Decoder
}

// errNotGhost is the error of JSON that is not a Ghost export.
var errNotGhost = fmt.Errorf("%w: no db[0].data (not a Ghost export)", source.ErrWrongFormat)

// fail places err in the file: the byte offset of a bad byte or of the decoder, as a line.
func (w *walker) fail(err error) error {
	var pe *source.ParseError
	if errors.As(err, &pe) {
		return err
	}
	offset := w.dec.InputOffset()
	var bad *source.BadUTF8Error
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &bad):
		offset = bad.Offset
	case errors.As(err, &syn):
		offset = syn.Offset - 1 // the offset is after the character at fault
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		err = errors.New("the file ends inside the export (truncated?)")
	}
	return &source.ParseError{File: w.path, Place: source.LineColumn(w.path, offset), Err: err}
}

// export reads {"db": [{"meta": …, "data": {…}}, …]} and walks data.
func (w *walker) export(row func(string, *json.Decoder) error) error {
	found := false
	err := w.object(errNotGhost, func(key string) error {
		if key != "db" {
			return skipValue(w.dec)
		}
		first := true
		return w.array(errNotGhost, func() error {
			if !first {
				return skipValue(w.dec) // Ghost writes one database
			}
			first = false
			return w.object(errNotGhost, func(key string) error {
				if key != "data" {
					return skipValue(w.dec)
				}
				found = true
				return w.object(errNotGhost, func(table string) error {
					return w.array(fmt.Errorf("%w: table %q is not a list of rows", source.ErrWrongFormat, table), func() error {
						return row(table, w.dec)
					})
				})
			})
		})
	})
	if err != nil {
		return err
	}
	if !found {
		return &source.ParseError{File: w.path, Err: errNotGhost}
	}
	if _, err := w.dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("more after the export's closing brace")
	}
	return nil
}

// object reads an object, calling member for each key with the decoder before its value.
func (w *walker) object(wrong error, member func(key string) error) error {
	if err := w.delim('{', wrong); err != nil {
		return err
	}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		if err := member(tok.(string)); err != nil { // object keys are strings
			return err
		}
	}
	_, err := w.dec.Token()
	return err
}

// array reads an array, calling elem before each element.
func (w *walker) array(wrong error, elem func() error) error {
	if err := w.delim('[', wrong); err != nil {
		return err
	}
	for w.dec.More() {
		if err := elem(); err != nil {
			return err
		}
	}
	_, err := w.dec.Token()
	return err
}

func (w *walker) delim(want json.Delim, wrong error) error {
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return wrong
	}
	return nil
}

// quietTables are relations and bookkeeping whose content comes with the posts or is no one's
// content; they are not counted as skipped.
var quietTables = []string{"posts_tags", "tags", "migrations", "migrations_lock", "newsletters", "members_newsletters"}

func skipped(table string) bool { return !slices.Contains(quietTables, table) }

// reason is why a row of a table other than posts is skipped.
func reason(table string) string {
	switch table {
	case "users":
		return "author"
	case "posts_authors":
		return "post author link"
	case "settings":
		return "setting"
	case "comments":
		return "comment"
	}
	return strings.ReplaceAll(table, "_", " ") + " row"
}
