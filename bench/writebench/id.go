package main

import "encoding/json"

// idOf reads the record id from an answer: v1 wraps it in "data", PocketBase's records API
// does not.
func idOf(body []byte) string {
	var out struct {
		ID   string `json:"id"`
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &out) != nil {
		return ""
	}
	if out.Data.ID != "" {
		return out.Data.ID
	}
	return out.ID
}
