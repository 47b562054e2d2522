package source

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
)

// ReadRegular reads the file name of fsys whole, at most limit bytes, refusing what is not a
// regular file (a symlink, a device: an export holds none, and following one would publish
// whatever it points to) and a file whose size is over the limit before reading any of it. The
// limit holds also when the size lies (a zip entry's declared size): reading stops at limit+1.
func ReadRegular(fsys fs.FS, name string, limit int64) ([]byte, error) {
	st, err := fs.Lstat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: not a regular file (%s)", ErrWrongFormat, st.Mode().Type())
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, st.Size(), limit)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	b.Grow(int(st.Size()) + bytes.MinRead)
	if _, err := b.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	if int64(b.Len()) > limit {
		return nil, fmt.Errorf("%w: over %d bytes (more than its stated size)", ErrTooLarge, limit)
	}
	return b.Bytes(), nil
}

// OpenRegular opens the file name of fsys for streaming, refusing what is not a regular file
// as ReadRegular does; reads past limit bytes fail with ErrTooLarge instead of ending quietly.
func OpenRegular(fsys fs.FS, name string, limit int64) (io.ReadCloser, error) {
	st, err := fs.Lstat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: not a regular file (%s)", ErrWrongFormat, st.Mode().Type())
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return &limitedFile{f: f, left: limit, limit: limit}, nil
}

// limitedFile fails a read past its limit.
type limitedFile struct {
	f           fs.File
	left, limit int64
}

func (l *limitedFile) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, fmt.Errorf("%w: over %d bytes", ErrTooLarge, l.limit)
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.f.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, fmt.Errorf("%w: over %d bytes", ErrTooLarge, l.limit)
	}
	return n, err
}

func (l *limitedFile) Close() error { return l.f.Close() }
