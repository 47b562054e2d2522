package sender

import "time"

// firstStorePause is how long attempts wait after the first result the database could not
// store; each further failure in a row doubles it, up to maxIdle.
const firstStorePause = time.Second

// storePause holds every attempt back while the database fails to store their results (a
// full disk: SQLITE_FULL; an I/O error). The delivery then stays pending and due, so without
// the pause the dispatcher would push it again at once, and again, as fast as the receiver
// answers. With it, the dispatcher pushes at most its workers' worth of deliveries per pause,
// and the pauses grow. A stored result ends the pause. Nothing is lost meanwhile: the
// deliveries stay pending in the database and are made when results can be stored again.
// senderState guards it.
type storePause struct {
	failures int
	until    time.Time
}

// note records whether an attempt's result was stored (err nil) at now.
func (p *storePause) note(err error, now time.Time) {
	if err == nil {
		p.failures, p.until = 0, time.Time{}
		return
	}
	p.until = now.Add(min(firstStorePause<<min(p.failures, 10), maxIdle))
	p.failures++
}

// left is how long attempts are still held back at now; 0 when they are not.
func (p *storePause) left(now time.Time) time.Duration {
	return max(p.until.Sub(now), 0)
}
