package seed

// The demo site's content: a developer-educator who writes, builds, teaches and speaks. Ages
// are days before the seed's "now".

type demoPost struct {
	title, excerpt, visibility string
	tags                       []string
	draft                      bool
	age                        int
}

var demoPosts = []demoPost{
	{"Hello, world: why I started writing", "A short note on why this site exists.", "public", []string{"meta"}, false, 360},
	{"Keyset pagination in SQLite", "OFFSET gets slower with every page; a keyset does not.", "public", []string{"sqlite", "go"}, false, 300},
	{"Shipping a Go API on PocketBase", "One binary, one data directory, and a dashboard for free.", "public", []string{"go", "pocketbase"}, false, 240},
	{"Designing webhooks people can trust", "Signatures, retries and ids a receiver can de-duplicate.", "public", []string{"webhooks", "api"}, false, 200},
	{"What I learned teaching my first course", "Students read the first lesson twice as often as any other.", "public", []string{"teaching"}, false, 150},
	{"Notes from GopherCon EU", "Three talks worth watching and one hallway idea.", "public", []string{"conferences", "go"}, false, 120},
	{"A small guide to ETags", "Strong, weak, and why a 304 is the fastest response.", "public", []string{"http", "caching"}, false, 90},
	{"Writing in public, one year in", "Numbers, mistakes and what comes next.", "public", []string{"meta"}, false, 60},
	{"Привет мир: a post in two languages", "Slugs, transliteration and a title in Cyrillic.", "public", []string{"i18n"}, false, 30},
	{"Members only: the course roadmap", "What the next two courses will cover.", "members", []string{"courses"}, false, 20},
	{"My plans for next year", "Not for the public yet.", "private", nil, false, 10},
	{"Rate limiting without tears", "Token buckets, bursts and honest headers.", "public", []string{"api"}, true, 5},
	{"Full-text search in SQLite", "FTS5, prefixes and accents, scheduled for next week.", "public", []string{"sqlite", "go"}, false, -7},
}

type demoProject struct {
	title, excerpt, url, repo string
	tags                      []string
	draft                     bool
	age                       int
}

var demoProjects = []demoProject{
	{"Creator Content API", "The API behind this site.", "https://api.creator.example", "https://github.com/creator-example/content-api", []string{"go", "api"}, false, 200},
	{"Slugger", "Transliterating slugs for any language.", "", "https://github.com/creator-example/slugger", []string{"go", "i18n"}, false, 150},
	{"Talk timer", "A speaker's countdown that works offline.", "https://timer.creator.example", "", []string{"web"}, false, 80},
	{"Home lab notes", "A write-up still in progress.", "", "", []string{"ops"}, true, 15},
}

type demoCourse struct {
	title, description, currency string
	price                        int
	lessons                      []string
	age                          int
}

var demoCourses = []demoCourse{
	{"Go for creators", "<p>Build and ship your own API in Go.</p>", "usd", 4900,
		[]string{"Setting up", "Your first handler", "Storing data", "Deploying"}, 180},
	{"Practical SQLite", "<p>Indexes, query plans and keyset pagination.</p>", "eur", 2900,
		[]string{"Tables and types", "Reading a query plan", "Paging large lists"}, 120},
	{"Intro to webhooks", "<p>A free mini-course on sending and receiving webhooks.</p>", "usd", 0,
		[]string{"Signing payloads", "Retries and idempotency"}, 45},
}

type demoTalk struct {
	title, event, location, url, slides, video, description string
	age                                                     int
}

var demoTalks = []demoTalk{
	{"Keyset pagination in practice", "GopherCon EU", "Berlin", "https://gophercon.example/talks/keyset", "https://slides.creator.example/keyset", "https://video.example/keyset", "<p>Why OFFSET hurts and what to do instead.</p>", 120},
	{"Webhooks people can trust", "API Days", "Paris", "https://apidays.example/webhooks", "https://slides.creator.example/webhooks", "", "<p>Signatures, retries and de-duplication.</p>", 200},
	{"One binary backends", "Local Go meetup", "Online", "", "", "https://video.example/one-binary", "<p>A lightning talk on PocketBase.</p>", 300},
	{"Teaching developers online", "EdTech Summit", "Lisbon", "https://edtech.example/2027", "", "", "<p>An upcoming talk.</p>", -40},
}

var demoExperience = []map[string]any{
	{"company": "Independent", "role": "Developer and educator", "location": "Remote", "start_date": "2023-01-01 00:00:00.000Z",
		"description": "<p>Courses, talks and open source.</p>", "sort_order": 1},
	{"company": "Acme Cloud", "role": "Senior backend engineer", "location": "Berlin", "start_date": "2018-04-01 00:00:00.000Z",
		"end_date": "2022-12-31 00:00:00.000Z", "description": "<p>APIs and data pipelines.</p>", "sort_order": 2},
	{"company": "Startup Studio", "role": "Software engineer", "location": "Lisbon", "start_date": "2015-09-01 00:00:00.000Z",
		"end_date": "2018-03-31 00:00:00.000Z", "sort_order": 3},
}

var demoEducation = []map[string]any{
	{"school": "University of Lisbon", "degree": "MSc", "field": "Computer Science", "start_date": "2013-09-01 00:00:00.000Z",
		"end_date": "2015-07-31 00:00:00.000Z", "sort_order": 1},
	{"school": "University of Porto", "degree": "BSc", "field": "Mathematics", "start_date": "2010-09-01 00:00:00.000Z",
		"end_date": "2013-07-31 00:00:00.000Z", "sort_order": 2},
}

var demoSkills = []map[string]any{
	{"name": "Go", "category": "Languages", "level": "expert", "sort_order": 1},
	{"name": "SQL", "category": "Languages", "level": "advanced", "sort_order": 2},
	{"name": "TypeScript", "category": "Languages", "level": "intermediate", "sort_order": 3},
	{"name": "SQLite", "category": "Databases", "level": "advanced", "sort_order": 4},
	{"name": "PostgreSQL", "category": "Databases", "level": "advanced", "sort_order": 5},
	{"name": "API design", "category": "Practice", "level": "expert", "sort_order": 6},
	{"name": "Teaching", "category": "Practice", "level": "advanced", "sort_order": 7},
	{"name": "Kubernetes", "category": "Operations", "level": "beginner", "sort_order": 8},
}

var demoCertifications = []map[string]any{
	{"name": "Certified Kubernetes Application Developer", "issuer": "CNCF", "issued_at": "2022-05-10 00:00:00.000Z",
		"expires_at": "2025-05-10 00:00:00.000Z", "credential_url": "https://cncf.example/verify/ckad-1234", "sort_order": 1},
	{"name": "AWS Certified Developer", "issuer": "Amazon Web Services", "issued_at": "2021-03-02 00:00:00.000Z",
		"credential_url": "https://aws.example/verify/dev-5678", "sort_order": 2},
}

var demoMembers = []struct {
	name, email string
	verified    bool
	age         int
}{
	{"Ada Lovelace", "ada@example.com", true, 200},
	{"Grace Hopper", "grace@example.com", true, 150},
	{"Alan Turing", "alan@example.com", false, 90},
	{"Katherine Johnson", "katherine@example.com", true, 25},
	{"Edsger Dijkstra", "edsger@example.com", true, 12},
	{"Barbara Liskov", "barbara@example.com", false, 2},
}

var demoSubscribers = []struct {
	name, email string
	confirmed   bool
	age         int
}{
	{"Ada Lovelace", "ada@example.com", true, 210},
	{"Linus", "linus@example.net", true, 120},
	{"Margaret Hamilton", "margaret@example.org", true, 60},
	{"", "reader1@example.net", false, 28},
	{"Ken", "ken@example.com", true, 21},
	{"Radia Perlman", "radia@example.org", true, 14},
	{"", "reader2@example.net", true, 6},
	{"Frances Allen", "frances@example.com", false, 1},
}

var demoTestimonials = []map[string]any{
	{"name": "Grace Hopper", "email": "grace@example.com", "company": "Navy Labs", "role": "Engineer",
		"body": "Go for creators got our team shipping in a week.", "approved": true},
	{"name": "Katherine Johnson", "company": "Orbit Analytics", "role": "Data scientist",
		"body": "The SQLite course finally made query plans click.", "approved": true},
	{"name": "Alan Turing", "body": "Clear, practical and kind.", "approved": false},
}

// demoPurchases: buyer (an email of demoMembers or another), the course's index in demoCourses,
// status, age in days, and whether the enrollment is completed.
var demoPurchases = []struct {
	buyer     string
	course    int
	status    string
	age       int
	completed bool
}{
	{"ada@example.com", 0, "completed", 28, true},
	{"grace@example.com", 0, "completed", 21, false},
	{"grace@example.com", 1, "completed", 19, false},
	{"alan@example.com", 1, "pending", 14, false},
	{"katherine@example.com", 1, "completed", 11, true},
	{"katherine@example.com", 2, "completed", 9, false},
	{"edsger@example.com", 0, "refunded", 7, false},
	{"buyer@example.net", 0, "completed", 4, false},
	{"barbara@example.com", 2, "completed", 2, false},
	{"buyer@example.net", 1, "completed", 0, false},
}

// Page views: paths besides the posts', and referrers (empty: typed in or unknown).
var (
	demoPagePaths = []string{"/", "/about", "/courses", "/talks", "/projects"}
	demoReferrers = []string{"", "", "", "https://news.ycombinator.com/", "https://www.google.com/", "https://github.com/", "https://mastodon.social/"}
	demoCountries = []string{"US", "DE", "PT", "GB", "FR", "JP", "BR", "IN"}
)
