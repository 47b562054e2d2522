package sends

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	mail "github.com/wneessen/go-mail"

	"github.com/creator-content-api/server/hooks/vocab"
)

// signedHeaders are the headers the DKIM signature covers: RFC 6376's recommended ones and
// both List-Unsubscribe headers (RFC 8058 asks for them to be signed, so that no one can change
// where the one-click unsubscribe goes).
var signedHeaders = []string{"From", "To", "Subject", "Date", "Message-ID", "List-Id",
	"List-Unsubscribe", "List-Unsubscribe-Post", "MIME-Version", "Content-Type"}

// letterhead is what every message of a send shares.
type letterhead struct {
	sendID    string
	fromName  string
	fromAddr  string
	date      time.Time
	listID    string
	whole     rendered     // the letter for the recipients who may read the post whole
	cut       rendered     // and for the others (none when every recipient may)
	least     vocab.Access // the least access level of the send's audience
	visible   string       // the post's visibility when the send was queued
	signer    *dkimKey
	msgIDHost string
}

// recipient is one delivery's subscriber.
type recipient struct {
	deliveryID   string
	subscriberID string
	email        string
	unsubscribe  string // the subscriber's unsubscribe URL
	whole        bool   // the subscriber may read the post whole (else gets it cut)
	done         func() // called once its outcome is recorded
}

// messageID is the Message-ID of a send's message to a subscriber: the same on every attempt,
// so that a message sent again after a crash is one the receiver can recognise as a repeat.
func (h *letterhead) messageID(r recipient) string {
	return h.sendID + "." + r.subscriberID + "@" + h.msgIDHost
}

// compose writes the signed message of r to buf (reset first).
func (h *letterhead) compose(buf *bytes.Buffer, r recipient) error {
	m := mail.NewMsg(mail.WithNoDefaultUserAgent())
	if err := m.FromFormat(h.fromName, h.fromAddr); err != nil {
		return fmt.Errorf("sender address: %w", err)
	}
	if err := m.To(r.email); err != nil {
		return fmt.Errorf("recipient address: %w", err)
	}
	body := h.whole
	if !r.whole {
		body = h.cut
	}
	m.Subject(body.Subject)
	m.SetDateWithValue(h.date)
	m.SetMessageIDWithValue(h.messageID(r))
	m.SetBoundary("cca-" + h.sendID)
	m.SetGenHeaderPreformatted("List-Id", h.listID)
	m.SetGenHeaderPreformatted("List-Unsubscribe", "<"+r.unsubscribe+">, <mailto:"+h.fromAddr+"?subject="+
		url.QueryEscape("unsubscribe "+r.subscriberID)+">")
	m.SetGenHeaderPreformatted("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	link := strings.NewReplacer(unsubscribeMark, r.unsubscribe)
	m.SetBodyString(mail.TypeTextPlain, link.Replace(body.Text))
	m.AddAlternativeString(mail.TypeTextHTML, link.Replace(body.HTML))
	var raw bytes.Buffer
	if _, err := m.WriteTo(&raw); err != nil {
		return err
	}
	buf.Reset()
	if h.signer == nil {
		_, err := buf.Write(raw.Bytes())
		return err
	}
	return dkim.Sign(buf, &raw, &dkim.SignOptions{Domain: h.signer.domain, Selector: h.signer.selector,
		Signer: h.signer.key, HeaderKeys: signedHeaders,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed})
}
