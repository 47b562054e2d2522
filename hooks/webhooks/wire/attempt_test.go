package wire

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// stepClock is an injected clock that moves one step per reading, so
// Duration is exact and nothing sleeps.
type stepClock struct {
	mu   sync.Mutex
	at   time.Time
	step time.Duration
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.at
	c.at = c.at.Add(c.step)
	return t
}

// clockBase is a whole second, so HTTP dates relative to it are exact.
var clockBase = time.Date(2026, 11, 21, 20, 10, 25, 0, time.UTC)

// receiver is a real httptest.Server set up for one case.
type receiver struct {
	url string
	// wrap adjusts the client under test; nil keeps it.
	wrap func(*http.Client) *http.Client
	// check runs after Send.
	check func(t *testing.T)
}

func serve(h http.Handler) func(t *testing.T) receiver {
	return func(t *testing.T) receiver {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return receiver{url: srv.URL}
	}
}

// serveTLS is serve over https with httptest's self-signed certificate,
// which the delivery client does not trust.
func serveTLS(h http.Handler) func(t *testing.T) receiver {
	return func(t *testing.T) receiver {
		srv := httptest.NewUnstartedServer(h)
		srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
		srv.StartTLS()
		t.Cleanup(srv.Close)
		return receiver{url: srv.URL}
	}
}

// httpsToPlain is an https URL for a receiver that only speaks http.
func httpsToPlain(t *testing.T) receiver {
	srv := httptest.NewServer(reply(200, nil, ""))
	t.Cleanup(srv.Close)
	return receiver{url: strings.Replace(srv.URL, "http://", "https://", 1)}
}

func reply(status int, header map[string]string, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
}

// redirectReceiver answers 302 to /elsewhere and fails the test if
// /elsewhere is requested. followingClient swaps in a client whose own
// policy would follow the redirect, which Send must override.
func redirectReceiver(followingClient bool) func(t *testing.T) receiver {
	return func(t *testing.T) receiver {
		var followed atomic.Int32
		mux := http.NewServeMux()
		mux.HandleFunc("/elsewhere", func(w http.ResponseWriter, r *http.Request) { followed.Add(1) })
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		})
		srv := httptest.NewServer(mux)
		t.Cleanup(srv.Close)
		rcv := receiver{url: srv.URL, check: func(t *testing.T) {
			if n := followed.Load(); n != 0 {
				t.Errorf("redirect followed %d times", n)
			}
		}}
		if followingClient {
			rcv.wrap = func(c *http.Client) *http.Client {
				return &http.Client{Transport: c.Transport, Timeout: c.Timeout}
			}
		}
		return rcv
	}
}

// blockingReceiver never answers until the test ends or the client gives up.
func blockingReceiver(t *testing.T) receiver {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first, so Close does not wait
	return receiver{url: srv.URL}
}

// closedReceiver is the address of a receiver that has shut down.
func closedReceiver(t *testing.T) receiver {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	return receiver{url: url}
}

// hugeReceiver answers 200 with 10 MiB and checks that the client read no
// more than MaxResponseRead of it.
func hugeReceiver(t *testing.T) receiver {
	chunk := []byte(strings.Repeat("a", 64<<10))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(10<<20))
		for range (10 << 20) / len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return // the client hung up, as it should
			}
		}
	}))
	t.Cleanup(srv.Close)
	var read atomic.Int64
	return receiver{
		url: srv.URL,
		wrap: func(c *http.Client) *http.Client {
			c.Transport = countingTransport{next: c.Transport, read: &read}
			return c
		},
		check: func(t *testing.T) {
			if n := read.Load(); n != MaxResponseRead {
				t.Errorf("read %d body bytes, want exactly %d", n, MaxResponseRead)
			}
		},
	}
}

// countingTransport counts the response body bytes the client reads.
type countingTransport struct {
	next http.RoundTripper
	read *atomic.Int64
}

func (c countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(req)
	if resp != nil {
		resp.Body = countingBody{resp.Body, c.read}
	}
	return resp, err
}

type countingBody struct {
	io.ReadCloser
	read *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.read.Add(int64(n))
	return n, err
}

func TestSend(t *testing.T) {
	canceled := func() context.Context {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx
	}
	retryAt := func(d time.Duration) map[string]string {
		return map[string]string{"Retry-After": clockBase.Add(d).Format(http.TimeFormat)}
	}
	tests := []struct {
		name    string
		setup   func(t *testing.T) receiver
		timeout time.Duration // client timeout; 0 = default
		ctx     func() context.Context
		want    Result // Duration is always one clock step; {{URL}} is the receiver
	}{
		{
			name:  "200 delivered",
			setup: serve(reply(200, nil, `{"ok":true}`)),
			want:  Result{StatusCode: 200, Outcome: Delivered, ResponseExcerpt: `{"ok":true}`},
		},
		{
			name:  "204 delivered",
			setup: serve(reply(204, nil, "")),
			want:  Result{StatusCode: 204, Outcome: Delivered},
		},
		{
			name:  "500 failed",
			setup: serve(reply(500, nil, "boom")),
			want:  Result{StatusCode: 500, Outcome: Failed, Err: "HTTP 500", ResponseExcerpt: "boom"},
		},
		{
			name:  "410 gone",
			setup: serve(reply(410, nil, "unsubscribed")),
			want:  Result{StatusCode: 410, Outcome: Gone, Err: "HTTP 410", ResponseExcerpt: "unsubscribed"},
		},
		{
			name:  "429 with Retry-After seconds",
			setup: serve(reply(429, map[string]string{"Retry-After": "120"}, "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429", RetryAfter: 120 * time.Second},
		},
		{
			name: "429 with Retry-After HTTP date",
			// The response is read at clockBase+1s, one clock step.
			setup: serve(reply(429, retryAt(91*time.Second), "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429", RetryAfter: 90 * time.Second},
		},
		{
			name:  "429 with Retry-After date in the past",
			setup: serve(reply(429, retryAt(-time.Hour), "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429"},
		},
		{
			name:  "429 with a year of Retry-After is capped",
			setup: serve(reply(429, map[string]string{"Retry-After": "31536000"}, "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429", RetryAfter: MaxRetryAfter},
		},
		{
			name:  "429 with a far HTTP date is capped",
			setup: serve(reply(429, retryAt(400*24*time.Hour), "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429", RetryAfter: MaxRetryAfter},
		},
		{
			name:  "429 with garbage Retry-After",
			setup: serve(reply(429, map[string]string{"Retry-After": "-5"}, "")),
			want:  Result{StatusCode: 429, Outcome: Failed, Err: "HTTP 429"},
		},
		{
			name:  "503 Retry-After is not a 429's",
			setup: serve(reply(503, map[string]string{"Retry-After": "120"}, "")),
			want:  Result{StatusCode: 503, Outcome: Failed, Err: "HTTP 503"},
		},
		{
			name:  "302 redirect not followed",
			setup: redirectReceiver(false),
			want:  Result{StatusCode: 302, Outcome: Failed, Err: "redirect to {{URL}}/elsewhere not followed"},
		},
		{
			name:  "302 not followed even with a client that follows redirects",
			setup: redirectReceiver(true),
			want:  Result{StatusCode: 302, Outcome: Failed, Err: "redirect to {{URL}}/elsewhere not followed"},
		},
		{
			name:  "304 without Location",
			setup: serve(reply(304, nil, "")),
			want:  Result{StatusCode: 304, Outcome: Failed, Err: "HTTP 304"},
		},
		{
			name:    "receiver slower than the timeout",
			setup:   blockingReceiver,
			timeout: 200 * time.Millisecond,
			want:    Result{Outcome: Failed, Err: "timeout"},
		},
		{
			name:  "connection refused",
			setup: closedReceiver,
			want:  Result{Outcome: Failed, Err: "connection refused"},
		},
		{
			name:  "untrusted certificate",
			setup: serveTLS(reply(200, nil, "")),
			want:  Result{Outcome: Failed, Err: "TLS certificate not valid"},
		},
		{
			name:  "https to a receiver that speaks plain http",
			setup: httpsToPlain,
			want:  Result{Outcome: Failed, Err: "TLS handshake failed"},
		},
		{
			name:  "canceled by the caller",
			setup: serve(reply(200, nil, "")),
			ctx:   canceled,
			want:  Result{Outcome: Failed, Err: "canceled"},
		},
		{
			name:  "10 MiB body read only up to the cap",
			setup: hugeReceiver,
			want:  Result{StatusCode: 200, Outcome: Delivered, ResponseExcerpt: strings.Repeat("a", MaxExcerpt)},
		},
		{
			name:  "invalid UTF-8 in the body",
			setup: serve(reply(500, nil, "bad \xff\xfe bytes")),
			want:  Result{StatusCode: 500, Outcome: Failed, Err: "HTTP 500", ResponseExcerpt: "bad \uFFFD bytes"},
		},
		{
			name:  "excerpt cut before a split character",
			setup: serve(reply(500, nil, strings.Repeat("x", MaxExcerpt-1)+"é and more")),
			want:  Result{StatusCode: 500, Outcome: Failed, Err: "HTTP 500", ResponseExcerpt: strings.Repeat("x", MaxExcerpt-1)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rcv := tt.setup(t)
			client := NewClient(ClientOptions{AllowPrivate: true, Timeout: tt.timeout})
			t.Cleanup(client.CloseIdleConnections)
			if rcv.wrap != nil {
				client = rcv.wrap(client)
			}
			ctx := context.Background()
			if tt.ctx != nil {
				ctx = tt.ctx()
			}
			req, err := http.NewRequest(http.MethodPost, rcv.url, strings.NewReader(`{"id":"evt_1"}`))
			if err != nil {
				t.Fatal(err)
			}
			clock := &stepClock{at: clockBase, step: time.Second}

			got := Send(ctx, client, req, clock.Now)

			want := tt.want
			want.Duration = time.Second
			want.Err = strings.ReplaceAll(want.Err, "{{URL}}", rcv.url)
			if got != want {
				t.Errorf("Send\n got %s\nwant %s", brief(got), brief(want))
			}
			if !utf8.ValidString(got.ResponseExcerpt) || len(got.ResponseExcerpt) > MaxExcerpt {
				t.Errorf("excerpt is not valid UTF-8 of at most %d bytes", MaxExcerpt)
			}
			if rcv.check != nil {
				rcv.check(t)
			}
		})
	}
}

// brief prints a Result with a short excerpt.
func brief(r Result) string {
	r.ResponseExcerpt = fmt.Sprintf("%d bytes %q", len(r.ResponseExcerpt), clip(r.ResponseExcerpt, 40))
	return fmt.Sprintf("%+v", r)
}

func TestOutcomeString(t *testing.T) {
	tests := []struct {
		o    Outcome
		want string
	}{
		{Failed, "failed"}, {Delivered, "delivered"}, {Gone, "gone"}, {Outcome(9), "Outcome(9)"},
	}
	for _, tt := range tests {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%d: got %q, want %q", int(tt.o), got, tt.want)
		}
	}
	var zero Result
	if zero.Outcome != Failed {
		t.Error("the zero Outcome must be Failed, the safe reading of a missing result")
	}
}

func TestDescribeError(t *testing.T) {
	// Transport errors as net/http wraps them; the messages of the inner
	// errors carry resolver addresses and socket details that must not leak.
	wrap := func(err error) error {
		return &url.Error{Op: "Post", URL: "https://hooks.example.com/x", Err: &net.OpError{
			Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 443}, Err: err,
		}}
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"not found", wrap(&net.DNSError{Err: "no such host", Name: "x", Server: "10.9.8.7:53", IsNotFound: true}), "host not found"},
		{"dns server failure", wrap(&net.DNSError{Err: "server misbehaving", Name: "x", Server: "10.9.8.7:53"}), "DNS lookup failed"},
		{"dns timeout", wrap(&net.DNSError{Err: "i/o timeout", Name: "x", Server: "10.9.8.7:53", IsTimeout: true}), "timeout"},
		{"deadline", wrap(context.DeadlineExceeded), "timeout"},
		{"canceled", wrap(context.Canceled), "canceled"},
		{"refused", wrap(os.NewSyscallError("connect", syscall.ECONNREFUSED)), "connection refused"},
		{"reset", wrap(os.NewSyscallError("read", syscall.ECONNRESET)), "connection reset"},
		{"host unreachable", wrap(os.NewSyscallError("connect", syscall.EHOSTUNREACH)), "host unreachable"},
		{"network unreachable", wrap(os.NewSyscallError("connect", syscall.ENETUNREACH)), "network unreachable"},
		{"unknown authority", wrap(x509.UnknownAuthorityError{}), "TLS certificate not valid"},
		{"wrong host", wrap(x509.HostnameError{Certificate: &x509.Certificate{}, Host: "x"}), "TLS certificate not valid"},
		{"expired", wrap(x509.CertificateInvalidError{Reason: x509.Expired}), "TLS certificate not valid"},
		{"not TLS", wrap(tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}), "TLS handshake failed"},
		{"alert", wrap(tls.AlertError(40)), "TLS handshake failed"},
		{"eof", wrap(io.EOF), "connection closed by receiver"},
		{"unexpected eof", wrap(io.ErrUnexpectedEOF), "connection closed by receiver"},
		{"not public", wrap(&URLError{Kind: ErrURLNotPublic, Reason: "10.1.2.3 is a private address"}), "destination is not a public address"},
		{"scheme", &url.Error{Op: "Post", URL: "gopher://x", Err: &URLError{Kind: ErrURLInvalid, Cause: errSchemeNotAllowed}}, "URL scheme not allowed"},
		{"anything else", wrap(errors.New("/var/lib/secret/path: permission denied")), "request failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describeError(tt.err); got != tt.want {
				t.Errorf("describeError(%v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}
