package content

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// TagsField is the JSON field of posts and projects that holds an array of strings. The schema
// only says "JSON", so the API pins its shape down by name, both ways.
const TagsField = "tags"

// Tags is a record's tags as the API and the feeds show them: always an array of strings. The
// dashboard can store any JSON there; a lone string shows as a one-tag array and anything that
// is not a string is left out, so a client never sees another shape.
func Tags(rec *core.Record) []string {
	raw, _ := rec.Get(TagsField).(types.JSONRaw)
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return []string{}
	}
	tags := []string{}
	switch v := v.(type) {
	case string:
		if v != "" {
			tags = append(tags, v)
		}
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok {
				tags = append(tags, s)
			}
		}
	}
	return tags
}
