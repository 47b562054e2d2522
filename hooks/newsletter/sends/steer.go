package sends

import (
	"slices"

	"github.com/pocketbase/dbx"
)

// Pause stops a queued or running send where it is; Resume goes on from there.
func (s *Service) Pause(id string) (Counts, error) {
	return s.move(id, StatePaused, StateQueued, StateSending)
}

// Resume goes on with a paused send.
func (s *Service) Resume(id string) (Counts, error) {
	c, err := s.move(id, StateSending, StatePaused)
	s.wake()
	return c, err
}

// Cancel ends a send that is not finished: what is still pending is never sent.
func (s *Service) Cancel(id string) (Counts, error) {
	return s.move(id, StateCancelled, StateQueued, StateSending, StatePaused)
}

// move puts the send of id in state `to` when it is in one of from, stopping it if it runs.
func (s *Service) move(id, to string, from ...string) (Counts, error) {
	send, err := findSend(s.app, id)
	if err != nil {
		return Counts{}, err
	}
	if !slices.Contains(from, send.GetString("state")) {
		return Counts{}, ErrSendState
	}
	// Conditional on the state read: a send that just finished stays finished.
	res, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionSends + ` SET state = {:to}, updated = {:now}
		WHERE id = {:id} AND state = {:from}`).
		Bind(dbx.Params{"to": to, "from": send.GetString("state"), "id": id, "now": dateTime(s.cfg.Now())}).Execute()
	if err != nil {
		return Counts{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Counts{}, ErrSendState
	}
	s.mu.Lock()
	if s.running == id && to != StateSending {
		s.stop()
	}
	s.mu.Unlock()
	return s.Status(id)
}
