package readcache

import (
	"net/url"
	"testing"
)

// The key of a query already in order is the one parsing and encoding it gives, as it is for
// every other query.
func TestSortedPlainQueryKeyIsTheEncodedOne(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{
		"limit=20", "a=1&b=2", "a=1&a=3&b=2", "a=3&a=1", "a=&b=", "cursor=abc-_.~XYZ09&limit=20",
		"b=2&a=1", "a=1&b=2&a=3", "a", "a&b=1", "=1", "a=1&&b=2", "a=1&", "a=b=c", "a=%32", "a=1+2",
		"a=1;b=2", "a=%zz", "q=caf%C3%A9", "a=1&A=2", "A=2&a=1", "a-b=1&a=2", "a=2&a-b=1",
	} {
		u := &url.URL{Path: "/t", RawQuery: raw}
		got, ok := requestKey(u)
		q, err := url.ParseQuery(raw)
		want, wantOK := u.EscapedPath()+"?"+q.Encode(), err == nil
		if ok != wantOK || ok && got != want {
			t.Errorf("%q: key %q %v, want %q %v (fast path taken: %v)", raw, got, ok, want, wantOK, sortedPlainQuery(raw))
		}
	}
}
