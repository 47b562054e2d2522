package routes

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/cursor"
)

// newCursorCodec keys cursors with a secret the data directory already keeps: the owner
// login's token secret, through HMAC so the two uses never share a key. Cursors survive
// restarts; invalidating every owner session (a new token secret) also retires old cursors,
// which clients then restart from the first page.
func newCursorCodec(app core.App) (*cursor.Codec, error) {
	col, err := app.FindCachedCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		return nil, fmt.Errorf("cursor key: %w", err)
	}
	mac := hmac.New(sha256.New, []byte(col.AuthToken.Secret))
	mac.Write([]byte("creator-content-api cursor key"))
	return cursor.NewCodec(mac.Sum(nil))
}
