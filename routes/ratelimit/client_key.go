package ratelimit

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
)

// DefaultIPv6Prefix is the IPv6 network counted as one client: a /64 is what one subscriber,
// one home or one cloud machine is given, and it holds 2^64 addresses to take fresh buckets from.
const DefaultIPv6Prefix = 64

// ErrInvalidIPv6Prefix is returned (wrapped with the value) by ParseIPv6Prefix for a prefix
// length that is not 1..128.
var ErrInvalidIPv6Prefix = errors.New("invalid IPv6 prefix length")

// ClientKey is the bucket key of a client address: an IPv4 address is its own key (an
// IPv4-mapped IPv6 address counts as the IPv4 address it carries), an IPv6 address stands for
// its network of v6Prefix bits ("2001:db8:1:2::/64"), zone dropped. An address that does not
// parse, or a v6Prefix outside 1..128, leaves ip as it is: such a key is still a bucket of its
// own, never a bucket shared by every client.
func ClientKey(ip string, v6Prefix int) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	if addr.Is4() {
		return ip // ParseAddr accepts only the canonical dotted form: no copy needed
	}
	if addr.Is4In6() {
		return addr.Unmap().String()
	}
	network, err := addr.WithZone("").Prefix(v6Prefix)
	if err != nil || v6Prefix < 1 { // Prefix refuses over 128; 0 would make all IPv6 one client
		return ip
	}
	return network.String()
}

// ParseIPv6Prefix reads the IPv6 prefix length of a flag or environment value ("64").
func ParseIPv6Prefix(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 128 {
		return 0, fmt.Errorf("%w %q: want a whole number from 1 to 128", ErrInvalidIPv6Prefix, s)
	}
	return n, nil
}
