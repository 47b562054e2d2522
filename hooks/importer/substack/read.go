// Package substack reads Substack's export for the importer: the .zip Substack mails, or the
// folder it unpacks to, with posts.csv (one row a post) and posts/<post_id>.html (its body).
// Substack has no tags and no feature images in its export; its subscriber lists
// (email_list.<publication>.csv) become subscribers; e-mail statistics are counted as skipped.
package substack

import (
	"archive/zip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// Source is the platform's name, stored with every imported record.
const Source = "substack"

// Read reads the export at dirOrZip into sink.
func Read(dirOrZip string, lim source.Limits, sink source.Sink) error {
	fsys, closeFn, err := open(dirOrZip, lim)
	if err != nil {
		return err
	}
	defer closeFn()
	ex := &export{path: dirOrZip, fsys: fsys, lim: lim}
	rows, err := ex.posts()
	if err != nil {
		return err
	}
	if err := ex.skipOthers(rows, sink); err != nil {
		return err
	}
	sink.Total(len(rows))
	for _, r := range rows {
		it, err := ex.item(r)
		if err != nil {
			return err
		}
		if err := sink.Item(it); err != nil {
			return err
		}
	}
	return ex.subscribers(sink)
}

// export is an opened export.
type export struct {
	path string
	fsys fs.FS
	lim  source.Limits
}

// open opens a folder confined with os.Root (no symlink leads out of it), or a zip after
// checking its entries against the limits (the sizes a zip declares; archive/zip refuses an
// entry that inflates past its declared size).
func open(p string, lim source.Limits) (fs.FS, func(), error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, nil, err
	}
	if st.IsDir() {
		root, err := os.OpenRoot(p)
		if err != nil {
			return nil, nil, err
		}
		return root.FS(), func() { root.Close() }, nil
	}
	if err := source.CheckSize(p, lim); err != nil {
		return nil, nil, err
	}
	zr, err := zip.OpenReader(p)
	if err != nil {
		return nil, nil, &source.ParseError{File: p, Err: fmt.Errorf("%w: not a readable zip (%v); a truncated download?", source.ErrWrongFormat, err)}
	}
	if err := source.CheckZip(p, &zr.Reader, lim); err != nil {
		zr.Close()
		return nil, nil, err
	}
	return zr, func() { zr.Close() }, nil
}

// readText reads a regular file of the export as valid UTF-8, refused by its size before it
// is read when it is over the text limit.
func (ex *export) readText(name string) (string, error) {
	b, err := source.ReadRegular(ex.fsys, name, ex.lim.Text)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", err
	case err != nil:
		return "", &source.ParseError{File: ex.path, Place: name, Err: err}
	}
	if !utf8.Valid(b) {
		bad := 0
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				bad = i
				break
			}
			i += size
		}
		return "", &source.ParseError{File: ex.path, Place: name, Err: &source.BadUTF8Error{Offset: int64(bad)}}
	}
	return string(b), nil
}

// skipOthers counts the export's files other than posts.csv and the posts' bodies.
func (ex *export) skipOthers(rows []row, sink source.Sink) error {
	bodies := make(map[string]bool, len(rows))
	for _, r := range rows {
		bodies[r.htmlName()] = true
	}
	return fs.WalkDir(ex.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || p == postsCSV || bodies[p] || isSubscriberList(p) {
			return nil
		}
		sink.Skip(fileReason(p))
		return nil
	})
}

// fileReason is why a file of the export is skipped.
func fileReason(p string) string {
	base := path.Base(p)
	switch {
	case strings.HasSuffix(base, ".opens.csv"), strings.HasSuffix(base, ".delivers.csv"), strings.HasSuffix(base, ".opened.csv"):
		return "e-mail statistics file"
	}
	return "other file"
}

// errNoPosts is the error of a folder or zip without posts.csv.
var errNoPosts = errors.New("no posts.csv at the top (not a Substack export)")
