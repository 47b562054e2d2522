package routes_test

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestCoversOfUnservedContent: a cover is fetched by its URL (PocketBase's /api/files) only
// while v1 serves its record: a draft's, a private or members-only post's, a scheduled post's
// before its time and a page's answer 404 to anyone else; the owner gets them with a
// superuser file token (what the dashboard's previews send) or the superuser's header.
func TestCoversOfUnservedContent(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	withCover := func(collection string, fields map[string]any) (path string) {
		f, err := filesystem.NewFileFromBytes(img.Bytes(), "cover.png")
		if err != nil {
			t.Fatal(err)
		}
		all := map[string]any{"title": "T", "visibility": "public", "draft": false, "cover": f}
		for k, v := range fields {
			all[k] = v
		}
		rec := h.SaveRecord(collection, all)
		return "/api/files/" + collection + "/" + rec.Id + "/" + rec.GetString("cover")
	}
	public := withCover(vocab.Posts, nil)
	project := withCover(vocab.Projects, nil)
	draft := withCover(vocab.Posts, map[string]any{"draft": true})
	private := withCover(vocab.Posts, map[string]any{"visibility": "private"})
	members := withCover(vocab.Posts, map[string]any{"visibility": "members"})
	scheduled := withCover(vocab.Posts, map[string]any{"published_at": apitest.Epoch.Add(time.Hour)})

	token := h.SuperuserToken()
	res := apitest.Scenario{Name: "file token", Method: http.MethodPost, Path: "/api/files/token", Headers: map[string]string{"Authorization": token},
		ExpectedStatus: http.StatusOK}.Test(t, h)
	fileToken, _ := res.JSON(t)["token"].(string)
	if fileToken == "" {
		t.Fatalf("no file token: %s", res.Body)
	}

	for _, c := range []struct {
		name   string
		path   string
		status int
	}{
		{"published public post", public, http.StatusOK},
		{"published public project", project, http.StatusOK},
		{"draft", draft, http.StatusNotFound},
		{"private", private, http.StatusNotFound},
		{"members only", members, http.StatusNotFound},
		{"scheduled", scheduled, http.StatusNotFound},
		{"draft, thumbnail", draft + "?thumb=100x100", http.StatusNotFound},
	} {
		apitest.Scenario{Name: c.name, Path: c.path, ExpectedStatus: c.status}.Test(t, h)
		sep := "?"
		if bytes.ContainsRune([]byte(c.path), '?') {
			sep = "&"
		}
		apitest.Scenario{Name: c.name + " with the owner's file token", Path: c.path + sep + "token=" + fileToken, ExpectedStatus: http.StatusOK}.Test(t, h)
		apitest.Scenario{Name: c.name + " with the owner's header", Path: c.path, Headers: map[string]string{"Authorization": token}, ExpectedStatus: http.StatusOK}.Test(t, h)
	}
	apitest.Scenario{Name: "a file token of no one", Path: draft + "?token=nonsense", ExpectedStatus: http.StatusNotFound}.Test(t, h)
	h.Clock.Advance(2 * time.Hour)
	apitest.Scenario{Name: "scheduled, its time come", Path: scheduled, ExpectedStatus: http.StatusOK}.Test(t, h)
}
