package tests

import (
	"context"
	gosql "database/sql"
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

// The write suite against a real S3-compatible object store on loopback:
// SeaweedFS (`weed mini`), started and stopped by the test. The binary is
// $PAIMON_SQL_WEED, else $HOME/.cache/paimon-sql/weed (where .ci/run builds
// it), else weed on the PATH. Without one the tests are skipped, except
// under CI, where they fail.

const (
	s3AccessKey = "paimonsql"
	s3SecretKey = "paimonsql-secret-key"
	s3Bucket    = "paimon-wh"
)

func weedBinary(t *testing.T) string {
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

// freePorts returns n distinct free loopback ports.
func freePorts(t *testing.T, n int) []int {
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

// startWeed runs `weed mini` with its data in a temporary directory, all
// services on free loopback ports, one bucket and fixed credentials, and
// returns the S3 endpoint. It stops when the test ends.
func startWeed(t *testing.T) string {
	t.Helper()
	bin := weedBinary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "s3.json")
	err := os.WriteFile(cfg, []byte(fmt.Sprintf(`{"identities":[{"name":"admin","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","Write","List","Tagging"]}]}`, s3AccessKey, s3SecretKey)), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	p := freePorts(t, 10)
	args := []string{"mini", "-dir=" + filepath.Join(dir, "data"), "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port=" + strconv.Itoa(p[0]), "-master.port.grpc=" + strconv.Itoa(p[1]),
		"-volume.port=" + strconv.Itoa(p[2]), "-volume.port.grpc=" + strconv.Itoa(p[3]),
		"-filer.port=" + strconv.Itoa(p[4]), "-filer.port.grpc=" + strconv.Itoa(p[5]),
		"-s3.port=" + strconv.Itoa(p[6]), "-s3.port.grpc=" + strconv.Itoa(p[7]),
		"-admin.port=" + strconv.Itoa(p[8]), "-admin.port.grpc=" + strconv.Itoa(p[9]),
		"-admin.port.legacy=0", "-admin.ui=false", "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0",
		"-s3.config=" + cfg, "-bucket=" + s3Bucket, "-master.telemetry=false"}
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
			t.Fatalf("weed mini exited: %v\n%s", err, lastBytes(string(log), 3000))
		default:
		}
		if resp, err := http.Get(endpoint); err == nil {
			resp.Body.Close()
			fsys, err := paimonfs.Open(context.Background(), s3URL(endpoint, "ready"))
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
	t.Fatalf("weed mini not ready: %v\n%s", lastErr, lastBytes(string(log), 3000))
	return ""
}

func lastBytes(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// s3URL is the warehouse URL of prefix in the test bucket.
func s3URL(endpoint, prefix string) string {
	return fmt.Sprintf("s3://%s/%s?endpoint=%s&region=us-east-1&use_path_style=true", s3Bucket, prefix, endpoint)
}

func TestS3WriteRoundTrip(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", s3AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", s3SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := startWeed(t)
	// Conditional PUT: the snapshot commit relies on If-None-Match.
	t.Run("CreateExclusive", func(t *testing.T) {
		fsys := mustOpen(t, s3URL(endpoint, "excl"))
		defer fsys.Close()
		ctx := context.Background()
		if err := fsys.CreateExclusive(ctx, "snapshot-1", []byte("a")); err != nil {
			t.Fatal(err)
		}
		err := fsys.CreateExclusive(ctx, "snapshot-1", []byte("b"))
		if !paimonfs.IsExist(err) {
			t.Fatalf("second exclusive create: %v, want an ErrExist", err)
		}
		if data, _ := fsys.ReadFile(ctx, "snapshot-1"); string(data) != "a" {
			t.Fatalf("content %q after a refused create", data)
		}
	})
	for i, c := range writeCases {
		if !c.s3 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			c.run(t, startWarehouse(t, s3URL(endpoint, fmt.Sprintf("wh%d", i))))
		})
	}
	t.Run("Fidelity", func(t *testing.T) {
		w := startWarehouse(t, s3URL(endpoint, "fidelity"))
		sqlRun(t, w.db, "CREATE DATABASE fd",
			"CREATE TABLE fd.pk (dt VARCHAR(10) NOT NULL, id BIGINT NOT NULL, name TEXT, PRIMARY KEY (dt, id)) PARTITIONED BY (dt) WITH ('bucket' = '2')",
			"INSERT INTO fd.pk VALUES ('a', 1, 'x'), ('a', 2, 'y'), ('b', 1, 'z')",
			"UPDATE fd.pk SET name = 'Y' WHERE id = 2",
			"INSERT OVERWRITE fd.pk PARTITION (dt = 'b') VALUES ('b', 3, 'w')")
		wantRows(t, w.db, split("a|1|x", "a|2|Y", "b|3|w"), "SELECT * FROM fd.pk")
		checkStorage(t, w.fs, "fd", "pk")
		checkAvroFidelity(t, w.fs, "fd.db/pk", nil)
		checkSnapshotJSON(t, w.fs, "fd.db/pk", 1)
		checkParquetFidelity(t, w.fs, "fd.db/pk", javaParquetTypes(t), nil)
	})
	t.Run("ConcurrentWriters", func(t *testing.T) {
		url := s3URL(endpoint, "concurrent")
		w := startWarehouse(t, url)
		w2 := startWarehouse(t, url)
		sqlRun(t, w.db, "CREATE DATABASE cc", "CREATE TABLE cc.a (p INT, id BIGINT, who TEXT) PARTITIONED BY (p)")
		got, errs := concurrentInserts(t, []*gosql.DB{w.db, w2.db}, "cc.a", func(w, s int) int { return s % 2 }, 8, 3)
		for _, err := range errs {
			t.Errorf("concurrent INSERT failed: %v", err)
		}
		wantRows(t, w.db, split(got...), "SELECT * FROM cc.a")
		snaps := sqlSnapshots(t, w.db, "cc", "a")
		for i, s := range snaps {
			if s.id != int64(i+1) {
				t.Errorf("snapshot ids not consecutive: %v", kinds(snaps))
				break
			}
		}
		if len(snaps) != 16-len(errs) {
			t.Errorf("%d snapshots, want %d", len(snaps), 16-len(errs))
		}
		checkStorage(t, w.fs, "cc", "a")
	})
}
