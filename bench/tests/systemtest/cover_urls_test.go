//go:build system

package systemtest

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// onePixelPNG is a 1×1 PNG, an image PocketBase makes thumbnails of.
var onePixelPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82")

// The cover URLs of a server started on a port of its own (not PocketBase's default
// Application URL, http://localhost:8090) load: the cover, each declared thumbnail and an
// undeclared size (the original).
func TestCoverURLsLoadOnAnyPort(t *testing.T) {
	dir := t.TempDir()
	s := Start(t, dir, "--rate-limits=off")
	owner := s.OwnerToken(t, "owner@example.com", "a long owner password")
	_, key := CreateKey(t, dir, "reader", "read")

	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	for k, v := range map[string]string{"title": "With a cover", "visibility": "public", "draft": "false"} {
		w.WriteField(k, v)
	}
	part, err := w.CreateFormFile("cover", "cover.png")
	if err != nil {
		t.Fatal(err)
	}
	part.Write(onePixelPNG)
	w.Close()
	req, err := http.NewRequest(http.MethodPost, s.Base+"/api/collections/posts/records", &form)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", owner)
	if res, body := Send(t, s.Client, req); res.StatusCode != http.StatusOK {
		t.Fatalf("uploading a cover: %d %s", res.StatusCode, body)
	}

	status, body := s.Get(t, "/api/v1/posts/with-a-cover", "Bearer "+key)
	var post struct {
		Data struct {
			Cover       string            `json:"cover"`
			CoverThumbs map[string]string `json:"cover_thumbs"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &post); status != http.StatusOK || err != nil {
		t.Fatalf("GET the post: %d %s", status, body)
	}
	urls := []string{post.Data.Cover, post.Data.Cover + "?thumb=33x33"}
	for _, size := range []string{"100x100", "600x0"} {
		urls = append(urls, post.Data.CoverThumbs[size])
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, s.Base+"/api/files/") {
			t.Fatalf("%q does not start with the server's address %s", u, s.Base)
		}
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, img := Send(t, s.Client, req)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/png") || len(img) == 0 {
			t.Errorf("GET %s: %d %s", u, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
}
