package mcp

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/creator-content-api/server/pb_public"
)

// contractSchemas reads the MCP tools' input and output schemas from the contract the server
// ships (pb_public/openapi.json), so a tool's types are the REST API's: each named schema with
// its references inlined and its prose left out (descriptions, titles, examples, x- marks,
// length and pattern bounds, which the handlers check anyway; OpenAPI's discriminator), to keep tools/list small.
type contractSchemas struct {
	root map[string]any
}

// loadContractSchemas parses the embedded contract.
func loadContractSchemas() (*contractSchemas, error) {
	raw, err := fs.ReadFile(pb_public.FS(), "openapi.json")
	if err != nil {
		return nil, err
	}
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, fmt.Errorf("openapi.json: %w", err)
	}
	return &contractSchemas{root: root}, nil
}

// component is #/components/schemas/<name>, compacted.
func (c *contractSchemas) component(name string) (map[string]any, error) {
	return c.compactRef("#/components/schemas/" + name)
}

// parameter is the schema of #/components/parameters/<name>, compacted.
func (c *contractSchemas) parameter(name string) (map[string]any, error) {
	p, err := c.at("#/components/parameters/" + name)
	if err != nil {
		return nil, err
	}
	s, _ := p["schema"].(map[string]any)
	if s == nil {
		return nil, fmt.Errorf("openapi.json: parameter %s has no schema", name)
	}
	out, err := c.compact(s, false)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

func (c *contractSchemas) compactRef(ref string) (map[string]any, error) {
	node, err := c.at(ref)
	if err != nil {
		return nil, err
	}
	out, err := c.compact(node, false)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

// at is the object a local JSON pointer names.
func (c *contractSchemas) at(ref string) (map[string]any, error) {
	var node any = c.root
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, _ := node.(map[string]any)
		node = m[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
	}
	m, ok := node.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("openapi.json: no object at %s", ref)
	}
	return m, nil
}

// droppedKeywords are left out of a compact schema.
var droppedKeywords = map[string]bool{
	"description": true, "title": true, "example": true, "examples": true,
	"maxLength": true, "minLength": true, "pattern": true, "format": true, "discriminator": true,
}

// compact copies a schema node with its $refs inlined and droppedKeywords and x- marks left
// out. Siblings of a $ref (OpenAPI 3.1 allows a description beside one) are prose and go too.
// In a properties map (names) every key is a field's name and stays.
func (c *contractSchemas) compact(node any, names bool) (any, error) {
	switch n := node.(type) {
	case map[string]any:
		if ref, ok := n["$ref"].(string); ok && !names {
			return c.compactRef(ref)
		}
		out := make(map[string]any, len(n))
		for k, v := range n {
			if !names && (droppedKeywords[k] || strings.HasPrefix(k, "x-")) {
				continue
			}
			cv, err := c.compact(v, !names && k == "properties")
			if err != nil {
				return nil, err
			}
			out[k] = cv
		}
		return out, nil
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			cv, err := c.compact(v, false)
			if err != nil {
				return nil, err
			}
			out[i] = cv
		}
		return out, nil
	}
	return node, nil
}
