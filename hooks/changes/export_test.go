package changes

// EnsureTriggers is ensureTriggers, for the tests in changes_test.
var EnsureTriggers = ensureTriggers

// AreaTables are the tables of each area, for the tests in changes_test.
var AreaTables = areaTables

// ErrNotInstalled is errNotInstalled, for the tests in changes_test.
var ErrNotInstalled = errNotInstalled
