package contract

import (
	"bytes"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Request is a request as the contract sees it.
type Request struct {
	Method string
	Path   string // the request path (not a template)
	Query  url.Values
	Body   []byte
}

// CheckRequest validates a request the API accepted against its operation: every path
// parameter, every declared query parameter it sent (unknown ones are ignored, as the API
// ignores them; an empty value counts as absent) and its JSON body must match their schemas,
// and required ones must be there. A request the API accepted but the contract forbids means
// the two disagree about what a client may send. Requests outside the API, and requests no
// operation takes, are not checked. Errors wrap ErrViolation.
func (d *Document) CheckRequest(r Request) error {
	if !InAPI(r.Path) {
		return nil
	}
	op, _ := d.Match(r.Method, r.Path)
	if op == nil {
		return nil
	}
	var problems []string
	params, err := d.parameters(op)
	if err != nil {
		return err
	}
	segs := strings.Split(r.Path, "/")
	for _, p := range params {
		var value string
		present := false
		switch p.in {
		case "path":
			for i, t := range op.segments {
				if t == "{"+p.name+"}" {
					value, present = segs[i], true
				}
			}
		case "query":
			value = r.Query.Get(p.name)
			present = value != ""
		default:
			continue
		}
		if !present {
			if p.required {
				problems = append(problems, fmt.Sprintf("%s parameter %s is required", p.in, p.name))
			}
			continue
		}
		if err := d.checkValue(p.schema, value); err != nil {
			problems = append(problems, fmt.Sprintf("%s parameter %s=%q: %v", p.in, p.name, value, err))
		}
	}
	if err := d.checkRequestBody(op, r.Body); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("%w: %s (%s) accepted a request the contract forbids: %s", ErrViolation, op, r.Path, strings.Join(problems, "; "))
	}
	return nil
}

// parameter is one resolved parameter object of an operation.
type parameter struct {
	name, in string
	required bool
	schema   string // pointer of its schema
}

func (d *Document) parameters(op *Operation) ([]parameter, error) {
	node, _ := d.At(op.pointer + "/parameters")
	list, _ := node.([]any)
	out := make([]parameter, 0, len(list))
	for i, raw := range list {
		ptr, p, err := d.Resolve(op.pointer+Pointer("parameters", strconv.Itoa(i)), raw)
		if err != nil {
			return nil, err
		}
		name, _ := p["name"].(string)
		in, _ := p["in"].(string)
		required, _ := p["required"].(bool)
		out = append(out, parameter{name: name, in: in, required: required, schema: ptr + "/schema"})
	}
	return out, nil
}

// checkValue reads a parameter's text as its schema's type and validates it.
func (d *Document) checkValue(schemaPtr, value string) error {
	node, _ := d.At(schemaPtr)
	_, sch, err := d.Resolve(schemaPtr, node)
	if err != nil {
		return err
	}
	var inst any = value
	switch sch["type"] {
	case "integer":
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return fmt.Errorf("not an integer")
		}
		inst = n
	case "boolean":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("not a boolean")
		}
		inst = b
	}
	compiled, err := d.Schema(schemaPtr)
	if err != nil {
		return err
	}
	if err := compiled.Validate(inst); err != nil {
		return fmt.Errorf("%s", validationMessage(err))
	}
	return nil
}

// checkRequestBody validates a JSON body against the operation's requestBody.
func (d *Document) checkRequestBody(op *Operation, body []byte) error {
	node, ok := d.At(op.pointer + "/requestBody")
	if !ok {
		return nil
	}
	ptr, rb, err := d.Resolve(op.pointer+"/requestBody", node)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if required, _ := rb["required"].(bool); required {
			return fmt.Errorf("the request body is required")
		}
		return nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("the request body is not JSON: %v", err)
	}
	s, err := d.Schema(ptr + Pointer("content", "application/json", "schema"))
	if err != nil {
		return err
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("request body: %s (body: %.300s)", validationMessage(err), body)
	}
	return nil
}
