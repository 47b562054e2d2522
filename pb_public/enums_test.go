package pb_public_test

import (
	"encoding/json"
	"io/fs"
	"maps"
	"slices"
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/pb_public"
)

// enumSchema is what this test reads of a schema of the contract.
type enumSchema struct {
	Enum         []string          `json:"enum"`
	Descriptions map[string]string `json:"x-enumDescriptions"`
}

// TestContractEnumsAreTheCodes: the enums of the contract the binary serves at /openapi.json
// are the code's lists, in their order; the scopes and event types, which the console offers
// from the contract, also describe every value and nothing else.
func TestContractEnumsAreTheCodes(t *testing.T) {
	t.Parallel()
	b, err := fs.ReadFile(pb_public.FS(), "openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]enumSchema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		schema    string
		values    []string
		described bool
	}{
		{"Scope", vocab.Scopes(), true},
		{"EventName", vocab.EventNames(), true},
		{"Visibility", vocab.Visibilities(), false},
		{"RecordState", vocab.States(), true},
		{"DeliveryStatus", vocab.DeliveryStatuses(), false},
		{"SkillLevel", append([]string{""}, vocab.SkillLevels()...), false}, // "" when not set
	}
	for _, tc := range cases {
		t.Run(tc.schema, func(t *testing.T) {
			s, ok := doc.Components.Schemas[tc.schema]
			if !ok {
				t.Fatalf("no schema %s", tc.schema)
			}
			if !slices.Equal(s.Enum, tc.values) {
				t.Errorf("enum %q, the code's list %q", s.Enum, tc.values)
			}
			if !tc.described {
				return
			}
			if keys := slices.Sorted(maps.Keys(s.Descriptions)); !slices.Equal(keys, slices.Sorted(slices.Values(tc.values))) {
				t.Errorf("x-enumDescriptions describe %q, want each of %q", keys, tc.values)
			}
			for v, text := range s.Descriptions {
				if text == "" {
					t.Errorf("x-enumDescriptions: %q has an empty description", v)
				}
			}
		})
	}
}
