package sends

import (
	"strconv"
)

// mailer is the SMTP server sends go to: the bulk server of the config, else PocketBase's mail
// settings. Both need the sender address of PocketBase's settings.
func (s *Service) mailer() (server, error) {
	settings := s.app.Settings()
	if settings.Meta.SenderAddress == "" {
		return server{}, ErrMailNotConfigured
	}
	if s.cfg.SMTP != "" {
		return parseSMTP(s.cfg.SMTP)
	}
	smtp := settings.SMTP
	if !smtp.Enabled || smtp.Host == "" {
		return server{}, ErrMailNotConfigured
	}
	return server{host: smtp.Host, port: strconv.Itoa(smtp.Port), username: smtp.Username,
		password: smtp.Password, implicitTLS: smtp.TLS}, nil
}

// dkim is the site's signing key (loaded, or made, at first use) for the domain of the sender
// address as the settings say now: an owner who changes the address gets the record, and
// signatures, of the new domain.
func (s *Service) dkim() (*dkimKey, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.signingKey == nil {
		key, err := loadDKIMKey(s.cfg.DKIMKeyFile, s.app.DataDir())
		if err != nil {
			return nil, err
		}
		s.signingKey = key
	}
	return &dkimKey{key: s.signingKey, domain: domainOf(s.app.Settings().Meta.SenderAddress), selector: s.cfg.DKIMSelector}, nil
}

// DKIMPublication is what to publish for the signatures to verify: the selector, the signing
// domain (the sender address's) and the TXT record.
type DKIMPublication struct {
	Selector string `json:"selector"`
	Domain   string `json:"domain"`
	DNSRecord
	// Zone is the record as a zone file line, as `newsletter dkim` prints it.
	Zone string `json:"zone"`
}

// DKIMPublication is the selector, domain and DNS record of the signing key (made if there is
// none yet).
func (s *Service) DKIMPublication() (DKIMPublication, error) {
	r, err := s.DKIMRecord()
	if err != nil {
		return DKIMPublication{}, err
	}
	k, err := s.dkim()
	if err != nil {
		return DKIMPublication{}, err
	}
	return DKIMPublication{Selector: k.selector, Domain: k.domain, DNSRecord: r, Zone: r.Zone()}, nil
}

// DKIMRecord is the DNS TXT record to publish for the signatures to verify (the key is made if
// there is none yet).
func (s *Service) DKIMRecord() (DNSRecord, error) {
	if s.app.Settings().Meta.SenderAddress == "" {
		return DNSRecord{}, ErrMailNotConfigured
	}
	k, err := s.dkim()
	if err != nil {
		return DNSRecord{}, err
	}
	return k.record()
}
