package apitest

import (
	"database/sql"
	"errors"
	"maps"

	"github.com/creator-content-api/server/hooks/vocab"
)

// MemberToken returns a new token of the member with this address, made with fields (name,
// paid, disabled...) when there is none yet, as POST /api/v1/members/verify would give it.
func (h *Harness) MemberToken(email string, fields map[string]any) string {
	h.t.Helper()
	m, err := h.App.FindAuthRecordByEmail(vocab.Members, email)
	if errors.Is(err, sql.ErrNoRows) {
		all := map[string]any{"email": email, "password": "a long member password", "verified": true}
		maps.Copy(all, fields)
		m, err = h.SaveRecord(vocab.Members, all), nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	token, err := m.NewAuthToken()
	if err != nil {
		h.t.Fatal(err)
	}
	return token
}
