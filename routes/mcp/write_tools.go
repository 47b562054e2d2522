package mcp

import (
	"encoding/json"
	"net/http"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// The write tools (write scope): create a draft, update a draft, publish or schedule; never
// delete. Each saves through the v1 write route (its events, revisions and validation) and
// answers a summary of the record.

// writeArgs are a write tool's arguments.
type writeArgs struct {
	contentArgs
	ID     string         `json:"id"`
	Fields map[string]any `json:"fields"`
	At     string         `json:"at"`
}

func createDraftTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.checked()
	if err != nil {
		return nil, err
	}
	if args.Fields == nil {
		args.Fields = map[string]any{}
	}
	args.Fields["draft"] = true
	return c.summary(Call{Method: http.MethodPost, Pattern: "/api/v1/" + r, Body: args.Fields})
}

func updateDraftTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := c.draft(args)
	if err != nil {
		return nil, err
	}
	if _, ok := args.Fields["draft"]; ok {
		return nil, apierr.InvalidField("draft", "update_draft keeps a draft a draft; publish publishes it")
	}
	return c.summary(Call{Method: http.MethodPatch, Pattern: "/api/v1/" + r + "/{idOrSlug}",
		Path: map[string]string{params.IDOrSlug: args.ID}, Body: args.Fields})
}

func publishTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.checked()
	if err != nil {
		return nil, err
	}
	body := map[string]any{"draft": false}
	if args.At != "" {
		body["published_at"] = args.At
	}
	return c.summary(Call{Method: http.MethodPatch, Pattern: "/api/v1/" + r + "/{idOrSlug}",
		Path: map[string]string{params.IDOrSlug: args.ID}, Body: body})
}

// draft is the collection of args once its record is found to be a draft: update_draft edits
// drafts only (409 conflict otherwise), as its name promises. A record not found is
// sql.ErrNoRows, which Config.Error answers as the REST API's 404.
func (c *toolCall) draft(args writeArgs) (string, error) {
	r, err := args.checked()
	if err != nil {
		return "", err
	}
	rec, err := c.e.App.FindRecordById(r, args.ID)
	if err != nil {
		return "", err
	}
	if !rec.GetBool("draft") {
		return "", &apierr.Error{Status: http.StatusConflict, Code: apierr.CodeConflict,
			Message: "this record is published: update_draft changes drafts only"}
	}
	return r, nil
}

// summary calls a write route and keeps writeFields of the record it answers.
func (c *toolCall) summary(rc Call) (any, error) {
	out, err := c.json(rc)
	if err != nil {
		return nil, err
	}
	data, _ := out["data"].(map[string]any)
	return map[string]any{"data": pick(data, writeFields)}, nil
}

// pick is the named fields of a record's view.
func pick(view map[string]any, fields []string) map[string]any {
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		out[f] = view[f]
	}
	return out
}
