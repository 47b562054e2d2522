package content

// DueSQL is dueSQL, for the query plan test.
const DueSQL = dueSQL
