package routes

import "testing"

func TestListensOnLoopbackOnly(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8090": true, "127.0.0.2:80": true, "[::1]:8090": true, "localhost:8090": true,
		"0.0.0.0:8090": false, ":8090": false, "[::]:443": false, "203.0.113.5:8090": false, "": false,
	} {
		if got := listensOnLoopbackOnly(addr); got != want {
			t.Errorf("listensOnLoopbackOnly(%q) = %v, want %v", addr, got, want)
		}
	}
}
