// Package members is the site's members: readers who sign in with a one-time code sent to
// their e-mail address (PocketBase's own OTP records on the members auth collection), read
// with a member token what vocab.MayRead opens to them, and keep their name and newsletter
// opt-in. The opt-in is the newsletter_subscribers row of the same address, never a flag of
// its own, so the newsletter's unsubscribe clears it too.
package members
