package members

import "errors"

// Sentinel errors of the members' sign-in and token checks.
var (
	// ErrInvalidEmail is an address that is not one.
	ErrInvalidEmail = errors.New("members: not an e-mail address")
	// ErrInvalidCode refuses a verification alike for a wrong, expired or used code, an
	// unknown address and a member switched off: the answer tells nothing about the address.
	ErrInvalidCode = errors.New("members: invalid or expired code")
	// ErrTooManyAttempts refuses a sign-in or verification past its address's or IP's limit.
	ErrTooManyAttempts = errors.New("members: too many attempts")
	// ErrInvalidToken is a member token that is malformed, expired, signed out or of a member
	// switched off.
	ErrInvalidToken = errors.New("members: invalid member token")
)
