// Package seaweed runs a SeaweedFS S3 store (`weed mini`) on loopback for
// tests: one bucket, fixed credentials, stopped when the test ends. The
// binary is $PAIMON_SQL_WEED, else $HOME/.cache/paimon-sql/weed (where
// .ci/run builds it), else weed on the PATH. Without one the test is
// skipped (go test -short outside CI) or fails, naming how to get it.
package seaweed

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
)

// The store's credentials and bucket.
const (
	AccessKey = "paimonsql"
	SecretKey = "paimonsql-secret-key"
	Bucket    = "paimon-wh"
)

func binary(t testing.TB) string {
	t.Helper()
	candidates := []string{os.Getenv("PAIMON_SQL_WEED")}
	if home, err := os.UserHomeDir(); err == nil {
		candidates = append(candidates, filepath.Join(home, ".cache", "paimon-sql", "weed"))
	}
	if p, err := exec.LookPath("weed"); err == nil {
		candidates = append(candidates, p)
	}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return c
		}
	}
	toolcheck.Missing(t, "the SeaweedFS binary (weed)", "set PAIMON_SQL_WEED or run .ci/run, which builds it into $HOME/.cache/paimon-sql/weed")
	return ""
}

// FreePorts returns n distinct free loopback ports.
func FreePorts(t testing.TB, n int) []int {
	t.Helper()
	var ls []net.Listener
	var out []int
	for len(out) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		_ = l.Close()
	}
	return out
}

// Start runs `weed mini` with its data in a temporary directory, all
// services on free loopback ports, one bucket and fixed credentials, and
// returns the S3 endpoint. It stops when the test ends.
func Start(t testing.TB) string {
	t.Helper()
	return start(t, false)
}

// RoleARN is the role StartSTS defines: trusted by every caller, allowed
// every S3 action, so that a session's own policy alone scopes it.
const RoleARN = "arn:aws:iam::000000000000:role/PaimonSQLTables"

// StartSTS is Start with SeaweedFS's STS service on the S3 port: the
// store's credentials may AssumeRole RoleARN with an inline session
// policy, and the session's temporary credentials are held to it.
func StartSTS(t testing.TB) string {
	t.Helper()
	return start(t, true)
}

// stsConfig is SeaweedFS's advanced IAM configuration (its identities,
// STS signing key, roles and policies), as its own STS tests write it.
const stsConfig = `{
  "identities": [{"name": "admin", "credentials": [{"accessKey": %q, "secretKey": %q}],
    "actions": ["Admin", "Read", "Write", "List", "Tagging"]}],
  "sts": {"tokenDuration": "1h", "maxSessionLength": "12h", "issuer": "seaweedfs-sts",
    "signingKey": "cGFpbW9uLXNxbC10ZXN0cy1zdHMtc2lnbmluZy1rZXktMzItYnl0ZXM="},
  "roles": [{"roleName": "PaimonSQLTables", "roleArn": %q,
    "trustPolicy": {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "sts:AssumeRole"}]},
    "attachedPolicies": ["AllS3"]}],
  "policies": [{"name": "AllS3", "document": {"Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}}]
}`

func start(t testing.TB, withSTS bool) string {
	bin := binary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "s3.json")
	content := fmt.Sprintf(`{"identities":[{"name":"admin","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","Write","List","Tagging"]}]}`, AccessKey, SecretKey)
	if withSTS {
		content = fmt.Sprintf(stsConfig, AccessKey, SecretKey, RoleARN)
	}
	if err := os.WriteFile(cfg, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	p := FreePorts(t, 10)
	args := []string{"mini", "-dir=" + filepath.Join(dir, "data"), "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port=" + strconv.Itoa(p[0]), "-master.port.grpc=" + strconv.Itoa(p[1]),
		"-volume.port=" + strconv.Itoa(p[2]), "-volume.port.grpc=" + strconv.Itoa(p[3]),
		"-filer.port=" + strconv.Itoa(p[4]), "-filer.port.grpc=" + strconv.Itoa(p[5]),
		"-s3.port=" + strconv.Itoa(p[6]), "-s3.port.grpc=" + strconv.Itoa(p[7]),
		"-admin.port=" + strconv.Itoa(p[8]), "-admin.port.grpc=" + strconv.Itoa(p[9]),
		"-admin.port.legacy=0", "-admin.ui=false", "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0",
		"-s3.config=" + cfg, "-bucket=" + Bucket, "-master.telemetry=false"}
	if withSTS {
		args = append(args, "-s3.iam.config="+cfg)
	}
	logf, err := os.Create(filepath.Join(dir, "weed.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		_ = logf.Close()
	})
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", p[6])
	// Ready when the bucket can be listed with the credentials.
	deadline := time.Now().Add(90 * time.Second)
	var lastErr error
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
			t.Fatalf("weed mini exited: %v\n%s", err, LastBytes(string(log), 3000))
		default:
		}
		if resp, err := http.Get(endpoint); err == nil {
			resp.Body.Close()
			fsys, err := paimonfs.Open(context.Background(), URL(endpoint, "ready"))
			if err == nil {
				_, err = fsys.List(context.Background(), "")
				if err == nil {
					err = fsys.Write(context.Background(), "probe", []byte("x"))
				}
				_ = fsys.Close()
			}
			if err == nil {
				return endpoint
			}
			lastErr = err
		} else {
			lastErr = err
		}
		time.Sleep(300 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
	t.Fatalf("weed mini not ready: %v\n%s", lastErr, LastBytes(string(log), 3000))
	return ""
}

// LastBytes is the end of s, at most n bytes.
func LastBytes(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// URL is the warehouse URL of prefix in the test bucket.
func URL(endpoint, prefix string) string {
	return fmt.Sprintf("s3://%s/%s?endpoint=%s&region=us-east-1&use_path_style=true", Bucket, prefix, endpoint)
}
