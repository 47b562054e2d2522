//go:build system

// TestMemoryMillionKeys measures the heap of a million live buckets (about 150 MB): a size
// test, run with the system tests (README, Run and test):
//
//	GOTOOLCHAIN=auto go test -tags system -count=1 -run TestMemoryMillionKeys ./routes/ratelimit/

package ratelimit

import (
	"runtime"
	"strconv"
	"testing"
	"time"
)

// maxBytesPerKey is the documented ceiling on heap per live bucket: the
// 16-byte key copy, the 80-byte rate.Limiter and a map slot (24 bytes plus
// Swiss-table slack). Measured: 152 bytes per key for 1M keys like
// "10.x.y.z" on linux/amd64 with Go 1.27.4 (152 MB in all); the ceiling
// leaves room for map growth steps at other key counts. After a Sweep
// that empties the limiter, the shard maps are rebuilt and the heap
// returns to within a megabyte of where it started.
const maxBytesPerKey = 200

func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func TestMemoryMillionKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates about 150 MB")
	}
	const n = 1_000_000
	before := heapAlloc()
	l := New(Normal())
	buf := make([]byte, 0, 16)
	for i := range n {
		buf = append(buf[:0], "10."...)
		buf = strconv.AppendInt(buf, int64(i>>16), 10)
		buf = append(buf, '.')
		buf = strconv.AppendInt(buf, int64(i>>8&255), 10)
		buf = append(buf, '.')
		buf = strconv.AppendInt(buf, int64(i&255), 10)
		if d := l.Allow(string(buf), t0); !d.Allowed {
			t.Fatalf("key %s denied", buf)
		}
	}
	if got := l.Len(); got != n {
		t.Fatalf("Len = %d, want %d", got, n)
	}
	grown := heapAlloc() - before
	perKey := float64(grown) / n
	t.Logf("%d keys: heap grew %.1f MB, %.0f bytes per key", n, float64(grown)/1e6, perKey)
	if perKey > maxBytesPerKey {
		t.Errorf("%.0f bytes per key, ceiling %d", perKey, maxBytesPerKey)
	}

	// Every bucket took one token at t0 and is full again a second later.
	if removed := l.Sweep(t0.Add(time.Minute)); removed != n {
		t.Errorf("Sweep removed %d, want %d", removed, n)
	}
	if got := l.Len(); got != 0 {
		t.Errorf("Len after Sweep = %d, want 0", got)
	}
	after := heapAlloc()
	left := int64(after) - int64(before)
	t.Logf("after Sweep: %.1f MB still held", float64(left)/1e6)
	if left > 1<<20 {
		t.Errorf("after Sweep %d bytes still held, want the shard maps rebuilt small", left)
	}
	runtime.KeepAlive(l)
}
