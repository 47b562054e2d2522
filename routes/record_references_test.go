package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

func TestDeleteCourseWithEnrollments(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	course := h.SaveRecord(vocab.Courses, map[string]any{"title": "Sold", "currency": "usd"})
	enrollment := h.SaveRecord(vocab.Enrollments, map[string]any{"course": course.Id, "buyer_email": "a@example.com"})
	h.SaveRecord(vocab.Lessons, map[string]any{"course": course.Id, "title": "One"})

	// An enrollment requires its course: 409, and nothing is deleted.
	res := send(h, http.MethodDelete, "/api/v1/courses/"+course.Id, write, nil)
	if res.Status != http.StatusConflict || res.ErrorCode() != "conflict" {
		t.Fatalf("got %d %s, want 409 conflict", res.Status, res.Body)
	}
	if n, _ := h.App.CountRecords(vocab.Lessons); n != 1 {
		t.Fatalf("%d lessons left", n)
	}

	// Without it, the course goes, and its lessons with it (cascade).
	if err := h.App.Delete(enrollment); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, send(h, http.MethodDelete, "/api/v1/courses/"+course.Id, write, nil), http.StatusNoContent)
	if n, _ := h.App.CountRecords(vocab.Lessons); n != 0 {
		t.Fatalf("%d lessons left", n)
	}
}
