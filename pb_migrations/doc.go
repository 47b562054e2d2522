// Package pb_migrations owns the database schema of the Creator Content API: every collection,
// field, index and seed record is created here by a timestamped PocketBase Go migration.
//
// Migrations are history: each holds the literal names and values it created (a select field's
// values included), never a variable the code may change later, and no migration imports a
// package of this module (TestMigrationsImportNothingOfTheModule), so that a fresh install and
// an upgraded one get the same schema whatever today's code says. The helpers they share
// (collection.go, content_collection.go, fields.go) are history too. A new select value, field
// or index is a new migration; a test checks that a fresh install's select values equal the
// code's lists (package vocab), and a data step is SQL written in its migration.
//
// All collections keep every API rule nil (superusers only): PocketBase's record API is the
// owner's dashboard, while the public API is served by the service's own Go routes.
package pb_migrations
