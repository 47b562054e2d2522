package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

func TestCourseLessonsNeverLeave(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(keys.ScopeRead)
	write, _ := h.CreateKey(keys.ScopeWrite)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	course := h.SaveRecord(vocab.Courses, map[string]any{"title": "Course", "currency": "usd", "price": 4900})
	const lessonTitle, lessonBody, lessonVideo = "LESSON-TITLE-7f3a", "LESSON-BODY-9c2e", "https://video.example/LESSON-VIDEO-1b8d"
	lesson := h.SaveRecord(vocab.Lessons, map[string]any{
		"course": course.Id, "title": lessonTitle, "content": "<p>" + lessonBody + "</p>", "video_url": lessonVideo,
	})
	responses := map[string]*apitest.Response{
		"v1 list":   h.Get("/api/v1/courses", read),
		"v2 list":   h.Get("/api/v2/courses", content),
		"create":    send(h, http.MethodPost, "/api/v1/courses", write, map[string]any{"title": "Another", "currency": "usd"}),
		"update":    send(h, http.MethodPatch, "/api/v1/courses/"+course.Id, write, map[string]any{"price": 5900}),
		"bad write": send(h, http.MethodPatch, "/api/v1/courses/"+course.Id, write, map[string]any{"lessons": []string{lesson.Id}}),
	}
	for name, res := range responses {
		for _, secret := range []string{lessonTitle, lessonBody, "LESSON-VIDEO", lesson.Id, `"lessons":`} {
			if strings.Contains(string(res.Body), secret) {
				t.Errorf("%s shows %q: %s", name, secret, res.Body)
			}
		}
	}
	if responses["update"].Status != http.StatusOK || dataObject(t, responses["update"])["price"] != 5900.0 {
		t.Fatalf("update: %s", responses["update"].Body)
	}
	if responses["bad write"].Status != http.StatusBadRequest {
		t.Fatalf("lessons written through a course: %d", responses["bad write"].Status)
	}
}
