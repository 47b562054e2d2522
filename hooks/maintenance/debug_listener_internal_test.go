package maintenance

import "testing"

func TestDebugPprofListensOnLoopbackOnly(t *testing.T) {
	cases := []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:6060", true},
		{"127.9.9.9:6060", true},
		{"[::1]:6060", true},
		{"localhost:6060", true},
		{":6060", false},
		{"0.0.0.0:6060", false},
		{"[::]:6060", false},
		{"192.168.1.10:6060", false},
		{"example.com:6060", false},
		{"127.0.0.1", false},
	}
	for _, c := range cases {
		if err := requireLoopback(c.addr); (err == nil) != c.ok {
			t.Errorf("requireLoopback(%q) = %v, want ok %v", c.addr, err, c.ok)
		}
	}
}
