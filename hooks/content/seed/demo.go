// Package seed fills a data directory with demo content: `seed` is the command (NewCommand),
// Demo the realistic site it writes through app.Save (so slugs, webhook events and validation
// happen as for real edits), and Posts a fast bulk insert of published posts for benchmarks.
package seed

import (
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// ErrNotEmpty is returned by Demo, without writing anything, when the site already has content
// and force is false.
var ErrNotEmpty = errors.New("the site already has content")

// contentCollections are the collections whose records make a site "not empty".
var contentCollections = []string{
	vocab.Profile, vocab.Posts, vocab.Projects, vocab.Pages,
	vocab.Courses, vocab.Talks, vocab.Experience, vocab.Education,
	vocab.Skills, vocab.Certifications, vocab.Members, vocab.Purchases,
}

// pageViewDays is how many days of page views the demo has, today included.
const pageViewDays = 30

// Demo writes a demo site in one transaction, with dates relative to now: a profile, posts
// (drafts, members-only and private ones among them), projects, courses with lessons, talks,
// portfolio entries, members, subscribers, testimonials, purchases with their enrollments, and
// 30 days of page views. It returns how many records it wrote per collection. A site with
// content is refused with ErrNotEmpty unless force; forced, it adds the demo again, skipping
// the profile and members and subscribers whose email is already there.
func Demo(app core.App, now time.Time, force bool) (map[string]int, error) {
	if !force {
		for _, c := range contentCollections {
			n, err := app.CountRecords(c)
			if err != nil {
				return nil, fmt.Errorf("count %s: %w", c, err)
			}
			if n > 0 {
				return nil, fmt.Errorf("%w (%d %s records)", ErrNotEmpty, n, c)
			}
		}
	}
	var counts map[string]int
	err := app.RunInTransaction(func(tx core.App) error {
		s := &seeder{app: tx, now: now.UTC(), rng: rand.New(rand.NewPCG(2026, 11)), counts: map[string]int{}}
		for _, step := range []func() error{
			s.siteSettings, s.profile, s.posts, s.projects, s.courses, s.talks, s.portfolio,
			s.members, s.subscribers, s.testimonials, s.purchases, s.pageViews,
		} {
			if err := step(); err != nil {
				return err
			}
		}
		counts = s.counts
		return nil
	})
	if err != nil {
		return nil, err
	}
	return counts, nil
}

// seeder writes the demo inside one transaction.
type seeder struct {
	app    core.App // the transaction
	now    time.Time
	rng    *rand.Rand // fixed seed: the same now gives the same demo
	counts map[string]int

	postSlugs   []string // of published public posts, for page views
	courseRecs  []*core.Record
	memberEmail map[string]string // email → member id
}

// ago is the time days before now.
func (s *seeder) ago(days int) time.Time { return s.now.AddDate(0, 0, -days) }

// save creates a record of collection with fields, created (and updated) at the given time.
func (s *seeder) save(collection string, at time.Time, fields map[string]any) (*core.Record, error) {
	col, err := s.app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	for k, v := range fields {
		rec.Set(k, v)
	}
	stamp := at.UTC().Format(types.DefaultDateLayout)
	rec.SetRaw("created", stamp) // autodates keep a value set with SetRaw
	rec.SetRaw("updated", stamp)
	if err := s.app.Save(rec); err != nil {
		return nil, fmt.Errorf("seed %s %v: %w", collection, fields, err)
	}
	s.counts[collection]++
	return rec, nil
}

// saveNewEmail is save for a collection whose emails are unique: a record whose email is
// already there is skipped (nil, nil), so a forced second run does not fail on it.
func (s *seeder) saveNewEmail(collection string, at time.Time, fields map[string]any) (*core.Record, error) {
	_, err := s.app.FindFirstRecordByData(collection, "email", fields["email"])
	switch {
	case err == nil:
		return nil, nil
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	return s.save(collection, at, fields)
}

func (s *seeder) profile() error {
	n, err := s.app.CountRecords(vocab.Profile)
	if err != nil || n > 0 {
		return err
	}
	_, err = s.save(vocab.Profile, s.ago(400), map[string]any{
		"name":     "Sam Creator",
		"headline": "Developer, writer and teacher: APIs, Go and SQLite",
		"bio":      "<p>I build small, sturdy backends and teach others to do the same.</p>",
		"location": "Lisbon, Portugal",
		"website":  "https://creator.example",
		"email":    "hello@creator.example",
		"links": []map[string]string{
			{"label": "GitHub", "url": "https://github.com/creator-example"},
			{"label": "Mastodon", "url": "https://mastodon.social/@creator"},
		},
	})
	return err
}

// article is a few paragraphs of demo HTML about title.
func article(title, excerpt string) string {
	return "<p>" + excerpt + "</p><p>This is the demo body of “" + title +
		"”. Edit it in the dashboard, or through the API with a write key.</p>"
}

func (s *seeder) posts() error {
	for _, p := range demoPosts {
		// A negative age schedules the post: written now, published that many days ahead.
		fields := map[string]any{
			"title": p.title, "excerpt": p.excerpt, "content": article(p.title, p.excerpt),
			"tags": nonNil(p.tags), "visibility": p.visibility, "draft": p.draft,
		}
		if !p.draft {
			fields["published_at"] = s.ago(p.age)
		}
		rec, err := s.save(vocab.Posts, s.ago(max(p.age, 0)), fields)
		if err != nil {
			return err
		}
		if !p.draft && p.visibility == "public" && p.age >= 0 {
			s.postSlugs = append(s.postSlugs, rec.GetString("slug"))
		}
	}
	return nil
}

func (s *seeder) projects() error {
	for _, p := range demoProjects {
		_, err := s.save(vocab.Projects, s.ago(p.age), map[string]any{
			"title": p.title, "excerpt": p.excerpt, "content": article(p.title, p.excerpt),
			"tags": nonNil(p.tags), "visibility": "public", "draft": p.draft, "url": p.url, "repo_url": p.repo,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *seeder) courses() error {
	for _, c := range demoCourses {
		course, err := s.save(vocab.Courses, s.ago(c.age), map[string]any{
			"title": c.title, "description": c.description, "price": c.price, "currency": c.currency,
		})
		if err != nil {
			return err
		}
		s.courseRecs = append(s.courseRecs, course)
		for i, lesson := range c.lessons {
			_, err := s.save(vocab.Lessons, s.ago(c.age), map[string]any{
				"course": course.Id, "title": lesson, "sort_order": i + 1,
				"content": "<p>Lesson " + fmt.Sprint(i+1) + " of " + c.title + ": " + lesson + ".</p>",
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *seeder) talks() error {
	for _, t := range demoTalks {
		_, err := s.save(vocab.Talks, s.ago(max(t.age, 0)+30), map[string]any{
			"title": t.title, "event": t.event, "location": t.location, "date": s.ago(t.age).Truncate(24 * time.Hour),
			"url": t.url, "slides_url": t.slides, "video_url": t.video, "description": t.description,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// portfolio writes the four simple lists, each entry a day apart.
func (s *seeder) portfolio() error {
	lists := []struct {
		collection string
		entries    []map[string]any
	}{
		{vocab.Experience, demoExperience},
		{vocab.Education, demoEducation},
		{vocab.Skills, demoSkills},
		{vocab.Certifications, demoCertifications},
	}
	for _, l := range lists {
		for i, fields := range l.entries {
			if _, err := s.save(l.collection, s.ago(365-i), fields); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *seeder) members() error {
	s.memberEmail = map[string]string{}
	for _, m := range demoMembers {
		rec, err := s.saveNewEmail(vocab.Members, s.ago(m.age), map[string]any{
			"name": m.name, "email": m.email, "verified": m.verified, "emailVisibility": false,
			// Demo members cannot sign in until they reset this.
			"password": security.RandomString(32),
		})
		if err != nil {
			return err
		}
		if rec != nil {
			s.memberEmail[m.email] = rec.Id
		}
	}
	return nil
}

func (s *seeder) subscribers() error {
	for _, sub := range demoSubscribers {
		_, err := s.saveNewEmail(vocab.NewsletterSubscribers, s.ago(sub.age), map[string]any{
			"email": sub.email, "name": sub.name, "confirmed": sub.confirmed,
			"status": map[bool]string{true: "confirmed", false: "pending"}[sub.confirmed],
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *seeder) testimonials() error {
	for i, fields := range demoTestimonials {
		if _, err := s.save(vocab.Testimonials, s.ago(40-10*i), fields); err != nil {
			return err
		}
	}
	return nil
}

// purchases writes the course purchases of the last 30 days, and an enrollment for each
// completed one.
func (s *seeder) purchases() error {
	for _, p := range demoPurchases {
		course := s.courseRecs[p.course]
		at := s.ago(p.age).Add(-time.Duration(p.course+1) * time.Hour)
		_, err := s.save(vocab.Purchases, at, map[string]any{
			"buyer_email": p.buyer, "content_type": "course", "content_id": course.Id,
			"amount": course.GetInt("price"), "currency": course.GetString("currency"), "status": p.status,
		})
		if err != nil {
			return err
		}
		if p.status != "completed" {
			continue
		}
		enrollment := map[string]any{"course": course.Id, "buyer_email": p.buyer, "member": s.memberEmail[p.buyer]}
		if p.completed {
			enrollment["completed_at"] = at.AddDate(0, 0, 10)
		}
		if _, err := s.save(vocab.Enrollments, at.Add(time.Minute), enrollment); err != nil {
			return err
		}
	}
	return nil
}

// pageViews writes 30 days of views: 20 to 60 a day over the site's pages and public posts,
// from a few referrers and countries, never later than now.
func (s *seeder) pageViews() error {
	paths := append([]string{}, demoPagePaths...)
	for _, slug := range s.postSlugs {
		paths = append(paths, "/blog/"+slug)
	}
	today := s.now.Truncate(24 * time.Hour)
	for day := range pageViewDays {
		start := today.AddDate(0, 0, -day)
		span := 24 * time.Hour
		if day == 0 {
			span = s.now.Sub(start) + time.Millisecond // up to now, never after
		}
		for range 20 + s.rng.IntN(41) {
			at := start.Add(time.Duration(s.rng.Int64N(int64(span))))
			_, err := s.save(vocab.PageViews, at, map[string]any{
				"path":     paths[s.rng.IntN(len(paths))],
				"referrer": demoReferrers[s.rng.IntN(len(demoReferrers))],
				"visitor":  fmt.Sprintf("%016x", s.rng.Uint64()),
				"country":  demoCountries[s.rng.IntN(len(demoCountries))],
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func nonNil(tags []string) []string {
	if tags == nil {
		return []string{}
	}
	return tags
}
