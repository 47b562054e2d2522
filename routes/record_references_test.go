package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func TestDeleteCourseWithEnrollments(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	course := h.SaveRecord(vocab.Courses, map[string]any{"title": "Sold", "currency": "usd"})
	enrollment := h.SaveRecord(vocab.Enrollments, map[string]any{"course": course.Id, "buyer_email": "a@example.com"})
	h.SaveRecord(vocab.Lessons, map[string]any{"course": course.Id, "title": "One"})

	del := apitest.Scenario{Name: "an enrollment requires its course", Method: http.MethodDelete, Path: "/api/v1/courses/" + course.Id,
		Headers: apitest.Bearer(write), ExpectedStatus: http.StatusConflict, ExpectedCode: "conflict"}
	del.After = lessonsLeft(1) // nothing is deleted
	del.Test(t, h)

	// Without it, the course goes, and its lessons with it (cascade).
	if err := h.App.Delete(enrollment); err != nil {
		t.Fatal(err)
	}
	del.Name, del.ExpectedStatus, del.ExpectedCode, del.After = "without it", http.StatusNoContent, "", lessonsLeft(0)
	del.Test(t, h)
}

// lessonsLeft checks that n lessons are stored.
func lessonsLeft(n int64) check {
	return func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
		t.Helper()
		if got, err := h.App.CountRecords(vocab.Lessons); err != nil || got != n {
			t.Errorf("%d lessons left (%v), want %d", got, err, n)
		}
	}
}
