package wire

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

// FuzzWebhookURL fuzzes ValidateURLWith with a URL, the answer of a fake resolver (see
// answerResolver) and allowPrivate. A refusal is always a *URLError of one of the three kinds
// whose message shows no address the name resolved to; once the name was looked up, it is the
// one message of a refused host, whatever the answer was. An acceptance means: the URL is at
// most MaxURLLength bytes, parses, is absolute https (or http with allowPrivate) with a host
// and no user info, fragment, white space or control characters; the delivery client would
// send to that same host; and unless allowPrivate, the host is a public address, or a name
// that was looked up (it, and nothing else) and resolved only to public, usable addresses.
// With allowPrivate nothing is looked up.
func FuzzWebhookURL(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string, answer []byte, allowPrivate bool) {
		r := &answerResolver{answer: answer}
		err := ValidateURLWith(context.Background(), r, raw, allowPrivate)
		if allowPrivate && len(r.hosts) > 0 {
			t.Fatalf("looked up %q with private addresses allowed", r.hosts)
		}
		if err != nil {
			checkRefusal(t, err, r)
			return
		}
		u := checkAcceptedForm(t, raw, allowPrivate)
		if allowPrivate {
			return
		}
		host := u.Hostname()
		if ip, perr := netip.ParseAddr(host); perr == nil {
			if !public(ip) {
				t.Fatalf("accepted %q: %s is not public", raw, ip)
			}
			return
		}
		if len(r.hosts) != 1 || r.hosts[0] != host {
			t.Fatalf("accepted %q after looking up %q, want exactly %q", raw, r.hosts, host)
		}
		for _, a := range r.addrs {
			ip, ok := netip.AddrFromSlice(a.IP)
			if !ok || !public(ip) {
				t.Fatalf("accepted %q resolving to %v", raw, a.IP)
			}
		}
		if len(r.addrs) == 0 {
			t.Fatalf("accepted %q resolving to nothing", raw)
		}
	})
}

// checkRefusal checks the error of a refused URL.
func checkRefusal(t *testing.T, err error, r *answerResolver) {
	t.Helper()
	var ue *URLError
	if !errors.As(err, &ue) {
		t.Fatalf("%T %v is not a *URLError", err, err)
	}
	if ue.Kind != ErrURLInvalid && ue.Kind != ErrURLNotPublic && ue.Kind != ErrURLHostRefused {
		t.Fatalf("kind %v", ue.Kind)
	}
	if !errors.Is(err, ue.Kind) {
		t.Fatalf("%v is not %v", err, ue.Kind)
	}
	msg := err.Error()
	if len(r.hosts) > 0 && msg != hostRefused(r.hosts[0], nil).Error() {
		t.Fatalf("a looked-up name was refused with %q, which tells the answers apart", msg)
	}
	for _, a := range r.addrs {
		ip, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			continue
		}
		for _, s := range []string{ip.String(), ip.Unmap().String()} {
			if strings.Contains(msg, s) && !strings.Contains(strings.Join(r.hosts, " "), s) {
				t.Fatalf("message %q shows the resolved address %s", msg, s)
			}
		}
	}
}

// checkAcceptedForm checks the form of an accepted URL and returns it parsed.
func checkAcceptedForm(t *testing.T, raw string, allowPrivate bool) *url.URL {
	t.Helper()
	if len(raw) > MaxURLLength || strings.ContainsAny(raw, "# \t\r\n\x00\x7f") || strings.IndexFunc(raw, func(c rune) bool { return c < ' ' }) >= 0 {
		t.Fatalf("accepted %q: too long, a fragment, white space or a control character", raw)
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatalf("accepted %q, which does not parse: %v", raw, err)
	}
	if u.Scheme != "https" && !(allowPrivate && u.Scheme == "http") {
		t.Fatalf("accepted %q: scheme %q", raw, u.Scheme)
	}
	if u.User != nil || u.Hostname() == "" || u.Opaque != "" {
		t.Fatalf("accepted %q: user info, no host or opaque", raw)
	}
	req, err := http.NewRequest(http.MethodPost, raw, nil)
	if err != nil || req.URL.Hostname() != u.Hostname() || req.URL.Port() != u.Port() {
		t.Fatalf("accepted %q, but a delivery would go elsewhere: %v", raw, err)
	}
	return u
}

// public reports whether ip is an address a webhook may reach, judged independently of the
// guard: not loopback, private, link-local, multicast, unspecified, shared (100.64/10),
// reserved (0/8, 240/4) or benchmarking (198.18/15); for IPv6 only global unicast (2000::/3)
// without a zone, and not 6to4 (2002::/16), which embeds any IPv4 address.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() || ip.Zone() != "" {
		return false
	}
	for _, p := range []string{"0.0.0.0/8", "100.64.0.0/10", "198.18.0.0/15", "240.0.0.0/4", "2002::/16"} {
		if netip.MustParsePrefix(p).Contains(ip) {
			return false
		}
	}
	return ip.Is4() || netip.MustParsePrefix("2000::/3").Contains(ip)
}

// answerResolver answers every lookup from the fuzzed bytes: by answer[0] mod 4, an error (0,
// or no bytes), no addresses (1), or the rest cut into 4-byte (2) or 16-byte (3) addresses, a
// shorter tail included as it is (an unusable address). It records what it was asked.
type answerResolver struct {
	answer []byte
	hosts  []string
	addrs  []net.IPAddr
}

var errLookup = errors.New("fuzz: lookup failed")

func (r *answerResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	r.hosts = append(r.hosts, host)
	if len(r.answer) == 0 || r.answer[0]%4 == 0 {
		return nil, errLookup
	}
	size := map[byte]int{1: 0, 2: 4, 3: 16}[r.answer[0]%4]
	r.addrs = nil
	for rest := r.answer[1:]; size > 0 && len(rest) > 0 && len(r.addrs) < 8; {
		n := min(size, len(rest))
		r.addrs = append(r.addrs, net.IPAddr{IP: net.IP(rest[:n])})
		rest = rest[n:]
	}
	return r.addrs, nil
}
