package systemtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// NginxInstall is how CI installs the proxy the tests put in front of the server.
const NginxInstall = "apt-get update && apt-get install -y nginx"

// Proxy is a real nginx in front of a server, as the operations page's HTTPS set-up has it: TLS
// terminated on one loopback port, plain HTTP on another, both passing requests on with
// X-Forwarded-For ($proxy_add_x_forwarded_for) and X-Forwarded-Proto ($scheme).
type Proxy struct {
	// HTTPS and HTTP are the proxy's base URLs, https://127.0.0.1:PORT and http://127.0.0.1:PORT.
	HTTPS, HTTP string
	roots       *x509.CertPool
}

// nginxConfig is the whole configuration: every path nginx writes is in the test's temporary
// directory (%[1]s), so it runs as root or not without touching /etc or /var.
const nginxConfig = `daemon off;
%[5]s
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log info;
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path %[1]s/client_body;
	proxy_temp_path %[1]s/proxy;
	fastcgi_temp_path %[1]s/fastcgi;
	uwsgi_temp_path %[1]s/uwsgi;
	scgi_temp_path %[1]s/scgi;
	server {
		listen 127.0.0.1:%[2]d ssl;
		listen 127.0.0.1:%[3]d;
		ssl_certificate %[1]s/cert.pem;
		ssl_certificate_key %[1]s/key.pem;
		location / {
			proxy_pass http://%[4]s;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
			proxy_set_header X-Forwarded-Proto $scheme;
		}
	}
}
`

// StartNginx starts nginx (in the foreground, stopped when the test ends) in front of the
// server at upstream (host:port), with a self-signed certificate for 127.0.0.1 and localhost.
// It skips the test when nginx is not installed.
func StartNginx(t testing.TB, upstream string) *Proxy {
	t.Helper()
	bin := nginxBinary(t)
	dir := t.TempDir()
	roots := writeCertificate(t, dir)
	tlsPort, plainPort := FreePort(t), FreePort(t)
	user := "" // as root, workers would switch to nobody, who cannot enter the 0700 temporary directory
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, nginxConfig, dir, tlsPort, plainPort, upstream, user), 0o600); err != nil {
		t.Fatal(err)
	}
	errorLog := filepath.Join(dir, "error.log")
	cmd := exec.Command(bin, "-p", dir, "-c", conf, "-e", errorLog)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGQUIT) // graceful shutdown
		select {
		case <-exited:
		case <-time.After(stopLimit):
			cmd.Process.Kill()
			<-exited
		}
	})
	p := &Proxy{HTTPS: fmt.Sprintf("https://127.0.0.1:%d", tlsPort), HTTP: fmt.Sprintf("http://127.0.0.1:%d", plainPort), roots: roots}
	WaitUntil(t, startLimit, "nginx listening", func() bool {
		select {
		case <-exited:
			log, _ := os.ReadFile(errorLog)
			t.Fatalf("nginx exited: %v\n%s%s", cmd.ProcessState, out, log)
		default:
		}
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", tlsPort))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return p
}

// Client is an HTTP client that trusts the proxy's certificate and connects from the loopback
// address local (127.0.0.2, say): nginx sees a different client for each address.
func (p *Proxy) Client(t testing.TB, local string) *http.Client {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 10 * time.Second}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSClientConfig: &tls.Config{RootCAs: p.roots}}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 30 * time.Second}
}

func nginxBinary(t testing.TB) string {
	t.Helper()
	if bin, err := exec.LookPath("nginx"); err == nil {
		return bin
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil { // root's PATH has it, others' may not
		return "/usr/sbin/nginx"
	}
	t.Skipf("nginx is not installed (CI installs it: %s)", NginxInstall)
	return ""
}

// writeCertificate writes a fresh self-signed certificate for 127.0.0.1 and localhost, and its
// key, to dir/cert.pem and dir/key.pem, and returns a pool that trusts it.
func writeCertificate(t testing.TB, dir string) *x509.CertPool {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	template := &x509.Certificate{
		SerialNumber: big.NewInt(now.UnixNano()),
		Subject:      pkix.Name{CommonName: "localhost"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	for name, block := range map[string]*pem.Block{"cert.pem": {Type: "CERTIFICATE", Bytes: der}, "key.pem": {Type: "PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	return roots
}
