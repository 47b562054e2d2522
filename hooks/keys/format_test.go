package keys

import (
	"strings"
	"testing"
)

func TestGenerateIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		k, err := Generate()
		if err != nil {
			t.Fatal(err)
		}
		if !WellFormed(k) || !strings.HasPrefix(k, Prefix) || len(k) != 47 || seen[k] {
			t.Fatalf("bad key %q", k)
		}
		seen[k] = true
		if DisplayPrefix(k) != k[:17] || Last4(k) != k[43:] {
			t.Fatalf("prefix/last4 of %q", k)
		}
	}
}

func TestWellFormedRefusesTyposAndJunk(t *testing.T) {
	k, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	flip := func(i int) string {
		b := []byte(k)
		if b[i] == 'a' {
			b[i] = 'b'
		} else {
			b[i] = 'a'
		}
		return string(b)
	}
	for _, bad := range []string{"", Prefix, k[:len(k)-1], k + "x", "svc_test_" + k[9:], flip(12), flip(len(k) - 1), strings.Replace(k, k[20:21], "-", 1)} {
		if WellFormed(bad) {
			t.Errorf("WellFormed(%q) = true", bad)
		}
	}
}

func TestHashKnownAnswer(t *testing.T) {
	// sha256("svc_live_test") computed independently: printf svc_live_test | sha256sum
	const want = "0bdb2aeaf70f6c0c1f7faf10717b14ad7eb9171a103571041c942e0e0cc9d69d"
	if got := Hash("svc_live_test"); got != want {
		t.Fatalf("Hash = %s, want %s", got, want)
	}
}

func TestNormalizeOrigin(t *testing.T) {
	cases := map[string]string{
		"https://Example.com":          "https://example.com",
		"https://example.com:443/path": "https://example.com",
		"http://example.com:80":        "http://example.com",
		"http://localhost:3000/":       "http://localhost:3000",
		"http://[::1]:8080":            "http://[::1]:8080",
		"null":                         "",
		"example.com":                  "",
		"ftp://example.com":            "",
		"":                             "",
	}
	for in, want := range cases {
		if got := NormalizeOrigin(in); got != want {
			t.Errorf("NormalizeOrigin(%q) = %q, want %q", in, got, want)
		}
	}
}
