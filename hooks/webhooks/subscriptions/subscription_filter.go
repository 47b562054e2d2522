package subscriptions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// SourceCollections are the collections whose changes fire events: the outbox hooks them, and
// a filter may name only them.
var SourceCollections = []string{
	vocab.Posts, vocab.Projects, vocab.Pages,
	vocab.Purchases, vocab.Enrollments,
	vocab.Testimonials, vocab.NewsletterSubscribers,
}

// Bounds of a subscription's filter.
const (
	maxFilterTags   = 50
	maxFilterTagLen = 100
)

// Filter narrows a subscription to the events it needs, as Svix's and GitHub's filters do: an
// event is pushed when its data.collection is one of Collections (if any) and, for content
// events, the content has one of Tags (if any; compared case-insensitively, as ?tag= does).
// The zero Filter takes everything.
type Filter struct {
	Collections []string `json:"collections,omitempty"`
	Tags        []string `json:"tags,omitempty"`
}

// IsZero reports whether f takes every event.
func (f Filter) IsZero() bool { return len(f.Collections) == 0 && len(f.Tags) == 0 }

// ParseFilter reads a filter as stored or sent: {"collections": [...], "tags": [...]}, both
// optional; null or empty is no filter. A refusal is a validation error naming the field
// (filter, filter.collections, filter.tags).
func ParseFilter(raw []byte) (Filter, error) {
	var f Filter
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return f, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, fieldError("filter", `must be an object {"collections": [names], "tags": [tags]}, both optional: `+err.Error())
	}
	for _, c := range f.Collections {
		if !slices.Contains(SourceCollections, c) {
			return f, fieldError("filter.collections", fmt.Sprintf("unknown collection %q; events come from %s", c, strings.Join(SourceCollections, ", ")))
		}
	}
	if len(f.Tags) > maxFilterTags {
		return f, fieldError("filter.tags", fmt.Sprintf("must hold at most %d tags", maxFilterTags))
	}
	for _, t := range f.Tags {
		if strings.TrimSpace(t) == "" || utf8.RuneCountInString(t) > maxFilterTagLen {
			return f, fieldError("filter.tags", fmt.Sprintf("each tag must be 1 to %d characters", maxFilterTagLen))
		}
	}
	return f, nil
}

// Value is f as the record stores it: null for no filter.
func (f Filter) Value() any {
	if f.IsZero() {
		return nil
	}
	return f
}

// Takes reports whether f lets an event of collection with tags through. tagged is false for
// events that are not about content, which the tags leave alone.
func (f Filter) Takes(collection string, tags []string, tagged bool) bool {
	if len(f.Collections) > 0 && !slices.Contains(f.Collections, collection) {
		return false
	}
	if len(f.Tags) == 0 || !tagged {
		return true
	}
	for _, want := range f.Tags {
		for _, t := range tags {
			if strings.EqualFold(t, want) {
				return true
			}
		}
	}
	return false
}

// ContentTags are the tags of a content record (none for a collection without them).
func ContentTags(rec *core.Record) []string {
	if rec.Collection().Fields.GetByName("tags") == nil {
		return nil
	}
	return rec.GetStringSlice("tags")
}

// IsContent reports whether collection's events are content events, which tags filter.
func IsContent(collection string) bool {
	return collection == vocab.Posts || collection == vocab.Projects || collection == vocab.Pages
}
