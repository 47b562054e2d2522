package keys

import "errors"

// Sentinel errors of authentication, in the order the middleware checks them.
var (
	ErrUnknown         = errors.New("unknown API key")
	ErrDisabled        = errors.New("API key is disabled")
	ErrExpired         = errors.New("API key has expired")
	ErrOriginForbidden = errors.New("origin not allowed for this API key")
)

// ErrNotFound is returned by the owner's operations for an id that names no key.
var ErrNotFound = errors.New("API key not found")
