package routes

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
)

// codeInvalidCode refuses a verification alike for a wrong, expired or used code and for an
// address that may not sign in.
const codeInvalidCode = "invalid_code"

// memberNameMax is the longest name a member may give (members.name's Max).
const memberNameMax = 200

// memberRoutes are a member's sign-in and own profile, called from the site with a key holding
// the members scope; /me and /sign-out take the member's token too (X-Member-Token). None is
// ever kept by any cache.
func (a *API) memberRoutes() []Route {
	const scope = keys.ScopeMembers
	return []Route{
		{Method: http.MethodPost, Path: "/api/v1/members/sign-in", Auth: AuthKey, Scope: scope, Tier: TierNormal, Cache: CacheNone, Handler: a.memberSignIn},
		{Method: http.MethodPost, Path: "/api/v1/members/verify", Auth: AuthKey, Scope: scope, Tier: TierNormal, Cache: CacheNone, Handler: a.memberVerify},
		{Method: http.MethodGet, Path: "/api/v1/members/me", Auth: AuthKey, Scope: scope, Tier: TierNormal, Cache: CacheNone, Handler: a.memberMe},
		{Method: http.MethodPatch, Path: "/api/v1/members/me", Auth: AuthKey, Scope: scope, Tier: TierNormal, Cache: CacheNone, Handler: a.memberUpdate},
		{Method: http.MethodPost, Path: "/api/v1/members/sign-out", Auth: AuthKey, Scope: scope, Tier: TierNormal, Cache: CacheNone, Handler: a.memberSignOut},
	}
}

// memberSignIn answers POST /api/v1/members/sign-in {"email"}: 202 whether or not the address
// may sign in; a code is mailed when it may.
func (a *API) memberSignIn(e *core.RequestEvent) error {
	var body struct {
		Email string `json:"email"`
	}
	if err := decodeStrict(e, &body); err != nil {
		return err
	}
	if err := memberError(e, a.members.RequestCode(body.Email, e.RealIP())); err != nil {
		return err
	}
	return writeJSON(e, http.StatusAccepted, map[string]any{
		"message": "if this address may sign in, a code is on its way to it"})
}

// memberVerify answers POST /api/v1/members/verify {"email", "code"} or {"token"} (the
// e-mailed link's): the member's token and its expiry.
func (a *API) memberVerify(e *core.RequestEvent) error {
	var body struct {
		Email *string `json:"email"`
		Code  *string `json:"code"`
		Token *string `json:"token"`
	}
	if err := decodeStrict(e, &body); err != nil {
		return err
	}
	s, err := a.verifyMember(e, body.Email, body.Code, body.Token)
	if err := memberError(e, err); err != nil {
		return err
	}
	acc, err := a.members.AccessOf(s.Member)
	if err != nil {
		return apierr.Internal(err)
	}
	view, err := a.memberView(s.Member, acc)
	if err != nil {
		return err
	}
	return writeJSON(e, http.StatusOK, map[string]any{"token": s.Token, "expires": s.Expires, "member": view})
}

// verifyMember signs in with exactly one of the two forms of /verify: the token, or the
// address and its code. A missing part or a mix of both is a 400 naming the field.
func (a *API) verifyMember(e *core.RequestEvent, email, code, token *string) (*members.Session, error) {
	switch {
	case token != nil && (email != nil || code != nil):
		return nil, apierr.InvalidField("token", `is sent alone: send {"token"} or {"email", "code"}, not both`)
	case token != nil && *token == "":
		return nil, apierr.InvalidField("token", "is required")
	case token != nil:
		return a.members.VerifyLink(*token, e.RealIP())
	case code == nil || strings.TrimSpace(*code) == "":
		return nil, apierr.InvalidField("code", "is required (or send the link's token alone)")
	case email == nil:
		return nil, apierr.InvalidField("email", "is required")
	}
	return a.members.Verify(*email, *code, e.RealIP())
}

// MemberSignInRefusals are the sign-in attempts refused so far, for the metrics.
func (a *API) MemberSignInRefusals() members.Refusals { return a.members.Refusals() }

// memberMe answers GET /api/v1/members/me.
func (a *API) memberMe(e *core.RequestEvent) error {
	member, acc, err := a.signedInMember(e)
	if err != nil {
		return err
	}
	return a.respondMember(e, member, acc)
}

// memberUpdate answers PATCH /api/v1/members/me {"name"?, "newsletter"?}.
func (a *API) memberUpdate(e *core.RequestEvent) error {
	member, acc, err := a.signedInMember(e)
	if err != nil {
		return err
	}
	var change members.Change
	if err := decodeStrict(e, &change); err != nil {
		return err
	}
	if change.Name != nil {
		name := strings.TrimSpace(*change.Name)
		if len([]rune(name)) > memberNameMax {
			return apierr.InvalidField("name", "is longer than 200 characters")
		}
		change.Name = &name
	}
	if err := a.members.Update(member, change); err != nil {
		return apierr.Internal(err)
	}
	return a.respondMember(e, member, acc)
}

// memberSignOut answers POST /api/v1/members/sign-out: 204, and the member's tokens stop.
func (a *API) memberSignOut(e *core.RequestEvent) error {
	member, _, err := a.signedInMember(e)
	if err != nil {
		return err
	}
	if err := a.members.SignOut(member); err != nil {
		return apierr.Internal(err)
	}
	return e.NoContent(http.StatusNoContent)
}

// respondMember answers `{"data": member}` (an ETag and 304 on a GET).
func (a *API) respondMember(e *core.RequestEvent, member *core.Record, acc vocab.Access) error {
	view, err := a.memberView(member, acc)
	if err != nil {
		return err
	}
	return respond(e, http.StatusOK, map[string]any{"data": view})
}

// memberView is what a member sees of themselves.
func (a *API) memberView(member *core.Record, acc vocab.Access) (map[string]any, error) {
	p, err := a.members.ProfileOf(member, acc)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	return map[string]any{"id": p.ID, "name": p.Name, "email": p.Email, "since": p.Since,
		"paid": p.Access == vocab.AccessPaid, "newsletter": p.Newsletter}, nil
}

// memberError is the answer of the members service's error (an answer already made stays);
// nil for nil.
func memberError(e *core.RequestEvent, err error) error {
	var answer *apierr.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &answer):
		return answer
	case errors.Is(err, members.ErrInvalidEmail):
		return apierr.InvalidField("email", "is not an e-mail address")
	case errors.Is(err, members.ErrInvalidCode):
		return &apierr.Error{Status: http.StatusBadRequest, Code: codeInvalidCode,
			Message: "invalid or expired code: ask for a new one"}
	case errors.Is(err, members.ErrTooManyAttempts):
		e.Response.Header().Set(HeaderRetryAfter, strconv.Itoa(int(members.AttemptWindow/time.Second)))
		return &apierr.Error{Status: http.StatusTooManyRequests, Code: apierr.CodeRateLimited,
			Message: "too many sign-in attempts for this address or from this network: try again in 10 minutes"}
	}
	return apierr.Internal(err)
}
