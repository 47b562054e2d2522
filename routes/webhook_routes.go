package routes

// webhookRoutes are the webhook endpoints: events list, poll, registration, admin (to be written).
func (a *API) webhookRoutes() []Route { return nil }
