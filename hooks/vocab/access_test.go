package vocab_test

import (
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
)

func TestMayRead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		visibility string
		want       [3]bool // public, member, paid reader
	}{
		{"public", [3]bool{true, true, true}},
		{"members", [3]bool{false, true, true}},
		{"paid", [3]bool{false, false, true}},
		{"private", [3]bool{false, false, false}},
		{"", [3]bool{false, false, false}},
	}
	for _, c := range cases {
		for i, a := range []vocab.Access{vocab.AccessPublic, vocab.AccessMember, vocab.AccessPaid} {
			if got := vocab.MayRead(c.visibility, a); got != c.want[i] {
				t.Errorf("MayRead(%q, %s) = %v, want %v", c.visibility, a, got, c.want[i])
			}
		}
	}
}

func TestPublicPart(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"<p>Intro</p><!--members-only--><p>Secret</p>": "<p>Intro</p>",
		"<p>No marker, all secret</p>":                 "",
		"<!--members-only-->x<!--members-only-->y":     "",
	}
	for in, want := range cases {
		if got := vocab.PublicPart(in); got != want {
			t.Errorf("PublicPart(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAudienceAccess(t *testing.T) {
	t.Parallel()
	cases := []struct {
		audience string
		want     vocab.Access
		ok       bool
	}{
		{"everyone", vocab.AccessPublic, true},
		{"members", vocab.AccessMember, true},
		{"paid", vocab.AccessPaid, true},
		{"", vocab.AccessPublic, false},
		{"Members", vocab.AccessPublic, false},
	}
	for _, c := range cases {
		if got, ok := vocab.AudienceAccess(c.audience); got != c.want || ok != c.ok {
			t.Errorf("AudienceAccess(%q) = %s, %v; want %s, %v", c.audience, got, ok, c.want, c.ok)
		}
	}
	for _, a := range vocab.NewsletterAudiences() {
		if _, ok := vocab.AudienceAccess(a); !ok {
			t.Errorf("the audience %q has no access level", a)
		}
	}
}
