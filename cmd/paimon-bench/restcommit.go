package main

import (
	"bufio"
	"context"
	gosql "database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/restcatalog"
	"github.com/paimon-sql/paimon-sql/server"
)

// restCommit is `paimon-bench rest-commit`: the time of one Java batch
// write of one row (catalog opened, table loaded, data file, manifests and
// snapshot written and committed) through Java's filesystem catalog and
// through paimon-sql's REST catalog, on a local warehouse, in one JVM (the
// interop suite's Java driver, tests/interop/java, built with Maven when
// needed). The goal: the REST write within 2x the filesystem one.
func restCommit(args []string) error {
	f := flag.NewFlagSet("rest-commit", flag.ExitOnError)
	n := f.Int("n", 40, "timed writes per catalog")
	warm := f.Int("warmup", 10, "untimed writes per catalog before (the JVM's warm-up)")
	rounds := f.Int("rounds", 3, "rounds, the catalogs alternating")
	javaDir := f.String("java-dir", "tests/interop/java", "the Java driver's Maven project")
	if err := f.Parse(args); err != nil {
		return err
	}
	java, err := startJavaDriver(*javaDir)
	if err != nil {
		return err
	}
	defer java.stop()

	dir, err := os.MkdirTemp("", "paimon-bench-rest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	rest, stop, err := serveREST(dir)
	if err != nil {
		return err
	}
	defer stop()

	catalogs := []struct {
		name    string
		options map[string]string
	}{
		{"filesystem", nil},
		{"rest", rest},
	}
	times := map[string][]time.Duration{}
	for i, c := range catalogs {
		table := fmt.Sprintf("bench.t%d", i)
		create := map[string]any{"op": "create", "table": table, "columns": []map[string]any{
			{"name": "id", "type": "INT NOT NULL"}, {"name": "name", "type": "STRING"}},
			"primaryKeys": []string{}, "partitionKeys": []string{}, "tableOptions": map[string]string{}}
		if _, err := java.step(dir, c.options, create); err != nil {
			return fmt.Errorf("%s: create: %w", c.name, err)
		}
	}
	write := func(i int, options map[string]string) (time.Duration, error) {
		step := map[string]any{"op": "write", "table": fmt.Sprintf("bench.t%d", i),
			"rows": []map[string]any{{"kind": "+I", "values": []any{1, "bench"}}}}
		return java.step(dir, options, step)
	}
	for i, c := range catalogs {
		for range *warm {
			if _, err := write(i, c.options); err != nil {
				return fmt.Errorf("%s: warm-up: %w", c.name, err)
			}
		}
	}
	for r := range *rounds {
		for i, c := range catalogs {
			for range *n {
				d, err := write(i, c.options)
				if err != nil {
					return fmt.Errorf("%s: %w", c.name, err)
				}
				times[c.name] = append(times[c.name], d)
			}
			fmt.Printf("round %d %-10s median %v\n", r+1, c.name, median(times[c.name][len(times[c.name])-*n:]))
		}
	}
	fs, rs := median(times["filesystem"]), median(times["rest"])
	fmt.Printf("one-row Java write, median of %d: filesystem catalog %v, REST catalog through paimon-sql %v: %.2fx\n",
		*n**rounds, fs.Round(time.Millisecond), rs.Round(time.Millisecond), float64(rs)/float64(fs))
	return nil
}

// serveREST serves the warehouse dir over MySQL and the REST catalog, and
// returns the REST catalog options of a token made with SQL for an account
// holding what a writer needs.
func serveREST(dir string) (map[string]string, func(), error) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		return nil, nil, err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	server.RouteLibraryLogs(quiet)
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0"}, provider, server.Options{Logger: quiet})
	if err != nil {
		return nil, nil, err
	}
	served := make(chan error, 1)
	go func() { served <- srv.Start() }()
	h, err := restcatalog.New(restcatalog.Config{FS: fsys, Runtime: provider.Runtime(), Auth: srv.Authorizer(), Log: quiet})
	if err != nil {
		return nil, nil, err
	}
	hs := httptest.NewServer(h)
	stop := func() {
		hs.Close()
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-served
		_ = fsys.Close()
	}
	db, err := gosql.Open("mysql", fmt.Sprintf("root@tcp(%s)/", srv.Addr()))
	if err != nil {
		stop()
		return nil, nil, err
	}
	defer db.Close()
	var token string
	var rows *gosql.Rows
	for _, q := range []string{"CREATE USER bench@'%' IDENTIFIED BY 'bench-password'",
		"GRANT SELECT, INSERT, DELETE, CREATE, DROP, ALTER, EXECUTE ON *.* TO bench@'%'"} {
		if _, err = db.Exec(q); err != nil {
			break
		}
	}
	if err == nil {
		rows, err = db.Query("CALL sys.create_token('bench@%')")
	}
	if err == nil {
		cols, _ := rows.Columns()
		vals := make([]gosql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err = rows.Scan(ptrs...); err != nil {
				break
			}
			for i, c := range cols {
				if c == "token" {
					token = vals[i].String
				}
			}
		}
		_ = rows.Close()
	}
	if err == nil && token == "" {
		err = errors.New("sys.create_token answered no token")
	}
	if err != nil {
		stop()
		return nil, nil, fmt.Errorf("create a token: %w", err)
	}
	return map[string]string{"metastore": "rest", "uri": hs.URL, "token.provider": "bear", "token": token, "warehouse": restcatalog.DefaultPrefix}, stop, nil
}

// javaDriver is the interop suite's Java driver: one JSON request a line
// on stdin, one answer a line on stdout.
type javaDriver struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startJavaDriver(dir string) (*javaDriver, error) {
	cpFile := filepath.Join(dir, "target", "classpath.txt")
	if _, err := os.Stat(cpFile); err != nil {
		build := exec.Command("mvn", "-q", "-B", "package")
		build.Dir, build.Stdout, build.Stderr = dir, os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("build the Java driver in %s (mvn package): %w", dir, err)
		}
	}
	deps, err := os.ReadFile(cpFile)
	if err != nil {
		return nil, err
	}
	cp := filepath.Join(dir, "target", "paimon-interop-driver-1.jar") + string(os.PathListSeparator) + strings.TrimSpace(string(deps))
	cmd := exec.Command("java", "-Xmx512m", "-cp", cp, "org.paimonsql.interop.Driver")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start java: %w", err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	return &javaDriver{cmd: cmd, in: in, out: sc}, nil
}

// step runs one step through the catalog of options (nil: the filesystem
// catalog of warehouse) and returns its time, the JSON round trip included.
func (j *javaDriver) step(warehouse string, options map[string]string, step map[string]any) (time.Duration, error) {
	req, err := json.Marshal(map[string]any{"warehouse": warehouse, "catalog": options, "steps": []any{step}})
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if _, err := j.in.Write(append(req, '\n')); err != nil {
		return 0, err
	}
	if !j.out.Scan() {
		return 0, fmt.Errorf("the Java driver stopped: %v", j.out.Err())
	}
	d := time.Since(start)
	var answer struct {
		Results []struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		} `json:"results"`
	}
	if err := json.Unmarshal(j.out.Bytes(), &answer); err != nil {
		return 0, err
	}
	if len(answer.Results) != 1 || !answer.Results[0].OK {
		return 0, fmt.Errorf("the Java driver answered %+v", answer.Results)
	}
	return d, nil
}

func (j *javaDriver) stop() {
	_ = j.in.Close()
	_ = j.cmd.Wait()
}
