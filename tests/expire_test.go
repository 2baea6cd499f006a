package tests

// End-to-end tests of CALL sys.expire_snapshots and `paimon-sql
// expire-snapshots` (issue "CALL sys.expire_snapshots: Java's expiration,
// exactly and safely"). After every run the files of the table must be
// exactly those its remaining snapshots and tags reference (xpCheckFiles,
// decoded here with core/manifest): a referenced file missing is data loss,
// an unreferenced one left is a leak. Java's ExpireSnapshotsImpl leaves no
// unreferenced file of the snapshots it expires (it deletes the data files
// of the DELETE entries of the expired snapshots' deltas and of the first
// kept snapshot's delta, their changelogs, the manifests and index files
// no kept snapshot or tag uses), so no leak is accepted on tables the tests
// write; on Java-written fixtures the orphans that were there before are.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// xpCreate creates xp.<name>, a partitioned primary-key table. Its
// compaction trigger is above what the tests write, so that compaction on
// write adds no COMPACT snapshot: each statement commits one snapshot.
func xpCreate(t *testing.T, e *env, name string) {
	t.Helper()
	if _, err := query(e.db, "CREATE DATABASE IF NOT EXISTS xp"); err != nil {
		t.Fatal(err)
	}
	xpExec(t, e.db, "CREATE TABLE xp."+name+" (pt INT NOT NULL, id INT NOT NULL, v TEXT, PRIMARY KEY (pt, id)) PARTITIONED BY (pt) "+
		"WITH ('bucket' = '2', 'num-sorted-run.compaction-trigger' = '100')")
}

// xpStatements runs n statements of a cycle of INSERT, UPDATE, DELETE,
// INSERT OVERWRITE and INSERT into xp.<name>; every one changes rows, so
// each commits one snapshot.
func xpStatements(t *testing.T, e *env, name string, from, n int) {
	t.Helper()
	tbl := "xp." + name
	for i := from; i < from+n; i++ {
		var s string
		switch i % 5 {
		case 1:
			s = fmt.Sprintf("INSERT INTO %s VALUES (1, %d, 'a%d'), (2, %d, 'b%d'), (1, %d, 'c%d')", tbl, i, i, i, i, 1000+i, i)
		case 2:
			s = fmt.Sprintf("UPDATE %s SET v = 'u%d' WHERE pt = 1", tbl, i)
		case 3:
			s = fmt.Sprintf("DELETE FROM %s WHERE pt = 1 AND id = %d", tbl, 1000+i-2)
		case 4:
			s = fmt.Sprintf("INSERT OVERWRITE %s PARTITION (pt = 2) VALUES (2, %d, 'o%d'), (2, %d, 'p%d')", tbl, i, i, 500+i, i)
		default:
			s = fmt.Sprintf("INSERT INTO %s VALUES (3, %d, 'z%d'), (1, %d, 'y%d')", tbl, i, i, 2000+i, i)
		}
		xpExec(t, e.db, s)
	}
}

// xpAllSnapshotRows reads every snapshot of the table AS OF its id.
func xpAllSnapshotRows(t *testing.T, e *env, db, name string) map[int64][][]string {
	t.Helper()
	out := map[int64][][]string{}
	for _, id := range xpSnapshotIDs(t, xpTableRoot(e.dir, db, name)) {
		out[id] = mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.%s AS OF %d", db, name, id)).rows
	}
	return out
}

// xpCheckExpired checks a table after a run: the snapshots kept (in
// $snapshots and on disk), the EARLIEST hint, every kept snapshot reading
// what it read before, every expired one giving the clear "does not exist"
// error, and the files. Leave tagged snapshots out of before: whether AS OF
// the id of an expired but tagged snapshot reads is not specified.
func xpCheckExpired(t *testing.T, e *env, db, name string, before map[int64][][]string, kept []int64, allowed map[string]bool) {
	t.Helper()
	root := xpTableRoot(e.dir, db, name)
	want := xpIDs(kept)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != want {
		t.Errorf("%s.%s: snapshot files %s, want %s", db, name, got, want)
	}
	if got := xpSnapshots(t, e.db, db, name); got != want {
		t.Errorf("%s.%s: $snapshots lists %s, want %s", db, name, got, want)
	}
	if got := xpHint(t, root, "EARLIEST"); got != strconv.FormatInt(kept[0], 10) {
		t.Errorf("%s.%s: EARLIEST hint %s, want %d", db, name, got, kept[0])
	}
	isKept := map[int64]bool{}
	for _, id := range kept {
		isKept[id] = true
	}
	var unclear []string
	for id, rows := range before {
		q := fmt.Sprintf("SELECT * FROM %s.%s AS OF %d", db, name, id)
		if isKept[id] {
			sameRows(t, q, mustQuery(t, e.db, q).rows, rows)
			continue
		}
		_, err := query(e.db, q)
		switch {
		case err == nil:
			t.Errorf("%s: an expired snapshot still reads", q)
		case !strings.Contains(err.Error(), fmt.Sprintf("snapshot %d of %s.%s does not exist", id, db, name)):
			unclear = append(unclear, fmt.Sprintf("%s: %v", q, err))
		}
	}
	if len(unclear) > 0 {
		sort.Strings(unclear)
		t.Errorf("%d expired snapshots do not give the clear error (\"snapshot N of %s.%s does not exist ...\"), e.g.\n  %s", len(unclear), db, name, unclear[0])
	}
	latest := kept[len(kept)-1]
	sameRows(t, "latest rows of "+db+"."+name, mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.%s", db, name)).rows, before[latest])
	xpCheckFiles(t, db+"."+name, root, allowed)
}

// xpCall runs an expire_snapshots call and returns deleted_snapshots_count.
func xpCall(t *testing.T, q querier, call string) int64 {
	t.Helper()
	res := mustQuery(t, q, call)
	wantCols(t, call, res, "deleted_snapshots_count")
	if len(res.rows) != 1 {
		t.Fatalf("%s: %d rows", call, len(res.rows))
	}
	n, err := strconv.ParseInt(res.rows[0][0], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A1: positional and named arguments expire Java's range; the kept
// snapshots, the hint, the rows and the files are checked after each run.
func TestExpireSnapshotsPositionalAndNamedArguments(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 10)
	root := xpTableRoot(e.dir, "xp", "t")
	ids := xpSnapshotIDs(t, root)
	if len(ids) != 10 || ids[0] != 1 {
		t.Fatalf("10 statements made snapshots %v", ids)
	}
	before := xpAllSnapshotRows(t, e, "xp", "t")
	if o := xpOrphans(t, root); len(o) > 0 {
		t.Errorf("writes left unreferenced files before any expiration: %v", o)
	}

	// Positional: keep at most 7, at least 1.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.t', 7, 1)"); n != 3 {
		t.Errorf("positional call expired %d snapshots, want 3", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{4, 5, 6, 7, 8, 9, 10}, nil)

	// Named, in any order; max_deletes bounds the run from the earliest.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(retain_min => 1, max_deletes => 2, `table` => 'xp.t', retain_max => 2)"); n != 2 {
		t.Errorf("named call with max_deletes => 2 expired %d snapshots, want 2", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{6, 7, 8, 9, 10}, nil)

	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 2, retain_min => 1)"); n != 3 {
		t.Errorf("named call expired %d snapshots, want 3", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{9, 10}, nil)

	// Nothing left to expire: 0, and nothing changes.
	tree := xpTree(t, e.dir)
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 2, retain_min => 1)"); n != 0 {
		t.Errorf("a repeated call expired %d snapshots", n)
	}
	xpSameTree(t, "a call with nothing to expire", tree, xpTree(t, e.dir))

	// A fresh server (no cache) sees the same.
	e2 := xpServe(t, e.dir)
	e2.dir = e.dir
	xpCheckExpired(t, e2, "xp", "t", before, []int64{9, 10}, nil)

	// The table keeps working: a new commit, then expire to one snapshot.
	xpStatements(t, e, "t", 11, 1)
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.t', 1, 1)"); n != 2 {
		t.Errorf("expire to 1 expired %d, want 2", n)
	}
	after := xpAllSnapshotRows(t, e, "xp", "t")
	if len(after) != 1 || after[11] == nil {
		t.Fatalf("snapshots after expiring to one: %v", after)
	}
	xpCheckFiles(t, "xp.t", root, nil)
}

// A2: every rejected argument is a clear error naming it, and nothing on
// disk changes (the whole warehouse is compared).
func TestExpireSnapshotsRejectsBadArgumentsAndDeletesNothing(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 6)
	cases := []struct{ call, want string }{
		{"CALL sys.expire_snapshots(`table` => 'xp.t', retain_maximum => 1)", `unknown argument "retain_maximum"`},
		{"CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 2, retain_min => 1, dry => true)", `unknown argument "dry"`},
		{"CALL sys.expire_snapshots('xp.t', 'abc')", "'retain_max' = 'abc' is not an integer"},
		{"CALL sys.expire_snapshots('xp.t', 2, '1.5')", "'retain_min' = '1.5' is not an integer"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, 'x')", "'max_deletes' = 'x' is not an integer"},
		{"CALL sys.expire_snapshots('xp.t', 1, 2)", "retain_max (1) must not be below retain_min (2)"},
		// retain_max alone below the table's snapshot.num-retained.min (10).
		{"CALL sys.expire_snapshots('xp.t', 2)", "retain_max 2 is below the 10 snapshots the table keeps at least"},
		{"CALL sys.expire_snapshots('xp.t', 2, 0)", "'retain_min' = 0 must be between 1 and 2147483647"},
		{"CALL sys.expire_snapshots(`table` => 'xp.t', retain_min => -1)", "'retain_min' = -1 must be between 1"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, 0)", "'max_deletes' = 0 must be between 1 and 2147483647"},
		{"CALL sys.expire_snapshots('xp.t', 0, 1)", "'retain_max' = 0 must be between 1"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, 'yesterday')", "'older_than' = 'yesterday'"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, '2024-13-45 10:00:00')", "'older_than' = '2024-13-45 10:00:00'"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, '2024/01/01 10:00:00')", "'older_than' = '2024/01/01 10:00:00'"},
		{"CALL sys.expire_snapshots('xp.nope', 2, 1)", "table not found: xp.nope"},
		{"CALL sys.expire_snapshots('nodb.t', 2, 1)", "nodb"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, NULL, 'snapshot.num-retained.min=abc')", "Could not parse value 'abc' for key 'snapshot.num-retained.min'"},
		{"CALL sys.expire_snapshots('xp.t', NULL, NULL, NULL, NULL, 'snapshot.num-retained.min=0')", "snapshot.num-retained.min should be at least 1"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, NULL, 'snapshot.expire.limit=0')", "snapshot.expire.limit should be at least 1"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, NULL, 'novalue')", "'novalue' is not key=value"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, NULL, NULL, 'maybe')", "'dry_run' = 'maybe'"},
		{"CALL sys.expire_snapshots('xp.t', 2, 1, NULL, NULL, NULL, false, 'extra')", "at most 7 arguments"},
		{"CALL sys.expire_snapshots()", "table"},
	}
	before := xpTree(t, e.dir)
	for _, c := range cases {
		_, err := query(e.db, c.call)
		switch {
		case err == nil:
			t.Errorf("%s: no error", c.call)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: error %q does not contain %q", c.call, err, c.want)
		case !strings.Contains(c.want, "nodb") && !strings.Contains(c.want, "not found") && mysqlErrNumber(err) != 1210:
			// MySQL's "Incorrect arguments", not the generic 1105.
			t.Errorf("%s: error %v, want 1210", c.call, err)
		}
		xpSameTree(t, c.call, before, xpTree(t, e.dir))
	}
	if got := xpSnapshots(t, e.db, "xp", "t"); got != "1,2,3,4,5,6" {
		t.Errorf("snapshots after rejected calls: %s", got)
	}
	// The server still serves and a valid call still works.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.t', 2, 1)"); n != 4 {
		t.Errorf("valid call after the rejected ones expired %d, want 4", n)
	}
}

// A3: older_than in epoch milliseconds and in the session time zone; a
// snapshot expires only if its successor was committed strictly before.
func TestExpireSnapshotsOlderThanSuccessorRuleAndTimeZone(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	root := xpTableRoot(e.dir, "xp", "t")
	for i := 1; i <= 5; i++ {
		xpWaitNewMillis(t, e, root)
		xpStatements(t, e, "t", i, 1)
	}
	// Snapshot 6 in a later whole second than snapshot 5: the server's
	// clock moves there.
	s5 := xpReadSnapshot(t, root, 5).TimeMillis
	nextSecond := (s5/1000 + 1) * 1000
	advanceMaintenanceClock(e, time.Until(time.UnixMilli(nextSecond+20)))
	xpStatements(t, e, "t", 6, 1)
	xpWaitNewMillis(t, e, root)
	xpStatements(t, e, "t", 7, 1)
	before := xpAllSnapshotRows(t, e, "xp", "t")
	ms := map[int64]int64{}
	for _, id := range xpSnapshotIDs(t, root) {
		ms[id] = xpReadSnapshot(t, root, id).TimeMillis
	}
	if len(ms) != 7 {
		t.Fatalf("snapshots %v", ms)
	}

	// Cutoff = commit time of snapshot 3: 1 expires (2 was committed before),
	// 2 does not (3 was committed at the cutoff, not before it).
	if n := xpCall(t, e.db, fmt.Sprintf("CALL sys.expire_snapshots('xp.t', 100, 1, %d)", ms[3])); n != 1 {
		t.Errorf("older_than = time of snapshot 3 expired %d, want 1", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{2, 3, 4, 5, 6, 7}, nil)
	// One millisecond later, as a string of digits: 2 expires too.
	if n := xpCall(t, e.db, fmt.Sprintf("CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 100, retain_min => 1, older_than => '%d')", ms[3]+1)); n != 1 {
		t.Errorf("older_than = time of snapshot 3 + 1 ms expired %d, want 1", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{3, 4, 5, 6, 7}, nil)

	// 'yyyy-MM-dd HH:mm:ss.SSS' in the session time zone: one millisecond
	// after snapshot 4 read in +05:00 expires snapshot 3 only. Read as UTC
	// it would be five hours later and expire 3 to 6.
	plus5 := xpConn(t, e.db)
	xpExec(t, plus5, "SET time_zone = '+05:00'")
	zone := time.FixedZone("+05:00", 5*3600)
	text := time.UnixMilli(ms[4] + 1).In(zone).Format("2006-01-02 15:04:05.000")
	if n := xpCall(t, plus5, fmt.Sprintf("CALL sys.expire_snapshots('xp.t', 100, 1, '%s')", text)); n != 1 {
		t.Errorf("older_than '%s' in +05:00 expired %d, want 1 (snapshot 3)", text, n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{4, 5, 6, 7}, nil)

	// Whole seconds, in -03:30: the second snapshot 6 was committed in;
	// 4 expires (5 was committed before), 5 does not (6 was not).
	minus := xpConn(t, e.db)
	xpExec(t, minus, "SET time_zone = '-03:30'")
	zone = time.FixedZone("-03:30", -(3*3600 + 1800))
	text = time.UnixMilli(nextSecond).In(zone).Format("2006-01-02 15:04:05")
	if ms[6] < nextSecond || ms[5] >= nextSecond {
		t.Fatalf("snapshot 5 at %d and 6 at %d are not on either side of %d", ms[5], ms[6], nextSecond)
	}
	if n := xpCall(t, minus, fmt.Sprintf("CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 100, retain_min => 1, older_than => '%s')", text)); n != 1 {
		t.Errorf("older_than '%s' in -03:30 expired %d, want 1 (snapshot 4)", text, n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{5, 6, 7}, nil)

	// A cutoff in the future still keeps retain_min.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.t', 100, 2, '2999-01-01 00:00:00')"); n != 1 {
		t.Errorf("older_than in the future with retain_min 2 expired %d, want 1", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{6, 7}, nil)
}

// xpWarnings runs a call and SHOW WARNINGS on one connection.
func xpWarnings(t *testing.T, c querier, call string) (int64, []string) {
	t.Helper()
	n := xpCall(t, c, call)
	res := mustQuery(t, c, "SHOW WARNINGS")
	return n, res.column("Message")
}

// A4: a dry run deletes nothing and reports the range and the files, which
// are exactly what the real run then deletes.
func TestExpireSnapshotsDryRunDeletesNothingAndReports(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 9)
	before := xpAllSnapshotRows(t, e, "xp", "t")
	c := xpConn(t, e.db)

	tree := xpTree(t, e.dir)
	n, warns := xpWarnings(t, c, "CALL sys.expire_snapshots('xp.t', 3, 1, NULL, NULL, NULL, true)")
	xpSameTree(t, "dry run", tree, xpTree(t, e.dir))
	if n != 6 {
		t.Errorf("dry run reports %d snapshots, want 6", n)
	}
	if len(warns) == 0 || warns[0] != "would delete snapshots 1 to 6 (6 snapshots)" {
		t.Errorf("dry run: first warning %q, want the range 1 to 6", strings.Join(warns, " / "))
	}
	var listed []string
	more := false
	for _, w := range warns {
		if strings.HasPrefix(w, "... and ") {
			more = true
		}
		// "would delete <kind> file <path>"
		if i := strings.Index(w, " file "); strings.HasPrefix(w, "would delete ") && i > 0 && !strings.Contains(w, "files (") {
			listed = append(listed, strings.TrimSpace(w[i+len(" file "):]))
		}
	}
	if len(listed) == 0 {
		t.Fatalf("dry run lists no file: %q", warns)
	}
	kinds := false
	for _, w := range warns {
		if strings.Contains(w, "snapshot files") && strings.Contains(w, "manifest") {
			kinds = true
		}
	}
	if !kinds {
		t.Errorf("dry run: no summary of the files by kind: %q", warns)
	}
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(e.dir, p)); err != nil {
			t.Errorf("dry run lists %s, which is not a file of the warehouse: %v", p, err)
		}
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9}, nil)

	// Named dry_run => true, too.
	n2, warns2 := xpWarnings(t, c, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 3, retain_min => 1, dry_run => true)")
	xpSameTree(t, "named dry run", tree, xpTree(t, e.dir))
	if n2 != n || strings.Join(warns2, "\n") != strings.Join(warns, "\n") {
		t.Errorf("named dry run differs from the positional one:\n%q\n%q", warns, warns2)
	}

	// The real run deletes every file listed, and the same count.
	if got := xpCall(t, c, "CALL sys.expire_snapshots('xp.t', 3, 1, NULL, NULL, NULL, false)"); got != n {
		t.Errorf("real run expired %d, the dry run said %d", got, n)
	}
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(e.dir, p)); err == nil {
			t.Errorf("the dry run listed %s, the real run kept it", p)
		}
	}
	if !more {
		// All paths were listed: the deleted files are exactly them.
		after := xpTree(t, e.dir)
		deleted := 0
		for p := range tree {
			if _, ok := after[p]; !ok && !strings.HasSuffix(p, "EARLIEST") {
				deleted++
			}
		}
		if deleted != len(listed) {
			t.Errorf("the real run deleted %d files, the dry run listed %d", deleted, len(listed))
		}
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{7, 8, 9}, nil)

	// A dry run with nothing to expire says so.
	_, warns = xpWarnings(t, c, "CALL sys.expire_snapshots('xp.t', 3, 1, NULL, NULL, NULL, true)")
	if len(warns) == 0 || !strings.Contains(warns[0], "no snapshot") {
		t.Errorf("dry run with nothing to expire: %q", warns)
	}
	// A dry run on a rejected argument is still rejected.
	if _, err := query(c, "CALL sys.expire_snapshots('xp.t', 1, 3, NULL, NULL, NULL, true)"); err == nil {
		t.Error("a dry run with retain_max below retain_min was accepted")
	}
}

// A5: tags and consumers protect what they read, and after every run the
// files are exactly those of the remaining snapshots and tags.
func TestExpireSnapshotsKeepsTaggedAndConsumedSnapshots(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 15)
	root := xpTableRoot(e.dir, "xp", "t")
	ids := xpSnapshotIDs(t, root)
	if len(ids) != 15 {
		t.Fatalf("15 statements made snapshots %v", ids)
	}
	before := xpAllSnapshotRows(t, e, "xp", "t")
	xpCheckFiles(t, "before expiration", root, nil)
	tag9 := before[9]

	xpExec(t, e.db, "CALL sys.create_tag('xp.t', 't4', 4)",
		"CALL sys.create_tag(`table` => 'xp.t', tag => 't9', snapshot_id => 9)",
		"CALL sys.reset_consumer('xp.t', 'job', 8)")
	tag4 := mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't4'").rows
	sameRows(t, "tag t4 before", tag4, before[4])
	delete(before, 4)

	// The consumer reads 8 next: 1 to 7 expire, 8 to 15 stay.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 1, retain_min => 1)"); n != 7 {
		t.Errorf("with a consumer at 8, expired %d, want 7", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{8, 9, 10, 11, 12, 13, 14, 15}, nil)
	sameRows(t, "tag t4 after the first run", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't4'").rows, tag4)
	sameRows(t, "consumer's snapshot 8", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 8").rows, before[8])
	sameRows(t, "$consumers", mustQuery(t, e.db, "SELECT * FROM xp.`t$consumers`").rows, [][]string{{"job", "8"}})

	// The consumer moves on: everything but the latest expires; the tags
	// keep reading their rows.
	xpExec(t, e.db, "CALL sys.reset_consumer('xp.t', 'job', 15)")
	delete(before, 9)
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 1, retain_min => 1)"); n != 7 {
		t.Errorf("with the consumer at 15, expired %d, want 7", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{15}, nil)
	sameRows(t, "tag t4 after the second run", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't4'").rows, tag4)
	sameRows(t, "tag t9 after the second run", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't9'").rows, tag9)

	// More commits and runs with the tags in place.
	xpStatements(t, e, "t", 16, 6)
	xpExec(t, e.db, "CALL sys.reset_consumer('xp.t', 'job')")
	before = xpAllSnapshotRows(t, e, "xp", "t")
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.t', 1, 1)"); n != 6 {
		t.Errorf("third run expired %d, want 6", n)
	}
	xpCheckExpired(t, e, "xp", "t", before, []int64{21}, nil)
	sameRows(t, "tag t4 after the third run", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't4'").rows, tag4)

	// Deleting a tag whose snapshot expired frees its files, as Java's
	// TagManager.deleteTag does (TagDeletion): none is left behind.
	xpExec(t, e.db, "CALL sys.delete_tag('xp.t', 't4')")
	xpCheckFiles(t, "after delete_tag t4", root, nil)
	sameRows(t, "tag t9 after deleting t4", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 't9'").rows, tag9)
	xpExec(t, e.db, "CALL sys.delete_tag('xp.t', 't9')")
	xpCheckFiles(t, "after delete_tag t9", root, nil)
	sameRows(t, "latest rows after deleting the tags", mustQuery(t, e.db, "SELECT * FROM xp.t").rows, before[21])
}

// A6: privileges. SELECT alone cannot call it; EXECUTE on sys.* without
// DELETE on the table is refused; nothing is deleted by a refused call.
func TestExpireSnapshotsChecksPrivileges(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 5)
	xpExec(t, e.db,
		"CREATE USER 'reader'@'%' IDENTIFIED BY 'pw'",
		"GRANT SELECT ON xp.* TO 'reader'@'%'",
		"CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'",
		"GRANT EXECUTE ON sys.* TO 'ops'@'%'",
		"GRANT SELECT, INSERT ON xp.* TO 'ops'@'%'")
	tree := xpTree(t, e.dir)
	reader := e.openAs("reader", "pw")
	if _, err := query(reader, "CALL sys.expire_snapshots('xp.t', 1, 1)"); err == nil {
		t.Error("a SELECT-only user expired snapshots")
	} else if !strings.Contains(err.Error(), "denied") {
		t.Errorf("SELECT-only user: %v (want an access denied error)", err)
	}
	ops := e.openAs("ops", "pw")
	for _, call := range []string{
		"CALL sys.expire_snapshots('xp.t', 1, 1)",
		"CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 1, retain_min => 1, dry_run => true)",
	} {
		if _, err := query(ops, call); err == nil {
			t.Errorf("%s: EXECUTE without DELETE on the table was accepted", call)
		} else if !strings.Contains(err.Error(), "denied") {
			t.Errorf("%s: %v (want an access denied error)", call, err)
		}
	}
	xpSameTree(t, "refused calls", tree, xpTree(t, e.dir))
	// DELETE on another database does not help.
	xpExec(t, e.db, "GRANT DELETE ON pk_09.* TO 'ops'@'%'")
	ops = e.openAs("ops", "pw")
	if _, err := query(ops, "CALL sys.expire_snapshots('xp.t', 1, 1)"); err == nil {
		t.Error("DELETE on another database allowed expiring xp.t")
	}
	xpSameTree(t, "refused calls", tree, xpTree(t, e.dir))
	// With DELETE on the table it runs.
	xpExec(t, e.db, "GRANT DELETE ON xp.* TO 'ops'@'%'")
	ops = e.openAs("ops", "pw")
	if n := xpCall(t, ops, "CALL sys.expire_snapshots('xp.t', 1, 1)"); n != 4 {
		t.Errorf("ops with DELETE expired %d, want 4", n)
	}
	// The reader's failed attempt did not need DELETE on sys to read.
	if got := xpCount(t, reader, "xp.t"); got == 0 {
		t.Error("reader reads no rows")
	}
}

var xpBinary struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// xpBuildBinary builds cmd/paimon-sql once per test binary run.
func xpBuildBinary(t *testing.T) string {
	t.Helper()
	xpBinary.once.Do(func() {
		dir, err := os.MkdirTemp("", "paimon-sql-bin-")
		if err != nil {
			xpBinary.err = err
			return
		}
		xpBinary.path = filepath.Join(dir, "paimon-sql")
		cmd := exec.Command("go", "build", "-o", xpBinary.path, "../cmd/paimon-sql")
		xpBinary.out, xpBinary.err = cmd.CombinedOutput()
	})
	if xpBinary.err != nil {
		t.Fatalf("go build: %v\n%s", xpBinary.err, xpBinary.out)
	}
	return xpBinary.path
}

// xpRunBinary runs the binary with a time limit.
func xpRunBinary(t *testing.T, bin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// xpCopyTree copies a directory.
func xpCopyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A7: `paimon-sql expire-snapshots` against a copy of a warehouse the
// server wrote.
func TestExpireSnapshotsCommandLine(t *testing.T) {
	bin := xpBuildBinary(t)
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 8)
	before := xpAllSnapshotRows(t, e, "xp", "t")
	wh := t.TempDir()
	xpCopyTree(t, e.dir, wh)
	root := xpTableRoot(wh, "xp", "t")

	// A dry run prints every file and deletes nothing.
	tree := xpTree(t, wh)
	out, errOut, err := xpRunBinary(t, bin, "expire-snapshots", "--warehouse", wh, "--table", "xp.t", "--retain-max", "2", "--retain-min", "1", "--dry-run")
	if err != nil {
		t.Fatalf("dry run: %v\n%s%s", err, out, errOut)
	}
	xpSameTree(t, "command-line dry run", tree, xpTree(t, wh))
	if !strings.Contains(out, "would delete snapshots 1 to 6 (6 snapshots)") {
		t.Errorf("dry run output lacks the range:\n%s", out)
	}
	if !strings.Contains(out, "xp.t: 6 snapshots expired") {
		t.Errorf("dry run output lacks the summary line:\n%s", out)
	}
	var listed []string
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, " file "); strings.HasPrefix(l, "would delete ") && i > 0 && !strings.Contains(l, "files (") {
			listed = append(listed, strings.TrimSpace(l[i+len(" file "):]))
		}
	}
	for i := int64(1); i <= 6; i++ {
		p := fmt.Sprintf("xp.db/t/snapshot/snapshot-%d", i)
		if !strings.Contains(out, p) {
			t.Errorf("dry run output does not list %s", p)
		}
	}

	// Rejected arguments: an error, a non-zero exit, nothing deleted.
	for _, args := range [][]string{
		{"--retain-max", "1", "--retain-min", "2"},
		{"--retain-max", "x", "--retain-min", "1"},
		{"--retain-max", "2", "--retain-min", "1", "--older-than", "noon"},
		{"--retain-max", "2", "--retain-min", "1", "--options", "snapshot.num-retained.min=abc"},
		{"--retain-max", "2", "--retain-min", "0"},
		{"--retain-max", "2", "--retain-min", "1", "--max-deletes", "0"},
	} {
		full := append([]string{"expire-snapshots", "--warehouse", wh, "--table", "xp.t"}, args...)
		o, eo, err := xpRunBinary(t, bin, full...)
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Errorf("%v: exit %v, want a failure\n%s%s", args, err, o, eo)
		} else if strings.TrimSpace(eo) == "" {
			t.Errorf("%v: failed without a message", args)
		}
		xpSameTree(t, fmt.Sprint(args), tree, xpTree(t, wh))
	}
	for _, args := range [][]string{
		{"expire-snapshots", "--warehouse", wh, "--table", "xp.nope", "--retain-max", "1", "--retain-min", "1"},
		{"expire-snapshots", "--warehouse", wh, "--table", "t", "--retain-max", "1", "--retain-min", "1"},
		{"expire-snapshots", "--table", "xp.t"},
	} {
		if o, eo, err := xpRunBinary(t, bin, args...); err == nil {
			t.Errorf("%v: succeeded\n%s%s", args, o, eo)
		}
		xpSameTree(t, fmt.Sprint(args), tree, xpTree(t, wh))
	}

	// The real run.
	out, errOut, err = xpRunBinary(t, bin, "expire-snapshots", "--warehouse", wh, "--table", "xp.t", "--retain-max", "2", "--retain-min", "1")
	if err != nil {
		t.Fatalf("expire-snapshots: %v\n%s%s", err, out, errOut)
	}
	if !strings.Contains(out, "deleted snapshots 1 to 6 (6 snapshots)") || !strings.Contains(out, "xp.t: 6 snapshots expired") {
		t.Errorf("output:\n%s", out)
	}
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(wh, p)); err == nil {
			t.Errorf("the dry run listed %s, the real run kept it", p)
		}
	}
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "7,8" {
		t.Errorf("snapshots after the command: %s", got)
	}
	if got := xpHint(t, root, "EARLIEST"); got != "7" {
		t.Errorf("EARLIEST after the command: %s", got)
	}
	xpCheckFiles(t, "after the command", root, nil)
	// A server over the expired copy reads the same rows.
	e2 := xpServe(t, wh)
	xpCheckExpired(t, e2, "xp", "t", before, []int64{7, 8}, nil)
	// The original warehouse is untouched.
	if got := xpSnapshots(t, e.db, "xp", "t"); got != xpRange(1, 8) {
		t.Errorf("the served warehouse changed: %s", got)
	}
}

// A8: expiration every 100 ms while two writers commit and two readers
// read: no read fails, no committed row is lost, no file is missing or left.
func TestExpireSnapshotsUnderLoad(t *testing.T) {
	e := startServer(t, nil)
	xpExec(t, e.db, "CREATE DATABASE xp",
		// One snapshot per INSERT: no compaction on write (see xpCreate).
		"CREATE TABLE xp.load (id BIGINT NOT NULL, w INT, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '2', 'num-sorted-run.compaction-trigger' = '1000')")
	root := xpTableRoot(e.dir, "xp", "load")
	const duration = 12 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	var (
		wg                       sync.WaitGroup
		inserted, expired, reads atomic.Int64
		sinceExpire              atomic.Int64 // INSERTs since the last expiration run started
		mu                       sync.Mutex
		failures                 []string
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 30 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				id := int64(w)*1_000_000 + int64(i)*3
				q := fmt.Sprintf("INSERT INTO xp.load VALUES (%d, %d, 'x'), (%d, %d, 'y'), (%d, %d, 'z')", id, w, id+1, w, id+2, w)
				if _, err := e.db.ExecContext(context.Background(), q); err != nil {
					fail("writer %d: %s: %v", w, q, err)
					continue
				}
				inserted.Add(3)
				sinceExpire.Add(1)
			}
		}()
	}
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := int64(-1)
			for ctx.Err() == nil {
				q := "SELECT COUNT(*) FROM xp.load"
				if r == 1 {
					q = "SELECT * FROM xp.load"
				}
				res, err := query(e.db, q)
				if err != nil {
					fail("reader %d: %s: %v", r, q, err)
					continue
				}
				reads.Add(1)
				n := int64(len(res.rows))
				if r == 0 {
					n, _ = strconv.ParseInt(res.rows[0][0], 10, 64)
				}
				if n < last {
					fail("reader %d: %s went from %d rows to %d", r, q, last, n)
				}
				last = n
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for ctx.Err() == nil {
			sinceExpire.Store(0)
			res, err := query(e.db, "CALL sys.expire_snapshots(`table` => 'xp.load', retain_min => 3, retain_max => 5)")
			if err != nil {
				fail("expire: %v", err)
			} else {
				n, _ := strconv.ParseInt(res.rows[0][0], 10, 64)
				expired.Add(n)
			}
			select {
			case <-ctx.Done():
			case <-tick.C:
			}
		}
	}()
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d rows inserted, %d snapshots expired, %d reads", inserted.Load(), expired.Load(), reads.Load())
	if expired.Load() == 0 || inserted.Load() == 0 || reads.Load() == 0 {
		t.Errorf("the load did not run: %d rows, %d expired, %d reads", inserted.Load(), expired.Load(), reads.Load())
	}
	if got := int64(xpCount(t, e.db, "xp.load")); got != inserted.Load() {
		t.Errorf("COUNT(*) = %d, %d rows were committed", got, inserted.Load())
	}
	// The loop's runs keep the snapshots the readers were reading at the
	// time (a read under way holds its snapshot), so more than retain_max
	// may be left; with no read under way, one more run keeps retain_max.
	t.Logf("%d snapshots left by the loop, %d INSERTs after its last run started", len(xpSnapshotIDs(t, root)), sinceExpire.Load())
	xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.load', retain_min => 3, retain_max => 5)")
	if ids := xpSnapshotIDs(t, root); len(ids) > 5 {
		t.Errorf("%d snapshots left after a run with no read under way, retain_max 5", len(ids))
	}
	xpCheckFiles(t, "after the load", root, nil)
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('xp.load', 1, 1)"); n < 0 {
		t.Error("negative count")
	}
	if got := int64(xpCount(t, e.db, "xp.load")); got != inserted.Load() {
		t.Errorf("after the final run COUNT(*) = %d, %d rows were committed", got, inserted.Load())
	}
	xpCheckFiles(t, "after the final run", root, nil)
}

// A9: every Java-written fixture table expires to its latest snapshot and
// reads the same, append_09 (ORC manifests) included.
func TestExpireSnapshotsOnEveryFixtureTable(t *testing.T) {
	e := startServer(t, nil)
	ents, err := os.ReadDir(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		db, ok := strings.CutSuffix(ent.Name(), ".db")
		if !ok {
			continue
		}
		name := db
		t.Run(name, func(t *testing.T) {
			root := xpTableRoot(e.dir, db, name)
			full := db + "." + name
			ids := xpSnapshotIDs(t, root)
			latest := ids[len(ids)-1]
			rows := mustQuery(t, e.db, "SELECT * FROM "+full).rows
			orphans := xpOrphans(t, root)
			if len(orphans) > 0 {
				t.Logf("%s: %d orphan files before", full, len(orphans))
			}
			var branchRows [][]string
			branches, _ := os.ReadDir(filepath.Join(root, "branch"))
			for _, b := range branches {
				bn := strings.TrimPrefix(b.Name(), "branch-")
				branchRows = mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.`%s$branch_%s`", db, name, bn)).rows
			}
			n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => '"+full+"', retain_max => 1, retain_min => 1)")
			if n != int64(len(ids)-1) {
				t.Errorf("expired %d snapshots, want %d", n, len(ids)-1)
			}
			if got := xpIDs(xpSnapshotIDs(t, root)); got != strconv.FormatInt(latest, 10) {
				t.Errorf("snapshots left %s, want %d", got, latest)
			}
			if got := xpSnapshots(t, e.db, db, name); got != strconv.FormatInt(latest, 10) {
				t.Errorf("$snapshots lists %s, want %d", got, latest)
			}
			if got := xpHint(t, root, "EARLIEST"); got != strconv.FormatInt(latest, 10) {
				t.Errorf("EARLIEST %s, want %d", got, latest)
			}
			sameRows(t, full+" after expiration", mustQuery(t, e.db, "SELECT * FROM "+full).rows, rows)
			for _, b := range branches {
				bn := strings.TrimPrefix(b.Name(), "branch-")
				q := fmt.Sprintf("SELECT * FROM %s.`%s$branch_%s`", db, name, bn)
				if res, err := query(e.db, q); err != nil {
					t.Errorf("%s after expiring main: %v", q, err)
				} else {
					sameRows(t, q, res.rows, branchRows)
				}
			}
			xpCheckFiles(t, full, root, orphans)
			// A fresh server reads the same.
			e2 := xpServe(t, e.dir)
			sameRows(t, full+" on a fresh server", mustQuery(t, e2.db, "SELECT * FROM "+full).rows, rows)
		})
	}
}
