package listen

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// The reader takes what the WHATWG event stream format allows: comments, CRLF, several data
// lines, an id alone, a retry, a field without a value or a space.
func TestSSEReader(t *testing.T) {
	r := newSSEReader(strings.NewReader(": hello\r\n\r\nretry: 1500\nid: evt_0\n\n" +
		"id:evt_1\nevent: content.created\ndata: {\"a\":\ndata:1}\n\n\n" +
		": keep-alive\n\nid\ndata\n\nretry: soon\ndata: x"))
	want := []sseMessage{
		{ID: "evt_0", HasID: true, Retry: 1500 * time.Millisecond},
		{ID: "evt_1", HasID: true, Event: "content.created", Data: "{\"a\":\n1}"},
		{ID: "", HasID: true},
	}
	for i, w := range want {
		got, err := r.next()
		if err != nil || got != w {
			t.Fatalf("message %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	// "retry: soon" is ignored, and a message the stream cuts off is not dispatched.
	if got, err := r.next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the end: %+v, %v", got, err)
	}
}
