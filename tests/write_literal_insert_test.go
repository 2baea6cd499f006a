package tests

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// INSERTs of literal rows run without go-mysql-server's planner
// (sqlext.ParseLiteralInsert, catalog.Provider.InsertLiterals). Each
// statement here runs twice: as written into lit.fast, and with a leading
// comment, which the fast path does not read, into lit.slow, so that the
// engine runs it. Both must give the same error numbers, the same rows
// affected, and the same table.
func TestLiteralInsertMatchesTheEngine(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	const cols = "(ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, de DECIMAL(10,3), vc VARCHAR(8), ch CHAR(4), s STRING, b BOOLEAN, dt DATE, nn INT NOT NULL)"
	sqlRun(t, w.db, "CREATE DATABASE lit",
		"CREATE TABLE lit.fast "+cols, "CREATE TABLE lit.slow "+cols,
		"CREATE TABLE lit.kfast (id BIGINT NOT NULL, v VARCHAR(10), PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"CREATE TABLE lit.kslow (id BIGINT NOT NULL, v VARCHAR(10), PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"CREATE TABLE lit.tfast (id INT NOT NULL, d DATE, dt DATETIME, dt3 DATETIME(3), ts TIMESTAMP, ts6 TIMESTAMP(6))",
		"CREATE TABLE lit.tslow (id INT NOT NULL, d DATE, dt DATETIME, dt3 DATETIME(3), ts TIMESTAMP, ts6 TIMESTAMP(6))")
	cases := []struct {
		stmt string // {t} stands for the table
		fast bool   // the fast path takes it
	}{
		{"INSERT INTO lit.{t} VALUES (1, 2, 3, 4, 1.5, 2.25, 3.125, 'abc', 'ab', 'it''s', 1, NULL, 7)", true},
		{"INSERT INTO lit.{t} VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0)", true},
		{"insert into lit.{t} values(-128,-32768,-2147483648,-999999999999999999,-1.5,-2.5e-3,-0.001,'','','a''''b',0,null,-1);", true},
		{"INSERT INTO lit.{t} VALUES (127, 32767, 2147483647, 999999999999999999, 1e3, 1E+300, 1234567.891, 'héllo', 'ü', 'x', 1, NULL, 2)", true},
		// Integers into floating and decimal columns; more decimals than
		// the column keeps (rounded, as the engine rounds).
		{"INSERT INTO lit.{t} (nn, f, d, de) VALUES (3, 5, 6, 7), (4, 0.1, 0.30000000000000004, 1.23456)", true},
		{"INSERT INTO lit.{t} (s, nn, i) VALUE ('perm', 5, 6)", true},
		{"INSERT INTO lit.{t} (nn, d, f, de) VALUES (30, -0.0, -0.0, -0.0), (31, 123456789012345678901234567890.123456789, 0.1, 0.1), (32, 1.7976931348623157, 3.4028235, -99.9995)", true},
		{"INSERT INTO `lit`.`{t}` (`nn`) VALUES (8),(9),(10)", true},
		{"INSERT INTO lit.{t} (nn, dt) VALUES (11, '2024-02-03'), (12, '1992-01-02')", true},
		// Dates and times from strings, parsed by the column type as the
		// engine parses them (bulk loads of dated rows: TPC-H's orders).
		{"INSERT INTO lit.t{t} VALUES (1, '1998-12-01', '2024-02-03 04:05:06', '2024-02-03 04:05:06.789', '2024-02-03 04:05:06', '2024-02-03 04:05:06.123456')", true},
		{"INSERT INTO lit.t{t} VALUES (2, '2024-02-03 10:11:12', '2024-02-03', '2024-02-03 04:05:06.7894', '1970-01-01 00:00:01', '2038-01-19 03:14:07.999999')", true},
		{"INSERT INTO lit.t{t} VALUES (3, '20240203', '2024-2-3 4:5:6', '2024-02-03T04:05:06', NULL, NULL), (4, '0000-00-00', NULL, NULL, NULL, NULL)", true},
		{"INSERT INTO lit.t{t} (id, d) VALUES (5, '2024-02-30')", false},
		{"INSERT INTO lit.t{t} (id, d) VALUES (6, 'not a date')", false},
		{"INSERT INTO lit.t{t} (id, dt) VALUES (7, '2024-02-03 25:00:00')", false},
		{"INSERT INTO lit.t{t} (id, ts) VALUES (8, '1960-01-01 00:00:00')", true}, // the engine takes it too
		{"INSERT INTO lit.t{t} (id, d) VALUES (9, '2024-01-01'), (10, '2024-13-01')", false},
		// Plain YYYY-MM-DD dates are read without go-mysql-server's
		// layouts (a patch); the last day of a month is checked as before.
		{"INSERT INTO lit.t{t} (id, d) VALUES (11, '2024-02-29'), (12, '0001-01-01')", true},
		{"INSERT INTO lit.t{t} (id, d) VALUES (13, '2023-02-29')", false},
		{"INSERT INTO lit.t{t} (id, d) VALUES (14, '2024-04-31')", false},
		// What the fast path leaves to the engine.
		{"INSERT INTO lit.{t} (nn, vc) VALUES (12, 'a\\nb')", false},
		{"INSERT INTO lit.{t} (nn, vc) VALUES (13, \"dq\")", false},
		{"INSERT INTO lit.{t} (nn, i) VALUES (14, 1 + 1)", false},
		{"INSERT INTO lit.{t} (nn, bi) VALUES (15, 1234567890123456789)", false},
		{"INSERT INTO lit.{t} (nn, i) VALUES (16, 2.5)", false},
		{"INSERT INTO lit.{t} (nn, b) VALUES (17, TRUE)", false},
		{"INSERT INTO lit.{t} (nn, vc) VALUES (18, 5)", false},
		// Errors, with MySQL's numbers from the engine.
		{"INSERT INTO lit.{t} VALUES (1, 2)", false},                     // 1136
		{"INSERT INTO lit.{t} (nn, i) VALUES (1, 2), (3)", false},        // 1136
		{"INSERT INTO lit.{t} (nn, ti) VALUES (20, 300)", false},         // 1264
		{"INSERT INTO lit.{t} (nn, ti) VALUES (21, -129)", false},        // 1264
		{"INSERT INTO lit.{t} (nn) VALUES (NULL)", false},                // 1048
		{"INSERT INTO lit.{t} (i) VALUES (22)", false},                   // 1364
		{"INSERT INTO lit.{t} (nn, vc) VALUES (23, 'too long!')", false}, // 1406
		{"INSERT INTO lit.{t} (nn, nosuch) VALUES (24, 1)", false},       // 1054
		{"INSERT INTO lit.{t} (nn, nn) VALUES (25, 1)", false},
		{"INSERT INTO lit.{t} (nn, i) VALUES (26, 'abc')", false},
		{"INSERT INTO lit.nosuch_{t} VALUES (1)", false}, // 1146
		{"INSERT INTO nosuchdb.{t} VALUES (1)", false},   // 1049
		{"INSERT INTO lit.{t} VALUES (1, 2, 3", false},   // 1064
		// A statement that fails on a later row stages none of its rows.
		{"INSERT INTO lit.{t} (nn, ti) VALUES (27, 1), (28, 1000)", false},
		{"INSERT IGNORE INTO lit.{t} (nn, ti) VALUES (29, 1000)", false},
	}
	for _, c := range cases {
		fast, slow := strings.ReplaceAll(c.stmt, "{t}", "fast"), "/* engine */ "+strings.ReplaceAll(c.stmt, "{t}", "slow")
		before := stats.LiteralInserts.Load()
		resF, errF := w.db.Exec(fast)
		took := stats.LiteralInserts.Load() - before
		resS, errS := w.db.Exec(slow)
		if took != 0 != c.fast {
			t.Errorf("%s: fast path taken %d times, want it taken: %v (error %v)", fast, took, c.fast, errF)
		}
		if (errF == nil) != (errS == nil) || mysqlErrNumber(errF) != mysqlErrNumber(errS) {
			t.Errorf("%s: error %v, the engine's %v", fast, errF, errS)
			continue
		}
		if errF == nil {
			nF, _ := resF.RowsAffected()
			nS, _ := resS.RowsAffected()
			if nF != nS {
				t.Errorf("%s: %d rows affected, the engine's %d", fast, nF, nS)
			}
		}
	}
	wantRows(t, w.db, mustQuery(t, w.db, "SELECT * FROM lit.slow").rows, "SELECT * FROM lit.fast")
	wantRows(t, w.db, mustQuery(t, w.db, "SELECT ROUND(f, 6), d, CAST(de AS CHAR), HEX(vc), HEX(ch), HEX(s) FROM lit.slow").rows,
		"SELECT ROUND(f, 6), d, CAST(de AS CHAR), HEX(vc), HEX(ch), HEX(s) FROM lit.fast")
	wantRows(t, w.db, mustQuery(t, w.db, "SELECT * FROM lit.tslow").rows, "SELECT * FROM lit.tfast")
	if n := len(mustQuery(t, w.db, "SELECT * FROM lit.tfast").rows); n != 7 {
		t.Errorf("lit.tfast has %d rows, want 7", n)
	}
	wantRows(t, w.db, split("11|2024-02-29", "12|0001-01-01"), "SELECT id, d FROM lit.tfast WHERE id >= 11")

	// A primary-key table: later rows of a key win, within a statement and
	// across statements.
	for _, stmt := range []string{
		"INSERT INTO lit.{t} VALUES (1, 'a'), (2, 'b'), (1, 'c')",
		"INSERT INTO lit.{t} VALUES (2, 'd'), (3, NULL)",
		"INSERT INTO lit.{t} (id) VALUES (4)",
	} {
		sqlRun(t, w.db, strings.ReplaceAll(stmt, "{t}", "kfast"), "/* engine */ "+strings.ReplaceAll(stmt, "{t}", "kslow"))
	}
	wantRows(t, w.db, split("1|c", "2|d", "3|NULL", "4|NULL"), "SELECT * FROM lit.kfast")
	wantRows(t, w.db, mustQuery(t, w.db, "SELECT * FROM lit.kslow").rows, "SELECT * FROM lit.kfast")
	checkStorage(t, w.fs, "lit", "fast")
	checkStorage(t, w.fs, "lit", "kfast")
	checkStorage(t, w.fs, "lit", "tfast")
}

// Fast INSERTs stage into the session's transaction like the engine's: a
// failed statement leaves the earlier ones, COMMIT makes one snapshot,
// ROLLBACK none, and ROW_COUNT() is the statement's.
func TestLiteralInsertTransactions(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE lit", "CREATE TABLE lit.t (id INT NOT NULL, v VARCHAR(4))")
	c := oneConn(t, w.db)
	before := stats.LiteralInserts.Load()
	sqlRun(t, c, "BEGIN", "INSERT INTO lit.t VALUES (1, 'a'), (2, 'b')")
	wantRows(t, c, split("2"), "SELECT ROW_COUNT()")
	sqlRunErr(t, c, "INSERT INTO lit.t VALUES (3, 'c'), (4, 'long!')") // the engine's error: TestLiteralInsertMatchesTheEngine
	sqlRun(t, c, "INSERT INTO lit.t VALUES (5, 'e')", "COMMIT")
	sqlRun(t, c, "BEGIN", "INSERT INTO lit.t VALUES (6, 'f')", "ROLLBACK")
	sqlRun(t, c, "INSERT INTO lit.t VALUES (7, 'g')") // autocommit
	if got := stats.LiteralInserts.Load() - before; got != 4 {
		t.Errorf("%d statements took the fast path, want 4", got)
	}
	wantRows(t, w.db, split("1|a", "2|b", "5|e", "7|g"), "SELECT * FROM lit.t")
	if got := appendSnapshots(t, sqlSnapshots(t, w.db, "lit", "t")); got != 2 {
		t.Errorf("%d APPEND snapshots, want 2 (the COMMIT, the autocommit INSERT)", got)
	}
	checkStorage(t, w.fs, "lit", "t")
}

// Autocommit single-row INSERTs from many connections at once: every one
// acknowledged is committed, and they share snapshots and data files
// (group commit).
func TestLiteralInsertConcurrentAutocommitShareSnapshots(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE lit", "CREATE TABLE lit.t (id INT NOT NULL, who VARCHAR(8))")
	const conns, per = 8, 25
	var wg sync.WaitGroup
	var mu sync.Mutex
	var acked []string
	for i := range conns {
		c := oneConn(t, w.db)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range per {
				id := i*per + j
				if _, err := c.ExecContext(t.Context(), fmt.Sprintf("INSERT INTO lit.t VALUES (%d, 'c%d')", id, i)); err != nil {
					t.Errorf("INSERT %d: %v", id, err)
					continue
				}
				mu.Lock()
				acked = append(acked, fmt.Sprintf("%d|c%d", id, i))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	wantRows(t, w.db, split(acked...), "SELECT * FROM lit.t")
	appends := appendSnapshots(t, sqlSnapshots(t, w.db, "lit", "t"))
	if appends < 1 || appends >= conns*per {
		t.Errorf("%d APPEND snapshots for %d INSERTs from %d connections: want them shared", appends, conns*per, conns)
	}
	// The rows of a shared commit go to one data file.
	files, err := strconv.Atoi(mustQuery(t, w.db, "SELECT COUNT(*) FROM lit.`t$files`").rows[0][0])
	if err != nil || files < 1 || files > appends {
		t.Errorf("%v data files for %d APPEND snapshots: want one a snapshot (%v)", files, appends, err)
	}
	t.Logf("%d INSERTs, %d APPEND snapshots, %d data files", conns*per, appends, files)
	checkStorage(t, w.fs, "lit", "t")
}

// The statements of a transaction share an append table's open files; a
// statement that fails midway leaves the rows of the earlier ones, also
// when files rolled at their target size during it, or when it went past
// the rows a writer keeps for rollbacks.
func TestTransactionStatementsShareFilesAndRollBack(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE tx",
		"CREATE TABLE tx.t (p INT, id INT, s VARCHAR(12)) PARTITIONED BY (p) WITH ('target-file-size' = '16 kb')")
	values := func(from, to int, bad bool) string {
		var b strings.Builder
		b.WriteString("INSERT INTO tx.t VALUES ")
		for i := from; i < to; i++ {
			if i > from {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d, %d, 'r%d')", i%2, i, i)
		}
		if bad { // the engine writes the rows before it, then fails
			b.WriteString(", (0, -1, 'much too long')")
		}
		return b.String()
	}
	c := oneConn(t, w.db)
	var want []string
	ok := func(from, to int) {
		sqlRun(t, c, values(from, to, false))
		for i := from; i < to; i++ {
			want = append(want, fmt.Sprintf("%d|%d|r%d", i%2, i, i))
		}
	}
	fail := func(from, to int) {
		sqlRunErr(t, c, values(from, to, true))
	}
	sqlRun(t, c, "BEGIN")
	ok(0, 300)
	fail(300, 40300) // rolls files past 16 kb, then fails
	ok(2300, 2310)
	fail(2310, 2320)
	ok(2320, 72320) // more rows than a writer keeps
	fail(72320, 72330)
	ok(72330, 72340)
	fail(72340, 75000)
	sqlRun(t, c, "COMMIT")
	wantRows(t, w.db, split(want...), "SELECT * FROM tx.t")
	checkStorage(t, w.fs, "tx", "t")

	// Ten small statements of a transaction: one file a partition.
	sqlRun(t, w.db, "CREATE TABLE tx.u (p INT, id INT, s VARCHAR(12)) PARTITIONED BY (p)")
	sqlRun(t, c, "BEGIN")
	for i := range 10 {
		sqlRun(t, c, strings.Replace(values(i*10, i*10+10, false), "tx.t", "tx.u", 1))
	}
	sqlRun(t, c, "COMMIT")
	wantRows(t, w.db, split("100"), "SELECT COUNT(*) FROM tx.u")
	wantRows(t, w.db, split("2"), "SELECT COUNT(*) FROM tx.`u$files`")
	checkStorage(t, w.fs, "tx", "u")
}

// TestLiteralInsertNeedsTheInsertPrivilege: the planner-free path of a
// literal INSERT refuses a user without INSERT on the table as the engine
// does, and stores nothing; with the privilege it stores the row.
func TestLiteralInsertNeedsTheInsertPrivilege(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	reader := s.user(t, "reader", "SELECT ON shop.kv", "INSERT, UPDATE ON shop.pub") // UPDATE: an upsert
	before := stats.LiteralInserts.Load()
	if err := sqlRunErr(t, reader, "INSERT INTO shop.kv VALUES (5, 'x')"); !denied(err) {
		t.Errorf("INSERT without the privilege: %v, want access denied", err)
	}
	if err := sqlRunErr(t, reader, "INSERT INTO shop.kv (k, v) VALUES (6, 'y'), (7, 'z')"); !denied(err) {
		t.Errorf("INSERT of two rows without the privilege: %v, want access denied", err)
	}
	if got := stats.LiteralInserts.Load(); got != before {
		t.Errorf("the literal path ran %d statements without the privilege", got-before)
	}
	wantRows(t, s.db, split("1|a"), "SELECT k, v FROM shop.kv ORDER BY k")
	sqlRun(t, reader, "INSERT INTO shop.pub VALUES (5, 'x')")
	if got := stats.LiteralInserts.Load(); got != before+1 {
		t.Errorf("the granted INSERT took the engine's path (%d literal inserts)", got-before)
	}
	wantRows(t, s.db, split("1|public", "5|x"), "SELECT k, v FROM shop.pub ORDER BY k")
}
