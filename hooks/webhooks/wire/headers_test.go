package wire

import (
	"testing"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

func TestHeaderNames(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"event", HeaderEvent, "X-Service-Event"},
		{"delivery", HeaderDelivery, "X-Service-Delivery"},
		{"signature", HeaderSignature, "X-Service-Signature"},
		{"timestamp", HeaderTimestamp, "X-Service-Timestamp"},
		// The Standard Webhooks names must be exactly what its library reads.
		{"webhook-id", HeaderWebhookID, standardwebhooks.HeaderWebhookID},
		{"webhook-timestamp", HeaderWebhookTimestamp, standardwebhooks.HeaderWebhookTimestamp},
		{"webhook-signature", HeaderWebhookSignature, standardwebhooks.HeaderWebhookSignature},
		{"user agent", UserAgent, "CreatorContentAPI-Webhooks/1.0"},
		{"content type", ContentTypeJSON, "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
