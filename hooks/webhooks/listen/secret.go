package listen

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Secret returns the signing secret of the listener for key on server: "whsec_" + base64 of
// HMAC-SHA256(key, "webhooks listen " + server). It is stable per (server, key), so a local
// receiver keeps its configured secret between runs, and it does not reveal the key.
func Secret(key, server string) string {
	return wire.SecretPrefix + base64.StdEncoding.EncodeToString(sum([]byte(key), "webhooks listen "+normalServer(server)))
}

// DeliveryID returns the delivery id of eventID's forward: "dlv_" and 15 hex digits derived
// from the event id, the same in every run, so a receiver de-duplicates as it would the
// server's pushes.
func DeliveryID(eventID string) string {
	return wire.DeliveryIDPrefix + hex.EncodeToString(sum([]byte("webhooks listen"), eventID))[:15]
}

// normalServer drops trailing slashes, so http://h:8090 and http://h:8090/ share a secret.
func normalServer(server string) string { return strings.TrimRight(server, "/") }

func sum(key []byte, msg string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(msg))
	return h.Sum(nil)
}
