package substack

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// isSubscriberList says whether a file of the export is a subscriber list:
// email_list.<publication>.csv at the top.
func isSubscriberList(p string) bool {
	return !strings.Contains(p, "/") && strings.HasPrefix(p, "email_list") && path.Ext(p) == ".csv"
}

// subscribers hands the people of each subscriber list to sink. Being on the list is the
// consent (Substack lists those who receive the publication); an address whose mail Substack
// disabled (email_disabled: it bounced) is not subscribed. A paid plan is counted: payments
// stay with Substack's Stripe account.
func (ex *export) subscribers(sink source.Sink) error {
	return fs.WalkDir(ex.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." {
			return fs.SkipDir
		}
		if !isSubscriberList(p) {
			return nil
		}
		return ex.subscriberList(p, sink)
	})
}

func (ex *export) subscriberList(name string, sink source.Sink) error {
	f, err := source.OpenRegular(ex.fsys, name, ex.lim.Entry)
	if err != nil {
		return &source.ParseError{File: ex.path, Place: name, Err: err}
	}
	defer f.Close()
	cr := csv.NewReader(source.NewUTF8Reader(f))
	place := func() string {
		line, _ := cr.FieldPos(0)
		return fmt.Sprintf("%s: line %d", name, line)
	}
	header, err := cr.Read()
	if err != nil {
		return &source.ParseError{File: ex.path, Place: name, Err: err}
	}
	col := columns(header)
	if _, ok := col["email"]; !ok {
		return &source.ParseError{File: ex.path, Place: name + ": line 1", Err: fmt.Errorf("%w: no \"email\" column (not Substack's subscriber list)", source.ErrWrongFormat)}
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &source.ParseError{File: ex.path, Place: place(), Err: err}
		}
		get := func(name string) string { return field(rec, col, name) }
		p := source.Person{Place: place(), Email: get("email"), Name: get("name"), Subscribed: get("email_disabled") != "true"}
		if t, err := time.Parse(time.RFC3339Nano, get("created_at")); err == nil {
			p.Since = t.UTC()
		}
		if plan := get("plan"); get("active_subscription") == "true" && plan != "" && plan != "other" && plan != "free" {
			sink.Skip("paid plan (payments stay with Substack)")
		}
		if err := sink.Person(p); err != nil {
			return err
		}
	}
}

// columns maps a CSV header's names (without a byte order mark) to their index.
func columns(header []string) map[string]int {
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
	}
	return col
}

// field is a row's value in the named column, "" when there is none.
func field(rec []string, col map[string]int, name string) string {
	if i, ok := col[name]; ok && i < len(rec) {
		return strings.TrimSpace(rec[i])
	}
	return ""
}
