package contract

import "errors"

// Sentinel errors, wrapped with the details by the functions that return them.
var (
	// ErrNoDocument means the contract file could not be found or read.
	ErrNoDocument = errors.New("contract: no OpenAPI document")
	// ErrMalformed means the document is not the OpenAPI shape this package reads.
	ErrMalformed = errors.New("contract: malformed OpenAPI document")
	// ErrUndocumented means the request's operation, or the response's status for it, is not in
	// the contract.
	ErrUndocumented = errors.New("contract: not documented")
	// ErrViolation means a response does not match what the contract says of it.
	ErrViolation = errors.New("contract: response violates the contract")
)
