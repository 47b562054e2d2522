package listen

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// A message of many data lines, none of them over maxLine, that never ends is refused once its
// data passes maxMessage, instead of growing the buffer without end.
func TestSSEReaderBoundsAMessage(t *testing.T) {
	line := "data: " + strings.Repeat("x", 1<<20) + "\n"
	parts := make([]io.Reader, maxMessage/(1<<20)+1)
	for i := range parts {
		parts[i] = strings.NewReader(line)
	}
	if _, err := newSSEReader(io.MultiReader(parts...)).next(); !errors.Is(err, errMessageTooLarge) {
		t.Fatalf("error %v, want errMessageTooLarge", err)
	}
}
