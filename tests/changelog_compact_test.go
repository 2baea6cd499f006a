package tests

// changelog-producer lookup and full-compaction (issue 13): the changelog
// files are produced by the compactions, on write and by sys.compact, as
// Java's compaction rewriters produce them. Each COMPACT snapshot's
// changelog is read back from disk (clChangelog) and must say what the
// statement changed.

import (
	"fmt"
	"strings"
	"testing"
)

// ccStep runs statements and checks the changelog of the snapshots they
// created: the records of every new snapshot, sorted.
type ccStep struct {
	sql  []string
	want []string
}

func ccRun(t *testing.T, e *env, db, table string, steps []ccStep) {
	t.Helper()
	root := xpTableRoot(e.dir, db, table)
	seen := int64(0)
	for _, st := range steps {
		xpExec(t, e.db, st.sql...)
		snaps := sqlSnapshots(t, e.db, db, table)
		var got []string
		for _, s := range snaps {
			if s.id <= seen {
				continue
			}
			recs, _ := clChangelog(t, root, s.id)
			if s.kind == "APPEND" && len(recs) > 0 {
				t.Errorf("%s: APPEND snapshot %d carries changelog %q", table, s.id, recs)
			}
			got = append(got, clRecords(recs)...)
		}
		seen = snaps[len(snaps)-1].id
		clSame(t, fmt.Sprintf("%s: changelog of %s", table, strings.Join(st.sql, "; ")), sortedCopy(got), sortedCopy(st.want))
	}
	xpCheckFiles(t, table, root, nil)
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// full-compaction: every INSERT compacts fully (full-compaction.delta-commits
// is 1 by default for these tables, as in Java's sink), and the changelog
// compares each key's max-level record with the merged result.
func TestChangelogProducerFullCompaction(t *testing.T) {
	e := serveDir(t, t.TempDir())
	xpExec(t, e.db, "CREATE DATABASE cc",
		"CREATE TABLE cc.f (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'full-compaction')")
	ccRun(t, e, "cc", "f", []ccStep{
		{[]string{"INSERT INTO cc.f VALUES (1, 'a'), (2, 'b')"}, []string{"+I|1|a", "+I|2|b"}},
		{[]string{"UPDATE cc.f SET v = 'b2' WHERE id = 2"}, []string{"-U|2|b", "+U|2|b2"}},
		{[]string{"DELETE FROM cc.f WHERE id = 1"}, []string{"-D|1|a"}},
		{[]string{"INSERT INTO cc.f VALUES (3, 'c'), (3, 'c2'), (2, 'b3')"}, []string{"+I|3|c2", "-U|2|b2", "+U|2|b3"}},
	})
	if got := strings.Join(snapshotKinds(t, e.db, "cc.f"), " "); got != strings.Repeat("APPEND COMPACT ", 4)[:len("APPEND COMPACT ")*4-1] {
		t.Errorf("snapshots: %s", got)
	}
	wantRows(t, e.db, split("2|b3", "3|c2"), "SELECT * FROM cc.f ORDER BY id")

	// write-only: no compaction on write, so no changelog until sys.compact
	// compacts fully; full-compaction.delta-commits = 2 compacts every
	// other commit.
	xpExec(t, e.db, "CREATE TABLE cc.w (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'full-compaction', 'write-only' = 'true')",
		"CREATE TABLE cc.d (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'full-compaction', 'full-compaction.delta-commits' = '2')")
	ccRun(t, e, "cc", "w", []ccStep{
		{[]string{"INSERT INTO cc.w VALUES (1, 'a'), (2, 'b')", "INSERT INTO cc.w VALUES (2, 'B')"}, nil},
		{[]string{"CALL sys.compact('cc.w')"}, []string{"+I|1|a", "+I|2|B"}},
		{[]string{"DELETE FROM cc.w WHERE id = 2", "INSERT INTO cc.w VALUES (1, 'A')"}, nil},
		{[]string{"CALL sys.compact(`table` => 'cc.w', compact_strategy => 'full')"}, []string{"-D|2|B", "-U|1|a", "+U|1|A"}},
	})
	wantRows(t, e.db, split("1|A"), "SELECT * FROM cc.w")
	ccRun(t, e, "cc", "d", []ccStep{
		{[]string{"INSERT INTO cc.d VALUES (1, 'a')"}, nil},
		{[]string{"INSERT INTO cc.d VALUES (1, 'b'), (2, 'c')"}, []string{"+I|1|b", "+I|2|c"}},
	})
}

// lookup: every INSERT takes its level-0 files up, looking the keys up in
// the deeper levels; the changelog compares the newest older version with
// the merged result. Aggregation shows that the older version is merged
// once, in the changelog and in reads.
func TestChangelogProducerLookup(t *testing.T) {
	e := serveDir(t, t.TempDir())
	xpExec(t, e.db, "CREATE DATABASE cc",
		"CREATE TABLE cc.l (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'lookup')",
		"CREATE TABLE cc.a (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'lookup', 'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum')",
		"CREATE TABLE cc.dv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'lookup', 'deletion-vectors.enabled' = 'true')",
		"CREATE TABLE cc.fr (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'lookup', 'merge-engine' = 'first-row')",
		"CREATE TABLE cc.dd (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'lookup', 'changelog-producer.row-deduplicate' = 'true')")
	for _, tbl := range []string{"l", "dv"} {
		ccRun(t, e, "cc", tbl, []ccStep{
			{[]string{"INSERT INTO cc." + tbl + " VALUES (1, 'a'), (2, 'b')"}, []string{"+I|1|a", "+I|2|b"}},
			{[]string{"INSERT INTO cc." + tbl + " VALUES (2, 'B'), (3, 'c')"}, []string{"-U|2|b", "+U|2|B", "+I|3|c"}},
			{[]string{"DELETE FROM cc." + tbl + " WHERE id = 1"}, []string{"-D|1|a"}},
			{[]string{"UPDATE cc." + tbl + " SET v = 'BB' WHERE id = 2", "INSERT INTO cc." + tbl + " VALUES (1, 'again')"},
				[]string{"-U|2|B", "+U|2|BB", "+I|1|again"}},
			{[]string{"CALL sys.compact('cc." + tbl + "')"}, nil},
			{[]string{"INSERT INTO cc." + tbl + " VALUES (3, 'C')"}, []string{"-U|3|c", "+U|3|C"}},
		})
		wantRows(t, e.db, split("1|again", "2|BB", "3|C"), "SELECT * FROM cc."+tbl+" ORDER BY id")
	}
	ccRun(t, e, "cc", "a", []ccStep{
		{[]string{"INSERT INTO cc.a VALUES (1, 10), (2, 1)"}, []string{"+I|1|10", "+I|2|1"}},
		{[]string{"INSERT INTO cc.a VALUES (1, 5)"}, []string{"-U|1|10", "+U|1|15"}},
		{[]string{"INSERT INTO cc.a VALUES (1, 1)"}, []string{"-U|1|15", "+U|1|16"}},
		{[]string{"INSERT INTO cc.a VALUES (2, 2)"}, []string{"-U|2|1", "+U|2|3"}},
	})
	wantRows(t, e.db, split("1|16", "2|3"), "SELECT * FROM cc.a ORDER BY id")
	mustQuery(t, e.db, "CALL sys.compact('cc.a')")
	wantRows(t, e.db, split("1|16", "2|3"), "SELECT * FROM cc.a ORDER BY id")

	ccRun(t, e, "cc", "fr", []ccStep{
		{[]string{"INSERT INTO cc.fr VALUES (1, 'a')"}, []string{"+I|1|a"}},
		{[]string{"INSERT INTO cc.fr VALUES (1, 'b'), (2, 'c')"}, []string{"+I|2|c"}},
	})
	wantRows(t, e.db, split("1|a", "2|c"), "SELECT * FROM cc.fr ORDER BY id")

	ccRun(t, e, "cc", "dd", []ccStep{
		{[]string{"INSERT INTO cc.dd VALUES (1, 'a'), (2, 'b')"}, []string{"+I|1|a", "+I|2|b"}},
		{[]string{"INSERT INTO cc.dd VALUES (1, 'a'), (2, 'b2')"}, []string{"-U|2|b", "+U|2|b2"}},
	})
}
