package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// receiver is one subscription's endpoint: it answers 200 to every push and notes the
// delivery ids it got and whether each signature verified (an HMAC-SHA256 of the raw body
// keyed with the whole secret, independent of the server's code).
type receiver struct {
	url    string
	secret atomic.Pointer[string]
	srv    *http.Server

	mu      sync.Mutex
	seen    map[string]bool
	repeats int
	badSigs int
}

// receivers are all of them, with the count of first receipts the sampler reads.
type receivers struct {
	all    []*receiver
	unique atomic.Int64
}

// startReceivers listens with n receivers on free loopback ports.
func startReceivers(n int) *receivers {
	rs := &receivers{}
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err) // loopback ports are not expected to run out
		}
		r := &receiver{url: "http://" + ln.Addr().String() + "/hook", seen: map[string]bool{}}
		empty := ""
		r.secret.Store(&empty)
		r.srv = &http.Server{Handler: rs.handler(r), ReadHeaderTimeout: 10 * time.Second}
		go r.srv.Serve(ln)
		rs.all = append(rs.all, r)
	}
	return rs
}

func (rs *receivers) handler(r *receiver) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return
		}
		mac := hmac.New(sha256.New, []byte(*r.secret.Load()))
		mac.Write(body)
		valid := hmac.Equal([]byte(req.Header.Get("X-Service-Signature")), []byte("sha256="+hex.EncodeToString(mac.Sum(nil))))
		id := req.Header.Get("X-Service-Delivery")
		r.mu.Lock()
		if !valid {
			r.badSigs++
		}
		if r.seen[id] {
			r.repeats++
		} else {
			r.seen[id] = true
			rs.unique.Add(1)
		}
		r.mu.Unlock()
		w.WriteHeader(http.StatusOK)
	}
}

// tally is what every receiver got: deliveries (first receipts), repeats and bad signatures.
func (rs *receivers) tally() (unique, repeats, badSigs int) {
	for _, r := range rs.all {
		r.mu.Lock()
		unique += len(r.seen)
		repeats += r.repeats
		badSigs += r.badSigs
		r.mu.Unlock()
	}
	return unique, repeats, badSigs
}

func (rs *receivers) close() {
	for _, r := range rs.all {
		r.srv.Close()
	}
}
