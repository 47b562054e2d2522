package routes_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// FuzzWebhookSubscribe registers fuzzed webhooks through POST /api/v2/webhooks: a URL,
// events (comma-separated; empty means the member is left out), a description, and the site's
// webhooks_allow_private. The answer must agree with wire.ValidateURLWith on the URL (a
// refused URL is 400 naming "url", and a 201 only for a URL it accepts), refuse unknown
// events and descriptions over 500 characters naming the field, and a 201 must echo what was
// registered with a fresh whsec_ secret. The app resolves names with the real DNS, so an
// input whose URL would need a lookup is registered with private addresses allowed, which
// skips it; the resolving path is FuzzWebhookURL's (hooks/webhooks/wire), with a fake resolver.
func FuzzWebhookSubscribe(f *testing.F) {
	h := apitest.New(f, apitest.Options{Hooks: refuseDeliveries})
	writer, _ := h.CreateKey(keys.ScopeWriteWebhooks)
	allowing := false
	f.Fuzz(func(t *testing.T, rawURL, events, description string, allowPrivate bool) {
		b := subscription{URL: rawURL, Description: description}
		if events != "" {
			list := strings.Split(events, ",")
			b.Events = &list
		}
		b = b.asSent(t)
		var lookups countingResolver
		verdict := wire.ValidateURLWith(context.Background(), &lookups, b.URL, allowPrivate)
		if lookups > 0 {
			allowPrivate = true
			verdict = wire.ValidateURLWith(context.Background(), nil, b.URL, true)
		}
		hh := h.For(t)
		if allowing != allowPrivate {
			hh.AllowPrivateWebhooks(allowPrivate)
			allowing = allowPrivate
		}
		res := hh.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(writer), Body: b})
		checkAnswer(t, res)
		// A body wrong in several fields is refused naming one of them; which one is not promised.
		var wrong []string
		if b.URL == "" || verdict != nil {
			wrong = append(wrong, "url")
		}
		if b.Events != nil && slices.ContainsFunc(*b.Events, func(e string) bool { return !slices.Contains(vocab.EventNames(), e) }) {
			wrong = append(wrong, "events")
		}
		if utf8.RuneCountInString(b.Description) > 500 {
			wrong = append(wrong, "description")
		}
		switch {
		case len(wrong) > 0:
			wantInvalidParam(t, res, wrong...)
		case res.Status != http.StatusCreated:
			// The record's own validation may still refuse what the checks above let through,
			// naming the field.
			wantInvalidParam(t, res, "url", "description", "events")
		default:
			b.checkRegistered(t, hh, res)
		}
	})
}

// subscription is the body of a registration.
type subscription struct {
	URL         string    `json:"url"`
	Events      *[]string `json:"events,omitempty"`
	Description string    `json:"description"`
}

// asSent is b as the server decodes it: JSON has no invalid UTF-8, so encoding replaces it.
func (b subscription) asSent(t *testing.T) subscription {
	t.Helper()
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var out subscription
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkRegistered checks a 201 against what was sent, then deletes the subscription.
func (b subscription) checkRegistered(t *testing.T, h *apitest.Harness, res *apitest.Response) {
	t.Helper()
	var got struct {
		ID, URL, Description, Secret string
		Events                       []string
		Enabled                      bool
	}
	if err := json.Unmarshal(res.Body, &got); err != nil {
		t.Fatal(err)
	}
	var want []string
	if b.Events != nil {
		for _, e := range *b.Events {
			if !slices.Contains(want, e) {
				want = append(want, e)
			}
		}
	}
	if got.URL != b.URL || got.Description != b.Description || !slices.Equal(got.Events, want) ||
		!got.Enabled || !strings.HasPrefix(got.Secret, "whsec_") {
		t.Fatalf("registered %s for %+v", res.Body, b)
	}
	rec, err := h.App.FindRecordById(vocab.WebhookSubscriptions, got.ID)
	if err == nil {
		err = h.App.Delete(rec)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// countingResolver counts lookups and finds nothing.
type countingResolver int

var errNoLookups = errors.New("fuzz: no lookups")

func (r *countingResolver) LookupIPAddr(context.Context, string) ([]net.IPAddr, error) {
	*r++
	return nil, errNoLookups
}
