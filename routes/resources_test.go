package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
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
	noLesson := []string{lessonTitle, lessonBody, "LESSON-VIDEO", lesson.Id, `"lessons":`}
	for _, s := range []apitest.Scenario{
		{Name: "v1 list", Path: "/api/v1/courses", Headers: apitest.Bearer(read), ExpectedStatus: http.StatusOK},
		{Name: "v2 list", Path: "/api/v2/courses", Headers: apitest.Bearer(content), ExpectedStatus: http.StatusOK},
		{Name: "create", Method: http.MethodPost, Path: "/api/v1/courses", Headers: apitest.Bearer(write),
			Body: map[string]any{"title": "Another", "currency": "usd"}, ExpectedStatus: http.StatusCreated},
		{Name: "update", Method: http.MethodPatch, Path: "/api/v1/courses/" + course.Id, Headers: apitest.Bearer(write),
			Body: map[string]any{"price": 5900}, ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.price": 5900}},
		{Name: "lessons written through a course", Method: http.MethodPatch, Path: "/api/v1/courses/" + course.Id, Headers: apitest.Bearer(write),
			Body: map[string]any{"lessons": []string{lesson.Id}}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
	} {
		s.NotExpectedContent = noLesson
		s.Test(t, h)
	}
}
