package keys

import (
	"encoding/hex"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/creator-content-api/server/hooks/hookorder"
	"github.com/creator-content-api/server/hooks/previews"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Redacted stands for a key taken out of a message or a log row: Prefix + Redacted (a preview
// token's: previews.TokenPrefix + Redacted).
const Redacted = "REDACTED"

// keyLike matches what looks like a secret a request carries: a key (the prefix, in any case,
// as Go writes a header name "Svc_live_…", and the key characters after it) or a preview
// token (its prefix and the base64url characters after it), which opens a draft as a key
// opens the API.
var keyLike = regexp.MustCompile(`(?i)` + regexp.QuoteMeta(Prefix) + `[A-Za-z0-9]+|` +
	regexp.QuoteMeta(previews.TokenPrefix) + `[A-Za-z0-9_-]+`)

// secretPrefix is the prefix of m, a match of keyLike, as Redact writes it.
func secretPrefix(m string) string {
	if len(m) >= len(Prefix) && strings.EqualFold(m[:len(Prefix)], Prefix) {
		return Prefix
	}
	return previews.TokenPrefix
}

// redactedMatch reports whether m, a match of keyLike, is a redacted secret already.
func redactedMatch(m string) bool { return strings.EqualFold(m, secretPrefix(m)+Redacted) }

// maxUnescapes bounds how many layers of percent-encoding Redact looks through.
const maxUnescapes = 4

// Redact returns s with everything that looks like a key (Prefix and what follows, in any
// case, percent-encoded or not) replaced by Prefix + Redacted, and every preview token by
// previews.TokenPrefix + Redacted. Error messages and log rows go
// through it, whatever part of a request put the key there (a body field's name or value, an
// array item, a header, a query name): a key that reaches a log is a leaked key.
func Redact(s string) string {
	s = replaceKeys(s)
	// A key behind percent-encoding: the decoded text, redacted (a reader decodes it anyway).
	for i := 0; i < maxUnescapes && encodedKey(s); i++ {
		s = replaceKeys(UnescapeLoosely(s))
	}
	return s
}

// replaceKeys replaces each key in s, leaving those redacted already.
func replaceKeys(s string) string {
	if !holdsKey(s) {
		return s
	}
	return keyLike.ReplaceAllStringFunc(s, func(m string) string {
		if redactedMatch(m) {
			return m
		}
		return secretPrefix(m) + Redacted
	})
}

// encodedKey reports whether s holds a key once percent-decoded, up to maxUnescapes times.
func encodedKey(s string) bool {
	for range maxUnescapes {
		u := UnescapeLoosely(s)
		if u == s {
			return false
		}
		if holdsKey(u) {
			return true
		}
		s = u
	}
	return false
}

// MentionsKey is the rule of what counts as a key in a request's URL: s holds Prefix, in any
// case (Go writes a header name "Svc_live_…"), percent-encoded up to maxUnescapes times or not,
// followed by anything. The routes refuse such a URL with 401 (a key in a URL is a leaked key)
// and redact from the request log every part that mentions one; the parts of a header value
// they redact with Redact, which reads keys by the same rule.
func MentionsKey(s string) bool {
	for range maxUnescapes + 1 {
		if containsFold(s, Prefix) {
			return true
		}
		u := UnescapeLoosely(s)
		if u == s {
			return false
		}
		s = u
	}
	return false
}

// containsFold reports whether s holds sub in any case (ASCII).
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// holdsKey reports whether s holds something that looks like a key other than a redacted one.
func holdsKey(s string) bool {
	for _, m := range keyLike.FindAllString(s, -1) {
		if !redactedMatch(m) {
			return true
		}
	}
	return false
}

// RedactAny returns v with every key in its strings, map keys included, redacted: a string as
// Redact; a map, slice or any other value through its JSON form, and only when that holds a
// key (otherwise v itself).
func RedactAny(v any) any {
	if s, ok := v.(string); ok {
		return Redact(s)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return Redact(strings.ToValidUTF8(string(raw), "?"))
	}
	if Redact(string(raw)) == string(raw) {
		return v
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return Redact(string(raw))
	}
	return redactJSON(generic)
}

func redactJSON(v any) any {
	switch t := v.(type) {
	case string:
		return Redact(t)
	case []any:
		for i := range t {
			t[i] = redactJSON(t[i])
		}
		return t
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[Redact(k)] = redactJSON(x)
		}
		return out
	}
	return v
}

// UnescapeLoosely undoes every well-formed %XX escape of a raw string and leaves the rest, a
// malformed escape included, as it is, so a key can be found even in a URL that does not parse.
func UnescapeLoosely(raw string) string {
	if !strings.Contains(raw, "%") {
		return raw
	}
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '%' && i+2 < len(raw) {
			if v, err := hex.DecodeString(raw[i+1 : i+3]); err == nil {
				b = append(b, v[0])
				i += 2
				continue
			}
		}
		b = append(b, raw[i])
	}
	return string(b)
}

// BindLogRedaction redacts keys (Redact) from the message and every attribute of each row
// PocketBase writes to its log (_logs in auxiliary.db): the request log, with the private
// cause of an error, and any line the app logs. It is the last step before the row is stored,
// whatever path wrote it, so a key that slipped past the routes' own redaction stops here.
func BindLogRedaction(app core.App) {
	app.OnModelCreate(core.LogsTableName).Bind(&hook.Handler[*core.ModelEvent]{
		Id: hookorder.KeysLogRedaction, Priority: hookorder.KeysLogRedactionPriority,
		Func: func(e *core.ModelEvent) error {
			if l, ok := e.Model.(*core.Log); ok {
				l.Message = Redact(l.Message)
				for k, v := range l.Data {
					if rk := Redact(k); rk != k {
						delete(l.Data, k)
						k = rk
					}
					l.Data[k] = RedactAny(v)
				}
			}
			return e.Next()
		},
	})
}
