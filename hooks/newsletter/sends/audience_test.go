package sends_test

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/vocab"
)

// audienceSite is an app with a mail server set (never reached: nothing here runs a send), a
// site_url, and subscribers of every kind, by name: a reader who is no member, a member (whose
// address differs in case), a paid member, a member with a completed purchase, a switched-off
// paid member, an unsubscribed paid member and a paid member who never subscribed.
func audienceSite(t *testing.T) (*apitest.Harness, map[string]string) {
	t.Helper()
	h := apitest.New(t, apitest.Options{Hooks: func(c *hooks.Config) {
		c.Newsletter.Manual = true
		c.Newsletter.SMTP = "smtp://127.0.0.1:1"
	}})
	h.App.Settings().Meta.SenderAddress = "news@example.com"
	recs, err := h.App.FindAllRecords(vocab.SiteSettings)
	if err != nil || len(recs) != 1 {
		t.Fatalf("site settings: %v", err)
	}
	recs[0].Set("site_url", "https://demo.example")
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for name, status := range map[string]string{"reader": "confirmed", "Member": "confirmed", "paid": "confirmed", "buyer": "confirmed",
		"off": "confirmed", "left": "unsubscribed"} {
		ids[strings.ToLower(name)] = h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": name + "@example.org", "status": status}).Id
	}
	for email, fields := range map[string]map[string]any{"member@EXAMPLE.org": nil, "paid@example.org": {"paid": true}, "buyer@example.org": nil,
		"off@example.org": {"paid": true, "disabled": true}, "left@example.org": {"paid": true}, "nosub@example.org": {"paid": true}} {
		all := map[string]any{"email": email, "password": "a long member password"}
		maps.Copy(all, fields)
		h.SaveRecord(vocab.Members, all)
	}
	h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "Buyer@example.org", "content_type": "product", "amount": 100, "currency": "eur", "status": "completed"})
	h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "member@example.org", "content_type": "product", "amount": 100, "currency": "eur", "status": "refunded"})
	return h, ids
}

// Queue makes one delivery per confirmed subscriber of the audience, and renders the letter
// whole and, only when some of the audience may not read the post whole, cut: at most two
// bodies, whatever the number of recipients.
func TestQueueAudience(t *testing.T) {
	t.Parallel()
	h, ids := audienceSite(t)
	cases := []struct {
		visibility, audience string
		recipients           []string
		cut                  bool
	}{
		{"public", "", []string{"reader", "member", "paid", "buyer", "off"}, false},
		{"public", "paid", []string{"paid", "buyer"}, false},
		{"members", "everyone", []string{"reader", "member", "paid", "buyer", "off"}, true},
		{"members", "members", []string{"member", "paid", "buyer"}, false},
		{"paid", "members", []string{"member", "paid", "buyer"}, true},
		{"paid", "paid", []string{"paid", "buyer"}, false},
	}
	for _, c := range cases {
		t.Run(c.visibility+" to "+c.audience, func(t *testing.T) {
			post := h.SaveRecord(vocab.Posts, map[string]any{"title": "T", "visibility": c.visibility,
				"content": "<p>Open part</p><!--members-only--><p>Secret part</p>"})
			send, err := h.Newsletter.Queue(post.Id, sends.Options{Audience: c.audience})
			if err != nil {
				t.Fatal(err)
			}
			want := c.audience
			if want == "" {
				want = "everyone"
			}
			if send.GetString("audience") != want || send.GetString("visibility") != c.visibility || send.GetInt("total") != len(c.recipients) {
				t.Errorf("send: audience %q, visibility %q, total %d", send.GetString("audience"), send.GetString("visibility"), send.GetInt("total"))
			}
			deliveries, err := h.App.FindAllRecords(vocab.NewsletterDeliveries)
			if err != nil {
				t.Fatal(err)
			}
			var got, wantIDs []string
			for _, d := range deliveries {
				if d.GetString("send") == send.Id {
					got = append(got, d.GetString("subscriber"))
				}
			}
			for _, name := range c.recipients {
				wantIDs = append(wantIDs, ids[name])
			}
			slices.Sort(got)
			slices.Sort(wantIDs)
			if !slices.Equal(got, wantIDs) {
				t.Errorf("deliveries to %v, want %v (%v)", got, wantIDs, c.recipients)
			}
			whole, cut := send.GetString("html")+send.GetString("text"), send.GetString("cut_html")+send.GetString("cut_text")
			if !strings.Contains(whole, "Secret part") || strings.Contains(whole, "Sign in to read the rest") {
				t.Errorf("the whole letter:\n%s", whole)
			}
			if c.cut != (cut != "") || strings.Contains(cut, "Secret part") || c.cut && !strings.Contains(cut, "Sign in to read the rest") {
				t.Errorf("the cut letter (want one: %v):\n%s", c.cut, cut)
			}
		})
	}
}

// The audience is one of the three; a private post is never mailed, whatever the audience.
func TestQueueRefusals(t *testing.T) {
	t.Parallel()
	h, _ := audienceSite(t)
	public := h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "public"})
	private := h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "private"})
	for _, c := range []struct {
		post, audience string
		want           error
	}{
		{public.Id, "all", sends.ErrUnknownAudience},
		{public.Id, "Paid", sends.ErrUnknownAudience},
		{private.Id, "paid", sends.ErrPostNotPublic},
	} {
		if _, err := h.Newsletter.Queue(c.post, sends.Options{Audience: c.audience}); !errors.Is(err, c.want) {
			t.Errorf("Queue(%s, %q) = %v, want %v", c.post, c.audience, err, c.want)
		}
	}
	if n, _ := h.App.CountRecords(vocab.NewsletterSends); n != 0 {
		t.Errorf("%d sends queued", n)
	}
}

// `newsletter send --audience paid` queues a send to the paid members; an unknown audience is
// refused.
func TestSendCommandAudience(t *testing.T) {
	t.Parallel()
	h, _ := audienceSite(t)
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "paid"})
	send := func(args ...string) (string, error) {
		cmds := sends.NewCommands(h.App)
		return apitest.RunCommand(cmds[0], append(args, post.Id)...)
	}
	if _, err := send("--audience", "friends"); !errors.Is(err, sends.ErrUnknownAudience) {
		t.Fatalf("an unknown audience: %v", err)
	}
	out, err := send("--audience", "paid")
	if err != nil || !strings.HasPrefix(out, "queued send ") || !strings.HasSuffix(out, " to 2 subscribers\n") {
		t.Fatalf("send: %v %q", err, out)
	}
	recs, err := h.App.FindAllRecords(vocab.NewsletterSends)
	if err != nil || len(recs) != 1 || recs[0].GetString("audience") != "paid" {
		t.Fatalf("the send: %v %v", err, recs)
	}
}
