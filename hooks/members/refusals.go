package members

// Refusals are the sign-in attempts this process refused since it started, by reason: past a
// limit of codes or of verifications, per address or per IP, and verifications with a code or
// link token that signs nobody in. A rise of the verification counts is someone guessing.
type Refusals struct {
	CodesPerAddress   uint64 // codes asked past CodesPerAddress
	CodesPerIP        uint64 // codes asked past CodesPerIP
	GuessesPerAddress uint64 // verifications past GuessesPerAddress
	GuessesPerIP      uint64 // verifications past GuessesPerIP
	InvalidCodes      uint64 // a wrong, expired or used code or link token, or an address that may not sign in
}

// Refusals are the counts of the sign-in attempts refused so far.
func (s *Service) Refusals() Refusals {
	return Refusals{
		CodesPerAddress:   s.codesByAddress.refused.Load(),
		CodesPerIP:        s.codesByIP.refused.Load(),
		GuessesPerAddress: s.guessesByAddress.refused.Load(),
		GuessesPerIP:      s.guessesByIP.refused.Load(),
		InvalidCodes:      s.invalidCodes.Load(),
	}
}
