package mcp

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// The MCP tools' schemas are the contract's (contractSchemas), put together here: a tool's
// input or output is often one of two schemas (a post or a project), merged into one to keep
// tools/list small.

// schemaBuilder builds schemas from the contract, keeping its first error.
type schemaBuilder struct {
	s   *contractSchemas
	err error
}

func (b *schemaBuilder) keep(m map[string]any, err error) map[string]any {
	if err != nil && b.err == nil {
		b.err = err
	}
	return m
}

// component is the named schema, a oneOf of objects in it merged into one (mergeSchemas): the
// analytics' plans share most of their fields.
func (b *schemaBuilder) component(name string) map[string]any {
	return mergeOneOf(b.keep(b.s.component(name))).(map[string]any)
}

// mergeOneOf merges every oneOf of object schemas in node into one schema.
func mergeOneOf(node any) any {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			n[k] = mergeOneOf(v)
		}
		of, ok := n["oneOf"].([]any)
		if !ok || len(n) != 1 {
			return n
		}
		var out map[string]any
		for _, o := range of {
			m, ok := o.(map[string]any)
			if !ok || m["properties"] == nil {
				return n
			}
			if out == nil {
				out = m
			} else {
				out = mergeSchemas(out, m)
			}
		}
		return out
	case []any:
		for i, v := range n {
			n[i] = mergeOneOf(v)
		}
	}
	return node
}
func (b *schemaBuilder) param(name string) map[string]any { return b.keep(b.s.parameter(name)) }

// union is the named object schemas as one: every property of any of them (those of the same
// name merged likewise, or anyOf where they differ), required what all of them require. Posts
// and projects share most fields, so this is far smaller than anyOf and as typed where it
// counts; the handlers check each record's own fields.
func (b *schemaBuilder) union(names ...string) map[string]any {
	var out map[string]any
	for _, n := range names {
		s := b.component(n)
		if out == nil {
			out = s
			continue
		}
		out = mergeSchemas(out, s)
	}
	return out
}

// mergeSchemas merges two schemas as union says.
func mergeSchemas(x, y map[string]any) map[string]any {
	if reflect.DeepEqual(x, y) {
		return x
	}
	xp, xok := x["properties"].(map[string]any)
	yp, yok := y["properties"].(map[string]any)
	if xok && yok {
		out := maps.Clone(x)
		props := maps.Clone(xp)
		for name, ys := range yp {
			if xs, ok := props[name].(map[string]any); ok {
				props[name] = mergeSchemas(xs, ys.(map[string]any))
			} else {
				props[name] = ys
			}
		}
		out["properties"] = props
		var required []any
		yr, _ := y["required"].([]any)
		xr, _ := x["required"].([]any)
		for _, r := range xr {
			if slices.Contains(yr, r) {
				required = append(required, r)
			}
		}
		out["required"] = required
		if len(required) == 0 {
			delete(out, "required")
		}
		return out
	}
	xi, xok := x["items"].(map[string]any)
	yi, yok := y["items"].(map[string]any)
	if xok && yok {
		out := maps.Clone(x)
		out["items"] = mergeSchemas(xi, yi)
		return out
	}
	return map[string]any{"anyOf": []any{x, y}}
}

// picked is an object schema cut to the given properties of the named one.
func (b *schemaBuilder) picked(name string, fields []string) map[string]any {
	props, _ := b.component(name)["properties"].(map[string]any)
	picked := map[string]any{}
	for _, f := range fields {
		if p, ok := props[f]; ok {
			picked[f] = p
		} else if b.err == nil {
			b.err = fmt.Errorf("openapi.json: %s has no property %s", name, f)
		}
	}
	return map[string]any{"type": "object", "required": toAny(fields), "properties": picked}
}

// object is an object schema that takes no property but those given.
func (b *schemaBuilder) object(required []string, props map[string]any) map[string]any {
	o := map[string]any{"type": "object", "additionalProperties": false}
	if props != nil {
		o["properties"] = props
	}
	if len(required) > 0 {
		o["required"] = toAny(required)
	}
	return o
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
