package wire

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeResolver answers from a table; a host not in it does not exist.
type fakeResolver struct {
	hosts map[string][]string
	calls atomic.Int32
}

func (f *fakeResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	f.calls.Add(1)
	ips, ok := f.hosts[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, Server: "10.9.8.7:53", IsNotFound: true}
	}
	out := make([]net.IPAddr, 0, len(ips))
	for _, s := range ips {
		out = append(out, net.IPAddr{IP: net.ParseIP(s)}) // 16-byte form, as the real resolver returns IPv4
	}
	return out, nil
}

func newFakeResolver() *fakeResolver {
	return &fakeResolver{hosts: map[string][]string{
		"example.com":          {"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"},
		"hooks.example.org":    {"8.8.8.8"},
		"localhost.attacker.x": {"127.0.0.1"},
		"v6loop.attacker.x":    {"::1"},
		"metadata.attacker.x":  {"169.254.169.254"},
		"intranet.attacker.x":  {"10.1.2.3"},
		"cgnat.attacker.x":     {"100.64.0.1"},
		"mixed.attacker.x":     {"93.184.215.14", "192.168.1.10"},
		"mapped.attacker.x":    {"::ffff:127.0.0.1"},
		"ula.attacker.x":       {"fd00::1"},
		"empty.attacker.x":     {},
	}}
}

func TestValidateURL(t *testing.T) {
	tests := []struct {
		name         string
		url          string
		allowPrivate bool
		want         error // nil: accepted
	}{
		// Accepted.
		{"public https", "https://example.com", false, nil},
		{"public https with port, path, query", "https://hooks.example.org:8443/in/abc?token=1", false, nil},
		{"public IPv4 literal", "https://93.184.215.14/hook", false, nil},
		{"public IPv6 literal", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook", false, nil},

		// Not public, whether literal or resolved.
		{"http loopback", "http://127.0.0.1", false, ErrURLInvalid},
		{"http private", "http://10.0.0.1", false, ErrURLInvalid},
		{"http IPv6 loopback", "http://[::1]", false, ErrURLInvalid},
		{"http metadata", "http://169.254.169.254", false, ErrURLInvalid},
		{"https loopback", "https://127.0.0.1", false, ErrURLNotPublic},
		{"https private", "https://10.0.0.1", false, ErrURLNotPublic},
		{"https private 192.168", "https://192.168.0.1:8443/x", false, ErrURLNotPublic},
		{"https IPv6 loopback", "https://[::1]", false, ErrURLNotPublic},
		{"https metadata", "https://169.254.169.254/latest/meta-data", false, ErrURLNotPublic},
		{"https unspecified", "https://0.0.0.0", false, ErrURLNotPublic},
		{"https mapped loopback literal", "https://[::ffff:127.0.0.1]", false, ErrURLNotPublic},
		{"https IPv6 link-local with zone", "https://[fe80::1%25eth0]", false, ErrURLNotPublic},
		{"name resolving to loopback", "https://localhost.attacker.x/hook", false, ErrURLHostRefused},
		{"name resolving to IPv6 loopback", "https://v6loop.attacker.x", false, ErrURLHostRefused},
		{"name resolving to metadata", "https://metadata.attacker.x", false, ErrURLHostRefused},
		{"name resolving to private", "https://intranet.attacker.x", false, ErrURLHostRefused},
		{"name resolving to shared address space", "https://cgnat.attacker.x", false, ErrURLHostRefused},
		{"name with one private address among public", "https://mixed.attacker.x", false, ErrURLHostRefused},
		{"name resolving to mapped loopback", "https://mapped.attacker.x", false, ErrURLHostRefused},
		{"name resolving to unique local IPv6", "https://ula.attacker.x", false, ErrURLHostRefused},
		{"unknown name", "https://nxdomain.attacker.x", false, ErrURLHostRefused},
		{"name without addresses", "https://empty.attacker.x", false, ErrURLHostRefused},

		// Malformed or disallowed form.
		{"ftp", "ftp://example.com/hook", false, ErrURLInvalid},
		{"ftp even with allowPrivate", "ftp://example.com/hook", true, ErrURLInvalid},
		{"javascript", "javascript:alert(1)", false, ErrURLInvalid},
		{"relative path", "/api/hook", false, ErrURLInvalid},
		{"scheme-less", "example.com/hook", false, ErrURLInvalid},
		{"protocol-relative", "//example.com/hook", false, ErrURLInvalid},
		{"opaque", "https:example.com", false, ErrURLInvalid},
		{"empty", "", false, ErrURLInvalid},
		{"no host", "https:///hook", false, ErrURLInvalid},
		{"userinfo", "https://user:pass@example.com/hook", false, ErrURLInvalid},
		{"user only", "https://user@example.com/hook", false, ErrURLInvalid},
		{"userinfo with allowPrivate", "http://user:pass@127.0.0.1/hook", true, ErrURLInvalid},
		{"fragment", "https://example.com/hook#frag", false, ErrURLInvalid},
		{"empty fragment", "https://example.com/hook#", false, ErrURLInvalid},
		{"space", "https://example.com/a hook", false, ErrURLInvalid},
		{"newline", "https://example.com/\nhook", false, ErrURLInvalid},
		{"port zero", "https://example.com:0/", false, ErrURLInvalid},
		{"port too big", "https://example.com:65536/", false, ErrURLInvalid},
		{"too long", "https://example.com/" + strings.Repeat("a", MaxURLLength), false, ErrURLInvalid},

		// allowPrivate: http and private addresses, no resolution.
		{"allowPrivate http loopback", "http://127.0.0.1:8090/hook", true, nil},
		{"allowPrivate localhost", "http://localhost/hook", true, nil},
		{"allowPrivate private https", "https://10.0.0.1/hook", true, nil},
		{"allowPrivate IPv6 loopback", "http://[::1]:8080/", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFakeResolver()
			err := ValidateURLWith(context.Background(), r, tt.url, tt.allowPrivate)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("ValidateURL(%q) = %v, want nil", tt.url, err)
				}
			} else if !errors.Is(err, tt.want) {
				t.Fatalf("ValidateURL(%q) = %v, want %v", tt.url, err, tt.want)
			}
			if tt.allowPrivate && r.calls.Load() != 0 {
				t.Error("allowPrivate must not resolve")
			}
			if err == nil {
				return
			}
			var ue *URLError
			if !errors.As(err, &ue) {
				t.Fatalf("%T is not a *URLError", err)
			}
			// The message is for the client: no resolver address, and a
			// resolved private address is not revealed.
			msg := err.Error()
			if !strings.HasPrefix(msg, tt.want.Error()) || strings.Contains(msg, "10.9.8.7") {
				t.Errorf("unsafe or unexpected message %q", msg)
			}
			if strings.Contains(tt.url, "attacker.x") {
				for _, ips := range r.hosts {
					for _, ip := range ips {
						if strings.Contains(msg, ip) {
							t.Errorf("message %q reveals the resolved address %s", msg, ip)
						}
					}
				}
			}
		})
	}
}

func TestValidateURLMessages(t *testing.T) {
	tests := []struct {
		url, want string
	}{
		{"https://127.0.0.1/", "webhook URL is not a public address: 127.0.0.1 is a loopback address"},
		{"https://10.0.0.1/", "webhook URL is not a public address: 10.0.0.1 is a private address"},
		{"https://169.254.169.254/", "webhook URL is not a public address: 169.254.169.254 is a link-local address"},
		{"https://localhost.attacker.x/", "webhook URL host is refused: localhost.attacker.x must exist in public DNS and resolve only to public addresses"},
		{"http://example.com/", "invalid webhook URL: scheme must be https"},
		{"https://u:p@example.com/", "invalid webhook URL: URL must not contain a user name or password"},
		{"https://nxdomain.attacker.x/", "webhook URL host is refused: nxdomain.attacker.x must exist in public DNS and resolve only to public addresses"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			err := ValidateURLWith(context.Background(), newFakeResolver(), tt.url, false)
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// TestValidateURLNamesShareOneMessage: whether a name does not exist, has no address, has an
// unusable one or points into the private network, the client gets the same message, so
// registrations cannot map the internal DNS; the cause, for logs, still tells them apart.
func TestValidateURLNamesShareOneMessage(t *testing.T) {
	const host = "hooks.example.net"
	tests := []struct {
		name      string
		answer    []string // nil: the name does not exist
		wantCause error
	}{
		{"does not exist", nil, ErrURLUnresolvable},
		{"no address", []string{}, ErrURLUnresolvable},
		{"unusable address", []string{"not-an-ip"}, ErrURLUnresolvable},
		{"private", []string{"10.1.2.3"}, ErrURLNotPublic},
		{"loopback", []string{"127.0.0.1"}, ErrURLNotPublic},
		{"public and private", []string{"8.8.8.8", "192.168.1.10"}, ErrURLNotPublic},
	}
	const want = "webhook URL host is refused: " + host + " must exist in public DNS and resolve only to public addresses"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &fakeResolver{hosts: map[string][]string{}}
			if tt.answer != nil {
				r.hosts[host] = tt.answer
			}
			err := ValidateURLWith(context.Background(), r, "https://"+host+"/hook", false)
			if err == nil || err.Error() != want {
				t.Fatalf("got %v, want %q", err, want)
			}
			if !errors.Is(err, ErrURLHostRefused) || !errors.Is(err, tt.wantCause) {
				t.Errorf("%v: want kind ErrURLHostRefused with cause %v", err, tt.wantCause)
			}
		})
	}
	// The resolver's own error stays reachable for logs.
	err := ValidateURLWith(context.Background(), newFakeResolver(), "https://nxdomain.attacker.x/", false)
	var dnsErr *net.DNSError
	if !errors.As(err, &dnsErr) {
		t.Errorf("cause not kept: %v", err)
	}
}

// TestValidateURLDefaultResolver exercises the net.DefaultResolver entry point
// with inputs that need no DNS.
func TestValidateURLDefaultResolver(t *testing.T) {
	tests := []struct {
		url          string
		allowPrivate bool
		want         error
	}{
		{"http://127.0.0.1", false, ErrURLInvalid},
		{"https://127.0.0.1", false, ErrURLNotPublic},
		{"https://[::1]:8443/", false, ErrURLNotPublic},
		{"https://8.8.8.8/hook", false, nil},
		{"http://127.0.0.1:8090/hook", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			if err := ValidateURL(tt.url, tt.allowPrivate); !errors.Is(err, tt.want) && !(err == nil && tt.want == nil) {
				t.Errorf("ValidateURL(%q, %v) = %v, want %v", tt.url, tt.allowPrivate, err, tt.want)
			}
		})
	}
}

func TestNewClientConfig(t *testing.T) {
	tests := []struct {
		name string
		opts ClientOptions
		want time.Duration
	}{
		{"default timeout", ClientOptions{}, 10 * time.Second},
		{"negative means default", ClientOptions{Timeout: -time.Second}, 10 * time.Second},
		{"custom timeout", ClientOptions{Timeout: 3 * time.Second, AllowPrivate: true}, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClient(tt.opts)
			if c.Timeout != tt.want {
				t.Errorf("Timeout = %v, want %v", c.Timeout, tt.want)
			}
			if c.CheckRedirect == nil || c.CheckRedirect(nil, nil) != http.ErrUseLastResponse {
				t.Error("redirects must not be followed")
			}
			tr := c.Transport.(*schemeGuard).next.(*http.Transport)
			if tr.Proxy != nil {
				t.Error("the proxy must not come from the environment")
			}
		})
	}
}

// TestClientGuard sends real requests to a real receiver on 127.0.0.1, which
// must never be reached by the guarded client.
func TestClientGuard(t *testing.T) {
	var hits atomic.Int32
	count := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })
	tlsSrv := httptest.NewTLSServer(count)
	t.Cleanup(tlsSrv.Close)
	plainSrv := httptest.NewServer(count)
	t.Cleanup(plainSrv.Close)
	// "localhost" resolves (from /etc/hosts) to loopback: the check must run
	// on the resolved address, as it would after a DNS rebinding.
	localhostURL := strings.Replace(tlsSrv.URL, "127.0.0.1", "localhost", 1)

	tests := []struct {
		name     string
		opts     ClientOptions
		url      string
		want     error
		wantMsg  string // in err.Error()
		wantSend string // Result.Err
	}{
		{"guarded https to 127.0.0.1 refused at dial", ClientOptions{}, tlsSrv.URL, ErrURLNotPublic, "not a public address", "destination is not a public address"},
		{"guarded https to localhost refused at dial", ClientOptions{}, localhostURL, ErrURLNotPublic, "not a public address", "destination is not a public address"},
		{"guarded http refused by scheme", ClientOptions{}, plainSrv.URL, ErrURLInvalid, "scheme must be https", "URL scheme not allowed"},
		{"ftp refused even when private is allowed", ClientOptions{AllowPrivate: true}, "ftp://127.0.0.1/x", ErrURLInvalid, "scheme must be http or https", "URL scheme not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClient(tt.opts)
			t.Cleanup(c.CloseIdleConnections)
			resp, err := c.Get(tt.url)
			if err == nil {
				resp.Body.Close()
				t.Fatalf("request to %s succeeded", tt.url)
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("err = %v, want %v mentioning %q", err, tt.want, tt.wantMsg)
			}
			req, err := http.NewRequest(http.MethodPost, tt.url, strings.NewReader("{}"))
			if err != nil {
				t.Fatal(err)
			}
			if res := Send(context.Background(), c, req, time.Now); res.Err != tt.wantSend || res.Outcome != Failed {
				t.Errorf("Send: %+v, want Err %q", res, tt.wantSend)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("receiver reached %d times", n)
	}

	// The same receivers are reachable once private addresses are allowed.
	open := NewClient(ClientOptions{AllowPrivate: true})
	t.Cleanup(open.CloseIdleConnections)
	resp, err := open.Get(plainSrv.URL)
	if err != nil {
		t.Fatalf("allowPrivate client: %v", err)
	}
	resp.Body.Close()
	if hits.Load() != 1 {
		t.Errorf("receiver hits = %d, want 1", hits.Load())
	}
}
