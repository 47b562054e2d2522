package routes_test

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/vocab"
)

// revisionsOf lists a record's revisions through the admin API.
func (c adminClient) revisionsOf(collection, id string) []map[string]any {
	c.t.Helper()
	res := storyStep(c.t, c.h, apitest.Scenario{Path: "/api/admin/revisions?collection=" + collection + "&record=" + id, Headers: owner(c.token),
		ExpectedStatus: http.StatusOK})
	list, ok := res.JSON(c.t)["data"].([]any)
	if !ok {
		c.t.Fatalf("revisions: %s", res.Body)
	}
	var out []map[string]any
	for _, r := range list {
		out = append(out, r.(map[string]any))
	}
	return out
}

func newPost(h *apitest.Harness, title, slug string) *core.Record {
	return h.SaveRecord(vocab.Posts, map[string]any{"title": title, "slug": slug, "visibility": "public",
		"content": "<p>one</p>\n<p>two</p>\n", "draft": true})
}

// TestRevisionsAndRestores: the revisions saves leave and what restoring them does, on one
// app: each part edits posts of its own, and only the restore's part delivers webhooks.
func TestRevisionsAndRestores(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.SuperuserToken()
	for name, part := range map[string]func(*testing.T, adminClient){
		"every save leaves a revision":  everySaveLeavesARevision,
		"restore fires content.updated": restoreFiresContentUpdated,
		"restore of a deleted record":   restoreOfADeletedRecord,
	} {
		t.Run(name, func(t *testing.T) { part(t, adminClient{t: t, h: h.For(t), token: token}) })
	}
}

// everySaveLeavesARevision: a save from the dashboard (PocketBase's records API as the owner)
// and one from the v1 API each leave a revision of the values they replaced, naming who made
// them.
func everySaveLeavesARevision(t *testing.T, c adminClient) {
	h := c.h
	post := newPost(h, "First", "first")
	name := "Site deploy"
	key, _ := h.CreateKeyWith(keys.Fields{Name: &name, Scopes: &[]string{keys.ScopeWrite}})

	storyStep(t, h, apitest.Scenario{Name: "dashboard save", Method: http.MethodPatch, Path: "/api/collections/posts/records/" + post.Id,
		Headers: owner(c.token), Body: map[string]any{"title": "Second"}, ExpectedStatus: http.StatusOK})
	h.Clock.Advance(time.Minute)
	apiSaved, err := types.ParseDateTime(h.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	apiSave := apitest.Scenario{Name: "API save", Method: http.MethodPatch, Path: "/api/v1/posts/" + post.Id,
		Headers: apitest.Bearer(key), Body: map[string]any{"title": "Third"}, ExpectedStatus: http.StatusOK}
	storyStep(t, h, apiSave)
	// A save that changes nothing keeps nothing.
	apiSave.Name = "API save of the same title"
	storyStep(t, h, apiSave)

	revs := c.revisionsOf(vocab.Posts, post.Id)
	if len(revs) != 2 {
		t.Fatalf("%d revisions, want 2: %v", len(revs), revs)
	}
	newest, oldest := revs[0], revs[1]
	if newest["action"] != "update" || newest["fields"].(map[string]any)["title"] != "Second" ||
		newest["actor"].(map[string]any)["type"] != "key" || newest["actor"].(map[string]any)["name"] != "Site deploy" ||
		newest["created"] != apiSaved.String() {
		t.Errorf("API save's revision %v", newest)
	}
	if oldest["fields"].(map[string]any)["title"] != "First" ||
		oldest["actor"].(map[string]any)["type"] != "owner" || oldest["actor"].(map[string]any)["name"] != "owner@example.com" {
		t.Errorf("dashboard save's revision %v", oldest)
	}
}

// restoreFiresContentUpdated: a restore gives the record the revision's values, keeps what it
// overwrote as a "restore" revision and fires content.updated to a subscribed receiver.
func restoreFiresContentUpdated(t *testing.T, c adminClient) {
	h := c.h
	rcv, _, _ := registerReceiver(t, h)
	post := newPost(h, "Old title", "old-title")
	runDue(t, h)
	rcv.Next() // content.created

	post.Set("title", "New title")
	post.Set("content", "<p>one</p>\n<p>2</p>\n")
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	runDue(t, h)
	rcv.Next() // content.updated of the edit
	rev := c.revisionsOf(vocab.Posts, post.Id)[0]

	res := storyStep(t, h, apitest.Scenario{Name: "diff", Path: "/api/admin/revisions/" + rev["id"].(string) + "/diff", Headers: owner(c.token),
		ExpectedStatus: http.StatusOK})
	fields := map[string]map[string]any{}
	for _, f := range res.JSON(t)["data"].(map[string]any)["fields"].([]any) {
		fields[f.(map[string]any)["field"].(string)] = f.(map[string]any)
	}
	if fields["title"]["changed"] != true || fields["title"]["revision"] != "Old title" || fields["title"]["current"] != "New title" ||
		fields["slug"]["changed"] != false {
		t.Errorf("diff fields %v", fields)
	}
	lines := fields["content"]["lines"].([]any)
	want := []map[string]any{{"op": "equal", "text": "<p>one</p>\n"}, {"op": "delete", "text": "<p>two</p>\n"}, {"op": "insert", "text": "<p>2</p>\n"}}
	if len(lines) != len(want) {
		t.Fatalf("content lines %v", lines)
	}
	for i, l := range lines {
		if l.(map[string]any)["op"] != want[i]["op"] || l.(map[string]any)["text"] != want[i]["text"] {
			t.Errorf("line %d: %v, want %v", i, l, want[i])
		}
	}

	h.Clock.Advance(time.Minute)
	storyStep(t, h, apitest.Scenario{Name: "restore", Method: http.MethodPost, Path: "/api/admin/revisions/" + rev["id"].(string) + "/restore", Headers: owner(c.token),
		Body: map[string]any{"collection": "posts", "record": post.Id}, ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"data.fields.title": "Old title"}})
	runDue(t, h)
	got := rcv.Next()
	if got.Header.Get("X-Service-Event") != "content.updated" || !bytes.Contains(got.Body, []byte(`"title":"Old title"`)) {
		t.Errorf("receiver got %s %s", got.Header.Get("X-Service-Event"), got.Body)
	}
	revs := c.revisionsOf(vocab.Posts, post.Id)
	if len(revs) != 2 || revs[0]["action"] != "restore" || revs[0]["fields"].(map[string]any)["title"] != "New title" ||
		revs[0]["actor"].(map[string]any)["name"] != "owner@example.com" {
		t.Errorf("revisions after the restore %v", revs)
	}
}

// restoreOfADeletedRecord: a deleted record comes back with its id and slug, unless another
// record took the slug.
func restoreOfADeletedRecord(t *testing.T, c adminClient) {
	h := c.h
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWrite)
	post := newPost(h, "Gone", "gone")
	storyStep(t, h, apitest.Scenario{Name: "delete", Method: http.MethodDelete, Path: "/api/v1/posts/" + post.Id, Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusNoContent})
	rev := c.revisionsOf(vocab.Posts, post.Id)[0]
	if rev["action"] != "delete" || rev["fields"].(map[string]any)["slug"] != "gone" {
		t.Fatalf("delete revision %v", rev)
	}
	revPath := "/api/admin/revisions/" + rev["id"].(string)
	apitest.Scenario{Name: "diff of a deleted record", Path: revPath + "/diff", Headers: owner(c.token),
		ExpectedStatus: http.StatusConflict, ExpectedCode: "record_deleted"}.Test(t, h)

	taker := newPost(h, "Taker", "gone")
	apitest.Scenario{Name: "slug taken meanwhile", Method: http.MethodPost, Path: revPath + "/restore", Headers: owner(c.token),
		ExpectedStatus: http.StatusConflict, ExpectedCode: "slug_taken", ExpectedEvents: []string{}}.Test(t, h)
	if err := h.App.Delete(taker); err != nil {
		t.Fatal(err)
	}
	apitest.Scenario{Name: "restored", Method: http.MethodPost, Path: revPath + "/restore", Headers: owner(c.token),
		ExpectedStatus: http.StatusOK, ExpectedEvents: []string{"content.created"},
		ExpectedJSON: map[string]any{"data.id": post.Id, "data.fields.slug": "gone", "data.fields.created": post.GetDateTime("created").String()}}.Test(t, h)
}

// Bad input is a clear envelope, never a 500.
func TestRevisionRefusals(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	post := newPost(h, "A", "a")
	post.Set("title", "B")
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	rev := c.revisionsOf(vocab.Posts, post.Id)[0]["id"].(string)
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent, keys.ScopeWrite)
	scenarios := []apitest.Scenario{
		{Name: "no collection", Path: "/api/admin/revisions?record=" + post.Id, Headers: owner(c.token), ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "not a content collection", Path: "/api/admin/revisions?collection=api_keys&record=x", Headers: owner(c.token), ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "unknown revision", Path: "/api/admin/revisions/nosuchrevision1/diff", Headers: owner(c.token), ExpectedStatus: 404, ExpectedCode: "not_found"},
		{Name: "restore as another collection's", Method: http.MethodPost, Path: "/api/admin/revisions/" + rev + "/restore", Headers: owner(c.token),
			Body: map[string]any{"collection": "projects"}, ExpectedStatus: 409, ExpectedCode: "revision_mismatch"},
		{Name: "restore body with an unknown field", Method: http.MethodPost, Path: "/api/admin/revisions/" + rev + "/restore", Headers: owner(c.token),
			Body: map[string]any{"colection": "posts"}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "a key is not the owner", Path: "/api/admin/revisions?collection=posts&record=" + post.Id, Headers: apitest.Bearer(key), ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "records API without the owner", Path: "/api/collections/content_revisions/records", ExpectedStatus: 403},
		{Name: "records API with a key", Path: "/api/collections/content_revisions/records", Headers: apitest.Bearer(key), ExpectedStatus: 403},
		{Name: "v1 has no revisions", Path: "/api/v1/content_revisions", Headers: apitest.Bearer(key), ExpectedStatus: 404, ExpectedCode: "not_found"},
		{Name: "v2 has no revisions", Path: "/api/v2/content_revisions", Headers: apitest.Bearer(key), ExpectedStatus: 404, ExpectedCode: "not_found"},
	}
	for _, s := range scenarios {
		s.Test(t, h)
	}
	h.Clock.Advance(revisions.DefaultMaxAge + time.Minute)
	apitest.Scenario{Name: "past retention", Method: http.MethodPost, Path: "/api/admin/revisions/" + rev + "/restore", Headers: owner(c.token),
		ExpectedStatus: http.StatusGone, ExpectedCode: "revision_expired"}.Test(t, h)
	if n, err := h.Revisions.Prune(h.App); err != nil || n != 1 {
		t.Fatalf("prune: %d, %v", n, err)
	}
	apitest.Scenario{Name: "pruned", Path: "/api/admin/revisions/" + rev + "/diff", Headers: owner(c.token),
		ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}.Test(t, h)
}

// pngBytes is a one-pixel PNG of the given gray level, so that two files differ.
func pngBytes(t *testing.T, gray uint8) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 1, 1))
	img.Pix[0] = gray
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A replaced cover stays restorable while a revision names it, and pruning the revision
// deletes the copy it kept.
func TestRevisionsKeepReplacedFiles(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{Hooks: func(c *hooks.Config) { c.Revisions.Keep = 1 }})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	post := newPost(h, "Covered", "covered")
	first, err := filesystem.NewFileFromBytes(pngBytes(t, 10), "first.png")
	if err != nil {
		t.Fatal(err)
	}
	post.Set("cover", first)
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	oldName := post.GetString("cover")
	h.Clock.Advance(time.Minute)
	second, _ := filesystem.NewFileFromBytes(pngBytes(t, 200), "second.png")
	post.Set("cover", second)
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	rev := c.revisionsOf(vocab.Posts, post.Id)[0]
	if rev["fields"].(map[string]any)["cover"] != oldName {
		t.Fatalf("revision names cover %v, want %s", rev["fields"].(map[string]any)["cover"], oldName)
	}
	h.Clock.Advance(time.Minute)
	storyStep(t, h, apitest.Scenario{Name: "restore", Method: http.MethodPost, Path: "/api/admin/revisions/" + rev["id"].(string) + "/restore", Headers: owner(c.token),
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.fields.cover": oldName}})
	restored, err := h.App.FindRecordById(vocab.Posts, post.Id)
	if err != nil {
		t.Fatal(err)
	}
	if restored.GetString("cover") != oldName {
		t.Fatalf("cover %q after the restore, want %q", restored.GetString("cover"), oldName)
	}
	if got := readStored(t, h, restored.BaseFilesPath()+"/"+oldName); !bytes.Equal(got, pngBytes(t, 10)) {
		t.Error("the restored cover is not the first file")
	}
	// Keep = 1: the restore's own revision stays; the two before it go, with the copy of the cover.
	revCol, _ := h.App.FindCachedCollectionByNameOrId(vocab.ContentRevisions)
	if n, err := h.Revisions.Prune(h.App); err != nil || n != 2 {
		t.Fatalf("prune: %d, %v", n, err)
	}
	fsys, err := h.App.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	if ok, _ := fsys.Exists(revCol.Id + "/" + rev["id"].(string) + "/" + oldName); ok {
		t.Error("the pruned revision's copy of the cover is still stored")
	}
}

func readStored(t *testing.T, h *apitest.Harness, key string) []byte {
	t.Helper()
	fsys, err := h.App.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	r, err := fsys.GetReader(key)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A change a command makes (through Go code, with no actor of its own) names the command; one
// in a batch of PocketBase's records API names the owner.
func TestRevisionActorsOfCommandsAndBatches(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	post := newPost(h, "Start", "start")
	h.Revisions.RunningCommand("seed")
	post.Set("title", "By the command")
	if err := h.App.Save(post); err != nil {
		t.Fatal(err)
	}
	h.Clock.Advance(time.Minute)
	h.App.Settings().Batch.Enabled = true // off by default
	storyStep(t, h, apitest.Scenario{Name: "batch", Method: http.MethodPost, Path: "/api/batch", Headers: owner(c.token),
		Body: map[string]any{"requests": []map[string]any{{"method": "PATCH", "url": "/api/collections/posts/records/" + post.Id,
			"body": map[string]any{"title": "By a batch"}}}}, ExpectedStatus: http.StatusOK})
	revs := c.revisionsOf(vocab.Posts, post.Id)
	if len(revs) != 2 {
		t.Fatalf("revisions %v", revs)
	}
	if a := revs[1]["actor"].(map[string]any); a["type"] != "command" || a["name"] != "seed" {
		t.Errorf("the command's revision names %v", a)
	}
	if a := revs[0]["actor"].(map[string]any); a["type"] != "owner" || a["name"] != "owner@example.com" {
		t.Errorf("the batch's revision names %v", a)
	}
}
