package members

import (
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/routine"
	"github.com/pocketbase/pocketbase/tools/security"

	"github.com/creator-content-api/server/hooks/vocab"
)

// The limits of the sign-in. A 6-digit code lives 10 minutes; at most 5 wrong guesses per
// address in that time give a guesser a chance of 5 in a million.
const (
	AttemptWindow       = 10 * time.Minute
	CodesPerAddress     = 3  // codes requested per address and window
	CodesPerIP          = 10 // codes requested per IP and window
	GuessesPerAddress   = 5  // verifications per address and window
	GuessesPerIP        = 20 // verifications per IP and window
	fieldDisabled       = "disabled"
	fieldSource         = "source"
	sourceSignUp        = "sign-up"
	settingMemberSignUp = "members_signup"
	settingSiteURL      = "site_url"
)

// Service signs members in and out and answers who a member token is.
type Service struct {
	app        core.App
	now        func() time.Time
	generation func() uint64
	tokens     tokenCache

	codesByAddress, codesByIP     *attempts
	guessesByAddress, guessesByIP *attempts
	invalidCodes                  atomic.Uint64 // verifications refused with ErrInvalidCode
}

// New returns the members service of app on the clock now (its rate windows; the codes'
// lifetime is PocketBase's, on its own clock). generation moves whenever the members table
// changes, in any process (hooks/changes: the content's).
func New(app core.App, now func() time.Time, generation func() uint64) *Service {
	return &Service{app: app, now: now, generation: generation,
		codesByAddress: newAttempts(CodesPerAddress, AttemptWindow), codesByIP: newAttempts(CodesPerIP, AttemptWindow),
		guessesByAddress: newAttempts(GuessesPerAddress, AttemptWindow), guessesByIP: newAttempts(GuessesPerIP, AttemptWindow)}
}

// Sweep forgets the attempt windows that have ended.
func (s *Service) Sweep() {
	now := s.now()
	for _, a := range []*attempts{s.codesByAddress, s.codesByIP, s.guessesByAddress, s.guessesByIP} {
		a.sweep(now)
	}
}

// normalEmail is the address in the form members are stored by, or ErrInvalidEmail.
func normalEmail(email string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > 255 {
		return "", ErrInvalidEmail
	}
	return email, nil
}

// RequestCode mails a one-time code, and a link to the site that signs in like it, to the
// member of this address; to an unknown address only when the site allows sign-up (the member
// is made then, unverified). Whatever the address, it answers alike and mails in the
// background, so neither the answer nor its time says whether the address is a member's.
// ErrTooManyAttempts past the address's or IP's limit.
func (s *Service) RequestCode(email, ip string) error {
	email, err := normalEmail(email)
	if err != nil {
		return err
	}
	now := s.now()
	if !s.codesByIP.allow(ip, now) || !s.codesByAddress.allow(email, now) {
		return ErrTooManyAttempts
	}
	site, err := s.siteSettings()
	if err != nil {
		return err
	}
	member, err := s.memberForCode(email, site.GetBool(settingMemberSignUp))
	if err != nil || member == nil {
		return err
	}
	code := security.RandomStringWithAlphabet(member.Collection().OTP.Length, "0123456789")
	token := newLinkToken()
	link := signInLink(site.GetString(settingSiteURL), token)
	otp := core.NewOTP(s.app)
	otp.SetCollectionRef(member.Collection().Id)
	otp.SetRecordRef(member.Id)
	otp.SetPassword(code)
	otp.SetSentTo(email)
	if link != "" {
		otp.Set(fieldLinkHash, linkHash(token))
	}
	if err := s.app.Save(otp); err != nil {
		return fmt.Errorf("members: save code: %w", err)
	}
	app := s.app
	m := signInMail{Site: app.Settings().Meta.AppName, Code: code, Link: link, Lifetime: member.Collection().OTP.DurationTime()}
	routine.FireAndForget(func() {
		if err := sendSignInMail(app, email, m); err != nil {
			app.Logger().Error("members: mailing a sign-in code failed", "error", errors.Join(err, app.Delete(otp)))
		}
	})
	return nil
}

// memberForCode is the member a code for email goes to: the one with the address unless
// switched off, else a new one when sign-up is allowed, else nil.
func (s *Service) memberForCode(email string, signUp bool) (*core.Record, error) {
	member, err := s.app.FindAuthRecordByEmail(vocab.Members, email)
	switch {
	case err == nil && member.GetBool(fieldDisabled):
		return nil, nil
	case err == nil:
		return member, nil
	case !errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("members: find member: %w", err)
	case !signUp:
		return nil, nil
	}
	coll, err := s.app.FindCachedCollectionByNameOrId(vocab.Members)
	if err != nil {
		return nil, err
	}
	member = core.NewRecord(coll)
	member.SetEmail(email)
	member.SetRandomPassword()
	member.Set(fieldSource, sourceSignUp)
	if err := s.app.Save(member); err != nil {
		return nil, fmt.Errorf("members: sign up: %w", err)
	}
	return member, nil
}

// siteSettings is the site's settings record (the oldest, should there be more); an empty one
// when there is none: no sign-up, no site to link to.
func (s *Service) siteSettings() (*core.Record, error) {
	recs, err := s.app.FindRecordsByFilter(vocab.SiteSettings, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("members: read %s: %w", vocab.SiteSettings, err)
	}
	if len(recs) == 0 {
		return core.NewRecord(core.NewBaseCollection(vocab.SiteSettings)), nil
	}
	return recs[0], nil
}

// Session is a signed-in member's token and when it expires.
type Session struct {
	Token   string
	Expires time.Time
	Member  *core.Record
}

// Verify takes a code mailed to email and signs its member in: the code is used up, with the
// link mailed beside it, and the address verified. A wrong, expired or used code, an unknown
// address and a member switched off all give ErrInvalidCode; ErrTooManyAttempts past the
// address's or IP's limit.
func (s *Service) Verify(email, code, ip string) (*Session, error) {
	email, err := normalEmail(email)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if !s.guessesByIP.allow(ip, now) || !s.guessesByAddress.allow(email, now) {
		return nil, ErrTooManyAttempts
	}
	return s.signIn(s.codeFor(email, code))
}

// VerifyLink takes the token of a mailed sign-in link and signs in the member it was made for,
// as Verify does with the code mailed beside it: the token works once, expires with its code,
// and using either spends both. A malformed, wrong, expired or used token and a member
// switched off give ErrInvalidCode; ErrTooManyAttempts past the IP's limit (a token names no
// address, and at 256 bits cannot be guessed: a guesser of a member's code does not lock the
// member's link).
func (s *Service) VerifyLink(token, ip string) (*Session, error) {
	if !s.guessesByIP.allow(ip, s.now()) {
		return nil, ErrTooManyAttempts
	}
	return s.signIn(s.codeLinkedTo(token))
}

// codeFor is the member of email and their unexpired code that code is, or ErrInvalidCode.
func (s *Service) codeFor(email, code string) (*core.Record, *core.OTP, error) {
	member, err := mayVerify(s.app.FindAuthRecordByEmail(vocab.Members, email))
	if err != nil {
		return nil, nil, err
	}
	otp, err := s.matchingCode(member, code)
	return member, otp, err
}

// mayVerify is the member found, or ErrInvalidCode when there is none or they are switched off.
func mayVerify(member *core.Record, err error) (*core.Record, error) {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, ErrInvalidCode
	case err != nil:
		return nil, fmt.Errorf("members: find member: %w", err)
	case member.GetBool(fieldDisabled):
		return nil, ErrInvalidCode
	}
	return member, nil
}

// codeLinkedTo is the member a link token was made for and the unexpired code it was mailed
// with, or ErrInvalidCode.
func (s *Service) codeLinkedTo(token string) (*core.Record, *core.OTP, error) {
	otp, err := s.linkedCode(token)
	if err != nil {
		return nil, nil, err
	}
	coll, err := s.app.FindCachedCollectionByNameOrId(vocab.Members)
	if err != nil {
		return nil, nil, fmt.Errorf("members: %w", err)
	}
	if otp.CollectionRef() != coll.Id || otp.HasExpired(coll.OTP.DurationTime()) {
		return nil, nil, ErrInvalidCode
	}
	member, err := mayVerify(s.app.FindRecordById(coll, otp.RecordRef()))
	return member, otp, err
}

// signIn spends otp and signs member in; a refusal of the code found (err) is counted.
func (s *Service) signIn(member *core.Record, otp *core.OTP, err error) (*Session, error) {
	if err == nil {
		err = s.spend(otp)
	}
	if errors.Is(err, ErrInvalidCode) {
		s.invalidCodes.Add(1)
	}
	if err != nil {
		return nil, err
	}
	if !member.Verified() {
		member.SetVerified(true)
		if err := s.app.Save(member); err != nil {
			return nil, fmt.Errorf("members: verify: %w", err)
		}
	}
	token, err := member.NewAuthToken()
	if err != nil {
		return nil, fmt.Errorf("members: token: %w", err)
	}
	return &Session{Token: token, Member: member,
		Expires: time.Now().Add(member.Collection().AuthToken.DurationTime()).UTC().Truncate(time.Second)}, nil
}

// spend deletes the code, and its link with it; ErrInvalidCode when another request spent it
// first (by the code or the link), so that it signs in once even when both race.
func (s *Service) spend(otp *core.OTP) error {
	res, err := s.app.NonconcurrentDB().Delete(core.CollectionNameOTPs, dbx.HashExp{"id": otp.Id}).Execute()
	if err != nil {
		return fmt.Errorf("members: use code: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.Join(ErrInvalidCode, err)
	}
	return nil
}

// matchingCode is the member's unexpired code that code is, or ErrInvalidCode.
func (s *Service) matchingCode(member *core.Record, code string) (*core.OTP, error) {
	otps, err := s.app.FindAllOTPsByRecord(member)
	if err != nil {
		return nil, fmt.Errorf("members: find codes: %w", err)
	}
	lifetime := member.Collection().OTP.DurationTime()
	for _, otp := range otps {
		if !otp.HasExpired(lifetime) && otp.ValidatePassword(code) {
			return otp, nil
		}
	}
	return nil, ErrInvalidCode
}

// Authenticate is the member of a member token and their access level; ErrInvalidToken for a
// token that is not a live one of a member who is not switched off. An answer is kept while
// the members are unchanged (at most TokenRecheck): a switch-off or a sign-out, in any process,
// moves their generation and stops the token as soon as this process sees it.
func (s *Service) Authenticate(token string) (*core.Record, vocab.Access, error) {
	gen, now := s.generation(), s.now()
	if a, ok := s.tokens.get(token, gen, now); ok {
		return a.member, a.access, nil
	}
	member, err := s.app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil || member.Collection().Name != vocab.Members || member.GetBool(fieldDisabled) {
		return nil, vocab.AccessPublic, ErrInvalidToken
	}
	access, err := s.AccessOf(member)
	if err != nil {
		return nil, vocab.AccessPublic, err
	}
	s.tokens.put(token, tokenAnswer{member: member, access: access, gen: gen, at: now})
	return member, access, nil
}

// AccessOf is a member's level (levelSQL): paid when the owner marked them paid or a purchase
// by their address is completed, else member.
func (s *Service) AccessOf(member *core.Record) (vocab.Access, error) {
	var level int
	err := s.app.DB().NewQuery(`SELECT ` + levelSQL + ` FROM ` + vocab.Members + ` m WHERE m.id = {:id}`).
		Bind(dbx.Params{"id": member.Id}).Row(&level)
	if err != nil {
		return vocab.AccessPublic, fmt.Errorf("members: read access: %w", err)
	}
	return vocab.Access(level), nil
}

// SignOut ends the member's tokens: PocketBase signs them with the member's token key, which
// this changes, so every token of the member stops (a member signs out everywhere at once).
func (s *Service) SignOut(member *core.Record) error {
	member.RefreshTokenKey()
	if err := s.app.Save(member); err != nil {
		return fmt.Errorf("members: sign out: %w", err)
	}
	return nil
}
