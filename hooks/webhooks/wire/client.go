package wire

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"code.dny.dev/ssrf"
)

// DefaultTimeout bounds one delivery attempt, connection and body included.
const DefaultTimeout = 10 * time.Second

// MaxURLLength is the longest webhook URL accepted at registration.
const MaxURLLength = 2048

// resolveTimeout bounds the DNS lookup of ValidateURL.
const resolveTimeout = 5 * time.Second

// Sentinel errors of URL validation and of the dial-time guard. They are
// returned inside a *URLError whose message is safe to show a client; match
// them with errors.Is.
var (
	// ErrURLInvalid: the URL is malformed or not allowed in form (scheme,
	// user info, fragment, length).
	ErrURLInvalid = errors.New("invalid webhook URL")
	// ErrURLNotPublic: the host is a loopback, private, link-local or
	// otherwise non-public address. As the cause of ErrURLHostRefused: the
	// name resolves to one.
	ErrURLNotPublic = errors.New("webhook URL is not a public address")
	// ErrURLHostRefused: the host is a name that does not resolve, resolves
	// to nothing usable, or resolves to a non-public address. One kind and
	// one message for all of them: answers that told them apart would let
	// whoever registers URLs map the internal DNS (which names exist inside,
	// and which point into the private network). The cause, for logs, is
	// ErrURLUnresolvable or ErrURLNotPublic.
	ErrURLHostRefused = errors.New("webhook URL host is refused")
	// ErrURLUnresolvable is the cause inside ErrURLHostRefused when the
	// name has no usable address or the lookup failed.
	ErrURLUnresolvable = errors.New("webhook URL host could not be resolved")
)

// URLError is a refused webhook URL or destination. Error() is the public
// message (Kind plus a short Reason, no resolver or network internals); the
// private Cause is kept for logs and errors.As.
type URLError struct {
	// Kind is one of ErrURLInvalid, ErrURLNotPublic, ErrURLHostRefused.
	Kind error
	// Reason says what is wrong, in words a client can act on.
	Reason string
	// Cause is the underlying error, if any; it is not part of Error().
	Cause error
}

// Error returns the client-safe message.
func (e *URLError) Error() string {
	if e.Reason == "" {
		return e.Kind.Error()
	}
	return e.Kind.Error() + ": " + e.Reason
}

// Unwrap exposes both the sentinel and the cause to errors.Is and errors.As.
func (e *URLError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

func invalidURL(reason string) error { return &URLError{Kind: ErrURLInvalid, Reason: reason} }

// Resolver looks up the addresses of a host; *net.Resolver satisfies it, and
// tests pass a fake.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// ClientOptions configures NewClient.
type ClientOptions struct {
	// AllowPrivate switches the address guard off and allows http as well
	// as https: the owner's site_settings.webhooks_allow_private, for local
	// development and tests.
	AllowPrivate bool
	// Timeout bounds one attempt; zero or negative means DefaultTimeout.
	Timeout time.Duration
}

// guardian decides which dialled addresses are public. Any port is allowed:
// receivers on :8443 are common, and the address check is what stops SSRF.
var guardian = ssrf.New(ssrf.WithAnyPort())

// NewClient returns the HTTP client for deliveries. Unless AllowPrivate, the
// address check runs in the dialer's Control hook on the address actually
// being connected to, after DNS resolution, so a name that resolved to a
// public address at registration and to 127.0.0.1 now (DNS rebinding) is
// still refused; and only https is allowed. Redirects are never followed
// (the 3xx is returned and Send counts it as a failure), and no proxy is
// taken from the environment, so the guard sees the real destination.
func NewClient(opts ClientOptions) *http.Client {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	if !opts.AllowPrivate {
		dialer.Control = guardDial
	}
	transport := &http.Transport{
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           100,
		MaxIdleConnsPerHost:    4,
		IdleConnTimeout:        90 * time.Second,
		TLSHandshakeTimeout:    timeout,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
	}
	return &http.Client{
		Transport:     &schemeGuard{next: transport, allowHTTP: opts.AllowPrivate},
		CheckRedirect: noRedirect,
		Timeout:       timeout,
	}
}

// noRedirect makes the client hand back the 3xx instead of following it: a
// redirect could lead the guard-checked request anywhere.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// guardDial is the net.Dialer Control hook: address is the resolved
// ip:port about to be connected to.
func guardDial(network, address string, c syscall.RawConn) error {
	err := guardian.Safe(network, address, c)
	if err == nil {
		return nil
	}
	reason := "destination is not permitted"
	if ap, perr := netip.ParseAddrPort(address); perr == nil {
		reason = ap.Addr().Unmap().String() + " is " + addrKind(ap.Addr()) + " address"
	}
	return &URLError{Kind: ErrURLNotPublic, Reason: reason, Cause: err}
}

// errSchemeNotAllowed is the cause when a request's scheme is refused.
var errSchemeNotAllowed = errors.New("URL scheme not allowed")

// schemeGuard refuses every scheme but https (and http if allowHTTP) before
// anything is dialled.
type schemeGuard struct {
	next      http.RoundTripper
	allowHTTP bool
}

// RoundTrip implements http.RoundTripper.
func (g *schemeGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if reason := schemeProblem(req.URL.Scheme, g.allowHTTP); reason != "" {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper must close the body, even on error
		}
		return nil, &URLError{Kind: ErrURLInvalid, Reason: reason, Cause: errSchemeNotAllowed}
	}
	return g.next.RoundTrip(req)
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// transport.
func (g *schemeGuard) CloseIdleConnections() {
	if c, ok := g.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

func schemeProblem(scheme string, allowHTTP bool) string {
	switch {
	case scheme == "https":
		return ""
	case scheme == "http" && allowHTTP:
		return ""
	case allowHTTP:
		return "scheme must be http or https"
	default:
		return "scheme must be https"
	}
}

// ValidateURL checks a webhook URL at registration: absolute, https (http
// too if allowPrivate), a host, no user info, no fragment, at most
// MaxURLLength bytes; unless allowPrivate, the host must be, or resolve
// (with net.DefaultResolver) only to, public addresses. Delivery checks the
// address again at dial time, so this is a courtesy to the owner, not the
// only line of defence.
func ValidateURL(raw string, allowPrivate bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), resolveTimeout)
	defer cancel()
	return ValidateURLWith(ctx, net.DefaultResolver, raw, allowPrivate)
}

// ValidateURLWith is ValidateURL with the context and resolver supplied; a
// nil resolver means net.DefaultResolver. Every address the host resolves to
// must be public, since the dialer may pick any of them.
func ValidateURLWith(ctx context.Context, r Resolver, raw string, allowPrivate bool) error {
	if len(raw) > MaxURLLength {
		return invalidURL("URL is longer than " + strconv.Itoa(MaxURLLength) + " characters")
	}
	if strings.IndexFunc(raw, func(c rune) bool { return c <= ' ' || c == 0x7f }) >= 0 {
		return invalidURL("URL contains spaces or control characters")
	}
	if strings.Contains(raw, "#") {
		return invalidURL("URL must not contain a fragment")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return &URLError{Kind: ErrURLInvalid, Reason: "URL cannot be parsed", Cause: err}
	}
	if !u.IsAbs() || u.Opaque != "" {
		return invalidURL("URL must be absolute, e.g. https://example.com/webhook")
	}
	if reason := schemeProblem(u.Scheme, allowPrivate); reason != "" {
		return invalidURL(reason)
	}
	if u.User != nil {
		return invalidURL("URL must not contain a user name or password")
	}
	host := u.Hostname()
	if host == "" {
		return invalidURL("URL has no host")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return invalidURL("port is out of range")
		}
	}
	if allowPrivate {
		return nil
	}

	if ip, err := netip.ParseAddr(host); err == nil {
		if guardian.SafeAddr(ip.Unmap()) != nil {
			return &URLError{Kind: ErrURLNotPublic, Reason: ip.Unmap().String() + " is " + addrKind(ip) + " address"}
		}
		return nil
	}
	if r == nil {
		r = net.DefaultResolver
	}
	addrs, err := r.LookupIPAddr(ctx, host)
	if err != nil {
		return hostRefused(host, fmt.Errorf("%w: lookup failed: %w", ErrURLUnresolvable, err))
	}
	if len(addrs) == 0 {
		return hostRefused(host, fmt.Errorf("%w: no address", ErrURLUnresolvable))
	}
	for _, a := range addrs {
		ip, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			return hostRefused(host, fmt.Errorf("%w: unusable address %v", ErrURLUnresolvable, a.IP))
		}
		ip = ip.Unmap() // IPv4 answers come as 16-byte slices; the dialer treats them as IPv4
		if err := guardian.SafeAddr(ip); err != nil {
			return hostRefused(host, fmt.Errorf("%w: resolves to %s, %s address: %w", ErrURLNotPublic, ip, addrKind(ip), err))
		}
	}
	return nil
}

// hostRefused is the refusal of a name, the same whatever went wrong (see
// ErrURLHostRefused); what did is only in the cause.
func hostRefused(host string, cause error) error {
	return &URLError{Kind: ErrURLHostRefused, Reason: host + " must exist in public DNS and resolve only to public addresses", Cause: cause}
}

// addrKind names the class of a non-public address, with its article.
func addrKind(ip netip.Addr) string {
	ip = ip.Unmap()
	switch {
	case ip.IsLoopback():
		return "a loopback"
	case ip.IsPrivate():
		return "a private"
	case ip.IsLinkLocalUnicast(), ip.IsLinkLocalMulticast():
		return "a link-local"
	case ip.IsUnspecified():
		return "an unspecified"
	case ip.IsMulticast():
		return "a multicast"
	default:
		return "a reserved or non-public"
	}
}
