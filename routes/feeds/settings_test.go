package feeds_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestPostURLPatternIsValidated: the owner's edit of post_url_pattern in the dashboard (the
// records API) is refused with a 400 naming the field unless the pattern makes a post's address.
func TestPostURLPatternIsValidated(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	recs, err := h.App.FindAllRecords(vocab.SiteSettings)
	if err != nil || len(recs) != 1 {
		t.Fatalf("site settings: %v", err)
	}
	path := "/api/collections/site_settings/records/" + recs[0].Id
	cases := []struct {
		name, siteURL, pattern string
		code                   string // "" when accepted
	}{
		{"default", "https://demo.example", "{site_url}/posts/{slug}", ""},
		{"empty means the default", "https://demo.example", "", ""},
		{"another host with the id", "", "https://blog.example/{id}/{slug}.html", ""},
		{"no slug", "https://demo.example", "{site_url}/posts/{id}", "validation_missing_slug"},
		{"relative", "https://demo.example", "/posts/{slug}", "validation_invalid_post_url"},
		{"not http", "https://demo.example", "ftp://files.example/{slug}", "validation_invalid_post_url"},
	}
	for _, c := range cases {
		// Each case sets both fields, so it does not depend on what another left. The answer
		// is PocketBase's records API's: no envelope, the field's error under data.
		s := apitest.Scenario{Name: c.name, Method: http.MethodPatch, Path: path, Headers: owner,
			Body: map[string]any{"site_url": c.siteURL, "post_url_pattern": c.pattern}, ExpectedStatus: http.StatusOK}
		if c.code != "" {
			s.ExpectedStatus, s.ExpectedJSON = http.StatusBadRequest, map[string]any{"data.post_url_pattern.code": c.code}
		}
		s.Test(t, h)
	}
}
