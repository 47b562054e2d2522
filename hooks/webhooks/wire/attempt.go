package wire

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// Limits on what Send reads of a receiver's answer.
const (
	// MaxResponseRead is the most of a response body Send reads before
	// closing it; a receiver cannot make the sender download more.
	MaxResponseRead = 64 << 10
	// MaxExcerpt is the length of Result.ResponseExcerpt in bytes.
	MaxExcerpt = 1 << 10
	// MaxRetryAfter caps a receiver's Retry-After, so one answer cannot park
	// a delivery for years (or overflow a Duration).
	MaxRetryAfter = 24 * time.Hour
	// maxLocation caps the redirect target quoted in Result.Err.
	maxLocation = 200
)

// Outcome is what an attempt means for the delivery and its subscription.
type Outcome int

const (
	// Failed (the zero value): retry per the schedule and count a
	// consecutive failure. Non-2xx (410 aside), 3xx, time-outs and network
	// errors.
	Failed Outcome = iota
	// Delivered: the receiver answered 2xx.
	Delivered
	// Gone: the receiver answered 410; switch the subscription off at once.
	Gone
)

// String returns "failed", "delivered" or "gone", fit for storing.
func (o Outcome) String() string {
	switch o {
	case Delivered:
		return "delivered"
	case Gone:
		return "gone"
	case Failed:
		return "failed"
	default:
		return "Outcome(" + strconv.Itoa(int(o)) + ")"
	}
}

// Result is the record of one attempt, safe to store in delivery history and
// show the owner: Err never carries resolver, socket or TLS internals.
type Result struct {
	// StatusCode is the receiver's status, 0 if none was received.
	StatusCode int
	// Duration is from just before the request to after the body was read,
	// measured with the injected clock.
	Duration time.Duration
	// Err is empty on delivery, else short and safe: "timeout",
	// "connection refused", "redirect to https://... not followed",
	// "HTTP 500", "destination is not a public address", ...
	Err string
	// ResponseExcerpt is the first MaxExcerpt bytes of the response body as
	// valid UTF-8.
	ResponseExcerpt string
	// Outcome classifies the attempt.
	Outcome Outcome
	// RetryAfter is the receiver's Retry-After on a 429 (seconds or HTTP
	// date, capped at MaxRetryAfter), else 0. NextAttempt waits at least this.
	RetryAfter time.Duration
}

// Send makes one attempt of req with client (from NewClient) and classifies
// the answer. ctx governs the attempt and replaces req's context; now is the
// clock for Duration and for an HTTP-date Retry-After. Redirects are never
// followed, whatever client's CheckRedirect says. At most MaxResponseRead
// bytes of the body are read before it is closed. A 2xx is Delivered, a 410
// Gone, anything else Failed.
func Send(ctx context.Context, client *http.Client, req *http.Request, now func() time.Time) Result {
	if now == nil {
		now = time.Now
	}
	c := *client // a shallow copy shares the transport; only the redirect policy changes
	c.CheckRedirect = noRedirect

	start := now()
	resp, err := c.Do(req.WithContext(ctx))
	if err != nil {
		return Result{Duration: now().Sub(start), Err: describeError(err), Outcome: Failed}
	}
	// A body that breaks off mid-read does not change the outcome: the
	// status line is the receiver's answer, and the excerpt keeps what came.
	excerpt, _ := readCapped(resp.Body)
	resp.Body.Close()
	end := now()

	res := Result{
		StatusCode:      resp.StatusCode,
		Duration:        end.Sub(start),
		ResponseExcerpt: excerpt,
		Outcome:         Failed,
	}
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		res.Outcome = Delivered
	case code == http.StatusGone:
		res.Outcome = Gone
		res.Err = "HTTP 410"
	case code >= 300 && code < 400:
		res.Err = "HTTP " + strconv.Itoa(code)
		if loc, err := resp.Location(); err == nil {
			res.Err = "redirect to " + clip(loc.String(), maxLocation) + " not followed"
		}
	default:
		res.Err = "HTTP " + strconv.Itoa(code)
		if code == http.StatusTooManyRequests {
			res.RetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), end)
		}
	}
	return res
}

// readCapped reads at most MaxResponseRead bytes of body and returns the
// first MaxExcerpt of them as valid UTF-8. The rest is left unread, which
// costs the connection but not the bandwidth.
func readCapped(body io.Reader) (string, error) {
	limited := io.LimitReader(body, MaxResponseRead)
	head := make([]byte, MaxExcerpt)
	n, err := io.ReadFull(limited, head)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return excerptOf(head[:n], false), nil // the whole body
	}
	excerpt := excerptOf(head[:n], true)
	if err != nil {
		return excerpt, err
	}
	_, err = io.Copy(io.Discard, limited)
	return excerpt, err
}

// excerptOf turns raw bytes into valid UTF-8 of at most MaxExcerpt bytes.
// cut says the bytes may end inside a character, which is dropped rather
// than shown as a replacement character.
func excerptOf(b []byte, cut bool) string {
	if cut {
		for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
			if utf8.RuneStart(b[i]) {
				if !utf8.FullRune(b[i:]) {
					b = b[:i]
				}
				break
			}
		}
	}
	return clip(strings.ToValidUTF8(string(b), "\uFFFD"), MaxExcerpt)
}

// clip shortens valid UTF-8 s to at most n bytes on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// parseRetryAfter reads a Retry-After of delay-seconds or an HTTP date
// (relative to now). Unparsable, negative or past values are 0.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseUint(v, 10, 64); err == nil {
		if secs >= uint64(MaxRetryAfter/time.Second) {
			return MaxRetryAfter
		}
		return time.Duration(secs) * time.Second
	}
	if at, err := http.ParseTime(v); err == nil {
		return min(max(at.Sub(now), 0), MaxRetryAfter)
	}
	return 0
}

// describeError maps a transport error to a short message that leaks no
// resolver addresses, socket details or internal paths.
func describeError(err error) string {
	var (
		dnsErr     *net.DNSError
		verifyErr  *tls.CertificateVerificationError
		hostErr    x509.HostnameError
		authErr    x509.UnknownAuthorityError
		invalidErr x509.CertificateInvalidError
		recordErr  tls.RecordHeaderError
		alertErr   tls.AlertError
	)
	switch {
	case errors.Is(err, ErrURLNotPublic):
		return "destination is not a public address"
	case errors.Is(err, errSchemeNotAllowed):
		return "URL scheme not allowed"
	case isTimeout(err):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.As(err, &dnsErr):
		if dnsErr.IsNotFound {
			return "host not found"
		}
		return "DNS lookup failed"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "host unreachable"
	case errors.Is(err, syscall.ENETUNREACH):
		return "network unreachable"
	case errors.As(err, &verifyErr), errors.As(err, &hostErr),
		errors.As(err, &authErr), errors.As(err, &invalidErr):
		return "TLS certificate not valid"
	case errors.As(err, &recordErr), errors.As(err, &alertErr),
		// net/http turns a RecordHeaderError from a plain-HTTP receiver into
		// an unexported error; its text is the only handle (pinned by a test).
		strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return "TLS handshake failed"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed by receiver"
	default:
		return "request failed"
	}
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
