package source

import (
	"archive/zip"
	"fmt"
)

// CheckZip refuses a zip with too many entries, an entry too large once unpacked, or entries
// that unpack to more than the file limit in all: the defence against zip bombs.
func CheckZip(p string, zr *zip.Reader, lim Limits) error {
	if len(zr.File) > lim.Entries {
		return &ParseError{File: p, Err: fmt.Errorf("%w: %d entries, the limit is %d", ErrTooLarge, len(zr.File), lim.Entries)}
	}
	var total uint64
	for _, f := range zr.File {
		if f.UncompressedSize64 > uint64(lim.Entry) {
			return &ParseError{File: p, Place: f.Name, Err: fmt.Errorf("%w: %d bytes unpacked, the limit is %d", ErrTooLarge, f.UncompressedSize64, lim.Entry)}
		}
		total += f.UncompressedSize64
		if total > uint64(lim.File) {
			return &ParseError{File: p, Err: fmt.Errorf("%w: more than %d bytes unpacked", ErrTooLarge, lim.File)}
		}
	}
	return nil
}
