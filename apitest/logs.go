package apitest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/logger"
)

// LogRows writes the log entries waiting in PocketBase's batch and returns every row of _logs
// as JSON, once there are at least min. PocketBase adds a request's row from a goroutine after
// answering, so it is waited for.
func (h *Harness) LogRows(t testing.TB, min int) []string {
	t.Helper()
	batch, ok := h.App.Logger().Handler().(*logger.BatchHandler)
	if !ok {
		t.Fatalf("the logger's handler is %T", h.App.Logger().Handler())
	}
	ctx := context.WithValue(context.Background(), logger.BlockKey, true)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := batch.WriteAll(ctx); err != nil {
			t.Fatal(err)
		}
		var logs []*core.Log
		if err := h.App.LogQuery().All(&logs); err != nil {
			t.Fatal(err)
		}
		if len(logs) >= min {
			rows := make([]string, 0, len(logs))
			for _, l := range logs {
				b, err := json.Marshal(l)
				if err != nil {
					t.Fatal(err)
				}
				rows = append(rows, string(b))
			}
			return rows
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d log rows, want at least %d", len(logs), min)
		}
		time.Sleep(5 * time.Millisecond) // the request's row comes from PocketBase's goroutine
	}
}
