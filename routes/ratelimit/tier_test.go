package ratelimit

import (
	"errors"
	"testing"
)

func TestParseTier(t *testing.T) {
	tests := []struct {
		in      string
		want    Tier
		wantErr bool
	}{
		{in: "60/min:10", want: Tier{Name: "x", PerMinute: 60, Burst: 10}},
		{in: "1/s:5", want: Tier{Name: "x", PerMinute: 60, Burst: 5}},
		{in: " 2.5/s:20 ", want: Tier{Name: "x", PerMinute: 150, Burst: 20}},
		{in: "0.5/min:1", want: Tier{Name: "x", PerMinute: 0.5, Burst: 1}},
		{in: "1e3/min:100", want: Tier{Name: "x", PerMinute: 1000, Burst: 100}},
		{in: "", wantErr: true},
		{in: "60", wantErr: true},
		{in: "60/min", wantErr: true},
		{in: "60:10", wantErr: true},
		{in: "60/h:10", wantErr: true},
		{in: "60/MIN:10", wantErr: true},
		{in: "x/min:10", wantErr: true},
		{in: "/min:10", wantErr: true},
		{in: "60/min:", wantErr: true},
		{in: "60/min:x", wantErr: true},
		{in: "60/min:1.5", wantErr: true},
		{in: "60/min:10:3", wantErr: true},
		{in: "0/min:10", wantErr: true},
		{in: "-1/min:10", wantErr: true},
		{in: "60/min:0", wantErr: true},
		{in: "60/min:-1", wantErr: true},
		{in: "NaN/min:1", wantErr: true},
		{in: "Inf/s:1", wantErr: true},
		{in: "2e6/s:1", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTier("x", tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalidTier) {
					t.Fatalf("ParseTier(%q) = %+v, %v; want ErrInvalidTier", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseTier(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestTierStringRoundTrip(t *testing.T) {
	for _, tier := range []Tier{Normal(), Moderate(), Strict(), Poll(), {Name: "odd", PerMinute: 0.75, Burst: 2}} {
		got, err := ParseTier(tier.Name, tier.String())
		if err != nil || got != tier {
			t.Errorf("ParseTier(%q) = %+v, %v; want %+v", tier.String(), got, err, tier)
		}
	}
}

func TestDefaultTiers(t *testing.T) {
	tests := []struct {
		got, want Tier
	}{
		{Normal(), Tier{"normal", 60, 10}},
		{Moderate(), Tier{"moderate", 10, 5}},
		{Strict(), Tier{"strict", 5, 3}},
		{Poll(), Tier{"poll", 20, 20}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("tier = %+v, want %+v", tt.got, tt.want)
		}
		if err := tt.got.Validate(); err != nil {
			t.Errorf("%s: %v", tt.got.Name, err)
		}
	}
}
