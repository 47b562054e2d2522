// Package source is what the importers of other platforms' exports share: the item each of
// them reads (a post or a page in this site's terms), the sink it hands items to, the limits
// every reader honours, and the error that names the file and the place in it.
package source

import "time"

// Collections an item can go to (vocab.Posts and vocab.Pages).
const (
	Posts = "posts"
	Pages = "pages"
)

// Visibilities of an item (vocab.Visibilities()).
const (
	Public  = "public"
	Members = "members"
	Private = "private"
)

// Item is one post or page of a source, mapped to this site's fields.
type Item struct {
	// Collection is Posts or Pages.
	Collection string
	// SourceID is the record's id on the platform; with the platform's name it finds the
	// record again on the next import.
	SourceID string
	// Place says where the item is in the file, for messages ("line 120", "posts[3]").
	Place string
	// Title, Slug, Excerpt and Content (HTML) as the source has them; an empty slug is made
	// from the title.
	Title, Slug, Excerpt, Content string
	// Tags are the tag names, in the source's order.
	Tags []string
	// Draft and Visibility give the state; a future PublishedAt on a non-draft schedules it.
	Draft      bool
	Visibility string
	// PublishedAt is when it went or goes live (zero: never).
	PublishedAt time.Time
	// Created and Updated are the source's times (zero: the import's time).
	Created, Updated time.Time
	// CoverURL is the feature image's address at the source.
	CoverURL string
	// Notes say what the mapping changed on the way (a password removed, say).
	Notes []string
}

// Sink takes what a reader finds. A reader calls Total once, before the first Item, with the
// number of items it will hand over.
type Sink interface {
	// Total announces how many items follow.
	Total(n int)
	// Item takes one post or page; an error stops the reader and the import.
	Item(it Item) error
	// Skip counts one thing the import leaves out, by reason ("comment", "author").
	Skip(reason string)
	// Person takes one member or subscriber; an error stops the reader and the import.
	Person(p Person) error
}

// Limits bound what a reader accepts, against oversized files and zip bombs.
type Limits struct {
	// File is the largest file read, in bytes: the export, or the sum of a zip's entries
	// once unpacked.
	File int64
	// Entry is the largest single entry of a zip once unpacked.
	Entry int64
	// Entries is the most entries a zip may have.
	Entries int
	// Text is the largest text held whole in memory (a post's body): it is refused by its
	// size before a byte of it is read.
	Text int64
}

// DefaultLimits are the limits of the import commands: 1 GiB in all, 256 MiB an entry,
// 100,000 entries, 32 MiB a post's body.
func DefaultLimits() Limits {
	return Limits{File: 1 << 30, Entry: 256 << 20, Entries: 100_000, Text: 32 << 20}
}
