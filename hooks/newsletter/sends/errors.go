package sends

import "errors"

// The errors of queueing and steering a send; routes answers each with its own status and code.
var (
	// ErrPostNotFound: no post has this id.
	ErrPostNotFound = errors.New("newsletter: no post has this id")
	// ErrPostNotPublic: a private post is never mailed (public, members and paid posts are; a
	// recipient who may not read a gated one gets it cut, with a sign-in link).
	ErrPostNotPublic = errors.New("newsletter: a private post is never mailed")
	// ErrUnknownAudience: the audience is not one of vocab.NewsletterAudiences.
	ErrUnknownAudience = errors.New("newsletter: the audience must be everyone, members or paid")
	// ErrNoSignInLink: some of the audience may not read the gated post whole and would get it
	// cut, but it has no page on the site to sign in and read the rest on (an e-mail-only
	// post, or no site_url in the site settings).
	ErrNoSignInLink = errors.New("newsletter: the post has no page on the site for the sign-in link of its cut letter")
	// ErrPostNotPublished: the post is a draft or scheduled; mail it with email_only, or
	// publish it first.
	ErrPostNotPublished = errors.New("newsletter: the post is not published")
	// ErrPostOnSite: email_only was asked for a post that is not a draft (it is, or at its
	// published_at will be, on the site).
	ErrPostOnSite = errors.New("newsletter: email_only is for drafts, and this post is or will be on the site")
	// ErrAlreadySent: the post was mailed (or is being mailed) already; say resend to mail it again.
	ErrAlreadySent = errors.New("newsletter: this post was mailed already")
	// ErrMailNotConfigured: neither a bulk SMTP server nor PocketBase's mail settings are set,
	// or the settings have no sender address.
	ErrMailNotConfigured = errors.New("newsletter: no SMTP server or sender address is configured")
	// ErrSendNotFound: no send has this id.
	ErrSendNotFound = errors.New("newsletter: no send has this id")
	// ErrSendState: the send's state does not allow the step (resume a finished send...).
	ErrSendState = errors.New("newsletter: the send's state does not allow this")
)
