package keys

// SetAfterLoad makes s run f between each load and its caching, for the tests in apikey_test
// that commit a change at exactly that point.
func (s *Store) SetAfterLoad(f func()) { s.afterLoad = f }
