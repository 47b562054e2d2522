package listen

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// maxLine bounds one line of the stream (an event's data is one line of JSON), and maxMessage
// the data of one message, however many lines carry it: a server that sends data lines
// without the blank line that ends a message would otherwise grow the buffer without end.
const (
	maxLine    = 16 << 20
	maxMessage = maxLine
)

// errMessageTooLarge ends a stream whose message carries more than maxMessage bytes of data.
var errMessageTooLarge = errors.New("an event stream message is larger than 16 MiB")

// sseMessage is one message of a text/event-stream, as the WHATWG HTML standard's event
// stream interpretation reads it. A message with an id and no data dispatches no event but
// moves the last event id; Retry is 0 unless the message set it.
type sseMessage struct {
	ID    string
	HasID bool
	Event string
	Data  string
	Retry time.Duration
}

// sseReader reads the messages of an event stream. Lines end with LF or CRLF (the server
// sends LF); comment lines (":…") are skipped.
type sseReader struct {
	sc *bufio.Scanner
}

func newSSEReader(r io.Reader) *sseReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &sseReader{sc: sc}
}

// next returns the next message, or the error that ended the stream (io.EOF for a clean end).
func (r *sseReader) next() (sseMessage, error) {
	var (
		m    sseMessage
		data []string
		size int
		seen bool
	)
	for r.sc.Scan() {
		line := r.sc.Text()
		if line == "" {
			if !seen {
				continue
			}
			m.Data = strings.Join(data, "\n")
			return m, nil
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			if !strings.ContainsRune(value, 0) {
				m.ID, m.HasID, seen = value, true, true
			}
		case "event":
			m.Event, seen = value, true
		case "data":
			if size += len(value) + 1; size > maxMessage {
				return sseMessage{}, errMessageTooLarge
			}
			data, seen = append(data, value), true
		case "retry":
			if ms, err := strconv.Atoi(value); err == nil && ms >= 0 {
				m.Retry, seen = time.Duration(ms)*time.Millisecond, true
			}
		}
	}
	if err := r.sc.Err(); err != nil {
		return sseMessage{}, err
	}
	return sseMessage{}, io.EOF
}
