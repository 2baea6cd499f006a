package tests

import (
	"strconv"
	"strings"
	"testing"
)

// incrementalRows reads db.tbl with an OPTIONS hint, rows ordered.
func incrementalRows(t *testing.T, e *env, tbl, hint string) [][]string {
	t.Helper()
	return mustQuery(t, e.db, "SELECT * FROM "+tbl+" /*+ OPTIONS("+hint+") */ ORDER BY 1, 2").rows
}

// commitMillis returns the commit time of every snapshot of tbl, by id.
func commitMillis(t *testing.T, e *env, db, tbl string) map[string]int64 {
	t.Helper()
	res := mustQuery(t, e.db, "SELECT snapshot_id, UNIX_TIMESTAMP(commit_time) * 1000 FROM "+db+".`"+tbl+"$snapshots`")
	out := map[string]int64{}
	for _, r := range res.rows {
		f, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		out[r[0]] = int64(f + 0.5)
	}
	return out
}

// A batch incremental read of an append table returns the rows of the
// files added by the snapshots after the start up to the end, as Java's
// IncrementalTableTest reads them; by snapshot ids, by tags (with
// incremental-between-tag-to-snapshot) and by commit times.
func TestIncrementalBetweenAppendTable(t *testing.T) {
	e := serveDir(t, t.TempDir())
	mustQuery(t, e.db, "CREATE DATABASE inc")
	mustQuery(t, e.db, "CREATE TABLE inc.a (id INT, v TEXT)")
	// Snapshot n inserts the rows of inserted[n-1].
	inserted := [][][]string{{{"1", "a"}, {"2", "b"}}, {{"3", "c"}}, {{"4", "d"}, {"5", "e"}}}
	for _, rows := range inserted {
		var values []string
		for _, r := range rows {
			values = append(values, "("+r[0]+", '"+r[1]+"')")
		}
		mustQuery(t, e.db, "INSERT INTO inc.a VALUES "+strings.Join(values, ", "))
	}
	between := func(start, end int) [][]string {
		var out [][]string
		for id := start + 1; id <= end; id++ {
			out = append(out, inserted[id-1]...)
		}
		return out
	}
	for hint, want := range map[string][][]string{
		"'incremental-between' = '1,3'":                                            between(1, 3),
		"'incremental-between' = '0,1'":                                            between(0, 1),
		"'incremental-between' = '2,3', 'incremental-between-scan-mode' = 'delta'": between(2, 3),
		"'incremental-between' = '2,2'":                                            nil,
		"'incremental-between' = '1,3', 'scan.mode' = 'incremental'":               between(1, 3),
	} {
		sameRows(t, hint, incrementalRows(t, e, "inc.a", hint), want)
	}
	count := mustQuery(t, e.db, "SELECT COUNT(*) FROM inc.a /*+ OPTIONS('incremental-between' = '1,3') */")
	sameRows(t, "COUNT(*) of snapshots 2 and 3", count.rows, [][]string{{strconv.Itoa(len(between(1, 3)))}})

	mustQuery(t, e.db, "CALL sys.create_tag('inc.a', 'one', 1)")
	mustQuery(t, e.db, "CALL sys.create_tag('inc.a', 'three', 3)")
	sameRows(t, "tags to snapshots", incrementalRows(t, e, "inc.a",
		"'incremental-between' = 'one,three', 'incremental-between-tag-to-snapshot' = 'true'"), between(1, 3))
	// Between two tags Java reads the diff: on an append table the files
	// the end has and the start lacks.
	sameRows(t, "diff of tags", incrementalRows(t, e, "inc.a", "'incremental-between' = 'one,three'"), between(1, 3))
	sameRows(t, "diff of snapshots", incrementalRows(t, e, "inc.a",
		"'incremental-between' = '2,3', 'incremental-between-scan-mode' = 'diff'"), between(2, 3))

	ms := commitMillis(t, e, "inc", "a")
	ts := func(a, b int64) string {
		return "'incremental-between-timestamp' = '" + strconv.FormatInt(a, 10) + "," + strconv.FormatInt(b, 10) + "'"
	}
	sameRows(t, "after snapshot 1 up to snapshot 3", incrementalRows(t, e, "inc.a", ts(ms["1"], ms["3"])), between(1, 3))
	sameRows(t, "before snapshot 1 up to snapshot 2", incrementalRows(t, e, "inc.a", ts(ms["1"]-1000, ms["2"])), between(0, 2))
	sameRows(t, "equal timestamps", incrementalRows(t, e, "inc.a", ts(ms["2"], ms["2"])), nil)
	sameRows(t, "after the latest snapshot", incrementalRows(t, e, "inc.a", ts(ms["3"]+1, ms["3"]+1000)), nil)

	for hint, want := range map[string]string{
		"'incremental-between' = '3,1'":                                           "should be >= the starting snapshot id 3",
		"'incremental-between' = '1,9'":                                           "out of the available snapshots 1 to 3",
		"'incremental-between' = 'one,nosuchtag'":                                 "didn't find two tags",
		"'incremental-between' = '1'":                                             "start (exclusive) and end snapshot",
		"'incremental-between' = 'three,one'":                                     "tag end one with snapshot id 1 should be >= tag start three",
		"'incremental-between' = '0,3', 'incremental-between-scan-mode' = 'diff'": "snapshot 0",
		"'incremental-between' = '1,3', 'incremental-between-scan-mode' = 'fast'": "is not a mode",
		"'incremental-between' = '1,3', 'scan.snapshot-id' = '2'":                 "give one of them",
		"'incremental-between' = '1,3', 'scan.mode' = 'latest'":                   "remove scan.mode",
		"'incremental-between-scan-mode' = 'delta'":                               "needs 'incremental-between'",
		"'incremental-between-timestamp' = '5,1'":                                 "should be >= the starting timestamp",
		"'incremental-between-timestamp' = 'yesterday,today'":                     "start (exclusive) and end timestamp",
	} {
		err := queryErr(t, e.db, "SELECT * FROM inc.a /*+ OPTIONS("+hint+") */")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", hint, err, want)
		}
	}
}

// On a primary-key table the delta mode reads the files each APPEND commit
// added as written, without merging them: an updated key comes out once
// per version, retractions are dropped, and compactions add nothing. A
// start snapshot that was expired fails as in Java.
func TestIncrementalBetweenPrimaryKeyTable(t *testing.T) {
	e := serveDir(t, t.TempDir())
	mustQuery(t, e.db, "CREATE DATABASE inc")
	mustQuery(t, e.db, "CREATE TABLE inc.p (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1')")
	mustQuery(t, e.db, "INSERT INTO inc.p VALUES (1, 'a'), (2, 'b')")  // snapshot 1
	mustQuery(t, e.db, "INSERT INTO inc.p VALUES (1, 'a2'), (3, 'c')") // snapshot 2
	mustQuery(t, e.db, "DELETE FROM inc.p WHERE id = 2")               // snapshot 3: a retraction
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'inc.p')")         // snapshot 4: COMPACT
	mustQuery(t, e.db, "INSERT INTO inc.p VALUES (4, 'd')")            // snapshot 5
	wantSnapshots(t, e.db, "inc", "p", "APPEND", "APPEND", "APPEND", "COMPACT", "APPEND")

	sameRows(t, "0,2: both versions of key 1", incrementalRows(t, e, "inc.p", "'incremental-between' = '0,2'"),
		[][]string{{"1", "a"}, {"1", "a2"}, {"2", "b"}, {"3", "c"}})
	sameRows(t, "2,5: the retraction dropped, the compaction skipped", incrementalRows(t, e, "inc.p", "'incremental-between' = '2,5'"),
		[][]string{{"4", "d"}})
	audit := mustQuery(t, e.db, "SELECT * FROM inc.`p$audit_log` /*+ OPTIONS('incremental-between' = '0,3') */ ORDER BY 2, 3, 1")
	sameRows(t, "0,3 in the audit log: every record, the retraction kept", audit.rows,
		[][]string{{"+I", "1", "a"}, {"+I", "1", "a2"}, {"+I", "2", "b"}, {"-D", "2", "b"}, {"+I", "3", "c"}})
	sameRows(t, "3,4: only a compaction", incrementalRows(t, e, "inc.p", "'incremental-between' = '3,4'"), nil)

	// The diff of snapshots 1 and 5: keys whose row changed or appeared,
	// with the row at 5; in the audit log the removed key 2 as -D.
	diff := "'incremental-between' = '1,5', 'incremental-between-scan-mode' = 'diff'"
	sameRows(t, "diff 1,5", incrementalRows(t, e, "inc.p", diff), [][]string{{"1", "a2"}, {"3", "c"}, {"4", "d"}})
	sameRows(t, "diff 1,5 in the audit log", mustQuery(t, e.db, "SELECT * FROM inc.`p$audit_log` /*+ OPTIONS("+diff+") */ ORDER BY 2").rows,
		[][]string{{"+I", "1", "a2"}, {"-D", "2", "b"}, {"+I", "3", "c"}, {"+I", "4", "d"}})
	mustQuery(t, e.db, "CALL sys.expire_snapshots(`table` => 'inc.p', retain_max => 2, retain_min => 1)")
	err := queryErr(t, e.db, "SELECT * FROM inc.p /*+ OPTIONS('incremental-between' = '1,5') */")
	if err == nil || !strings.Contains(err.Error(), "out of the available snapshots 4 to 5") {
		t.Errorf("expired start snapshot: got %v", err)
	}
	sameRows(t, "3,5: the start may be the one before the earliest", incrementalRows(t, e, "inc.p", "'incremental-between' = '3,5'"),
		[][]string{{"4", "d"}})
}

// The auto mode reads changelog files on a table with a changelog producer
// and data files otherwise; the changelog mode reads only changelog files,
// so nothing on a table without a producer.
func TestIncrementalBetweenChangelogFiles(t *testing.T) {
	e := serveDir(t, t.TempDir())
	mustQuery(t, e.db, "CREATE DATABASE inc")
	mustQuery(t, e.db, "CREATE TABLE inc.c (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'input')")
	mustQuery(t, e.db, "CREATE TABLE inc.n (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1')")
	for _, tbl := range []string{"inc.c", "inc.n"} {
		mustQuery(t, e.db, "INSERT INTO "+tbl+" VALUES (1, 'a')")
		mustQuery(t, e.db, "INSERT INTO "+tbl+" VALUES (2, 'b'), (1, 'a2')")
	}
	second := [][]string{{"1", "a2"}, {"2", "b"}}
	for _, mode := range []string{"auto", "changelog", "delta"} {
		sameRows(t, "changelog producer, "+mode, incrementalRows(t, e, "inc.c",
			"'incremental-between' = '1,2', 'incremental-between-scan-mode' = '"+mode+"'"), second)
	}
	sameRows(t, "no producer, auto", incrementalRows(t, e, "inc.n", "'incremental-between' = '1,2'"), second)
	sameRows(t, "no producer, changelog", incrementalRows(t, e, "inc.n",
		"'incremental-between' = '1,2', 'incremental-between-scan-mode' = 'changelog'"), nil)
}
