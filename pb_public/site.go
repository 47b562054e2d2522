// Package pb_public is the site served at /: the OpenAPI contract, the docs page, the landing
// page and the owner's console. The files are embedded in the binary, so that a server copied
// anywhere alone serves them; main.go serves a directory instead when --publicDir names one.
package pb_public

import (
	"embed"
	"io"
	"io/fs"
	"os"
	"time"
)

// files is the site: the files and directories of this directory that are served,
// directories recursively, their files named with a leading dot or underscore excepted. The Go
// sources are not among them, nor the contract package (contract/, the tests' reader of
// openapi.json); TestFSHoldsTheDirectory fails if a file of the site is left out.
//
//go:embed index.html openapi.json favicon.ico favicon.svg docs console
var files embed.FS

// FS is the embedded site. Its files report the binary's modification time (the build or the
// deployment), so that static responses keep the Last-Modified header and the conditional
// requests a directory on disk gives; the embedded files have no time of their own.
func FS() fs.FS {
	var built time.Time
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			built = fi.ModTime()
		}
	}
	return siteFS{modTime: built}
}

// siteFS serves files with every file's modification time set to modTime.
type siteFS struct{ modTime time.Time }

// Open opens an embedded file.
func (s siteFS) Open(name string) (fs.File, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, err
	}
	return stampedFile{File: f, modTime: s.modTime}, nil
}

// stampedFile is an embedded file whose Stat reports modTime. It keeps the Seek that
// http.ServeContent needs (every embedded regular file has one).
type stampedFile struct {
	fs.File
	modTime time.Time
}

func (f stampedFile) Stat() (fs.FileInfo, error) {
	fi, err := f.File.Stat()
	return stamp(fi, err, f.modTime)
}

func (f stampedFile) Seek(offset int64, whence int) (int64, error) {
	s, ok := f.File.(io.Seeker)
	if !ok {
		return 0, fs.ErrInvalid // a directory
	}
	return s.Seek(offset, whence)
}

// ReadDir lists a directory, each entry's Info stamped too, so that fs.ReadDir and fs.Glob
// see the site (the embedded directory's ReadDir is not promoted through the fs.File field).
func (f stampedFile) ReadDir(n int) ([]fs.DirEntry, error) {
	d, ok := f.File.(fs.ReadDirFile)
	if !ok {
		return nil, fs.ErrInvalid // a regular file
	}
	entries, err := d.ReadDir(n)
	for i, e := range entries {
		entries[i] = stampedEntry{DirEntry: e, modTime: f.modTime}
	}
	return entries, err
}

// stampedEntry is a directory entry whose Info reports modTime.
type stampedEntry struct {
	fs.DirEntry
	modTime time.Time
}

func (e stampedEntry) Info() (fs.FileInfo, error) {
	fi, err := e.DirEntry.Info()
	return stamp(fi, err, e.modTime)
}

// stamp is fi reporting modTime, or err.
func stamp(fi fs.FileInfo, err error, modTime time.Time) (fs.FileInfo, error) {
	if err != nil {
		return nil, err
	}
	return stampedInfo{FileInfo: fi, modTime: modTime}, nil
}

type stampedInfo struct {
	fs.FileInfo
	modTime time.Time
}

func (i stampedInfo) ModTime() time.Time { return i.modTime }
