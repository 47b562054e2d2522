package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// TestNoAnonymousSignUp: PocketBase's default users collection, which nothing here uses, takes
// no anonymous sign-up (pb_migrations/1763700310_close_users_signup.go); the owner may still
// make accounts in it.
func TestNoAnonymousSignUp(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	account := map[string]any{"email": "someone@example.com", "password": "a long password 1", "passwordConfirm": "a long password 1"}
	for _, s := range []apitest.Scenario{
		{Name: "anonymous", Method: http.MethodPost, Path: "/api/collections/users/records", Body: account,
			ExpectedStatus: http.StatusForbidden},
		{Name: "the owner", Method: http.MethodPost, Path: "/api/collections/users/records", Body: account,
			Headers: owner(h.SuperuserToken()), ExpectedStatus: http.StatusOK},
	} {
		s.Test(t, h)
	}
}
