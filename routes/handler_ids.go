package routes

// The ids of the handlers and the cron job Register binds besides the middleware
// (middleware_order.go), in the middleware's style ("cca" and a CamelCase name), so that an
// OnServe hook or a test can find, unbind or replace each; cron ids are what the dashboard
// lists under /api/crons.
const (
	// ServeHandlerID mounts the route table when the app serves (API.serve).
	ServeHandlerID = "ccaRoutes"
	// TerminateHandlerID writes the last key usage and waits for the confirmation e-mails
	// under way when the app stops.
	TerminateHandlerID = "ccaRoutesTerminate"
	// HousekeepingJobID is the once-a-minute cron job that writes key usage and forgets idle
	// rate limiters (API.housekeeping).
	HousekeepingJobID = "ccaKeyUsageAndLimiters"
)
