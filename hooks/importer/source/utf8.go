package source

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// UTF8Reader passes bytes through and fails with ErrBadUTF8 at the first byte that is not
// valid UTF-8: encoding/json and encoding/csv would quietly turn such bytes into U+FFFD.
type UTF8Reader struct {
	r       io.Reader
	pending []byte // the start of a character cut by the previous read
	offset  int64  // bytes checked so far
	err     error  // the invalid byte, returned by every later Read
}

// NewUTF8Reader wraps r.
func NewUTF8Reader(r io.Reader) *UTF8Reader { return &UTF8Reader{r: r} }

// BadUTF8Error is the place of the first invalid byte.
type BadUTF8Error struct {
	// Offset is the byte offset of the invalid byte.
	Offset int64
}

func (e *BadUTF8Error) Error() string { return fmt.Sprintf("%v at byte %d", ErrBadUTF8, e.Offset) }

// Unwrap lets errors.Is find ErrBadUTF8.
func (e *BadUTF8Error) Unwrap() error { return ErrBadUTF8 }

func (u *UTF8Reader) Read(p []byte) (int, error) {
	if u.err != nil {
		return 0, u.err
	}
	n, err := u.r.Read(p)
	buf, carried := p[:n], len(u.pending)
	if carried > 0 {
		buf = append(u.pending, buf...)
	}
	// bad hands back only the bytes before the invalid one, so that a reader which parses
	// what it got before it looks at the error cannot get past it.
	bad := func(i int) (int, error) {
		u.err = &BadUTF8Error{Offset: u.offset + int64(i)}
		return max(0, i-carried), u.err
	}
	i := 0
	for i < len(buf) {
		if buf[i] < utf8.RuneSelf {
			i++
			continue
		}
		if !utf8.FullRune(buf[i:]) {
			if err == io.EOF {
				return bad(i)
			}
			break
		}
		r, size := utf8.DecodeRune(buf[i:])
		if r == utf8.RuneError && size == 1 {
			return bad(i)
		}
		i += size
	}
	u.offset += int64(i)
	u.pending = append([]byte(nil), buf[i:]...)
	return n, err
}
