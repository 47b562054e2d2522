package ratelimit

import (
	"errors"
	"testing"
)

func TestClientKey(t *testing.T) {
	cases := []struct {
		name, ip string
		prefix   int
		want     string
	}{
		{"IPv4 is its own key", "198.51.100.7", 64, "198.51.100.7"},
		{"IPv4 ignores the IPv6 prefix", "198.51.100.7", 48, "198.51.100.7"},
		{"IPv4-mapped IPv6 counts as IPv4", "::ffff:198.51.100.7", 64, "198.51.100.7"},
		{"IPv4-mapped, expanded as PocketBase writes it", "0000:0000:0000:0000:0000:ffff:c633:6407", 64, "198.51.100.7"},
		{"IPv6 /64", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::/64"},
		{"same /64, another address", "2001:db8:1:2::1", 64, "2001:db8:1:2::/64"},
		{"expanded as PocketBase writes it", "2001:0db8:0001:0002:0000:0000:0000:0001", 64, "2001:db8:1:2::/64"},
		{"next /64", "2001:db8:1:3::1", 64, "2001:db8:1:3::/64"},
		{"zone dropped", "fe80::1%eth0", 64, "fe80::/64"},
		{"prefix 48 joins /64s", "2001:db8:1:3::1", 48, "2001:db8:1::/48"},
		{"prefix 128 is the address", "2001:db8:1:2::1", 128, "2001:db8:1:2::1/128"},
		{"IPv6 loopback", "::1", 64, "::/64"},
		{"garbage stays itself", "not an address", 64, "not an address"},
		{"empty stays itself", "", 64, ""},
		{"prefix 0 refused", "2001:db8::1", 0, "2001:db8::1"},
		{"prefix 129 refused", "2001:db8::1", 129, "2001:db8::1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ClientKey(c.ip, c.prefix); got != c.want {
				t.Fatalf("ClientKey(%q, %d) = %q, want %q", c.ip, c.prefix, got, c.want)
			}
		})
	}
}

// An IPv4 client's key is the address string itself: the hot path allocates nothing and the
// buckets of TestMemoryMillionKeys are exactly what a million IPv4 clients hold.
func TestClientKeyIPv4DoesNotAllocate(t *testing.T) {
	ip := "198.51.100.7"
	if n := testing.AllocsPerRun(100, func() { ClientKey(ip, DefaultIPv6Prefix) }); n != 0 {
		t.Fatalf("%v allocations per IPv4 key, want 0", n)
	}
}

func TestParseIPv6Prefix(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"64", 64, true}, {"1", 1, true}, {"128", 128, true}, {"48", 48, true},
		{"0", 0, false}, {"129", 0, false}, {"-64", 0, false}, {"/64", 0, false}, {"", 0, false}, {"64.5", 0, false},
	} {
		got, err := ParseIPv6Prefix(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("ParseIPv6Prefix(%q) = %d, %v; want %d, ok %v", c.in, got, err, c.want, c.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalidIPv6Prefix) {
			t.Errorf("ParseIPv6Prefix(%q): %v is not ErrInvalidIPv6Prefix", c.in, err)
		}
	}
}
