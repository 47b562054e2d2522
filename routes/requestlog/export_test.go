package requestlog

// MaxBatch is maxBatch, for the tests of the package's users.
const MaxBatch = maxBatch
