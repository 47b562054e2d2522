package sends

// List is the latest limit sends with their counts, newest first.
func (s *Service) List(limit int) ([]Counts, error) {
	recs, err := s.app.FindRecordsByFilter(collectionSends, "", "-created,-id", limit, 0)
	if err != nil {
		return nil, err
	}
	out := make([]Counts, 0, len(recs))
	for _, rec := range recs {
		c, err := s.countsOf(rec)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
