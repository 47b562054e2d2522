package contract_test

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/creator-content-api/server/pb_public/contract"
)

func load(t *testing.T) *contract.Document {
	t.Helper()
	doc, err := contract.Default()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// oasSchemas are the vendored official OpenAPI 3.1 schemas, by $id.
var oasSchemas = map[string]string{
	"https://spec.openapis.org/oas/3.1/schema/2021-04-15": "schema.json",
	"https://spec.openapis.org/oas/3.1/dialect/base":      "dialect-base.schema.json",
	"https://spec.openapis.org/oas/3.1/meta/base":         "meta-base.schema.json",
}

func oasCompiler(t *testing.T) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	for id, file := range oasSchemas {
		f, err := os.Open(filepath.Join("testdata", "oas-3.1", file))
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := c.AddResource(id, v); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// TestDocumentIsOpenAPI31 validates the contract against the official OpenAPI 3.1 schema, and
// each of its Schema Objects against the OAS base dialect (JSON Schema 2020-12 + OAS keywords).
func TestDocumentIsOpenAPI31(t *testing.T) {
	doc := load(t)
	c := oasCompiler(t)
	oas, err := c.Compile("https://spec.openapis.org/oas/3.1/schema/2021-04-15")
	if err != nil {
		t.Fatal(err)
	}
	if err := oas.Validate(doc.Root()); err != nil {
		t.Fatalf("not a valid OpenAPI 3.1 document:\n%v", err)
	}
	dialect, err := c.Compile("https://spec.openapis.org/oas/3.1/dialect/base")
	if err != nil {
		t.Fatal(err)
	}
	pointers := schemaObjects(doc.Root())
	if len(pointers) < 100 {
		t.Fatalf("found only %d Schema Objects: the walk is broken", len(pointers))
	}
	for _, p := range pointers {
		node, _ := doc.At(p)
		if err := dialect.Validate(node); err != nil {
			t.Errorf("%s is not a Schema Object of the OAS base dialect:\n%v", p, err)
		}
		// Every schema compiles: $refs resolve and patterns are valid regular expressions.
		if _, err := doc.Schema(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// schemaObjects are the pointers of the document's top-level Schema Objects: components'
// schemas, and the "schema" of every parameter, header and media type.
func schemaObjects(root map[string]any) []string {
	var out []string
	comps, _ := root["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	for name := range schemas {
		out = append(out, contract.Pointer("components", "schemas", name))
	}
	var walk func(ptr string, node any)
	walk = func(ptr string, node any) {
		switch n := node.(type) {
		case map[string]any:
			for k, v := range n {
				if ptr == "/components/schemas" {
					continue // already listed; their insides are validated through them
				}
				child := ptr + contract.Pointer(k)
				if k == "schema" {
					out = append(out, child)
					continue
				}
				walk(child, v)
			}
		case []any:
			for i, v := range n {
				walk(ptr+"/"+strconv.Itoa(i), v)
			}
		}
	}
	walk("", root)
	sort.Strings(out)
	return out
}

// walkObjects calls visit with every JSON object under node and its JSON pointer, node's own
// included, parents before children.
func walkObjects(ptr string, node any, visit func(ptr string, n map[string]any)) {
	switch n := node.(type) {
	case map[string]any:
		visit(ptr, n)
		for k, v := range n {
			walkObjects(ptr+contract.Pointer(k), v, visit)
		}
	case []any:
		for i, v := range n {
			walkObjects(ptr+"/"+strconv.Itoa(i), v, visit)
		}
	}
}

// TestExamplesValidate checks every example against the schema beside it: media type
// examples, parameter examples and the `examples` of schemas.
func TestExamplesValidate(t *testing.T) {
	doc := load(t)
	checked := 0
	walkObjects("", doc.Root(), func(ptr string, n map[string]any) {
		if _, hasSchema := n["schema"]; hasSchema {
			if ex, ok := n["example"]; ok {
				checked++
				if err := doc.Validate(ptr+"/schema", ex); err != nil {
					t.Errorf("example at %s: %v", ptr, err)
				}
			}
			if exs, ok := n["examples"].(map[string]any); ok {
				for name, e := range exs {
					v, _ := e.(map[string]any)
					checked++
					if err := doc.Validate(ptr+"/schema", v["value"]); err != nil {
						t.Errorf("example %q at %s: %v", name, ptr, err)
					}
				}
			}
		}
		if exs, ok := n["examples"].([]any); ok && !strings.HasSuffix(ptr, "/properties") {
			for i, ex := range exs {
				checked++
				if err := doc.Validate(ptr, ex); err != nil {
					t.Errorf("schema example %d at %s: %v", i, ptr, err)
				}
			}
		}
	})
	if checked < 20 {
		t.Fatalf("checked only %d examples", checked)
	}
}

// TestEveryOperationIsDescribed holds each operation to the contract's conventions: an id, a
// summary, a tag, its scope machine-readable (x-required-scopes, the security requirement) and
// in words, its rate tier, and the error statuses every operation can return.
func TestEveryOperationIsDescribed(t *testing.T) {
	doc := load(t)
	ids := map[string]bool{}
	for _, op := range doc.Operations() {
		t.Run(op.String(), func(t *testing.T) {
			node, _ := doc.At(op.Pointer())
			raw := node.(map[string]any)
			if op.ID == "" || ids[op.ID] {
				t.Errorf("operationId %q missing or not unique", op.ID)
			}
			ids[op.ID] = true
			if s, _ := raw["summary"].(string); s == "" {
				t.Error("no summary")
			}
			if tags, _ := raw["tags"].([]any); len(tags) != 1 {
				t.Errorf("tags = %v, want one", raw["tags"])
			}
			desc, _ := raw["description"].(string)
			security, _ := raw["security"].([]any)
			if len(security) != 1 {
				t.Fatalf("security = %v, want one requirement", raw["security"])
			}
			req := security[0].(map[string]any)
			admin := strings.HasPrefix(op.Path, "/api/admin/")
			switch {
			case admin:
				if !op.Owner || len(op.Scopes) != 0 || req["OwnerToken"] == nil || !strings.Contains(desc, "superuser token") {
					t.Errorf("admin operation must be owner-only: x-owner-only %v, x-required-scopes %v, security %v", op.Owner, op.Scopes, req)
				}
			default:
				scopes, _ := req["ApiKey"].([]any)
				if op.Owner || len(op.Scopes) != 1 || len(scopes) != 1 || scopes[0] != op.Scopes[0] {
					t.Fatalf("x-required-scopes %v and security %v disagree", op.Scopes, req)
				}
				if !strings.Contains(desc, "**Scope:** `"+op.Scopes[0]+"`") {
					t.Errorf("description does not state the scope %s", op.Scopes[0])
				}
			}
			wantTier := "normal"
			switch {
			case admin || op.Path == "/api/v2/webhooks":
				wantTier = "moderate"
			case strings.HasPrefix(op.Path, "/api/v1/webhooks/poll/"):
				wantTier = "poll"
			}
			if op.Tier != wantTier {
				t.Errorf("x-rate-limit-tier %q, want %q", op.Tier, wantTier)
			}
			statuses, _ := raw["responses"].(map[string]any)
			for _, s := range []string{"401", "403", "429", "500"} {
				if statuses[s] == nil {
					t.Errorf("no %s response", s)
				}
			}
			if op.Method == "GET" && !admin && !op.Streaming && statuses["304"] == nil {
				t.Error("a v1/v2 GET must document 304")
			}
			if strings.Contains(op.Path, "{") && statuses["404"] == nil {
				t.Error("an operation on a record must document 404")
			}
			if raw["requestBody"] != nil && (statuses["400"] == nil || statuses["413"] == nil) {
				t.Error("an operation with a body must document 400 and 413")
			}
			if strings.Contains(op.Path, "webhook") && statuses["503"] == nil {
				t.Error("a webhook operation must document 503 not_provisioned")
			}
		})
	}
	if len(doc.Operations()) < 50 {
		t.Fatalf("only %d operations", len(doc.Operations()))
	}
}

// looseObjects are object schemas that may carry members the contract does not name: the
// owner's free-form JSON.
var looseObjects = []string{"/components/schemas/Profile/properties/links/items"}

// TestResponseSchemasAreStrict: every object schema with properties forbids the others, so a
// field added in code but not in the contract fails the response checks.
func TestResponseSchemasAreStrict(t *testing.T) {
	doc := load(t)
	walkObjects("/components/schemas", doc.Root()["components"].(map[string]any)["schemas"], func(ptr string, n map[string]any) {
		_, hasProps := n["properties"]
		if hasProps && n["type"] == "object" && !slices.Contains(looseObjects, ptr) {
			if ap, ok := n["additionalProperties"].(bool); !ok || ap {
				t.Errorf("%s: object schema without additionalProperties: false", ptr)
			}
		}
	})
}

// TestWebhooksSection: one push entry per event type, each with the spec's and the Standard
// Webhooks headers and the event's body schema.
func TestWebhooksSection(t *testing.T) {
	doc := load(t)
	hooks, _ := doc.Root()["webhooks"].(map[string]any)
	enum, _ := doc.At("/components/schemas/EventName/enum")
	names := enum.([]any)
	if len(hooks) != 10 || len(names) != 10 {
		t.Fatalf("%d webhooks, %d event names; want 10 of each (the spec's nine and newsletter.sent)", len(hooks), len(names))
	}
	for _, n := range names {
		name := n.(string)
		post, ok := doc.At(contract.Pointer("webhooks", name, "post"))
		if !ok {
			t.Errorf("no webhook entry for %s", name)
			continue
		}
		var headers []string
		for _, p := range post.(map[string]any)["parameters"].([]any) {
			headers = append(headers, p.(map[string]any)["name"].(string))
		}
		for _, want := range []string{"X-Service-Event", "X-Service-Delivery", "X-Service-Signature", "X-Service-Timestamp",
			"webhook-id", "webhook-timestamp", "webhook-signature"} {
			if !slices.Contains(headers, want) {
				t.Errorf("%s: no %s header", name, want)
			}
		}
		body, _ := doc.At(contract.Pointer("webhooks", name, "post", "requestBody", "content", "application/json", "schema", "$ref"))
		if body == nil {
			t.Errorf("%s: no body schema", name)
		}
	}
}
