// Package newsletter owns the newsletter's subscribers: their states (vocab.SubscriberStatuses),
// subscribing with double opt-in (Service.Subscribe: the confirmation e-mail, at most
// MaxConfirmationMails a day, with a signed link valid ConfirmLinkTTL), confirmation and
// one-click unsubscribe links, the owner's list with counts, CSV import and export, and the
// `newsletter` command (NewCommand), to which the sending adds its subcommands.
package newsletter

import "strings"

// Paths of the links a subscriber follows from an e-mail, served at the site's root (no API
// key: the link's secret is the credential). A GET shows a page with a button, a POST acts, so
// that link scanners, which follow every GET, change nothing.
const (
	// UnsubscribePath + a subscriber's unsubscribe_token is the List-Unsubscribe URL; a POST
	// of "List-Unsubscribe=One-Click" to it unsubscribes at once (RFC 8058).
	UnsubscribePath = "/newsletter/unsubscribe/"
	// ConfirmPath + a confirmation token is the double opt-in link.
	ConfirmPath = "/newsletter/confirm/"
)

// UnsubscribeURL is the unsubscribe link of the subscriber whose unsubscribe_token is token,
// on the site whose public base URL (scheme and host, no trailing slash needed) is baseURL.
func UnsubscribeURL(baseURL, token string) string {
	return strings.TrimRight(baseURL, "/") + UnsubscribePath + token
}
