package source

import "time"

// Person is a member or newsletter subscriber of a source, with what the source says of their
// consent. A reader hands one over only when the source has an address for them.
type Person struct {
	// Place says where the person is in the file, for messages.
	Place string
	// Email and Name as the source has them.
	Email, Name string
	// Member: an account at the source (Ghost's members) becomes a member here; Paid marks a
	// paying (or complimentary) one.
	Member, Paid bool
	// Subscribed: the source says they consented to its newsletter and still receive it; only
	// then do they become a confirmed subscriber here.
	Subscribed bool
	// Since is when they joined the source (zero: unknown).
	Since time.Time
}
