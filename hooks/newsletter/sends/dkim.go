package sends

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// dkimKeyFile is the key made at first use, in the data dir.
const dkimKeyFile = "newsletter_dkim.pem"

// dkimKey signs a site's newsletter.
type dkimKey struct {
	key      crypto.Signer
	domain   string
	selector string
}

// DNSRecord is the TXT record that publishes a DKIM key.
type DNSRecord struct {
	// Name is selector._domainkey.domain.
	Name string `json:"name"`
	// Value is the record's text, v=DKIM1; k=...; p=...
	Value string `json:"value"`
}

// Zone is the record as a zone file line; its text split in quoted strings of at most 255
// characters, as DNS requires (a 2048-bit key's is longer).
func (r DNSRecord) Zone() string {
	var parts []string
	for v := r.Value; v != ""; {
		n := min(len(v), 255)
		parts = append(parts, `"`+v[:n]+`"`)
		v = v[n:]
	}
	return r.Name + ". IN TXT ( " + strings.Join(parts, " ") + " )"
}

// record is the DNS record of k.
func (k *dkimKey) record() (DNSRecord, error) {
	der, err := x509.MarshalPKIXPublicKey(k.key.Public())
	algo := "rsa"
	if pub, ok := k.key.Public().(ed25519.PublicKey); ok {
		der, err, algo = pub, nil, "ed25519" // RFC 8463: the raw key, not its PKIX form
	}
	if err != nil {
		return DNSRecord{}, err
	}
	return DNSRecord{Name: k.selector + "._domainkey." + k.domain,
		Value: "v=DKIM1; k=" + algo + "; p=" + base64.StdEncoding.EncodeToString(der)}, nil
}

// loadDKIMKey reads the key of file, or (file empty) the data dir's key, which it makes on the
// first call: a 2048-bit RSA key, written with mode 0600.
func loadDKIMKey(file, dataDir string) (crypto.Signer, error) {
	path := file
	if path == "" {
		path = filepath.Join(dataDir, dkimKeyFile)
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) && file == "" {
		return makeDKIMKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("newsletter: DKIM key: %w", err)
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("newsletter: DKIM key %s: no PEM block", path)
	}
	var key any
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	default:
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	}
	if err != nil {
		return nil, fmt.Errorf("newsletter: DKIM key %s: %w", path, err)
	}
	signer, ok := key.(crypto.Signer)
	if _, isRSA := key.(*rsa.PrivateKey); !ok || (!isRSA && !isEd25519(key)) {
		return nil, fmt.Errorf("newsletter: DKIM key %s: must be RSA or Ed25519", path)
	}
	return signer, nil
}

func isEd25519(key any) bool {
	_, ok := key.(ed25519.PrivateKey)
	return ok
}

func makeDKIMKey(path string) (crypto.Signer, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	data := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	// O_EXCL: two processes making the key at once keep the first one's.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return loadDKIMKey(path, "")
	}
	if err != nil {
		return nil, fmt.Errorf("newsletter: DKIM key: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("newsletter: DKIM key: %w", err)
	}
	return key, f.Close()
}

// domainOf is the domain of an address.
func domainOf(addr string) string {
	return strings.ToLower(addr[strings.LastIndexByte(addr, '@')+1:])
}
