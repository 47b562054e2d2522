package keys_test

import (
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	const key = "svc_live_AbC123xyz"
	for _, tt := range []struct{ in, want string }{
		{"nothing here", "nothing here"},
		{`unknown field "` + key + `"`, `unknown field "svc_live_REDACTED"`},
		{"Svc_Live_AbC123 in a header name", "svc_live_REDACTED in a header name"},
		{"a=" + key + "&b=" + key, "a=svc_live_REDACTED&b=svc_live_REDACTED"},
		{"%73vc_live_AbC123", "svc_live_REDACTED"},
		{"%2573vc%5Flive%5FAbC", "svc_live_REDACTED"},
		{"svc_live_REDACTED stays", "svc_live_REDACTED stays"},
		{"svc_live_ alone is no key", "svc_live_ alone is no key"},
	} {
		if got := keys.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	got := keys.RedactAny(map[string]any{"svc_live_Abc": []any{"x", "svc_live_Def"}, "n": 1})
	if m := got.(map[string]any); m["svc_live_REDACTED"].([]any)[1] != "svc_live_REDACTED" || m["n"] != 1.0 {
		t.Fatalf("RedactAny: %v", got)
	}
	if v := keys.RedactAny(map[string]int{"a": 1}); v.(map[string]int)["a"] != 1 {
		t.Fatalf("a value without keys changed: %v", v)
	}
}

// TestMentionsKey: the prefix in any case, percent-encoded or not, counts; a preview token or
// the prefix's letters apart, or behind more than four encodings (maxUnescapes), do not.
func TestMentionsKey(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"/api/v1/posts/svc_live_AbC": true,
		"/api/v1/posts/SVC_LIVE_AbC": true,
		"?Svc_live_=1":               true,
		"%73vc_live_x":               true,
		"%2553VC%5FLIVE%5Fx":         true,
		"svc_live_REDACTED":          true,
		"/api/v1/previews/pvw_AbC":   false,
		"/api/v1/posts/svc-live-AbC": false,
		"svc_liv e_":                 false,
		"%25252573vc_live_x":         true,  // encoded four times
		"%2525252573vc_live_x":       false, // five: past maxUnescapes
	} {
		if got := keys.MentionsKey(in); got != want {
			t.Errorf("MentionsKey(%q) = %v, want %v", in, got, want)
		}
	}
}
