package fulltext

import (
	"encoding/json"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// document is the text of a record as the index holds it.
type document struct {
	title, body, tags string
}

// bodyFields are the fields whose text makes a document's body, those of them the record's
// collection has; editor fields are HTML and indexed as their text.
var bodyFields = []string{"excerpt", "description", "content"}

// documentOf is rec's document.
func documentOf(rec *core.Record) document {
	var body []string
	for _, name := range bodyFields {
		switch rec.Collection().Fields.GetByName(name).(type) {
		case nil:
		case *core.EditorField:
			body = append(body, htmlText(rec.GetString(name)))
		default:
			body = append(body, rec.GetString(name))
		}
	}
	return document{title: rec.GetString("title"), body: strings.Join(body, "\n"), tags: jsonText(rec.GetString("tags"))}
}

// jsonText is the strings of a JSON value (tags are meant to be an array of strings, but the
// dashboard can store any JSON), one per line; "" for no value or invalid JSON.
func jsonText(raw string) string {
	var v any
	if raw == "" || json.Unmarshal([]byte(raw), &v) != nil {
		return ""
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return strings.Join(out, "\n")
}
