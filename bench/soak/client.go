package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// Each kind of client calls from loopback addresses of its own (127.0.0.0/8 is all loopback on
// Linux), so each has its own rate-limit buckets: 127.<kind>.<i/250>.<i%250+1>.
const (
	kindReader    = 10
	kindWriter    = 11
	kindDashboard = 12
	kindPoller    = 13
	kindLogin     = 14
	kindSetup     = 15
	kindCheck     = 16
)

// clientFrom is an HTTP client whose connections come from the i-th address of kind, with one
// kept-alive connection, as a browser or a site's server would hold.
func clientFrom(kind byte, i int) *http.Client {
	local := &net.TCPAddr{IP: net.IPv4(127, kind, byte(i/250), byte(i%250+1))}
	dialer := &net.Dialer{LocalAddr: local, Timeout: 5 * time.Second}
	return &http.Client{
		Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 1},
		Timeout:   60 * time.Second,
	}
}

// answer is one exchange: its status and body, how long it took, or the transport error.
type answer struct {
	status int
	body   []byte
	took   time.Duration
	err    error
}

// call sends a request with the Authorization header auth (empty: none) and body (nil: none,
// else JSON) and reads the whole answer.
func call(c *http.Client, method, url, auth string, body any) answer {
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return answer{err: err}
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, reader)
	if err != nil {
		return answer{err: err}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	start := time.Now()
	res, err := c.Do(req)
	if err != nil {
		return answer{took: time.Since(start), err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: raw, took: time.Since(start), err: err}
}

// decode unmarshals the answer's body into v, for answers with status want.
func (a answer) decode(want int, v any) error {
	if a.err != nil {
		return a.err
	}
	if a.status != want {
		return &unexpected{a}
	}
	return json.Unmarshal(a.body, v)
}

// unexpected is an answer whose status the caller did not expect.
type unexpected struct{ a answer }

func (u *unexpected) Error() string {
	body := u.a.body
	if len(body) > 300 {
		body = body[:300]
	}
	return fmt.Sprintf("status %d: %s", u.a.status, body)
}
