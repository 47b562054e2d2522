package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func TestPortfolioListsOrder(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(keys.ScopeRead)
	lists := []struct {
		collection string
		fields     map[string]any
		keys       string
	}{
		{vocab.Experience, map[string]any{"company": "Acme", "role": "Engineer"},
			"company,created,description,end_date,id,location,role,sort_order,start_date,updated"},
		{vocab.Education, map[string]any{"school": "Open University"},
			"created,degree,end_date,field,id,school,sort_order,start_date,updated"},
		{vocab.Skills, map[string]any{"name": "Go"},
			"category,created,id,level,name,sort_order,updated"},
		{vocab.Certifications, map[string]any{"name": "CKA"},
			"created,credential_url,expires_at,id,issued_at,issuer,name,sort_order,updated"},
	}
	// sort_order first, then created, then id.
	entries := []struct {
		sortOrder int
		created   string
	}{
		{2, "2026-01-01 00:00:00.000Z"},
		{1, "2026-03-01 00:00:00.000Z"},
		{1, "2026-02-01 00:00:00.000Z"},
		{-1, "2026-05-01 00:00:00.000Z"},
		{2, "2025-12-01 00:00:00.000Z"},
	}
	wantOrder := []int{3, 2, 1, 4, 0}
	for _, l := range lists {
		t.Run(l.collection, func(t *testing.T) {
			var ids []string
			for _, e := range entries {
				f := map[string]any{"sort_order": e.sortOrder, "created": mustTime(e.created)}
				for k, v := range l.fields {
					f[k] = v
				}
				ids = append(ids, h.SaveRecord(l.collection, f).Id)
			}
			var want []string
			for _, i := range wantOrder {
				want = append(want, ids[i])
			}
			apitest.Scenario{Path: "/api/v1/" + l.collection, Headers: apitest.Bearer(read), ExpectedStatus: http.StatusOK,
				ExpectedJSON: listed("data", "id", want...),
				// A simple list has only data.
				After: checks(keysAt("", "data"), keysAt("data.*", "access,"+l.keys))}.Check(t, h)
		})
	}
}
