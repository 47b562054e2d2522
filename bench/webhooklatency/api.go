package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// client calls the server's API with one key.
type client struct {
	base, key string
	http      *http.Client
}

// post sends body to path with the key and decodes the 201's JSON.
func (c client) post(path string, body any) (map[string]any, error) {
	data, err := c.send("Bearer "+c.key, path, body, http.StatusCreated)
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	return out, json.Unmarshal(data, &out)
}

// send POSTs body as JSON to path with the Authorization header auth and returns the answer's
// body, or an error when the status is not want.
func (c client) send(auth, path string, body any, want int) ([]byte, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, c.base+path, bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", auth)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != want {
		return nil, fmt.Errorf("POST %s: %d %s", path, res.StatusCode, data)
	}
	return data, nil
}

// subscribe registers url for content.created.
func (c client) subscribe(url string) error {
	_, err := c.post("/api/v2/webhooks", map[string]any{"url": url, "events": []string{"content.created"}})
	return err
}

// writePost creates a public post and returns its id.
func (c client) writePost(title string) (string, error) {
	out, err := c.post("/api/v1/posts", map[string]any{"title": title, "visibility": "public"})
	if err != nil {
		return "", err
	}
	data, _ := out["data"].(map[string]any)
	id, _ := data["id"].(string)
	if id == "" {
		return "", fmt.Errorf("POST /api/v1/posts: no id in %v", out)
	}
	return id, nil
}

// batchPosts creates public posts in one transaction, through PocketBase's batch API with
// the owner's token, and returns their ids.
func (c client) batchPosts(ownerToken string, titles []string) ([]string, error) {
	type request struct {
		Method string         `json:"method"`
		URL    string         `json:"url"`
		Body   map[string]any `json:"body"`
	}
	reqs := make([]request, len(titles))
	for i, title := range titles {
		reqs[i] = request{Method: http.MethodPost, URL: "/api/collections/posts/records",
			Body: map[string]any{"title": title, "visibility": "public"}}
	}
	data, err := c.send(ownerToken, "/api/batch", map[string]any{"requests": reqs}, http.StatusOK)
	if err != nil {
		return nil, err
	}
	var out []struct {
		Body struct {
			ID string `json:"id"`
		} `json:"body"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	ids := make([]string, len(out))
	for i, r := range out {
		ids[i] = r.Body.ID
	}
	return ids, nil
}
