package routes_test

import (
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// storyStep runs s as one step of a story in t itself (Scenario.Check), not as a subtest: the
// steps after it build on what it did (a token spent, a key switched off) or read its answer,
// and a subtest run alone (bench/subtests) would skip it. It stops the test when the step
// failed.
func storyStep(t testing.TB, h *apitest.Harness, s apitest.Scenario) *apitest.Response {
	t.Helper()
	res := s.Check(t, h)
	if t.Failed() {
		t.Fatalf("step %q failed", s.Name)
	}
	return res
}
