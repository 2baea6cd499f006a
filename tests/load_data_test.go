package tests

// LOAD DATA [LOCAL] INFILE into Paimon tables over the wire: the client's
// file streamed by go-sql-driver (a registered reader) and by the mysql
// command-line client, the format clauses, a failing row, @@local_infile,
// a client that does not allow local files, and the grants.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"
)

// startLocalInfile serves a fresh warehouse with --local-infile, a
// primary-key table shop.kv (k INT PRIMARY KEY, v VARCHAR(20)) holding
// (1, 'a') and an append table shop.events.
func startLocalInfile(t *testing.T) *secEnv {
	t.Helper()
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) { cfg.LocalInfile = true })
	s.populate(t)
	sqlRun(t, s.db, "CREATE TABLE shop.events (id BIGINT, at DATE, amount DECIMAL(10,2), note STRING) WITH ('bucket' = '-1')")
	return s
}

// warehouseFS opens the warehouse of s, for checkStorage.
func (s *secEnv) warehouseFS(t *testing.T) *paimonfs.FS {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), s.warehouse)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	return fsys
}

// registerRows makes text the file 'Reader::name' of go-sql-driver's LOAD
// DATA LOCAL INFILE for the test's duration.
func registerRows(t *testing.T, name, text string) {
	t.Helper()
	mysql.RegisterReaderHandler(name, func() io.Reader { return strings.NewReader(text) })
	t.Cleanup(func() { mysql.DeregisterReaderHandler(name) })
}

func TestLoadDataLocalInfile(t *testing.T) {
	s := startLocalInfile(t)
	// Tab-separated lines, LOAD DATA's default format; a later row of a
	// key replaces the earlier one, as an INSERT into a primary-key table.
	registerRows(t, "kv", "2\tb\n3\tc\n1\tA\n")
	res, err := s.db.Exec("LOAD DATA LOCAL INFILE 'Reader::kv' INTO TABLE shop.kv")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 3 {
		t.Errorf("%d rows affected, want 3", n)
	}
	wantRows(t, s.db, split("1|A", "2|b", "3|c"), "SELECT * FROM shop.kv")

	// CSV with a header, quotes, CRLF lines and a column list in another
	// order than the table's.
	registerRows(t, "events.csv", "note,id,amount,at\r\n\"hello, world\",10,1.50,2024-02-03\r\n\"\",11,-2.25,1999-12-31\r\nplain,12,0,2000-01-01\r\n")
	sqlRun(t, s.db, `LOAD DATA LOCAL INFILE 'Reader::events.csv' INTO TABLE shop.events
		FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' LINES TERMINATED BY '\r\n' IGNORE 1 LINES (note, id, amount, at)`)
	wantRows(t, s.db, split("10|2024-02-03|1.50|hello, world", "11|1999-12-31|-2.25|", "12|2000-01-01|0.00|plain"),
		"SELECT * FROM shop.events ORDER BY id")

	// A value the column cannot take: LOAD DATA INFILE (the server's file)
	// fails and none of its rows stays; LOCAL, as in MySQL (the server
	// cannot stop the client's transfer), loads the row with a warning.
	bad := "20\t2024-01-01\t1\tok\n21\tnot a date\t1\tbad\n"
	if err := os.WriteFile(filepath.Join(s.files, "bad.tsv"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := sqlRunErr(t, s.db, "LOAD DATA INFILE 'bad.tsv' INTO TABLE shop.events"); err == nil {
		t.Error("LOAD DATA INFILE: a row with a bad date loaded")
	}
	wantRows(t, s.db, split("3"), "SELECT COUNT(*) FROM shop.events")
	registerRows(t, "bad", bad)
	c := oneConn(t, s.db)
	sqlRun(t, c, "LOAD DATA LOCAL INFILE 'Reader::bad' INTO TABLE shop.events")
	if w := mustQuery(t, c, "SHOW WARNINGS").rows; len(w) == 0 {
		t.Error("LOAD DATA LOCAL of a bad date: no warning")
	} else {
		t.Logf("warnings: %v", w)
	}
	wantRows(t, s.db, split("20|2024-01-01|1.00|ok", "21|0000-00-00|1.00|bad"), "SELECT * FROM shop.events WHERE id >= 20")
	checkStorage(t, s.warehouseFS(t), "shop", "kv")
	checkStorage(t, s.warehouseFS(t), "shop", "events")
}

// The input is read as MySQL reads it: escapes, \N, enclosed fields with
// doubled quotes and terminators inside, the word NULL only with ENCLOSED
// BY, LINES STARTING BY, and empty fields as empty strings.
func TestLoadDataFieldRules(t *testing.T) {
	s := startLocalInfile(t)
	sqlRun(t, s.db, "CREATE TABLE shop.texts (id INT, a STRING, b STRING)")
	// Inputs and answers are written with ⇥ for a tab and ↵ for a newline;
	// the answers show NULL as NULL and the text NULL as 'NULL'.
	visible := strings.NewReplacer("⇥", "\t", "↵", "\n")
	for i, c := range []struct {
		clauses, input string
		want           []string
	}{
		// The default format: tab-separated, backslash escapes.
		{"", `1⇥tab\tand\\back\nline⇥x\\N↵2⇥\N⇥NULL↵3⇥⇥↵`,
			[]string{`1|tab⇥and\back↵line|x\N`, `2|NULL|'NULL'`, `3||`}},
		{`FIELDS TERMINATED BY ',' ENCLOSED BY '"'`, `4,"a,b","say ""hi"""↵5,NULL,"NULL"↵6,"two↵lines",plain↵`,
			[]string{`4|a,b|say "hi"`, `5|NULL|'NULL'`, `6|two↵lines|plain`}},
		{`FIELDS TERMINATED BY ';' LINES STARTING BY '>>' TERMINATED BY '|'`, `junk>>7;x;y|no prefix here|>>8;\;;z|`,
			[]string{`7|x|y`, `8|;|z`}},
		{`FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\'' ESCAPED BY ''`, `9,'it''s',c:\dir↵`,
			[]string{`9|it's|c:\dir`}},
	} {
		sqlRun(t, s.db, "TRUNCATE TABLE shop.texts")
		name := fmt.Sprintf("rules%d", i)
		registerRows(t, name, visible.Replace(c.input))
		sqlRun(t, s.db, fmt.Sprintf("LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE shop.texts %s", name, c.clauses))
		var got []string
		for _, r := range mustQuery(t, s.db, "SELECT id, a IS NULL, a, b IS NULL, b FROM shop.texts ORDER BY id").rows {
			cell := func(null, v string) string {
				switch {
				case null == "1":
					return "NULL"
				case v == "NULL":
					return "'NULL'"
				}
				return strings.NewReplacer("\t", "⇥", "\n", "↵").Replace(v)
			}
			got = append(got, r[0]+"|"+cell(r[1], r[2])+"|"+cell(r[3], r[4]))
		}
		if strings.Join(got, "  ") != strings.Join(c.want, "  ") {
			t.Errorf("%s\n got  %q\n want %q", c.clauses, got, c.want)
		}
	}
}

// A large file streams through: 200,000 rows in one statement, one commit.
func TestLoadDataLocalInfileStreamsManyRows(t *testing.T) {
	s := startLocalInfile(t)
	const n = 200_000
	name := "many"
	mysql.RegisterReaderHandler(name, func() io.Reader {
		r, w := io.Pipe()
		go func() {
			var b bytes.Buffer
			for i := range n {
				fmt.Fprintf(&b, "%d\t1995-%02d-%02d\t%d.%02d\trow %d\n", i, i%12+1, i%28+1, i, i%100, i)
				if b.Len() > 1<<16 {
					if _, err := w.Write(b.Bytes()); err != nil {
						return
					}
					b.Reset()
				}
			}
			_, _ = w.Write(b.Bytes())
			_ = w.Close()
		}()
		return r
	})
	t.Cleanup(func() { mysql.DeregisterReaderHandler(name) })
	sqlRun(t, s.db, "LOAD DATA LOCAL INFILE 'Reader::many' INTO TABLE shop.events")
	wantRows(t, s.db, split(fmt.Sprintf("%d|%d|%d", n, n*(n-1)/2, n)),
		"SELECT COUNT(*), SUM(id), COUNT(DISTINCT note) FROM shop.events")
	wantRows(t, s.db, split("123456|1995-01-05|123456.56|row 123456"), "SELECT * FROM shop.events WHERE id = 123456")
	if got := appendSnapshots(t, sqlSnapshots(t, s.db, "shop", "events")); got != 1 {
		t.Errorf("%d APPEND snapshots, want 1", got)
	}
	checkStorage(t, s.warehouseFS(t), "shop", "events")
}

// LOCAL needs @@local_infile on (the server's --local-infile, or SET
// GLOBAL) and INSERT on the table (and UPDATE on a primary-key table, as
// an INSERT there replaces rows); otherwise MySQL's errors.
func TestLoadDataLocalInfileRefusals(t *testing.T) {
	s := startLocalInfile(t)
	registerRows(t, "one", "7\tg\n")
	reader := s.user(t, "reader", "SELECT ON shop.*")
	if err := sqlRunErr(t, reader, "LOAD DATA LOCAL INFILE 'Reader::one' INTO TABLE shop.kv"); !denied(err) {
		t.Errorf("without INSERT: %v, want access denied", err)
	}
	inserter := s.user(t, "inserter", "SELECT, INSERT ON shop.kv")
	if err := sqlRunErr(t, inserter, "LOAD DATA LOCAL INFILE 'Reader::one' INTO TABLE shop.kv"); !denied(err) {
		t.Errorf("INSERT without UPDATE into a primary-key table: %v, want access denied", err)
	}
	writer := s.user(t, "writer", "SELECT, INSERT, UPDATE ON shop.kv")
	sqlRun(t, writer, "LOAD DATA LOCAL INFILE 'Reader::one' INTO TABLE shop.kv")
	wantRows(t, s.db, split("1|a", "7|g"), "SELECT * FROM shop.kv")

	// SET GLOBAL local_infile needs an administrator.
	if err := sqlRunErr(t, writer, "SET GLOBAL local_infile = 0"); !denied(err) {
		t.Errorf("SET GLOBAL by a user: %v, want access denied", err)
	}
	sqlRun(t, s.db, "SET GLOBAL local_infile = 0")
	t.Cleanup(func() { sqlRun(t, s.db, "SET GLOBAL local_infile = 1") })
	registerRows(t, "two", "8\th\n")
	err := sqlRunErr(t, s.db, "LOAD DATA LOCAL INFILE 'Reader::two' INTO TABLE shop.kv")
	if mysqlErrNumber(err) != 3948 {
		t.Errorf("with local_infile off: %v, want 3948", err)
	}
	wantRows(t, s.db, split("1|a", "7|g"), "SELECT * FROM shop.kv")
}

// The mysql command-line client sends its file with --local-infile=1 and
// is refused with 3948 without it, loading nothing.
func TestLoadDataLocalInfileMySQLClient(t *testing.T) {
	bin := requireMySQLClient(t)
	s := startLocalInfile(t)
	file := filepath.Join(t.TempDir(), "rows.csv")
	if err := os.WriteFile(file, []byte("k;v\n4;d\n5;e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stmt := fmt.Sprintf("LOAD DATA LOCAL INFILE '%s' INTO TABLE shop.kv FIELDS TERMINATED BY ';' IGNORE 1 LINES", file)
	run := func(flag string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, bin, "-h127.0.0.1", "-P"+strconv.Itoa(s.port()), "-uroot", flag, "-e", stmt).CombinedOutput()
		return string(out), err
	}
	if out, err := run("--local-infile=0"); err == nil || !strings.Contains(out, "3948") && !strings.Contains(out, "2068") {
		// 3948 from the server; a client that checks first (2068) never
		// sends the statement.
		t.Errorf("without --local-infile: %v: %s", err, out)
	}
	wantRows(t, s.db, split("1|a"), "SELECT * FROM shop.kv")
	if out, err := run("--local-infile=1"); err != nil {
		t.Fatalf("with --local-infile: %v: %s", err, out)
	}
	wantRows(t, s.db, split("1|a", "4|d", "5|e"), "SELECT * FROM shop.kv")
}

// A primary-key table's writer keeps at most write-buffer-size of records
// before it writes a sorted run: one LOAD DATA of 40,000 rows into a table
// with a 1 mb buffer writes several runs per bucket, and a key written
// again later in the statement (in another run) reads as its last row.
func TestLoadDataPrimaryKeyWriteBufferBound(t *testing.T) {
	s := startLocalInfile(t)
	sqlRun(t, s.db, "CREATE TABLE shop.big (id INT NOT NULL, v STRING, PRIMARY KEY (id)) WITH ('bucket' = '2', 'write-buffer-size' = '1 mb', 'write-only' = 'true')")
	const n = 40_000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d\tfirst %d\n", i, i)
	}
	for i := 0; i < n; i += 1000 { // again, after runs were written
		fmt.Fprintf(&b, "%d\tlast %d\n", i, i)
	}
	registerRows(t, "big", b.String())
	sqlRun(t, s.db, "LOAD DATA LOCAL INFILE 'Reader::big' INTO TABLE shop.big")
	wantRows(t, s.db, split(fmt.Sprintf("%d|%d|40", n, n*(n-1)/2)),
		"SELECT COUNT(*), SUM(id), SUM(v LIKE 'last %') FROM shop.big")
	wantRows(t, s.db, split("1000|last 1000", "1001|first 1001"), "SELECT * FROM shop.big WHERE id IN (1000, 1001)")
	files, err := strconv.Atoi(mustQuery(t, s.db, "SELECT COUNT(*) FROM shop.`big$files` WHERE level = 0").rows[0][0])
	if err != nil || files < 6 {
		t.Errorf("%v level-0 files (%v): want several sorted runs a bucket under a 1 mb buffer", files, err)
	}
	t.Logf("%d level-0 files", files)
	checkStorage(t, s.warehouseFS(t), "shop", "big")
}
