package requestlog

import (
	"errors"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"
)

// skipSuccessKey is the request-event key PocketBase's apis.SkipSuccessActivityLog and
// apis.Static set to keep a route's successes out of the log (PocketBase does not export it;
// TestSkipSuccessActivityLog fails if it changes).
const skipSuccessKey = "__skipSuccessActivityLogger"

// The longest URL, header value, error text and method a row keeps: enough to tell what a
// request was, and a tenth of a row of PocketBase's own logger (3,000 and 2,000) for a client
// that sends long texts to fill the log.
const (
	maxURL    = 500
	maxHeader = 200
	maxError  = 500
	maxMethod = 50
)

// handle serves the request, then queues its row when it gets one. It never waits for the
// writer.
func (l *Log) handle(e *core.RequestEvent) error {
	started := time.Now()
	err := e.Next()
	l.q.served.Add(1)
	settings := e.App.Settings().Logs
	if settings.MaxDays == 0 {
		return err // the owner switched logs off
	}
	level := slog.LevelInfo
	if err != nil {
		level = slog.LevelError
	}
	if int(level) < settings.MinLevel || !l.wants(e, err) {
		l.q.sampledOut.Add(1)
		return err
	}
	if !l.admit(e, err) {
		return err
	}
	l.q.offer(l.row(e, err, level, started, settings.LogAuthId, settings.LogIP))
	return err
}

// wants is the policy: every error, write and owner call gets a row, a successful read as the
// route (apis.SkipSuccessActivityLog) and then the read policy say.
func (l *Log) wants(e *core.RequestEvent, err error) bool {
	if err != nil || e.Status() >= http.StatusBadRequest {
		return true
	}
	if e.Get(skipSuccessKey) != nil {
		return false
	}
	switch e.Request.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
	default:
		return true
	}
	if e.HasSuperuserAuth() || strings.HasPrefix(e.Request.URL.Path, "/api/admin/") {
		return true // the owner's calls, from the dashboard, the console or a script
	}
	return l.cfg.Reads.take()
}

// admit applies the client's budget to a row the policy wants: a refusal for the client's
// rate (429) is counted, not logged, and an error past the client's cap for the minute too.
func (l *Log) admit(e *core.RequestEvent, err error) bool {
	switch status := statusOf(e, err); {
	case status == http.StatusTooManyRequests:
		l.clients.refuse(e.RealIP())
		l.q.refused.Add(1)
		return false
	case status >= http.StatusBadRequest || err != nil:
		if !l.clients.takeError(e.RealIP()) {
			l.q.capped.Add(1)
			return false
		}
	}
	return true
}

// statusOf is the answer's status: the response's, else the error's.
func statusOf(e *core.RequestEvent, err error) int {
	if status := e.Status(); status != 0 {
		return status
	}
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr.Status
	}
	return 0
}

// take draws whether one successful read gets a row.
func (p ReadPolicy) take() bool {
	switch p.share {
	case 0:
		return false
	case 1:
		return true
	}
	return rand.Float64() < p.share
}

// row is the request's row in PocketBase's own shape, so the dashboard's Logs page reads it as
// it reads PocketBase's.
func (l *Log) row(e *core.RequestEvent, err error, level slog.Level, started time.Time, logAuthID, logIP bool) *core.Log {
	status := e.Status()
	method := cut(strings.ToUpper(e.Request.Method), maxMethod)
	uri := cut(e.Request.URL.RequestURI(), maxURL)
	data := types.JSONMap[any]{
		"type":     "request",
		"execTime": float64(time.Since(started)) / float64(time.Millisecond),
	}
	if meta := e.Get(apis.RequestEventKeyLogMeta); meta != nil {
		data["meta"] = meta
	}
	if err != nil {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			if status == 0 {
				status = apiErr.Status
			}
			data["details"] = apiErr.RawData()
		}
		data["error"] = cut(err.Error(), maxError)
	}
	data["url"] = uri
	data["method"] = method
	data["status"] = status
	data["referer"] = cut(e.Request.Referer(), maxHeader)
	data["userAgent"] = cut(e.Request.UserAgent(), maxHeader)
	data["auth"] = ""
	if e.Auth != nil {
		data["auth"] = e.Auth.Collection().Name
		if logAuthID {
			data["authId"] = e.Auth.Id
		}
	}
	if logIP {
		data["userIP"] = e.RealIP()
		data["remoteIP"] = e.RemoteIP()
	}
	message := method + " " + uri
	if unescaped, uerr := url.PathUnescape(uri); uerr == nil {
		message = method + " " + unescaped
	}
	return &core.Log{Level: int(level), Message: message, Data: data, Created: types.NowDateTime()}
}

func cut(s string, max int) string {
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
