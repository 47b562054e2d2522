package pb_migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addNewsletterSentEvent, dropNewsletterSentEvent)
}

// newsletterSent is the event a finished newsletter send fires.
const newsletterSent = "newsletter.sent"

// addNewsletterSentEvent adds newsletter.sent to the events a subscription may ask for and an
// event may be.
func addNewsletterSentEvent(app core.App) error {
	return eachEventField(app, func(f *core.SelectField) {
		if !slices.Contains(f.Values, newsletterSent) {
			f.Values = append(f.Values, newsletterSent)
		}
		if f.MaxSelect > 1 {
			f.MaxSelect = len(f.Values)
		}
	})
}

func dropNewsletterSentEvent(app core.App) error {
	return eachEventField(app, func(f *core.SelectField) {
		f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == newsletterSent })
		if f.MaxSelect > 1 {
			f.MaxSelect = len(f.Values)
		}
	})
}

// eachEventField changes webhook_subscriptions.events and webhook_events.event with change.
func eachEventField(app core.App, change func(*core.SelectField)) error {
	for _, cf := range [][2]string{{"webhook_subscriptions", "events"}, {"webhook_events", "event"}} {
		c, err := findCollection(app, cf[0])
		if err != nil {
			return err
		}
		if f, ok := c.Fields.GetByName(cf[1]).(*core.SelectField); ok {
			change(f)
		}
		if err := saveCollection(app, c); err != nil {
			return err
		}
	}
	return nil
}
