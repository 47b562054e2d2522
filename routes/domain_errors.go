package routes

import (
	"errors"
	"net/http"
	"sort"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/routes/apierr"
)

// domainErrors are the sentinel errors of the packages below routes, each with its answer. The
// first whose sentinel the error wraps (errors.Is) answers.
var domainErrors = []struct {
	sentinel error
	answer   func() *apierr.Error
}{
	{keys.ErrUnknown, apierr.Unauthorized},
	{keys.ErrDisabled, forbidden(apierr.CodeKeyDisabled, "this API key is switched off")},
	{keys.ErrExpired, forbidden(apierr.CodeKeyExpired, "this API key has expired")},
	{keys.ErrOriginForbidden, forbidden(apierr.CodeOriginNotAllowed, "this API key may not be used from this origin")},
	{keys.ErrNotFound, apierr.NotFound},
	{webhooks.ErrNotProvisioned, func() *apierr.Error { return apierr.NotProvisioned(nil) }},
	{webhooks.ErrSubscriptionNotFound, apierr.NotFound},
	{webhooks.ErrDeliveryNotFound, apierr.NotFound},
	{revisions.ErrNotFound, apierr.NotFound},
	{revisions.ErrNotContent, func() *apierr.Error {
		return apierr.InvalidParam("collection", "must be a content collection keeping revisions")
	}},
	{revisions.ErrExpired, func() *apierr.Error {
		return &apierr.Error{Status: http.StatusGone, Code: codeRevisionExpired,
			Message: "this revision is past the retention and no longer kept"}
	}},
	{revisions.ErrRecordDeleted, conflict(codeRecordDeleted,
		"the record was deleted: there is nothing to compare with; restore the revision to bring it back")},
	{revisions.ErrMismatch, conflict(codeRevisionMismatch, "this revision is of another record than the one named")},
	{revisions.ErrSlugTaken, conflict(codeSlugTaken,
		"another record has this revision's slug now: change that record's slug first")},
	{previews.ErrNotFound, apierr.NotFound},
	{sends.ErrPostNotFound, func() *apierr.Error { return apierr.InvalidField("post", "no post has this id") }},
	{sends.ErrSendNotFound, apierr.NotFound},
	{sends.ErrPostNotPublic, conflict(codePostNotPublic,
		"a private post is never mailed (public, members and paid posts are)")},
	{sends.ErrUnknownAudience, func() *apierr.Error {
		return apierr.InvalidField("audience", "must be everyone, members or paid")
	}},
	{sends.ErrNoSignInLink, conflict(codeNoSignInLink,
		"some of the audience may not read this post whole and would get it cut with a sign-in link, but it has no page on the site "+
			"(an email_only post, or no site_url in the site settings): limit the audience to readers of its visibility, or set site_url")},
	{sends.ErrPostNotPublished, conflict(codePostNotPublished,
		"the post is a draft or scheduled: publish it first, or mail a draft with email_only")},
	{sends.ErrPostOnSite, conflict(codePostOnSite, "email_only is for drafts, and this post is or will be on the site")},
	{sends.ErrAlreadySent, conflict(codeAlreadySent, "this post was mailed already: say resend to mail it again")},
	{sends.ErrMailNotConfigured, conflict(codeMailNotConfigured,
		"no SMTP server or sender address is configured (PocketBase's mail settings, or --newsletter-smtp)")},
	{sends.ErrSendState, conflict(codeSendStateConflict, "the send's state does not allow this step")},
	{previews.ErrRecordNotFound, func() *apierr.Error {
		return &apierr.Error{Status: http.StatusNotFound, Code: apierr.CodeNotFound, Message: "no record of this collection has this id"}
	}},
	{previews.ErrTTL, func() *apierr.Error {
		return apierr.InvalidField("expires_in", "is longer than preview links may last")
	}},
	{webhooks.ErrPersonalDataForBrowserKey, forbidden(apierr.CodeInsufficientScope,
		"events with personal data are for server keys only (keys without allowed origins)")},
	{webhooks.ErrSubscriptionLimit, func() *apierr.Error {
		return &apierr.Error{Status: http.StatusConflict, Code: apierr.CodeWebhookLimitReached,
			Message: "this site holds as many webhook subscriptions as it may (site settings: webhooks_max, 100 unless set); delete one first"}
	}},
	{webhooks.ErrRecoveryWindow, func() *apierr.Error { return apierr.InvalidField("until", "must not be before since") }},
	{webhooks.ErrEventUnknown, func() *apierr.Error {
		return &apierr.Error{Status: http.StatusGone, Code: apierr.CodeLastEventUnknown,
			Message: "no event with this Last-Event-ID is kept (events are kept 7 days): reconnect without it, and replay what was missed with the poll API's since"}
	}},
	{newsletter.ErrInvalidEmail, func() *apierr.Error {
		return apierr.InvalidField("email", "must be one address such as reader@example.com, of at most 254 bytes")
	}},
	{newsletter.ErrInvalidName, func() *apierr.Error {
		return apierr.InvalidField("name", "must be at most 200 characters, on one line")
	}},
	{newsletter.ErrInvalidStatus, func() *apierr.Error {
		return apierr.InvalidParam("status", "must be one of pending, confirmed, unsubscribed, bounced")
	}},
	{newsletter.ErrInvalidCSV, func() *apierr.Error {
		return apierr.InvalidRequest("the body must be a CSV file whose header row has an email column (and optionally name)")
	}},
	{webhooks.ErrSubscriptionDisabled, func() *apierr.Error {
		return apierr.InvalidRequest("the delivery's subscription is switched off: re-enable it first")
	}},
}

func conflict(code, msg string) func() *apierr.Error {
	return func() *apierr.Error { return &apierr.Error{Status: http.StatusConflict, Code: code, Message: msg} }
}

func forbidden(code, msg string) func() *apierr.Error {
	return func() *apierr.Error { return apierr.Forbidden(code, msg) }
}

// domainError is the one mapping of an error from below routes (the keys, webhooks and content
// packages, PocketBase's record validation) to the envelope: a field refusal is a 400 naming
// the field, a sentinel its own answer, anything else a 500 that shows nothing of its cause.
// The error stays the answer's cause, for the log.
func domainError(err error) *apierr.Error {
	if ae, ok := knownError(err); ok {
		return ae
	}
	return apierr.Internal(err)
}

// knownError is domainError's answer for an error it recognises: one of ours, a field
// refusal or a sentinel.
func knownError(err error) (*apierr.Error, bool) {
	var ae *apierr.Error
	if errors.As(err, &ae) {
		return ae, true
	}
	if ae, ok := fieldError(err); ok {
		return ae, true
	}
	for _, d := range domainErrors {
		if errors.Is(err, d.sentinel) {
			ae := d.answer()
			ae.Cause = err
			return ae, true
		}
	}
	return nil, false
}

// fieldError turns validation errors (PocketBase's record validation, our rules) into a 400
// naming the first field in name order, so the answer is stable.
func fieldError(err error) (*apierr.Error, bool) {
	var verrs validation.Errors
	if !errors.As(err, &verrs) || len(verrs) == 0 {
		return nil, false
	}
	names := make([]string, 0, len(verrs))
	for name := range verrs {
		names = append(names, name)
	}
	sort.Strings(names)
	first := verrs[names[0]]
	reason := "is invalid"
	var verr validation.Error
	if errors.As(first, &verr) {
		reason = verr.Error() // the message with its parameters ({{.max}}) filled in
	} else if first != nil {
		reason = first.Error()
	}
	ae := apierr.InvalidField(names[0], reason)
	ae.Cause = err
	return ae, true
}
