package newsletter

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// ConfirmLinkTTL is how long a confirmation link works after it was sent.
const ConfirmLinkTTL = 48 * time.Hour

// confirmToken is the secret of a confirmation link: the subscriber's id, the link's expiry
// (Unix seconds, base 36) and a MAC over both, the address and the time the subscriber last
// left. Nothing is stored: a link stops working when it expires, when the address changes and
// when the subscriber unsubscribes after it was sent.
func confirmToken(key []byte, rec *core.Record, expires time.Time) string {
	exp := strconv.FormatInt(expires.Unix(), 36)
	return rec.Id + "." + exp + "." + confirmMAC(key, rec, exp)
}

// parseConfirmToken splits a token into the subscriber id and its expiry, without checking
// its MAC (checkConfirmToken does, with the row).
func parseConfirmToken(token string) (id string, expires time.Time, err error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || parts[0] == "" || len(parts[0]) > 32 {
		return "", time.Time{}, ErrLinkInvalid
	}
	sec, perr := strconv.ParseInt(parts[1], 36, 64)
	if perr != nil {
		return "", time.Time{}, ErrLinkInvalid
	}
	return parts[0], time.Unix(sec, 0), nil
}

// checkConfirmToken reports whether token is a link made for rec as it is now, unexpired at now.
func checkConfirmToken(key []byte, rec *core.Record, token string, now time.Time) error {
	_, expires, err := parseConfirmToken(token)
	if err != nil {
		return err
	}
	exp := token[len(rec.Id)+1 : strings.LastIndexByte(token, '.')]
	mac := token[strings.LastIndexByte(token, '.')+1:]
	if !hmac.Equal([]byte(mac), []byte(confirmMAC(key, rec, exp))) {
		return ErrLinkInvalid
	}
	if !now.Before(expires) {
		return fmt.Errorf("%w: it has expired", ErrLinkInvalid)
	}
	return nil
}

func confirmMAC(key []byte, rec *core.Record, exp string) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\x00%s\x00%s\x00%s", rec.Id, rec.GetString("email"), exp, rec.GetString("unsubscribed_at"))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// confirmKey is the key of the confirmation links: derived (HMAC) from the owner login's token
// secret, which the data directory already keeps, so that the two uses never share a key.
func confirmKey(app core.App) ([]byte, error) {
	col, err := app.FindCachedCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		return nil, fmt.Errorf("newsletter: confirmation key: %w", err)
	}
	m := hmac.New(sha256.New, []byte(col.AuthToken.Secret))
	m.Write([]byte("creator-content-api newsletter confirmation key"))
	return m.Sum(nil), nil
}
