package contract_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/creator-content-api/server/pb_public/contract"
)

// TestErrorResponsesAreTheEnvelope keeps the contract readable by code generators without loss
// (oapi-codegen turns an allOf that narrows a nested property into untyped fields and drops
// the rest): every error response of every operation has the one Error schema as a plain $ref,
// and lists its codes, each a code of ErrorCode, in x-error-codes; no schema composes with allOf.
func TestErrorResponsesAreTheEnvelope(t *testing.T) {
	doc := load(t)
	enum, _ := doc.At("/components/schemas/ErrorCode/enum")
	codes, _ := enum.([]any)
	for _, op := range doc.Operations() {
		node, _ := doc.At(op.Pointer() + "/responses")
		for status, r := range node.(map[string]any) {
			if n, err := strconv.Atoi(status); err == nil && n < 400 {
				continue
			}
			ptr, resp, err := doc.Resolve(op.Pointer()+contract.Pointer("responses", status), r)
			if err != nil {
				t.Fatal(err)
			}
			schema, _ := doc.At(ptr + "/content/application~1json/schema")
			if ref, _ := schema.(map[string]any)["$ref"].(string); ref != "#/components/schemas/Error" || len(schema.(map[string]any)) != 1 {
				t.Errorf("%s %s (%s): schema %v, want a plain $ref to #/components/schemas/Error", op, status, ptr, schema)
			}
			listed, _ := resp[contract.ErrorCodesKey].([]any)
			if len(listed) == 0 {
				t.Errorf("%s %s (%s): no %s", op, status, ptr, contract.ErrorCodesKey)
			}
			for _, c := range listed {
				if !slices.Contains(codes, c) {
					t.Errorf("%s %s (%s): %v is not an ErrorCode", op, status, ptr, c)
				}
			}
		}
	}
	walkObjects("", doc.Root(), func(ptr string, n map[string]any) {
		if _, ok := n["allOf"]; ok {
			t.Errorf("%s: allOf", ptr)
		}
	})
}
