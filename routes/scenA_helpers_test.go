package routes_test

import (
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// storyStep runs s as one step of a story, in t itself (Scenario.Check), and stops the test
// when the step failed: the steps after it read its answer or build on what it did.
func storyStep(t testing.TB, h *apitest.Harness, s apitest.Scenario) *apitest.Response {
	t.Helper()
	res := s.Check(t, h)
	if t.Failed() {
		t.FailNow()
	}
	return res
}
