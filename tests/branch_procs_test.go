package tests

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// bpTable makes bp.t with three snapshots of one row each and returns its
// directory.
func bpTable(t *testing.T, w *wenv) string {
	t.Helper()
	sqlRun(t, w.db, "CREATE DATABASE bp", "CREATE TABLE bp.t (id INT PRIMARY KEY, v VARCHAR(10))",
		"INSERT INTO bp.t VALUES (1, 'a')", "INSERT INTO bp.t VALUES (2, 'b')", "INSERT INTO bp.t VALUES (3, 'c')")
	return xpTableRoot(w.url, "bp", "t")
}

// Catches: a branch that does not read as its tag, a branch that shares
// state with main, fast_forward that leaves main's own snapshots or
// misses the branch's, delete_branch that leaves files or deletes the
// wrong branch.
func TestBranchLifecycle(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root := bpTable(t, w)
	mustQuery(t, w.db, "CALL sys.create_tag('bp.t', 'at2', 2)")
	sameRows(t, "create_branch result", mustQuery(t, w.db, "CALL sys.create_branch(`table` => 'bp.t', branch => 'dev', tag => 'at2')").rows, [][]string{{"Success"}})
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}}, "SELECT * FROM bp.`t$branch_dev` ORDER BY id")
	sameRows(t, "empty branch", mustQuery(t, w.db, "CALL sys.create_branch('bp.t', 'empty')").rows, [][]string{{"Success"}})
	if rows := mustQuery(t, w.db, "SELECT * FROM bp.`t$branch_empty`").rows; len(rows) != 0 {
		t.Fatalf("empty branch reads %v", rows)
	}
	// An existing branch: refused, or a success with ignoreIfExists.
	if err := queryErr(t, w.db, "CALL sys.create_branch('bp.t', 'dev')"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("second create_branch: %v", err)
	}
	mustQuery(t, w.db, "CALL sys.create_branch(`table` => 'bp.t', branch => 'dev', ignoreIfExists => true)")
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}}, "SELECT * FROM bp.`t$branch_dev` ORDER BY id")

	// The branch grows on its own; main does not see it.
	sqlRun(t, w.db, "INSERT INTO bp.`t$branch_dev` VALUES (10, 'dev')")
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}, {"10", "dev"}}, "SELECT * FROM bp.`t$branch_dev` ORDER BY id")
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}, {"3", "c"}}, "SELECT * FROM bp.t ORDER BY id")

	// fast_forward: main becomes the branch; snapshot 3 of main goes.
	sameRows(t, "fast_forward result", mustQuery(t, w.db, "CALL sys.fast_forward('bp.t', 'dev')").rows, [][]string{{"Success"}})
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}, {"10", "dev"}}, "SELECT * FROM bp.t ORDER BY id")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "1,2,3" {
		t.Fatalf("main's snapshots after fast_forward: %s", got)
	}
	if hint := xpHint(t, root, "LATEST"); hint != "3" {
		t.Fatalf("LATEST hint %q", hint)
	}
	// Main keeps working after it.
	sqlRun(t, w.db, "INSERT INTO bp.t VALUES (4, 'd')")
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}, {"4", "d"}, {"10", "dev"}}, "SELECT * FROM bp.t ORDER BY id")

	// delete_branch takes a list; every name is checked first.
	if err := queryErr(t, w.db, "CALL sys.delete_branch('bp.t', 'dev,nosuch')"); err == nil || !strings.Contains(err.Error(), "'nosuch' doesn't exist") {
		t.Fatalf("delete of a missing branch: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "branch", "branch-dev")); err != nil {
		t.Fatalf("a refused delete_branch deleted dev: %v", err)
	}
	sameRows(t, "delete_branch result", mustQuery(t, w.db, "CALL sys.delete_branch(`table` => 'bp.t', branch => 'dev,empty')").rows, [][]string{{"Success"}})
	if left := dirNames(t, filepath.Join(root, "branch")); len(left) != 0 {
		t.Fatalf("left after delete_branch: %v", left)
	}
	if err := queryErr(t, w.db, "SELECT * FROM bp.`t$branch_dev`"); err == nil {
		t.Fatal("a deleted branch still reads")
	}
	// Nothing of the deleted branches is left to confuse what follows.
	mustQuery(t, w.db, "CALL sys.remove_orphan_files('bp.t')")
	mustQuery(t, w.db, "CALL sys.create_branch('bp.t', 'dev')")
}

// Catches: branch procedures that change anything on bad arguments or
// without the privileges.
func TestBranchProcedureRefusals(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	bpTable(t, w)
	mustQuery(t, w.db, "CALL sys.create_branch('bp.t', 'dev')")
	mustQuery(t, w.db, "ALTER TABLE bp.t SET ('scan.fallback-branch' = 'dev')")
	before := xpTree(t, w.url)
	for call, msg := range map[string]string{
		"CALL sys.create_branch('bp.t', 'main')":                 "default branch",
		"CALL sys.create_branch('bp.t', '123')":                  "pure numeric",
		"CALL sys.create_branch('bp.t', 'a/b')":                  "must not contain '/'",
		"CALL sys.create_branch('bp.t', 'x', 'nosuchtag')":       "tag 'nosuchtag'",
		"CALL sys.create_branch('bp.t', 'x', NULL, 'perhaps')":   "argument 'ignoreIfExists' = 'perhaps': not a boolean",
		"CALL sys.create_branch('bp.t')":                         "argument 'branch' is required",
		"CALL sys.create_branch('bp.nosuch', 'x')":               "table not found",
		"CALL sys.delete_branch('bp.t', 'nosuch')":               "'nosuch' doesn't exist",
		"CALL sys.delete_branch('bp.t', 'main')":                 "'main' doesn't exist",
		"CALL sys.delete_branch('bp.t', 'dev')":                  "scan.fallback-branch",
		"CALL sys.fast_forward('bp.t', 'main')":                  "do not use in fast-forward",
		"CALL sys.fast_forward('bp.t', 'nosuch')":                "'nosuch' doesn't exist",
		"CALL sys.fast_forward('bp.t', 'dev')":                   "does not have snapshot",
		"CALL sys.fast_forward('bp.t$branch_dev', 'dev')":        "from the current branch 'dev' is not allowed",
		"CALL sys.fast_forward(`table` => 'bp.t', brnch => 'x')": "unknown argument",
	} {
		err := queryErr(t, w.db, call)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", call, err, msg)
		}
	}
	xpSameTree(t, "refused calls", before, xpTree(t, w.url))

	// A transaction under way on the table (any branch) stops fast_forward.
	sqlRun(t, w.db, "ALTER TABLE bp.t RESET ('scan.fallback-branch')", "INSERT INTO bp.`t$branch_dev` VALUES (7, 'g')")
	tx := oneConn(t, w.db)
	sqlRun(t, tx, "BEGIN", "INSERT INTO bp.t VALUES (8, 'h')")
	before = xpTree(t, w.url)
	if err := queryErr(t, w.db, "CALL sys.fast_forward('bp.t', 'dev')"); err == nil || !strings.Contains(err.Error(), "writes under way on this server") || mysqlErrNumber(err) != 1192 {
		t.Errorf("fast_forward during a transaction: %v, want error 1192", err)
	}
	xpSameTree(t, "fast_forward during a transaction", before, xpTree(t, w.url))
	sqlRun(t, tx, "ROLLBACK")
	before = xpTree(t, w.url)

	sqlRun(t, w.db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'", "GRANT EXECUTE ON sys.* TO 'ops'@'%'", "GRANT SELECT ON bp.* TO 'ops'@'%'")
	ops := w.openAs("ops", "pw")
	for _, call := range []string{
		"CALL sys.create_branch('bp.t', 'x')", "CALL sys.delete_branch('bp.t', 'dev')", "CALL sys.fast_forward('bp.t', 'dev')",
	} {
		if err := queryErr(t, ops, call); err == nil || !strings.Contains(err.Error(), "denied") {
			t.Errorf("%s with SELECT only: %v", call, err)
		}
	}
	sqlRun(t, w.db, "GRANT INSERT ON bp.* TO 'ops'@'%'")
	ops = w.openAs("ops", "pw")
	if err := queryErr(t, ops, "CALL sys.fast_forward('bp.t', 'dev')"); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Errorf("fast_forward without DELETE: %v", err)
	}
	xpSameTree(t, "denied calls", before, xpTree(t, w.url))
	mustQuery(t, ops, "CALL sys.create_branch('bp.t', 'x')")
}

// Catches: rollback_to_timestamp that picks a snapshot after the instant,
// reports other ids than it rolled between, or changes anything when no
// snapshot is old enough.
func TestRollbackToTimestamp(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root := bpTable(t, w)
	second := xpReadSnapshot(t, root, 2)
	before := xpTree(t, w.url)
	for call, msg := range map[string]string{
		"CALL sys.rollback_to_timestamp('bp.t', 1)":                     "no snapshot was committed at or before 1",
		"CALL sys.rollback_to_timestamp('bp.t', '2024-01-01 00:00:00')": "'timestamp' = '2024-01-01 00:00:00' is not an integer (epoch milliseconds)",
		"CALL sys.rollback_to_timestamp('bp.t')":                        "'timestamp' is required",
	} {
		if err := queryErr(t, w.db, call); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", call, err, msg)
		}
	}
	xpSameTree(t, "refused calls", before, xpTree(t, w.url))
	res := mustQuery(t, w.db, "CALL sys.rollback_to_timestamp(`table` => 'bp.t', `timestamp` => "+strconv.FormatInt(second.TimeMillis, 10)+")")
	wantCols(t, "rollback_to_timestamp", res, "previous_snapshot_id", "current_snapshot_id")
	sameRows(t, "rollback_to_timestamp", res.rows, [][]string{{"3", "2"}})
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}}, "SELECT * FROM bp.t ORDER BY id")
}

// Catches: tag procedures that lose or duplicate a tag, accept what Java
// refuses, or expire tags whose time has not come.
func TestRenameReplaceExpireTags(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root := bpTable(t, w)
	mustQuery(t, w.db, "CALL sys.create_tag('bp.t', 'one', 1)")
	mustQuery(t, w.db, "CALL sys.create_tag('bp.t', 'two', 2)")
	before := xpTree(t, w.url)
	for call, msg := range map[string]string{
		"CALL sys.rename_tag('bp.t', 'nosuch', 'x')":          "tag 'nosuch'",
		"CALL sys.rename_tag('bp.t', 'one', 'two')":           "tag 'two' already exists",
		"CALL sys.rename_tag('bp.t', 'one', '42')":            "must not be a number",
		"CALL sys.rename_tag('bp.t', 'one')":                  "'target_tag' is required",
		"CALL sys.replace_tag('bp.t', 'nosuch', 1)":           "tag 'nosuch': tag does not exist",
		"CALL sys.replace_tag('bp.t', 'one', 99)":             "snapshot 99: snapshot does not exist",
		"CALL sys.replace_tag('bp.t', 'one', 0)":              "must be at least 1",
		"CALL sys.replace_tag('bp.t', 'one', 1, 'forever')":   "'time_retained'",
		"CALL sys.expire_tags('bp.t', 'last week')":           "argument 'older_than' = 'last week'",
		"CALL sys.expire_tags(`table` => 'bp.t', older => 1)": "unknown argument",
	} {
		if err := queryErr(t, w.db, call); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", call, err, msg)
		}
	}
	xpSameTree(t, "refused calls", before, xpTree(t, w.url))

	// Flink's argument names and Spark's both work.
	sameRows(t, "rename_tag", mustQuery(t, w.db, "CALL sys.rename_tag(`table` => 'bp.t', tagName => 'one', targetTagName => 'first')").rows,
		[][]string{{"Rename [one] to [first] successfully."}})
	mustQuery(t, w.db, "CALL sys.rename_tag(`table` => 'bp.t', tag => 'first', target_tag => 'uno')")
	wantRows(t, w.db, [][]string{{"two", "2"}, {"uno", "1"}}, "SELECT tag_name, snapshot_id FROM bp.`t$tags` ORDER BY tag_name")

	sameRows(t, "replace_tag", mustQuery(t, w.db, "CALL sys.replace_tag(`table` => 'bp.t', tag => 'uno', snapshot => 3, time_retained => '1 h')").rows, [][]string{{"Success"}})
	wantRows(t, w.db, [][]string{{"two", "2", "NULL"}, {"uno", "3", "PT1H"}}, "SELECT tag_name, snapshot_id, time_retained FROM bp.`t$tags` ORDER BY tag_name")
	mustQuery(t, w.db, "CALL sys.replace_tag('bp.t', 'two')") // the latest snapshot, no retention
	wantRows(t, w.db, [][]string{{"two", "3", "NULL"}}, "SELECT tag_name, snapshot_id, time_retained FROM bp.`t$tags` WHERE tag_name = 'two'")

	// Nothing has expired yet: 'uno' has an hour left, 'two' no retention.
	res := mustQuery(t, w.db, "CALL sys.expire_tags('bp.t')")
	wantCols(t, "expire_tags", res, "expired_tags")
	sameRows(t, "nothing expired", res.rows, [][]string{{"No expired tags."}})
	// A retention that has passed.
	mustQuery(t, w.db, "CALL sys.create_tag('bp.t', 'brief', 1, '1 s')")
	advanceMaintenanceClock(w.env, 1100*time.Millisecond)
	sameRows(t, "retention passed", mustQuery(t, w.db, "CALL sys.expire_tags('bp.t')").rows, [][]string{{"brief"}})
	w.provider.Runtime().SetClock(nil)
	// older_than: also the tags without a retention, by their file's time.
	future := time.Now().Add(time.Minute).Format("2006-01-02 15:04:05")
	past := time.Now().Add(-time.Hour).Format("2006-01-02 15:04:05")
	sameRows(t, "older than an hour ago", mustQuery(t, w.db, "CALL sys.expire_tags('bp.t', '"+past+"')").rows, [][]string{{"No expired tags."}})
	sameRows(t, "older than soon", canonRows(mustQuery(t, w.db, "CALL sys.expire_tags(`table` => 'bp.t', older_than => '"+future+"')").rows), [][]string{{"two"}, {"uno"}})
	if names := dirNames(t, filepath.Join(root, "tag")); len(names) != 0 {
		t.Fatalf("tags left: %v", names)
	}
	// The data is intact: snapshot 3 still reads.
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}, {"3", "c"}}, "SELECT * FROM bp.t ORDER BY id")

	sqlRun(t, w.db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'", "GRANT EXECUTE ON sys.* TO 'ops'@'%'", "GRANT INSERT ON bp.* TO 'ops'@'%'")
	mustQuery(t, w.db, "CALL sys.create_tag('bp.t', 'kept', 1)")
	ops := w.openAs("ops", "pw")
	// Issue 25, item 10: rename_tag, which removes the old name as
	// delete_tag does, needed INSERT only.
	for _, call := range []string{"CALL sys.replace_tag('bp.t', 'kept', 2)", "CALL sys.expire_tags('bp.t', '" + future + "')", "CALL sys.rollback_to_timestamp('bp.t', 1)", "CALL sys.rename_tag('bp.t', 'kept', 'kept2')"} {
		if err := queryErr(t, ops, call); err == nil || !strings.Contains(err.Error(), "denied") {
			t.Errorf("%s without DELETE: %v", call, err)
		}
	}
	mustQuery(t, ops, "CALL sys.create_tag('bp.t', 'made', 1)")
	sqlRun(t, w.db, "GRANT DELETE ON bp.* TO 'ops'@'%'")
	mustQuery(t, ops, "CALL sys.rename_tag('bp.t', 'kept', 'kept2')")
}

// canonRows sorts rows for comparison.
func canonRows(rows [][]string) [][]string {
	out := append([][]string(nil), rows...)
	sort.Slice(out, func(i, j int) bool { return strings.Join(out[i], "\x00") < strings.Join(out[j], "\x00") })
	return out
}
