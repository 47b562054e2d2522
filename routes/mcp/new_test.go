package mcp_test

import (
	"errors"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/mcp"
)

// New refuses a Config with a field missing at start, not with a nil call at the first tool
// call, and reads the tools' schemas from the contract then.
func TestNewRefusesAnIncompleteConfig(t *testing.T) {
	t.Parallel()
	full := mcp.Config{
		Call:         func(*core.RequestEvent, *keys.Key, mcp.Call) ([]byte, error) { return nil, nil },
		Error:        func(err error) *apierr.Error { return apierr.Internal(err) },
		MaxBodyBytes: 1 << 20,
	}
	cases := map[string]func(*mcp.Config){
		"no Call":         func(c *mcp.Config) { c.Call = nil },
		"no Error":        func(c *mcp.Config) { c.Error = nil },
		"no MaxBodyBytes": func(c *mcp.Config) { c.MaxBodyBytes = 0 },
	}
	for name, drop := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := full
			drop(&cfg)
			if _, err := mcp.New(cfg); !errors.Is(err, mcp.ErrInvalidConfig) {
				t.Errorf("New = %v, want %v", err, mcp.ErrInvalidConfig)
			}
		})
	}
	if _, err := mcp.New(full); err != nil {
		t.Errorf("New of a full Config = %v", err)
	}
}
