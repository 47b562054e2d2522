package sends

import (
	"fmt"
	"net/url"
	"strconv"
	"time"
)

// Defaults of Config.
const (
	DefaultConcurrency = 4
	DefaultPerSecond   = 50
	DefaultPerHour     = 0 // no hourly cap
	DefaultSelector    = "cca"
	DefaultMaxAttempts = 8
	DefaultRetryBase   = 30 * time.Second
	DefaultServerRetry = 5 * time.Second
	defaultRetryCap    = 30 * time.Minute
)

// Config is how sends are mailed. The zero value mails through PocketBase's mail settings with
// the defaults above.
type Config struct {
	// SMTP, when set, is a bulk SMTP server used instead of PocketBase's mail settings:
	// smtp://user:password@host:port (STARTTLS when offered) or smtps://... (TLS from the start).
	SMTP string
	// Concurrency is the number of SMTP connections of a send.
	Concurrency int
	// PerSecond and PerHour cap the messages handed to the server; 0 PerHour is no cap.
	PerSecond, PerHour int
	// DKIMKeyFile is a PEM private key (RSA or Ed25519) to sign with; empty: a 2048-bit RSA key
	// made at first use and kept in the data dir as newsletter_dkim.pem.
	DKIMKeyFile string
	// DKIMSelector is the selector of the DKIM record (cca unless set).
	DKIMSelector string
	// MaxAttempts is how often a message a server refused for the moment (4xx, a lost
	// connection) is tried before its delivery fails.
	MaxAttempts int
	// RetryBase is the first retry's delay; each next one doubles, up to 30 minutes.
	RetryBase time.Duration
	// ServerRetry is the wait before trying a server again that could not be reached or said
	// it is busy (421); those waits use up no attempt.
	ServerRetry time.Duration
	// Now is the clock (time.Now unless set).
	Now func() time.Time
	// Manual leaves the worker out of the server: RunPending runs the sends (for tests).
	Manual bool
}

func (c Config) withDefaults() Config {
	if c.Concurrency <= 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.PerSecond <= 0 {
		c.PerSecond = DefaultPerSecond
	}
	if c.PerHour < 0 {
		c.PerHour = DefaultPerHour
	}
	if c.DKIMSelector == "" {
		c.DKIMSelector = DefaultSelector
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.RetryBase <= 0 {
		c.RetryBase = DefaultRetryBase
	}
	if c.ServerRetry <= 0 {
		c.ServerRetry = DefaultServerRetry
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// retryDelay is the wait before attempt n+1 after n failed ones.
func (c Config) retryDelay(attempts int) time.Duration {
	d := c.RetryBase
	for i := 1; i < attempts && d < defaultRetryCap; i++ {
		d *= 2
	}
	return min(d, defaultRetryCap)
}

// server is where messages go and as whom.
type server struct {
	host, port         string
	username, password string
	implicitTLS        bool
}

// parseSMTP reads a bulk SMTP URL (see Config.SMTP).
func parseSMTP(raw string) (server, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return server{}, fmt.Errorf("the bulk SMTP server must be smtp://[user:password@]host[:port] or smtps://..., not %q", raw)
	}
	s := server{host: u.Hostname(), port: u.Port(), implicitTLS: u.Scheme == "smtps"}
	if s.port == "" {
		s.port = "587"
		if s.implicitTLS {
			s.port = "465"
		}
	}
	if _, err := strconv.Atoi(s.port); err != nil {
		return server{}, fmt.Errorf("the bulk SMTP server's port %q is not a number", s.port)
	}
	if u.User != nil {
		s.username = u.User.Username()
		s.password, _ = u.User.Password()
	}
	return s, nil
}

// Validate reports a Config that cannot work (a bad bulk SMTP URL), for main to refuse at start.
func (c Config) Validate() error {
	if c.SMTP == "" {
		return nil
	}
	_, err := parseSMTP(c.SMTP)
	return err
}
