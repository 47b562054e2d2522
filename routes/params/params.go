// Package params names the query and path parameters of the content routes as the contract
// (pb_public/openapi.json) names them for every client: package routes reads them, and the MCP
// tools (routes/mcp), which answer by calling those routes, send them. A parameter of one
// endpoint only (a webhook stream's events, the stats' days) is named beside its handler.
package params

// The list query parameters.
const (
	Limit      = "limit"
	Sort       = "sort"
	Cursor     = "cursor"
	Page       = "page"
	PerPage    = "per_page"
	Draft      = "draft"
	Visibility = "visibility"
	// Tag filters a list by tag.
	Tag = "tag"
	// Q is a search's text.
	Q = "q"
)

// The path parameters naming one record. Posts and projects call it idOrSlug (a slug for v1
// GET, a record id for PATCH and DELETE); every other resource calls it id.
const (
	ID       = "id"
	IDOrSlug = "idOrSlug"
)
