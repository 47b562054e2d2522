package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// slugPattern is the URL-safe slug shape: lower-case words joined by single hyphens.
const slugPattern = `^[a-z0-9]+(?:-[a-z0-9]+)*$`

// currencyPattern is a lower-case ISO 4217 code.
const currencyPattern = `^[a-z]{3}$`

// imageMimeTypes are the uploads accepted by every image field.
var imageMimeTypes = []string{"image/jpeg", "image/png", "image/webp", "image/gif", "image/svg+xml"}

// imageThumbs are the thumbnails PocketBase generates on demand: a square avatar and a 600px-wide card.
var imageThumbs = []string{"100x100", "600x0"}

// imageMaxSize caps an uploaded image at 5 MiB.
const imageMaxSize = 5 << 20

// timestampFields returns the created and updated autodate fields that NewBaseCollection and
// NewAuthCollection do not add in v0.40.
func timestampFields() []core.Field {
	return []core.Field{
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	}
}

// imageField returns a public image upload field holding at most maxSelect files.
func imageField(name string, maxSelect int, help string) *core.FileField {
	return &core.FileField{
		Name:      name,
		MaxSelect: maxSelect,
		MaxSize:   imageMaxSize,
		MimeTypes: imageMimeTypes,
		Thumbs:    imageThumbs,
		Help:      help,
	}
}

// titleField returns the required, presentable title shown in dashboard relation pickers.
func titleField(name string, maxLen int) *core.TextField {
	return &core.TextField{Name: name, Required: true, Presentable: true, Max: maxLen}
}

// slugField returns the URL slug; it is optional because a record hook fills it from the title.
func slugField() *core.TextField {
	return &core.TextField{
		Name:    "slug",
		Max:     200,
		Pattern: slugPattern,
		Help:    "URL-safe name (a-z, 0-9, single hyphens). Leave empty to generate it from the title.",
	}
}

// currencyField returns the required lower-case ISO currency code.
func currencyField() *core.TextField {
	return &core.TextField{
		Name:     "currency",
		Required: true,
		Min:      3,
		Max:      3,
		Pattern:  currencyPattern,
		Help:     "Lower-case ISO 4217 code, e.g. usd or eur.",
	}
}

// minorUnitsField returns a non-negative integer amount in minor units (cents). It is not
// Required because PocketBase treats 0 as blank for required numbers, and 0 means free.
func minorUnitsField(name string) *core.NumberField {
	return &core.NumberField{
		Name:    name,
		OnlyInt: true,
		Min:     types.Pointer(0.0),
		Help:    "Integer in minor units (cents); 0 means free.",
	}
}

// sortOrderField returns the integer position used to order simple lists (then by created).
func sortOrderField() *core.NumberField {
	return &core.NumberField{Name: "sort_order", OnlyInt: true, Help: "Lower numbers come first."}
}

// textField returns an optional text field with a maximum length.
func textField(name string, maxLen int) *core.TextField {
	return &core.TextField{Name: name, Max: maxLen}
}
