package tests

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// `paimon-sql call`: every procedure from cron, with its arguments by name
// (Java's and the aliases), printing the result under a header and a
// summary; bad calls fail with the procedure's message and change nothing.
func TestCallCommandLine(t *testing.T) {
	bin := xpBuildBinary(t)
	w := startWarehouse(t, t.TempDir())
	root := bpTable(t, w)
	call := func(args ...string) string {
		t.Helper()
		out, errOut, err := xpRunBinary(t, bin, append([]string{"call", "--warehouse", w.url}, args...)...)
		if err != nil {
			t.Fatalf("call %v: %v\n%s", args, err, errOut)
		}
		return out
	}
	before := xpTree(t, w.url)
	for args, msg := range map[string]string{
		"":                                             "name the procedure",
		"no_such_proc table=bp.t":                      `unknown procedure "no_such_proc"`,
		"create_branch bp.t dev":                       `argument "bp.t": write name=value`,
		"create_branch table=bp.t brnch=dev":           `unknown argument "brnch"`,
		"create_branch table=bp.t branch=123":          "pure numeric",
		"create_branch table=bp.t tag=x tag=y":         `argument "tag" is given twice`,
		"rollback_to_timestamp table=bp.t timestamp=1": "no snapshot was committed at or before 1",
		"fast_forward table=bp.nosuch branch=dev":      "bp.nosuch",
	} {
		_, errOut, err := xpRunBinary(t, bin, append([]string{"call", "--warehouse", w.url}, strings.Fields(args)...)...)
		if err == nil || !strings.Contains(errOut, msg) {
			t.Errorf("call %s: %v %q, want %q", args, err, errOut, msg)
		}
	}
	xpSameTree(t, "refused calls", before, xpTree(t, w.url))

	if out := call("create-tag", "table=bp.t", "tag=t1", "snapshot_id=1"); !strings.HasPrefix(out, "result\nSuccess\nsys.create_tag: 1 rows in ") {
		t.Errorf("create-tag output:\n%s", out)
	}
	call("sys.create_branch", "table=bp.t", "branch=dev", "tag=t1")
	wantRows(t, w.db, [][]string{{"1", "a"}}, "SELECT * FROM bp.`t$branch_dev`")
	if out := call("rename_tag", "table=bp.t", "tagName=t1", "targetTagName=t2"); !strings.HasPrefix(out, "result\nRename [t1] to [t2] successfully.\n") {
		t.Errorf("rename_tag output:\n%s", out)
	}
	future := time.Now().UTC().Add(time.Minute).Format("2006-01-02 15:04:05")
	if out := call("expire_tags", "table=bp.t", "older_than="+future); !strings.HasPrefix(out, "expired_tags\nt2\n") {
		t.Errorf("expire_tags output:\n%s", out)
	}
	ms := strconv.FormatInt(xpReadSnapshot(t, root, 2).TimeMillis, 10)
	if out := call("rollback_to_timestamp", "table=bp.t", "timestamp="+ms); !strings.HasPrefix(out, "previous_snapshot_id\tcurrent_snapshot_id\n3\t2\n") {
		t.Errorf("rollback_to_timestamp output:\n%s", out)
	}
	call("delete_branch", "table=bp.t", "branch=dev")
	if _, err := os.Stat(filepath.Join(root, "branch", "branch-dev", "schema", "schema-0")); !os.IsNotExist(err) {
		t.Errorf("branch dev after delete_branch: %v", err)
	}
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}}, "SELECT * FROM bp.t ORDER BY id")

	// Progress goes to standard error when it is not a terminal.
	orphPlant(t, filepath.Join(root, "bucket-0", "data-0rphan-cli.parquet"), 7, 48*time.Hour)
	out, errOut, err := xpRunBinary(t, bin, "call", "--warehouse", w.url, "remove_orphan_files", "table=bp.*", "mode=distributed")
	if err != nil {
		t.Fatalf("remove_orphan_files: %v\n%s", err, errOut)
	}
	if !strings.Contains(out, "deletedFileCount\tdeletedFileTotalLenInBytes\n1\t7\n") || !strings.Contains(out, "bp.t: deleted 1 orphan files (7 bytes)") {
		t.Errorf("remove_orphan_files output:\n%s", out)
	}
	if !strings.Contains(errOut, "sys.remove_orphan_files bp.*: bp.t deleting orphan files: 1/1") {
		t.Errorf("remove_orphan_files progress:\n%s", errOut)
	}
}

// Every procedure is a command of its own for cron jobs (`paimon-sql
// expire-partitions`, `paimon-sql compact`, ...): the call command under
// the procedure's name, with its result, a summary and its refusals.
func TestProcedureCommands(t *testing.T) {
	bin := xpBuildBinary(t)
	w := startWarehouse(t, t.TempDir())
	today := time.Now().Format("2006-01-02")
	sqlRun(t, w.db, "CREATE DATABASE pc",
		"CREATE TABLE pc.p (id INT NOT NULL, dt VARCHAR(10), PRIMARY KEY (id, dt)) PARTITIONED BY (dt) WITH ('bucket' = '1', 'write-only' = 'true')",
		"INSERT INTO pc.p VALUES (1, '2020-01-01'), (2, '"+today+"')",
		"INSERT INTO pc.p VALUES (3, '"+today+"')")
	before := xpTree(t, w.url)
	for args, msg := range map[string]string{
		"expire-partitions table=pc.p expiration_time=yesterday": "expiration_time",
		"expire-partitions table=pc.p bogus=1":                   `unknown argument "bogus"`,
		"compact table=pc.nosuch":                                "pc.nosuch",
		"expire-tags pc.p":                                       `argument "pc.p": write name=value`,
	} {
		_, errOut, err := xpRunBinary(t, bin, append([]string{strings.Fields(args)[0], "--warehouse", w.url}, strings.Fields(args)[1:]...)...)
		if err == nil || !strings.Contains(errOut, msg) {
			t.Errorf("%s: %v %q, want %q", args, err, errOut, msg)
		}
	}
	xpSameTree(t, "refused commands", before, xpTree(t, w.url))

	out, errOut, err := xpRunBinary(t, bin, "expire-partitions", "--warehouse", w.url, "table=pc.p", "expiration_time=1 d")
	if err != nil {
		t.Fatalf("expire-partitions: %v\n%s", err, errOut)
	}
	if !strings.HasPrefix(out, "expired_partitions\ndt=2020-01-01\nsys.expire_partitions: 1 rows in ") {
		t.Errorf("expire-partitions output:\n%s", out)
	}
	out, errOut, err = xpRunBinary(t, bin, "compact", "--warehouse", w.url, "table=pc.p")
	if err != nil {
		t.Fatalf("compact: %v\n%s", err, errOut)
	}
	if !strings.HasPrefix(out, "result\nsnapshot 4: 1 buckets compacted, 2 files rewritten into 1") || !strings.Contains(out, "sys.compact: 1 rows in ") {
		t.Errorf("compact output:\n%s", out)
	}
	if !strings.Contains(errOut, "sys.compact pc.p: buckets compacted: 1/1") {
		t.Errorf("compact progress:\n%s", errOut)
	}
	wantRows(t, w.db, split("2|"+today, "3|"+today), "SELECT * FROM pc.p ORDER BY id")
	if got := strings.Join(snapshotKinds(t, w.db, "pc.p"), " "); got != "APPEND APPEND OVERWRITE COMPACT" {
		t.Errorf("snapshots: %s", got)
	}
}
