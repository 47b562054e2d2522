package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
)

// MemberTokenHeader carries a member's token on v1 requests, beside the key's Authorization.
// It is never read from the URL.
const MemberTokenHeader = "X-Member-Token"

// codeInvalidMemberToken is the 401 of a member token that is malformed, expired, signed out
// or of a member switched off.
const codeInvalidMemberToken = "invalid_member_token"

const (
	memberContextKey = "cca.member"
	accessContextKey = "cca.access"
)

func errInvalidMemberToken() *apierr.Error {
	return &apierr.Error{Status: http.StatusUnauthorized, Code: codeInvalidMemberToken,
		Message: "the " + MemberTokenHeader + " is not a live member token: sign in again"}
}

// readerAccess is what the request's member token opens (vocab.AccessPublic without one), the
// member when there is one; 401 invalid_member_token for a token sent that is not good. It
// asks the members service once per request.
func (a *API) readerAccess(e *core.RequestEvent) (*core.Record, vocab.Access, error) {
	if acc, ok := e.Get(accessContextKey).(vocab.Access); ok {
		m, _ := e.Get(memberContextKey).(*core.Record)
		return m, acc, nil
	}
	token := e.Request.Header.Get(MemberTokenHeader)
	if token == "" {
		e.Set(accessContextKey, vocab.AccessPublic)
		return nil, vocab.AccessPublic, nil
	}
	member, acc, err := a.members.Authenticate(token)
	switch {
	case err == members.ErrInvalidToken:
		return nil, vocab.AccessPublic, errInvalidMemberToken()
	case err != nil:
		return nil, vocab.AccessPublic, apierr.Internal(err)
	}
	e.Set(memberContextKey, member)
	e.Set(accessContextKey, acc)
	return member, acc, nil
}

// signedInMember is the member of the request's token, read afresh (the one readerAccess
// keeps is shared by the requests of the token, not to be changed); 401 without one.
func (a *API) signedInMember(e *core.RequestEvent) (*core.Record, vocab.Access, error) {
	member, acc, err := a.readerAccess(e)
	if err != nil {
		return nil, acc, err
	}
	if member == nil {
		return nil, acc, errInvalidMemberToken()
	}
	fresh, err := e.App.FindRecordById(vocab.Members, member.Id)
	if err != nil {
		return nil, acc, errInvalidMemberToken()
	}
	return fresh, acc, nil
}
