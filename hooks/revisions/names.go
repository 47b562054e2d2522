package revisions

import (
	"slices"
	"time"

	"github.com/creator-content-api/server/hooks/vocab"
)

// contentCollections are the collections whose records keep revisions.
var contentCollections = []string{
	vocab.Posts, vocab.Projects, vocab.Pages, vocab.Courses,
	vocab.Talks, vocab.Experience, vocab.Education, vocab.Skills,
	vocab.Certifications,
}

// IsContent reports whether records of collection keep revisions.
func IsContent(collection string) bool { return slices.Contains(contentCollections, collection) }

// Actions: what replaced a revision's values (content_revisions.action).
const (
	ActionUpdate  = "update"
	ActionDelete  = "delete"
	ActionRestore = "restore"
)

// Retention defaults: the last 50 revisions of a record, none older than 90 days.
const (
	DefaultKeep   = 50
	DefaultMaxAge = 90 * 24 * time.Hour
)

// Config is what the revisions take from outside.
type Config struct {
	// Keep is how many revisions of a record are kept, newest first; 0 means DefaultKeep.
	Keep int
	// MaxAge is how long a revision is kept; 0 means DefaultMaxAge.
	MaxAge time.Duration
	// Now is the clock of revision times and retention; nil means time.Now.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.Keep <= 0 {
		c.Keep = DefaultKeep
	}
	if c.MaxAge <= 0 {
		c.MaxAge = DefaultMaxAge
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Fields of content_revisions.
const (
	fieldCollection = "record_collection"
	fieldRecord     = "record_id"
	fieldAction     = "action"
	fieldActorType  = "actor_type"
	fieldActor      = "actor"
	fieldData       = "data"
	fieldFiles      = "files"
)
