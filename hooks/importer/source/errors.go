package source

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Sentinel errors of the readers; a ParseError wraps one of them or a parser's own error.
var (
	// ErrWrongFormat: the file is not an export of the platform asked for.
	ErrWrongFormat = errors.New("not an export of this platform")
	// ErrTooLarge: the file, or a zip entry, is above the limits.
	ErrTooLarge = errors.New("too large")
	// ErrBadUTF8: the text is not valid UTF-8.
	ErrBadUTF8 = errors.New("invalid UTF-8")
)

// ParseError is a failure at a place in a file: "posts.xml: line 12, column 4: …".
type ParseError struct {
	// File is the path given to the import.
	File string
	// Place is where in it ("line 12, column 4", "posts/1.hello.html"), empty when the file as
	// a whole is refused.
	Place string
	// Err is the cause.
	Err error
}

func (e *ParseError) Error() string {
	if e.Place == "" {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, e.Place, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// LineColumn is the place of a byte offset in the file at path, for parsers that only know
// offsets (encoding/json): the file is read again up to it, on the error path only.
func LineColumn(path string, offset int64) string {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Sprintf("byte %d", offset)
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, offset))
	line, col := 1, 1
	for {
		b, err := r.ReadByte()
		if err != nil {
			break
		}
		if b == '\n' {
			line, col = line+1, 1
		} else if b&0xC0 != 0x80 { // count characters, not continuation bytes
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}

// CheckSize refuses a file above the limit before anything is parsed.
func CheckSize(path string, lim Limits) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st.IsDir() {
		return &ParseError{File: path, Err: errors.New("is a directory, not a file")}
	}
	if st.Size() > lim.File {
		return &ParseError{File: path, Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, st.Size(), lim.File)}
	}
	return nil
}
