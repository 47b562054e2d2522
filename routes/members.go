package routes

import "github.com/creator-content-api/server/hooks/vocab"

// memberFields are all a member view shows. Views render named fields only, so the password
// hash, tokenKey and any field added later stay on the server unless they are named here.
var memberFields = []string{"id", "name", "email", "verified", "created", "updated"}

// membersResource serves GET /api/v2/members (read:members) through the shared page list.
// Members have no title: `sort=title` orders them by name.
var membersResource = &resource{
	collection: vocab.Members,
	listFields: memberFields,
	fullFields: memberFields,
	sorts:      []sortKey{{"created", "created"}, {"updated", "updated"}, {"title", "name"}},
}
