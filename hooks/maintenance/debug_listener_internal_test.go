package maintenance

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

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

// Two apps of one process (as tests start them) may both bind the listener: their pools are
// theirs, not the process's expvar globals, which panic when published twice. Binding touches
// no database, so the apps need no data directory made (no migrations: seconds under -race).
func TestDebugListenerTwiceInOneProcess(t *testing.T) {
	for range 2 {
		app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
		if err := BindDebugListener(app, "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
	}
}
