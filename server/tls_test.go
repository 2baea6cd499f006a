package server

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// writeSelfSignedCert writes a certificate for 127.0.0.1 and its key.
func writeSelfSignedCert(t *testing.T) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "paimon-sql test"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

func TestRequireSecureTransport(t *testing.T) {
	certFile, keyFile := writeSelfSignedCert(t)
	pro := newTestProvider(t)
	if _, err := New(Config{Listen: "127.0.0.1:0", RequireSecureTransport: true}, pro, pro.options(nil)); err == nil {
		t.Error("secure transport without a certificate: no error")
	}
	s := start(t, Config{TLSCertFile: certFile, TLSKeyFile: keyFile, RequireSecureTransport: true}, pro, pro.options(nil))

	// MySQL's ER_SECURE_TRANSPORT_REQUIRED, at login.
	_, err := connect(t, s, "root", "")
	var me *mysql.MySQLError
	if err == nil {
		t.Error("plaintext connection accepted")
	} else if !errors.As(err, &me) || me.Number != 3159 || strings.Contains(me.Message, "Code:") {
		t.Errorf("plaintext connection: %v, want MySQL's error 3159", err)
	}

	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr, cfg.TLSConfig = "root", "tcp", s.Addr().String(), "skip-verify"
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	wantRows(t, db, "1", "SELECT 1")
	// The variable says what the server enforces, and cannot be changed
	// without changing the enforcement.
	wantRows(t, db, "1", "SELECT @@require_secure_transport")
	wantErr(t, db, "read only", "SET GLOBAL require_secure_transport = 0")
	// Server-side prepared CALL in Paimon's syntax over TLS: the rewrite of
	// COM_STMT_PREPARE reads the decrypted packets.
	wantRows(t, db, "db.t|2|", "CALL sys.echo_args(table => ?, retain_max => ?)", "db.t", 2)
}
