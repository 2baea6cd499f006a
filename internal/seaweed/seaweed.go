// Package seaweed starts SeaweedFS (`weed mini`) as an S3-compatible object
// store on loopback for tests: data in a temporary directory, every service
// on a free port, one bucket and fixed credentials. The binary is
// $PAIMON_SQL_WEED, else $HOME/.cache/paimon-sql/weed (where .ci/run builds
// it), else weed on the PATH.
package seaweed

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
)

// The store's bucket and credentials.
const (
	AccessKey = "paimonsql"
	SecretKey = "paimonsql-secret-key"
	Bucket    = "paimon-wh"
)

// Binary is the weed binary to run, or an error saying how to get one.
func Binary() (string, error) {
	candidates := []string{os.Getenv("PAIMON_SQL_WEED")}
	if home, err := os.UserHomeDir(); err == nil {
		candidates = append(candidates, filepath.Join(home, ".cache", "paimon-sql", "weed"))
	}
	if p, err := exec.LookPath("weed"); err == nil {
		candidates = append(candidates, p)
	}
	for _, c := range candidates {
		if fi, err := os.Stat(c); c != "" && err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return c, nil
		}
	}
	return "", errors.New("no SeaweedFS binary (weed): set PAIMON_SQL_WEED or run .ci/run, which builds it into $HOME/.cache/paimon-sql/weed")
}

// Store is a running weed mini.
type Store struct {
	// Endpoint is the S3 API's http://127.0.0.1:port.
	Endpoint string
	cmd      *exec.Cmd
	// exited is closed when the process has exited, with waitErr set.
	exited  chan struct{}
	waitErr error
}

// Start runs weed mini with its data under dir and returns once the bucket
// can be listed and written with the credentials.
func Start(dir string) (*Store, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	cfg := filepath.Join(dir, "s3.json")
	identity := fmt.Sprintf(`{"identities":[{"name":"admin","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","Write","List","Tagging"]}]}`, AccessKey, SecretKey)
	if err := os.WriteFile(cfg, []byte(identity), 0o600); err != nil {
		return nil, err
	}
	p, err := freePorts(10)
	if err != nil {
		return nil, err
	}
	args := []string{"mini", "-dir=" + filepath.Join(dir, "data"), "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port=" + strconv.Itoa(p[0]), "-master.port.grpc=" + strconv.Itoa(p[1]),
		"-volume.port=" + strconv.Itoa(p[2]), "-volume.port.grpc=" + strconv.Itoa(p[3]),
		"-filer.port=" + strconv.Itoa(p[4]), "-filer.port.grpc=" + strconv.Itoa(p[5]),
		"-s3.port=" + strconv.Itoa(p[6]), "-s3.port.grpc=" + strconv.Itoa(p[7]),
		"-admin.port=" + strconv.Itoa(p[8]), "-admin.port.grpc=" + strconv.Itoa(p[9]),
		"-admin.port.legacy=0", "-admin.ui=false", "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0",
		"-s3.config=" + cfg, "-bucket=" + Bucket, "-master.telemetry=false"}
	logf, err := os.Create(filepath.Join(dir, "weed.log"))
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Store{Endpoint: fmt.Sprintf("http://127.0.0.1:%d", p[6]), cmd: cmd, exited: make(chan struct{})}
	go func() { s.waitErr = cmd.Wait(); close(s.exited) }()
	deadline := time.Now().Add(90 * time.Second)
	var lastErr error
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return nil, fmt.Errorf("weed mini exited: %v (log: %s)", s.waitErr, filepath.Join(dir, "weed.log"))
		default:
		}
		if lastErr = s.probe(); lastErr == nil {
			return s, nil
		}
		time.Sleep(300 * time.Millisecond)
	}
	s.Close()
	return nil, fmt.Errorf("weed mini not ready: %v (log: %s)", lastErr, filepath.Join(dir, "weed.log"))
}

func (s *Store) probe() error {
	resp, err := http.Get(s.Endpoint)
	if err != nil {
		return err
	}
	_ = resp.Body.Close()
	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, s.URL("ready"))
	if err != nil {
		return err
	}
	defer fsys.Close()
	if _, err := fsys.List(ctx, ""); err != nil {
		return err
	}
	return fsys.Write(ctx, "probe", []byte("x"))
}

// URL is paimon-sql's warehouse URL of prefix in the bucket; the
// credentials are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY = AccessKey,
// SecretKey.
func (s *Store) URL(prefix string) string {
	return fmt.Sprintf("s3://%s/%s?endpoint=%s&region=us-east-1&use_path_style=true", Bucket, prefix, s.Endpoint)
}

// Close stops the store (SIGTERM, killed after 15 s).
func (s *Store) Close() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

func freePorts(n int) ([]int, error) {
	var out []int
	for len(out) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	return out, nil
}
