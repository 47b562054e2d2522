// Package members is the site's members: readers who sign in with a one-time code sent to
// their e-mail address (PocketBase's own OTP records on the members auth collection), or with
// the link mailed beside it (its token's SHA-256 kept on the same OTP record, so the two are
// spent and expire together), read with a member token what vocab.MayRead opens to them, and
// keep their name and newsletter opt-in. The opt-in is the newsletter_subscribers row of the
// same address, never a flag of its own, so the newsletter's unsubscribe clears it too. The
// attempts it refuses are counted (Refusals) for the metrics.
package members
