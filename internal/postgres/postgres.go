// Package postgres starts a private PostgreSQL server (Debian's postgresql
// package) as a child process for tests: a fresh cluster in a temporary
// directory, loopback only, trust authentication for the user postgres.
// PostgreSQL refuses to run as root, so under root it runs as the
// package's postgres account.
package postgres

import (
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"

	"github.com/paimon-sql/paimon-sql/internal/mariadb"
)

// Server is a running postgres; Close stops it and removes its files.
type Server struct {
	Port int
	dir  string
	cmd  *exec.Cmd
}

// Binaries is the directory of initdb and postgres: Debian keeps them in
// /usr/lib/postgresql/<version>/bin, outside PATH.
func Binaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(real), nil
		}
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return "", errors.New("PostgreSQL is not installed (Debian: apt-get install postgresql)")
	}
	return filepath.Dir(found[len(found)-1]), nil
}

// Start initialises a cluster in a new temporary directory and serves it on
// a free loopback port, returning once it answers.
func Start(ctx context.Context) (*Server, error) {
	bin, err := Binaries()
	if err != nil {
		return nil, err
	}
	// Not t.TempDir: its parent is private to root, and the server may run
	// as postgres.
	dir, err := os.MkdirTemp("", "paimon-sql-postgres-")
	if err != nil {
		return nil, err
	}
	cred, err := credential(dir)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, mariadb.LastLines(out, 5))
	}
	port, err := mariadb.FreePort()
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dir, "postgres.log"))
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	defer logFile.Close()
	// No fsync: the tests need no durability across a crash of the machine.
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port), "-h", "127.0.0.1",
		"-k", dir, "-c", "fsync=off", "-c", "full_page_writes=off")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	s := &Server{Port: port, dir: dir, cmd: cmd}
	var pingErr error
	for range 300 {
		if pingErr = s.ping(ctx); pingErr == nil {
			return s, nil
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "postgres.log"))
	s.Close()
	return nil, fmt.Errorf("postgres did not start: %v: %s", pingErr, mariadb.LastLines(log, 10))
}

// credential is who runs the server: the postgres account under root (the
// directory is given to it), else nobody else (nil).
func credential(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL refuses to run as root and there is no postgres account: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func (s *Server) ping(ctx context.Context) error {
	db, err := gosql.Open("pgx", s.DSN("postgres"))
	if err != nil {
		return err
	}
	defer db.Close()
	return db.PingContext(ctx)
}

// DSN is the pgx data source of database db as the user postgres.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s", s.Port, db)
}

// Close stops the server (a fast shutdown, killed after 30 s) and removes
// its directory.
func (s *Server) Close() {
	if s.cmd.Process != nil && s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = s.cmd.Process.Kill()
			<-done
		}
	}
	_ = os.RemoveAll(s.dir)
}
