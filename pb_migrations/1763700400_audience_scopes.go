package pb_migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addAudienceScopes, dropAudienceScopes)
}

// audienceScopes are the scopes of the site's audience, callable by a browser key: subscribe
// (a reader subscribes to the newsletter) and members (a member signs in).
var audienceScopes = []string{"subscribe", "members"}

// addAudienceScopes adds the audience's scopes to api_keys.scopes.
func addAudienceScopes(app core.App) error {
	return editScopes(app, func(values []string) []string {
		for _, s := range audienceScopes {
			if !slices.Contains(values, s) {
				values = append(values, s)
			}
		}
		return values
	})
}

// dropAudienceScopes removes them again; keys holding them keep their other scopes.
func dropAudienceScopes(app core.App) error {
	if _, err := app.DB().NewQuery(`UPDATE api_keys SET scopes = (
		SELECT json_group_array(value) FROM json_each(api_keys.scopes) WHERE value NOT IN ('subscribe', 'members'))`).Execute(); err != nil {
		return err
	}
	return editScopes(app, func(values []string) []string {
		return slices.DeleteFunc(values, func(s string) bool { return slices.Contains(audienceScopes, s) })
	})
}

func editScopes(app core.App, edit func([]string) []string) error {
	c, err := findCollection(app, "api_keys")
	if err != nil {
		return err
	}
	f := c.Fields.GetByName("scopes").(*core.SelectField)
	f.Values = edit(slices.Clone(f.Values))
	f.MaxSelect = len(f.Values)
	return saveCollection(app, c)
}
