package cursor

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

var testKey = []byte("0123456789abcdef0123456789abcdef")

func newTestCodec(t testing.TB, key []byte) *Codec {
	t.Helper()
	c, err := NewCodec(key)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var posts = Position{List: "v1:posts", Sort: "-created", Value: "2024-05-01 12:00:00.000Z", ID: "r2p8hnm4k1x0qzs", Page: 2}

func TestNewCodec(t *testing.T) {
	tests := []struct {
		name    string
		key     []byte
		wantErr error
	}{
		{name: "nil", key: nil, wantErr: ErrKeyTooShort},
		{name: "31 bytes", key: make([]byte, 31), wantErr: ErrKeyTooShort},
		{name: "32 bytes", key: make([]byte, 32)},
		{name: "64 bytes", key: make([]byte, 64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewCodec(tt.key)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (c != nil) {
				t.Fatalf("NewCodec = %v, %v; want error %v", c, err, tt.wantErr)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	c := newTestCodec(t, testKey)
	tests := []struct {
		name string
		p    Position
	}{
		{name: "posts", p: posts},
		{name: "empty value and id", p: Position{List: "v1:talks", Sort: "date", Page: 2}},
		{name: "empty list and sort", p: Position{Value: "x", ID: "y", Page: 3}},
		{name: "unicode", p: Position{List: "v1:projects", Sort: "title", Value: "Ünïcode ☃", ID: "id", Page: 1000}},
		{name: "binary bytes", p: Position{List: "l", Sort: "s", Value: "\x00\xff\x80 \n", ID: "\x00", Page: 7}},
		{name: "large page", p: Position{List: "l", Sort: "s", Value: "v", ID: "i", Page: math.MaxInt32}},
		{name: "long value", p: Position{List: "v1:posts", Sort: "title", Value: strings.Repeat("t", 600), ID: "abc", Page: 9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := c.Encode(tt.p)
			if len(s) > MaxLen {
				t.Fatalf("cursor of %d characters", len(s))
			}
			if strings.ContainsAny(s, "+/=") {
				t.Fatalf("cursor %q is not unpadded base64url", s)
			}
			got, err := c.Decode(s, tt.p.List, tt.p.Sort)
			if err != nil || got != tt.p {
				t.Fatalf("Decode(Encode(p)) = %+v, %v; want %+v", got, err, tt.p)
			}
			if again := c.Encode(got); again != s {
				t.Fatalf("encoding not deterministic: %q then %q", s, again)
			}
		})
	}
}

func TestKnownAnswers(t *testing.T) {
	data, err := os.ReadFile("testdata/known_answers.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Key      string
		Position Position
		Cursor   string
	}
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range vectors {
		c := newTestCodec(t, []byte(v.Key))
		if got := c.Encode(v.Position); got != v.Cursor {
			t.Errorf("Encode(%+v) = %q, want %q (the wire format changed)", v.Position, got, v.Cursor)
		}
		if got, err := c.Decode(v.Cursor, v.Position.List, v.Position.Sort); err != nil || got != v.Position {
			t.Errorf("Decode(%q) = %+v, %v; want %+v", v.Cursor, got, err, v.Position)
		}
	}
}

func TestDecodeInvalid(t *testing.T) {
	c := newTestCodec(t, testKey)
	other := newTestCodec(t, []byte("another key, also 32 bytes long!"))
	good := c.Encode(posts)
	tests := []struct {
		name       string
		s          string
		list, sort string
	}{
		{name: "wrong list", s: good, list: "v1:projects", sort: posts.Sort},
		{name: "wrong sort", s: good, list: posts.List, sort: "created"},
		{name: "empty", s: "", list: posts.List, sort: posts.Sort},
		{name: "very long", s: strings.Repeat("A", MaxLen+1), list: posts.List, sort: posts.Sort},
		{name: "valid cursor past MaxLen", s: c.Encode(Position{List: "l", Sort: "s", Value: strings.Repeat("v", MaxLen), Page: 2}), list: "l", sort: "s"},
		{name: "non-base64", s: "not a cursor!", list: posts.List, sort: posts.Sort},
		{name: "standard alphabet", s: strings.NewReplacer("-", "+", "_", "/").Replace(c.Encode(Position{List: "v1:posts", Sort: "-created", Value: "~~~~>>>>????", Page: 2})), list: posts.List, sort: posts.Sort},
		{name: "padded", s: good + "==", list: posts.List, sort: posts.Sort},
		{name: "truncated", s: good[:len(good)-1], list: posts.List, sort: posts.Sort},
		{name: "short", s: "AQ", list: posts.List, sort: posts.Sort},
		{name: "different key", s: other.Encode(posts), list: posts.List, sort: posts.Sort},
		{name: "page 1", s: c.Encode(Position{List: "l", Sort: "s", Page: 1}), list: "l", sort: "s"},
		{name: "page 0", s: c.Encode(Position{List: "l", Sort: "s"}), list: "l", sort: "s"},
		{name: "negative page", s: c.Encode(Position{List: "l", Sort: "s", Page: -5}), list: "l", sort: "s"},
		{name: "tag only", s: b64.EncodeToString(make([]byte, tagLen)), list: "", sort: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertInvalid(t, c, tt.s, tt.list, tt.sort)
		})
	}
}

func assertInvalid(t *testing.T, c *Codec, s, list, sort string) {
	t.Helper()
	p, err := c.Decode(s, list, sort)
	if !errors.Is(err, ErrInvalid) || p != (Position{}) {
		t.Fatalf("Decode(%q) = %+v, %v; want ErrInvalid", s, p, err)
	}
}

func TestDecodeEveryEdit(t *testing.T) {
	c := newTestCodec(t, testKey)
	good := c.Encode(posts)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := range len(good) {
		// Change each character to another of the alphabet (the last
		// character's low bits are padding: Strict decoding refuses those).
		edited := []byte(good)
		edited[i] = alphabet[(strings.IndexByte(alphabet, good[i])+1)%len(alphabet)]
		assertInvalid(t, c, string(edited), posts.List, posts.Sort)
		// Every prefix.
		assertInvalid(t, c, good[:i], posts.List, posts.Sort)
	}
	raw, err := b64.DecodeString(good)
	if err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		for bit := range 8 {
			edited := append([]byte(nil), raw...)
			edited[i] ^= 1 << bit
			assertInvalid(t, c, b64.EncodeToString(edited), posts.List, posts.Sort)
		}
	}
}

// TestDecodeMalformedButSigned covers payloads only a key holder could make
// (a future version, a bug): a valid tag does not excuse a bad layout.
func TestDecodeMalformedButSigned(t *testing.T) {
	c := newTestCodec(t, testKey)
	str := func(s string) []byte { return append(binary.AppendUvarint(nil, uint64(len(s))), s...) }
	body := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	fields := body(str("l"), str("s"), str("v"), str("i"))
	tests := []struct {
		name    string
		payload []byte
	}{
		{name: "unknown version", payload: body([]byte{2}, fields, []byte{4})},
		{name: "missing page", payload: body([]byte{1}, fields)},
		{name: "trailing bytes", payload: body([]byte{1}, fields, []byte{4, 0})},
		{name: "non-minimal page", payload: body([]byte{1}, fields, []byte{0x84, 0x00})},
		{name: "non-minimal length", payload: body([]byte{1}, []byte{0x81, 0x00}, []byte("l"), str("s"), str("v"), str("i"), []byte{4})},
		{name: "length past end", payload: body([]byte{1}, str("l"), str("s"), str("v"), []byte{50, 'i'}, []byte{4})},
		{name: "overlong varint", payload: body([]byte{1}, fields, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := b64.EncodeToString(append(tt.payload, c.tag(tt.payload)...))
			assertInvalid(t, c, s, "l", "s")
		})
	}
	// The same builder with a valid layout is accepted, so the cases above
	// fail for the reason they name.
	ok := body([]byte{1}, fields, []byte{4})
	if _, err := c.Decode(b64.EncodeToString(append(ok, c.tag(ok)...)), "l", "s"); err != nil {
		t.Fatalf("control payload refused: %v", err)
	}
}

func TestDecodeReasons(t *testing.T) {
	// Reasons are for logs; each still unwraps to ErrInvalid.
	c := newTestCodec(t, testKey)
	_, err := c.Decode(c.Encode(posts), "v1:projects", posts.Sort)
	if err == nil || !strings.Contains(err.Error(), "another list") {
		t.Fatalf("err = %v", err)
	}
	_, err = c.Decode(base64.RawURLEncoding.EncodeToString(make([]byte, 40)), posts.List, posts.Sort)
	if err == nil || !strings.Contains(err.Error(), "bad tag") {
		t.Fatalf("err = %v", err)
	}
}
