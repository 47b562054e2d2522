// Package goclient_test runs a Go client that oapi-codegen generated, untouched, from the
// contract against a live server (run.sh starts it): every error status the API answers decodes
// into the client's one Error type with a string code and message, and the contract's examples
// of the statuses a healthy server never answers (500, 503, 507) decode the same way.
package goclient_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/bench/tests/clients/go/client"
)

// env is a variable run.sh sets.
func env(t *testing.T, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Fatalf("%s is not set: run bench/tests/clients/go/run.sh", name)
	}
	return v
}

// newClient is the generated client for key ("" for none), with extra headers.
func newClient(t *testing.T, key string, headers ...string) *client.ClientWithResponses {
	t.Helper()
	c, err := client.NewClientWithResponses(env(t, "BASE_URL"), client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// strict decodes an error body into the generated type, refusing any member it does not name.
func strict(t *testing.T, body []byte) client.Error {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var e client.Error
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("%s does not decode strictly into client.Error: %v", body, err)
	}
	return e
}

// answer is what the test reads of one generated response.
type answer struct {
	status int
	body   []byte
	typed  *client.Error // the generated JSON<status> field
}

func check(t *testing.T, a answer, status int, code client.ErrorCode) {
	t.Helper()
	if a.status != status {
		t.Fatalf("status %d (%s), want %d", a.status, a.body, status)
	}
	if a.typed == nil {
		t.Fatalf("the generated JSON%d field is nil: %s", status, a.body)
	}
	if a.typed.Error.Code != code || a.typed.Error.Message == "" {
		t.Errorf("JSON%d = %+v, want code %q and a message", status, a.typed.Error, code)
	}
	if e := strict(t, a.body); e != *a.typed {
		t.Errorf("a strict decode %+v differs from the client's %+v", e, *a.typed)
	}
}

func TestEveryErrorStatusDecodes(t *testing.T) {
	ctx := context.Background()
	writer := newClient(t, env(t, "WRITE_KEY"))
	reader := newClient(t, env(t, "READ_KEY"))

	t.Run("400 invalid_request", func(t *testing.T) {
		limit := 101
		r, err := writer.ListPostsWithResponse(ctx, &client.ListPostsParams{Limit: &limit})
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON400}, 400, client.ErrorCodeInvalidRequest)
	})
	t.Run("401 unauthorized", func(t *testing.T) {
		r, err := newClient(t, "").ListPostsWithResponse(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON401}, 401, client.ErrorCodeUnauthorized)
	})
	t.Run("403 insufficient_scope", func(t *testing.T) {
		r, err := reader.CreatePostWithResponse(ctx, client.PostCreate{Title: "Refused", Visibility: client.Visibility("public")})
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON403}, 403, client.ErrorCodeInsufficientScope)
	})
	t.Run("403 https_required", func(t *testing.T) {
		r, err := newClient(t, env(t, "READ_KEY"), "X-Forwarded-For", "203.0.113.9").GetProfileWithResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON403}, 403, client.ErrorCodeHttpsRequired)
	})
	t.Run("404 not_found", func(t *testing.T) {
		r, err := writer.GetPostWithResponse(ctx, "no-such-post", nil)
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON404}, 404, client.ErrorCodeNotFound)
	})
	t.Run("405 method_not_allowed", func(t *testing.T) {
		// No operation takes PUT, so the client has no method for it: the raw answer decodes
		// into the type the contract gives the router's 405.
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, env(t, "BASE_URL")+"/api/v1/profile", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+env(t, "READ_KEY"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body bytes.Buffer
		if _, err := body.ReadFrom(res.Body); err != nil {
			t.Fatal(err)
		}
		var typed client.MethodNotAllowed = strict(t, body.Bytes())
		check(t, answer{res.StatusCode, body.Bytes(), &typed}, 405, client.ErrorCodeMethodNotAllowed)
	})
	t.Run("409 conflict", func(t *testing.T) {
		// The seeded courses have enrollments, which require their course.
		list, err := writer.ListCoursesWithResponse(ctx, nil)
		if err != nil || list.JSON200 == nil {
			t.Fatalf("listing courses: %v %s", err, list.Body)
		}
		for _, course := range list.JSON200.Data {
			r, err := writer.DeleteCourseWithResponse(ctx, course.Id)
			if err != nil {
				t.Fatal(err)
			}
			if r.StatusCode() == http.StatusConflict {
				check(t, answer{r.StatusCode(), r.Body, r.JSON409}, 409, client.ErrorCodeConflict)
				return
			}
		}
		t.Fatal("no course was refused with 409")
	})
	t.Run("413 payload_too_large", func(t *testing.T) {
		huge := `{"title":"` + strings.Repeat("x", 2<<20) + `","visibility":"public"}`
		r, err := writer.CreatePostWithBodyWithResponse(ctx, "application/json", strings.NewReader(huge))
		if err != nil {
			t.Fatal(err)
		}
		check(t, answer{r.StatusCode(), r.Body, r.JSON413}, 413, client.ErrorCodePayloadTooLarge)
	})
	t.Run("429 rate_limited", func(t *testing.T) {
		// run.sh serves with a poll cap of one poll a minute a key.
		var last *client.PollWebhookEventsResponse
		for range 2 {
			r, err := reader.PollWebhookEventsWithResponse(ctx, client.EventNameContentCreated, nil)
			if err != nil {
				t.Fatal(err)
			}
			last = r
		}
		check(t, answer{last.StatusCode(), last.Body, last.JSON429}, 429, client.ErrorCodeRateLimited)
	})
}

// TestContractExamplesDecode decodes the example of every error response of the contract
// (500 internal_error, 503 not_provisioned and 507 insufficient_storage among them) into the
// generated type.
func TestContractExamplesDecode(t *testing.T) {
	raw, err := os.ReadFile("../../../../pb_public/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Responses map[string]struct {
				Codes   []client.ErrorCode `json:"x-error-codes"`
				Content map[string]struct {
					Example json.RawMessage `json:"example"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	decoded := 0
	for name, resp := range doc.Components.Responses {
		if len(resp.Codes) == 0 {
			continue
		}
		ex := resp.Content["application/json"].Example
		if ex == nil {
			t.Errorf("%s: no example", name)
			continue
		}
		e := strict(t, ex)
		if !slices.Contains(resp.Codes, e.Error.Code) || e.Error.Message == "" {
			t.Errorf("%s: example %+v, want one of %q and a message", name, e.Error, resp.Codes)
		}
		decoded++
	}
	if decoded < 14 {
		t.Fatalf("decoded %d error examples", decoded)
	}
}
