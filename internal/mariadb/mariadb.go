// Package mariadb starts a private MariaDB server (Debian's mariadb-server)
// as a plain child process: a fresh data directory, loopback only, no grant
// tables. The benchmark compares paimon-sql with it and the differential
// tests take its answers as MySQL's.
package mariadb

import (
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql" // the driver DSN names
)

// Options shape the server started.
type Options struct {
	// BufferPool is InnoDB's buffer pool size (e.g. "2G"); empty keeps
	// MariaDB's default.
	BufferPool string
	// Install lets Binary run apt-get install mariadb-server (as root) when
	// mariadbd is missing.
	Install bool
	// Logf reports slow steps (installing); nil is silent.
	Logf func(format string, args ...any)
}

// Server is a running mariadbd; Close stops it.
type Server struct {
	Port    int
	Version string // VERSION()
	cmd     *exec.Cmd
}

// Binary is the path of mariadbd, installed with apt-get first when
// missing and opts.Install allows it.
func Binary(opts Options) (string, error) {
	find := func() string {
		if p, err := exec.LookPath("mariadbd"); err == nil {
			return p
		}
		if _, err := os.Stat("/usr/sbin/mariadbd"); err == nil {
			return "/usr/sbin/mariadbd"
		}
		return ""
	}
	if p := find(); p != "" {
		return p, nil
	}
	if !opts.Install {
		return "", errors.New("mariadbd is not installed (apt-get install mariadb-server)")
	}
	if os.Geteuid() != 0 {
		return "", errors.New("mariadbd is not installed (apt-get install mariadb-server, as root)")
	}
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	logf("installing mariadb-server with apt-get")
	for _, args := range [][]string{{"install", "-y", "-q", "mariadb-server"}, {"update", "-q"}, {"install", "-y", "-q", "mariadb-server"}} {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			if args[0] == "install" && find() == "" {
				logf("apt-get %s failed: %s", strings.Join(args, " "), LastLines(out, 3))
			}
		}
		if p := find(); p != "" {
			return p, nil
		}
	}
	return "", errors.New("mariadb-server could not be installed")
}

// Start initialises a data directory under dir and serves it on a free
// loopback port, returning once the server answers.
func Start(ctx context.Context, dir string, opts Options) (*Server, error) {
	bin, err := Binary(opts)
	if err != nil {
		return nil, err
	}
	dd := filepath.Join(dir, "mariadb")
	if err := os.MkdirAll(dd, 0o755); err != nil {
		return nil, err
	}
	user := []string{}
	if os.Geteuid() == 0 {
		user = []string{"--user=root"} // mariadbd refuses to run as root without it
	}
	install := exec.CommandContext(ctx, "mariadb-install-db", append([]string{"--no-defaults", "--datadir=" + dd,
		"--auth-root-authentication-method=normal", "--skip-test-db"}, user...)...)
	if out, err := install.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mariadb-install-db: %v: %s", err, LastLines(out, 5))
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	// The log is written at each commit and flushed to disk once a second
	// (paimon-sql does not fsync its commits either).
	args := []string{"--no-defaults", "--datadir=" + dd, "--socket=" + filepath.Join(dd, "mysqld.sock"),
		"--port=" + strconv.Itoa(port), "--bind-address=127.0.0.1", "--skip-grant-tables", "--skip-name-resolve",
		"--innodb-log-file-size=512M", "--innodb-flush-log-at-trx-commit=2",
		"--max-allowed-packet=64M", "--log-error=" + filepath.Join(dd, "error.log"), "--pid-file=" + filepath.Join(dd, "mysqld.pid")}
	if opts.BufferPool != "" {
		args = append(args, "--innodb-buffer-pool-size="+opts.BufferPool)
	}
	cmd := exec.Command(bin, append(args, user...)...)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Port: port, cmd: cmd}
	var openErr error
	for range 300 {
		if s.Version, openErr = s.version(ctx); openErr == nil {
			return s, nil
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(dd, "error.log"))
	s.Close()
	return nil, fmt.Errorf("mariadbd did not start: %v: %s", openErr, LastLines(log, 10))
}

func (s *Server) version(ctx context.Context) (string, error) {
	db, err := gosql.Open("mysql", s.DSN(""))
	if err != nil {
		return "", err
	}
	defer db.Close()
	var v string
	err = db.QueryRowContext(ctx, "SELECT VERSION()").Scan(&v)
	return v, err
}

// DSN is the go-sql-driver DSN of database db (empty: none) as root.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("root@tcp(127.0.0.1:%d)/%s", s.Port, db)
}

// Close stops the server, killing it if it does not stop within 30 s.
func (s *Server) Close() {
	if s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// FreePort is a TCP port free on the loopback interface.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// LastLines is the last n lines of b, for error messages.
func LastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
