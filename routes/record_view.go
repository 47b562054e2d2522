package routes

import (
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// recordView renders the named fields of rec as the API shows them: dates in the record layout
// (empty dates as null), JSON fields as their JSON, files as absolute URLs (null or [] when
// empty). Hidden and unnamed fields never appear.
func recordView(app core.App, rec *core.Record, fields []string) map[string]any {
	v := make(map[string]any, len(fields))
	for _, name := range fields {
		switch f := rec.Collection().Fields.GetByName(name).(type) {
		case *core.FileField:
			v[name] = fileURLs(app, rec, name, f.IsMultiple())
		case *core.DateField:
			if d := rec.GetDateTime(name); d.IsZero() {
				v[name] = nil
			} else {
				v[name] = d.String()
			}
		case *core.AutodateField:
			v[name] = rec.GetDateTime(name).String()
		case *core.NumberField:
			if f.OnlyInt {
				v[name] = rec.GetInt(name)
			} else {
				v[name] = rec.GetFloat(name)
			}
		case *core.SelectField:
			if f.IsMultiple() {
				v[name] = nonNilStrings(rec.GetStringSlice(name))
			} else {
				v[name] = rec.GetString(name)
			}
		case *core.RelationField:
			if f.IsMultiple() {
				v[name] = nonNilStrings(rec.GetStringSlice(name))
			} else {
				v[name] = rec.GetString(name)
			}
		case nil:
			if name == "id" {
				v[name] = rec.Id
			}
		default:
			v[name] = rec.Get(name)
		}
	}
	return v
}

func fileURLs(app core.App, rec *core.Record, field string, multiple bool) any {
	base := strings.TrimRight(app.Settings().Meta.AppURL, "/") + "/api/files/" +
		url.PathEscape(rec.Collection().Id) + "/" + url.PathEscape(rec.Id) + "/"
	names := rec.GetStringSlice(field)
	urls := make([]string, 0, len(names))
	for _, n := range names {
		urls = append(urls, base+url.PathEscape(n))
	}
	if multiple {
		return urls
	}
	if len(urls) == 0 {
		return nil
	}
	return urls[0]
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
