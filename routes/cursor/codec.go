// Package cursor owns the opaque, tamper-evident cursors of keyset
// pagination (v1 lists and the webhook poll endpoint). A cursor names the
// list and sort it was made for, the last row's sort value and id, and the
// number of the next page; it is authenticated with an HMAC so clients can
// pass it back but not forge or edit it. The package knows nothing of HTTP or
// PocketBase.
//
// Wire format (version 1), base64url without padding:
//
//	0x01 | uvarint len, List | uvarint len, Sort | uvarint len, Value |
//	uvarint len, ID | varint Page | tag
//
// where tag is the first 16 bytes of HMAC-SHA256 over everything before it,
// keyed with a key derived from the codec's key. Varints must be minimal, so
// every Position has exactly one encoding.
package cursor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// ErrInvalid is returned, wrapped with the reason, for any cursor Decode
// refuses: garbage, a bad tag, a cursor of another list or sort. Handlers
// turn it into a 400 without telling the client which it was.
var ErrInvalid = errors.New("invalid cursor")

// ErrKeyTooShort is returned by NewCodec for a key under MinKeyLen bytes.
var ErrKeyTooShort = errors.New("cursor key too short")

const (
	// MinKeyLen is the shortest key NewCodec accepts.
	MinKeyLen = 32
	// MaxLen is the longest cursor string Decode looks at; longer input is
	// refused before any decoding work. It leaves about 1,450 bytes for the
	// sort value and id: a 300-character title in any script (at most 1,200
	// UTF-8 bytes) fits.
	MaxLen = 2048

	version = 1
	tagLen  = 16
	// minRaw is the shortest decoded cursor: version, four empty strings,
	// a one-byte page and the tag.
	minRaw = 1 + 4 + 1 + tagLen
	// keyLabel separates the cursor MAC key from any other use of the key
	// the codec is given.
	keyLabel = "creator-content-api cursor v1"
)

var b64 = base64.RawURLEncoding.Strict()

// Position is where a page ended: enough to fetch the next one.
type Position struct {
	// List names the list the cursor belongs to, e.g. "v1:posts".
	List string
	// Sort is the sort the list was read in, e.g. "-created".
	Sort string
	// Value is the last row's sort value, as a string.
	Value string
	// ID is the last row's id, the tie-breaker after Value.
	ID string
	// Page is the number of the page the cursor leads to; at least 2 in a
	// cursor Decode accepts.
	Page int
}

// Codec encodes and decodes cursors under one key. It is safe for concurrent
// use.
type Codec struct {
	macKey []byte
}

// NewCodec returns a Codec for key, which must be at least MinKeyLen bytes
// of secret (random) data. The key is not used directly: a MAC key is derived
// from it, so the same secret may also serve other purposes.
func NewCodec(key []byte) (*Codec, error) {
	if len(key) < MinKeyLen {
		return nil, fmt.Errorf("%w: %d bytes, want at least %d", ErrKeyTooShort, len(key), MinKeyLen)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(keyLabel))
	return &Codec{macKey: m.Sum(nil)}, nil
}

func (c *Codec) tag(payload []byte) []byte {
	m := hmac.New(sha256.New, c.macKey)
	m.Write(payload)
	return m.Sum(nil)[:tagLen]
}

// Encode returns the cursor for p. It does not validate p: a Page below 2,
// or a result longer than MaxLen, gives a cursor Decode refuses.
func (c *Codec) Encode(p Position) string {
	buf := make([]byte, 0, 1+4*binary.MaxVarintLen64+len(p.List)+len(p.Sort)+len(p.Value)+len(p.ID)+binary.MaxVarintLen64+tagLen)
	buf = append(buf, version)
	for _, s := range []string{p.List, p.Sort, p.Value, p.ID} {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	buf = binary.AppendVarint(buf, int64(p.Page))
	buf = append(buf, c.tag(buf)...)
	return b64.EncodeToString(buf)
}

// Decode checks s and returns its Position. Anything but an untouched cursor
// this codec's key made for list and sort, with a Page of at least 2, is
// ErrInvalid.
func (c *Codec) Decode(s, list, sort string) (Position, error) {
	switch {
	case s == "":
		return Position{}, invalid("empty")
	case len(s) > MaxLen:
		return Position{}, invalid("longer than %d characters", MaxLen)
	case strings.ContainsAny(s, "\r\n"):
		// encoding/base64 skips line breaks, so they would make a second encoding.
		return Position{}, invalid("line break")
	}
	raw, err := b64.DecodeString(s)
	if err != nil {
		return Position{}, invalid("not base64url: %v", err)
	}
	if len(raw) < minRaw {
		return Position{}, invalid("too short")
	}
	payload, tag := raw[:len(raw)-tagLen], raw[len(raw)-tagLen:]
	if !hmac.Equal(tag, c.tag(payload)) {
		return Position{}, invalid("bad tag")
	}
	// Only authenticated bytes are parsed from here on.
	p, err := parse(payload)
	switch {
	case err != nil:
		return Position{}, invalid("%v", err)
	case p.List != list:
		return Position{}, invalid("made for another list")
	case p.Sort != sort:
		return Position{}, invalid("made for another sort")
	case p.Page < 2:
		return Position{}, invalid("page %d below 2", p.Page)
	}
	return p, nil
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

// parse reads a payload (without its tag) in the version-1 layout.
func parse(b []byte) (Position, error) {
	if len(b) == 0 || b[0] != version {
		return Position{}, errors.New("unknown version")
	}
	b = b[1:]
	var fields [4]string
	for i := range fields {
		n, k := binary.Uvarint(b)
		if k <= 0 || !minimal(b[:k]) {
			return Position{}, errors.New("bad length")
		}
		b = b[k:]
		if n > uint64(len(b)) {
			return Position{}, errors.New("length past end")
		}
		fields[i] = string(b[:n])
		b = b[n:]
	}
	page, k := binary.Varint(b)
	if k <= 0 || !minimal(b[:k]) || int64(int(page)) != page {
		return Position{}, errors.New("bad page")
	}
	if k != len(b) {
		return Position{}, errors.New("trailing bytes")
	}
	return Position{List: fields[0], Sort: fields[1], Value: fields[2], ID: fields[3], Page: int(page)}, nil
}

// minimal reports whether a varint's bytes are its shortest form: a longer
// form ends in a zero continuation byte.
func minimal(v []byte) bool {
	return len(v) == 1 || v[len(v)-1] != 0
}
