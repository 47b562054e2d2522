package importer

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// coverTypes are the file extensions the cover field takes (pb_migrations' imageMimeTypes),
// and coverMax its size limit: a file outside them keeps its URL instead of failing the import.
var coverTypes = []string{".jpg", ".jpeg", ".png", ".webp", ".gif", ".svg"}

const coverMax = 5 << 20

// coverFile is a feature image found in the media directory.
type coverFile struct {
	rel  string // its path under the media directory
	size int64
}

// identity is what the item hash knows of the cover: which file, or none.
func (c *coverFile) identity() string {
	if c == nil {
		return ""
	}
	return fmt.Sprintf("%s:%d", c.rel, c.size)
}

// findCover looks for the file of the item's feature image in the media directory: the URL's
// path, then the same path without its leading directories (…/wp-content/uploads/2020/01/a.jpg
// is found as 2020/01/a.jpg in an uploads folder, Ghost's content/images/… likewise). os.Root
// keeps every look-up inside the directory.
func (w *writer) findCover(it *source.Item) (*coverFile, error) {
	if w.media == nil || it.CoverURL == "" || it.Collection != source.Posts {
		return nil, nil
	}
	u, err := url.Parse(it.CoverURL)
	if err != nil {
		return nil, nil
	}
	p := strings.TrimPrefix(path.Clean("/"+u.Path), "/")
	if !slices.Contains(coverTypes, strings.ToLower(path.Ext(p))) {
		return nil, nil
	}
	for rel := p; rel != ""; {
		st, err := w.media.Stat(rel)
		if err == nil && st.Mode().IsRegular() {
			if st.Size() == 0 || st.Size() > coverMax {
				it.Notes = append(it.Notes, fmt.Sprintf("feature image %s is empty or over 5 MiB; its URL is kept", rel))
				return nil, nil
			}
			return &coverFile{rel: rel, size: st.Size()}, nil
		}
		_, rest, found := strings.Cut(rel, "/")
		if !found {
			break
		}
		rel = rest
	}
	return nil, nil
}

// file reads the cover for upload; PocketBase gives it a name of its own when saved.
func (c *coverFile) file(media *os.Root) (*filesystem.File, error) {
	b, err := fs.ReadFile(media.FS(), c.rel)
	if err != nil {
		return nil, fmt.Errorf("feature image: %w", err)
	}
	return filesystem.NewFileFromBytes(b, path.Base(c.rel))
}
