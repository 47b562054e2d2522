package apitest

import (
	"net/http"

	"github.com/creator-content-api/server/routes/contract"
)

// checkContract validates every response under /api/v1, /api/v2 and /api/admin against the
// OpenAPI contract (pb_public/openapi.json, loaded once per process): the status must be
// documented for the operation, and headers and body must match its schemas. A mismatch fails
// the test with the operation, the status and the validator's message, so code and contract
// cannot drift apart unnoticed.
func (h *Harness) checkContract(req *http.Request, res *Response) {
	h.t.Helper()
	if !contract.InAPI(req.URL.Path) {
		return
	}
	doc, err := contract.Default()
	if err != nil {
		h.t.Errorf("contract: %v", err)
		return
	}
	if err := doc.CheckResponse(req.Method, req.URL.Path, contract.Response{Status: res.Status, Header: res.Header, Body: res.Body}); err != nil {
		h.t.Errorf("%v", err)
	}
}
