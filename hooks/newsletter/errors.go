package newsletter

import "errors"

// Errors of the newsletter's operations, for the routes to answer and the command to say.
var (
	// ErrInvalidEmail: the address is not one address (RFC 5322, net/mail) of at most
	// MaxEmailLength bytes with a domain.
	ErrInvalidEmail = errors.New("newsletter: not a valid e-mail address")
	// ErrInvalidName: the name is longer than MaxNameLength characters or holds a line break.
	ErrInvalidName = errors.New("newsletter: name too long or not on one line")
	// ErrLinkInvalid: a confirmation link that was altered, has expired, or was issued before
	// the subscriber left; an unsubscribe link whose token no subscriber has.
	ErrLinkInvalid = errors.New("newsletter: this link is not valid (any longer)")
	// ErrInvalidCSV: an import file that is not a CSV with an email column.
	ErrInvalidCSV = errors.New("newsletter: not a CSV file with an email column")
	// ErrInvalidStatus: a status that is not one of vocab.SubscriberStatuses.
	ErrInvalidStatus = errors.New("newsletter: unknown subscriber status")
)
