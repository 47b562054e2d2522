package routes

import (
	"net/url"

	"github.com/pocketbase/pocketbase/core"
)

// recordView renders the named fields of rec as the API shows them: dates in the record layout
// (empty dates as null), JSON fields as their JSON, files as absolute URLs under origin (see
// publicOrigin; null or [] when empty), and beside a single file with declared thumbnails,
// <field>_thumbs: each size's URL (null when empty). Hidden and unnamed fields never appear.
func recordView(origin string, rec *core.Record, fields []string) map[string]any {
	v := make(map[string]any, len(fields))
	for _, name := range fields {
		switch f := rec.Collection().Fields.GetByName(name).(type) {
		case *core.FileField:
			v[name] = fileURLs(origin, rec, name, f.IsMultiple())
			if !f.IsMultiple() && len(f.Thumbs) > 0 {
				v[name+thumbsSuffix] = thumbURLs(v[name], f.Thumbs)
			}
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

// thumbsSuffix names the thumbnails of a file field: cover_thumbs beside cover.
const thumbsSuffix = "_thumbs"

func fileURLs(origin string, rec *core.Record, field string, multiple bool) any {
	base := origin + "/api/files/" +
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

// thumbURLs maps each declared thumbnail size to the URL of file (a URL or nil) at that size:
// PocketBase makes a thumbnail on the first request for a size its field declares, and serves
// the original for any other size.
func thumbURLs(file any, sizes []string) map[string]string {
	u, ok := file.(string)
	if !ok {
		return nil
	}
	out := make(map[string]string, len(sizes))
	for _, size := range sizes {
		out[size] = u + "?thumb=" + url.QueryEscape(size)
	}
	return out
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
