// Package contract holds code and the OpenAPI 3.1 contract (pb_public/openapi.json, the file
// beside this package) together. It loads the document once per process, finds the operation of a request (method + path
// template), and validates a response against it: the status must be documented for that
// operation, required headers present, every documented header and the JSON body valid
// against their schemas (JSON Schema 2020-12, the dialect of OpenAPI 3.1, by
// github.com/santhosh-tekuri/jsonschema/v6). It also compares the contract's operations with
// the routes the app registers. The apitest harness calls CheckResponse on every response of
// the test suite under /api/v1, /api/v2 and /api/admin.
package contract
