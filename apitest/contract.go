package apitest

import (
	"github.com/creator-content-api/server/pb_public/contract"
)

// checkContract validates every exchange under /api/v1, /api/v2 and /api/admin against the
// OpenAPI contract (pb_public/openapi.json, loaded once per process): the status must be
// documented for the operation, and headers and body must match its schemas; and a request the
// API accepted (2xx) must be one the contract allows: its parameters and body match their
// schemas. A mismatch fails the test with the operation, the status and the validator's
// message, so code and contract cannot drift apart unnoticed, in either direction.
func (h *Harness) checkContract(req contract.Request, res *Response) {
	h.t.Helper()
	if !contract.InAPI(req.Path) {
		return
	}
	doc, err := contract.Default()
	if err != nil {
		h.t.Errorf("contract: %v", err)
		return
	}
	if err := doc.CheckResponse(req.Method, req.Path, contract.Response{Status: res.Status, Header: res.Header, Body: res.Body}); err != nil {
		h.t.Errorf("%v", err)
	}
	if res.Status >= 200 && res.Status < 300 {
		if err := doc.CheckRequest(req); err != nil {
			h.t.Errorf("%v", err)
		}
	}
}
