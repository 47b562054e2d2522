package routes_test

import (
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// An open stream follows its key: a server key's stream, opened with an Origin, stops sending
// events with personal data and content not served once the owner gives the key allowed
// origins (it is a browser key from then on); a stream that asked for a type with personal
// data by name ends.
func TestStreamFollowsAKeyGivenAllowedOrigins(t *testing.T) {
	t.Parallel()
	h, pipes := streamServer(t, nil)
	const origin = "https://site.example"
	key, id := h.CreateKey(keys.ScopeRead)
	all := openStream(t, pipes, key, "", map[string]string{"Origin": origin})
	picked := openStream(t, pipes, key, "?events="+vocab.EventTestimonialSubmitted, map[string]string{"Origin": origin})
	all.next()
	picked.next()

	if _, err := keys.Update(h.App, id, keys.Fields{AllowedOrigins: &[]string{origin}}); err != nil {
		t.Fatal(err)
	}
	h.SaveRecord(vocab.Testimonials, map[string]any{"name": "Ann Example", "email": "ann@example.com", "body": "Good."})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Draft", "slug": "draft", "visibility": "public", "draft": true})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Public", "slug": "public", "visibility": "public"})

	if got := all.next(); !strings.Contains(got, "event: content.created") || !strings.Contains(got, `"slug":"public"`) {
		t.Fatalf("after the key got allowed origins the stream sent %q first, want the public post's content.created", got)
	}
	picked.closed()
}
