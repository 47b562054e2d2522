package routes

// contentRoutes are the content endpoints of v1 and v2 (to be written).
func (a *API) contentRoutes() []Route { return nil }
