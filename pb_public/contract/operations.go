package contract

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// MediaTypeEventStream is the media type of Server-Sent Events. Its bodies are not JSON: the
// contract checks their Content-Type, the stream's own tests their messages.
const MediaTypeEventStream = "text/event-stream"

// Prefixes are the API's path prefixes; everything under them is in the contract.
var Prefixes = []string{"/api/v1/", "/api/v2/", "/api/admin/"}

// methods are the HTTP methods an OpenAPI path item can hold.
var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// Operation is one method on one path of the contract.
type Operation struct {
	Method string // upper case, e.g. GET
	Path   string // template, e.g. /api/v1/posts/{idOrSlug}
	ID     string // operationId
	// Scopes is x-required-scopes: the API key scope needed, empty for owner-only operations.
	Scopes []string
	// Owner is x-owner-only: the operation takes the owner's superuser token.
	Owner bool
	// Tier is x-rate-limit-tier: normal, moderate or poll.
	Tier string
	// Streaming says that its 200 is a stream (text/event-stream): open until the client
	// leaves.
	Streaming bool

	pointer  string   // JSON pointer of the operation object
	segments []string // Path split on "/", parameters as "{name}"
}

// String is "METHOD /path/{template}".
func (o *Operation) String() string { return o.Method + " " + o.Path }

// Pointer is the JSON pointer of the operation object in the document.
func (o *Operation) Pointer() string { return o.pointer }

// Operations are the contract's operations, sorted by path then method.
func (d *Document) Operations() []*Operation { return d.ops }

func readOperations(root map[string]any) ([]*Operation, error) {
	paths, ok := root["paths"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: no paths", ErrMalformed)
	}
	var ops []*Operation
	for path, item := range paths {
		if !InAPI(path) {
			continue // an extension at the site root (the feeds): documented, not an API operation
		}
		obj, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%w: path %s is not an object", ErrMalformed, path)
		}
		for _, m := range methods {
			raw, ok := obj[m].(map[string]any)
			if !ok {
				continue
			}
			op := &Operation{
				Method:   strings.ToUpper(m),
				Path:     path,
				pointer:  Pointer("paths", path, m),
				segments: strings.Split(path, "/"),
			}
			op.ID, _ = raw["operationId"].(string)
			op.Tier, _ = raw["x-rate-limit-tier"].(string)
			op.Owner, _ = raw["x-owner-only"].(bool)
			op.Streaming = streams(raw)
			scopes, _ := raw["x-required-scopes"].([]any)
			for _, s := range scopes {
				if str, ok := s.(string); ok {
					op.Scopes = append(op.Scopes, str)
				}
			}
			ops = append(ops, op)
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops, nil
}

// InAPI reports whether path is under one of the API's prefixes.
func InAPI(path string) bool {
	for _, p := range Prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// Match finds the operation of a request. HEAD matches GET (Go's router serves HEAD with
// the GET handler). When no operation matches, pathKnown says whether the path matches a
// template under another method (the router then answers 405).
func (d *Document) Match(method, path string) (op *Operation, pathKnown bool) {
	if method == http.MethodHead {
		method = http.MethodGet
	}
	segs := strings.Split(path, "/")
	best := -1
	for _, o := range d.ops {
		score, ok := matchSegments(o.segments, segs)
		if !ok {
			continue
		}
		pathKnown = true
		if o.Method == method && score > best {
			op, best = o, score
		}
	}
	return op, pathKnown
}

// matchSegments reports whether segs fill template, and how many segments matched literally
// (a literal beats a parameter, as in Go's router).
func matchSegments(template, segs []string) (int, bool) {
	if len(template) != len(segs) {
		return 0, false
	}
	literal := 0
	for i, t := range template {
		if isParam(t) {
			if segs[i] == "" {
				return 0, false
			}
			continue
		}
		if t != segs[i] {
			return 0, false
		}
		literal++
	}
	return literal, true
}

func isParam(seg string) bool {
	return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}")
}

// shape is a path template with its parameter names blanked: /api/v1/posts/{}.
func shape(path string) string {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		if isParam(s) {
			segs[i] = "{}"
		}
	}
	return strings.Join(segs, "/")
}

// streams reports whether the operation object op answers 200 with an event stream.
func streams(op map[string]any) bool {
	responses, _ := op["responses"].(map[string]any)
	ok, _ := responses["200"].(map[string]any)
	content, _ := ok["content"].(map[string]any)
	_, found := content[MediaTypeEventStream]
	return found
}
