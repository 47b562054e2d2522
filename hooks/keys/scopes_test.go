package keys

import (
	"slices"
	"testing"
)

func TestScopeConstantsAreSettable(t *testing.T) {
	named := []string{ScopeRead, ScopeWrite, ScopeWebhooks, ScopeReadContent, ScopeReadMembers, ScopeReadAnalytics, ScopeWriteWebhooks,
		ScopeSubscribe, ScopeMembers}
	if len(named) != len(Scopes()) {
		t.Fatalf("%d named scopes, %d settable", len(named), len(Scopes()))
	}
	for _, s := range named {
		if !slices.Contains(Scopes(), s) {
			t.Fatalf("scope %q is not settable", s)
		}
	}
}

func TestGrants(t *testing.T) {
	cases := []struct {
		has  []string
		need string
		want bool
	}{
		{[]string{ScopeRead}, ScopeRead, true},
		{[]string{ScopeRead}, ScopeReadContent, false},
		{[]string{ScopeReadContent}, ScopeRead, false},
		{[]string{ScopeWebhooks}, ScopeWriteWebhooks, true},
		{[]string{ScopeWriteWebhooks}, ScopeWebhooks, false},
		{[]string{ScopeWrite}, ScopeRead, false},
		{nil, ScopeRead, false},
	}
	for _, c := range cases {
		if got := Grants(c.has, c.need); got != c.want {
			t.Errorf("Grants(%v, %q) = %v, want %v", c.has, c.need, got, c.want)
		}
	}
}
