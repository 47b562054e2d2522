// Package rowid makes the ids of the rows the product writes in bulk (webhook events, their
// deliveries and attempts, revisions): PocketBase's format (15 characters of [a-z0-9]), in the
// order they were made. A random id (core.GenerateDefaultRandomId) lands on a random page of
// the id index, so a post fanned out to 50 subscriptions dirtied about 50 index pages that the
// commit writes to the WAL and the checkpoint to the database; ids in time order land on the
// last page or two, which the writer's page cache already holds (bench/README.md, Writes).
package rowid

import (
	"crypto/rand"
	"time"
)

const (
	alphabet = "0123456789abcdefghijklmnopqrstuvwxyz" // ASCII order: the ids sort as their times
	// timeChars of base 36 hold the Unix time in milliseconds until 2059; after that the ids
	// still differ, and only their order restarts.
	timeChars   = 8
	randomChars = 7 // 36^7 ≈ 7.8e10 ids a millisecond before a collision is likely, per writer
	// Length is PocketBase's id length (core.DefaultIdLength).
	Length = timeChars + randomChars
)

// New returns an id for a row made at: its first 8 characters are the time in milliseconds in
// base 36, so ids sort by time (to the millisecond), the last 7 random, so that two processes
// writing in the same millisecond do not collide.
func New(at time.Time) string {
	var id [Length]byte
	ms := uint64(at.UnixMilli())
	for i := timeChars - 1; i >= 0; i-- {
		id[i] = alphabet[ms%36]
		ms /= 36
	}
	var random [randomChars]byte
	rand.Read(random[:]) // never fails (crypto/rand, Go 1.24+)
	for i, b := range random {
		id[timeChars+i] = alphabet[int(b)%36] // the bias (256 % 36 = 4) costs uniqueness nothing here
	}
	return string(id[:])
}
