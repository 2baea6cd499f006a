package interop

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// procScenarios change tables with paimon-sql's maintenance procedures
// between Java's and paimon-sql's writes; after each step Java, paimon-sql
// and pypaimon must read the same, and at the end every snapshot and tag.
var procScenarios = []scenario{
	{name: "proc_branch_ff", feature: "branches", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			sqlInserts(vals(3, "c", "3.00")),
			sqlRuns("CALL sys.create_tag('{t}', 'base')"),
			// Java writes into and reads a branch paimon-sql created.
			sqlRuns("CALL sys.create_branch(`table` => '{t}', branch => 'dev', tag => 'base')"),
			{branch: "dev", java: []row{ins(4, "d", "4.00"), del(1, "a", "1.00")}},
			{branch: "dev", insert: [][]any{vals(5, "e", "5.00")}},
			sqlRuns("CALL sys.create_branch('{t}', 'empty')"),
			{branch: "empty", java: []row{ins(9, "z", "9.00")}},
			javaWrites(ins(6, "f", "6.00")),
			// Main becomes dev; Java reads it and writes on top.
			sqlRuns("CALL sys.fast_forward('{t}', 'dev')"),
			javaWrites(ins(7, "g", "7.00")),
			sqlInserts(vals(8, "h", "8.00")),
			sqlRuns("CALL sys.delete_branch('{t}', 'dev,empty')"),
			javaWrites(ins(2, "b2", "2.50")),
		}},
	{name: "proc_manifest_rollback", feature: "maintenance procedures", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "2"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			sqlInserts(vals(3, "c", "3.00")),
			javaWrites(ins(4, "d", "4.00"), del(2, "b", "2.00")),
			sqlRuns("DELETE FROM {t} WHERE id = 3"),
			javaCompacts(),
			sqlRuns("CALL sys.compact_manifest('{t}')"),
			javaWrites(ins(5, "e", "5.00")),
			sqlRuns("CALL sys.create_tag('{t}', 't1')", "CALL sys.rename_tag('{t}', 't1', 't2')",
				"CALL sys.replace_tag('{t}', 't2', 2, '1 d')"),
			sqlInserts(vals(6, "f", "6.00")),
			// Back to the COMPACT snapshot of compact_manifest, by its time.
			sqlRuns("CALL sys.rollback_to_timestamp('{t}', (SELECT CAST(UNIX_TIMESTAMP(commit_time) * 1000 AS SIGNED) FROM db.`proc_manifest_rollback$snapshots` WHERE commit_kind = 'COMPACT' AND commit_user LIKE 'Compact-Manifest-%'))"),
			javaWrites(ins(7, "g", "7.00")),
			sqlRuns("CALL sys.compact_manifest('{t}')"),
		}},
}

func TestProceduresMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, sc := range procScenarios {
		t.Run(sc.name, func(t *testing.T) { runScenario(t, j, sc) })
	}
}

// orphanCases build a table's history; orphan files are planted, every
// file is made two days old, and Java's LocalOrphanFilesClean and
// paimon-sql's remove_orphan_files each clean a copy: the same files must
// be left.
var orphanCases = []scenario{
	// Rolled-back snapshots leave data files, manifests and lists behind.
	{name: "orph_pk", feature: "primary key, deduplicate", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts(), javaTags("t1")},
			history(4, 2), []step{sqlRuns("CALL sys.rollback_to('{t}', 't1')", "CALL sys.expire_snapshots('{t}', 2, 1)")}, history(6, 1))},
	// Files only a branch uses stay; those of main's rolled-back snapshots go.
	{name: "orph_branch", feature: "branches", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1"}, steps: concat(history(1, 2), []step{javaTags("base")}, history(3, 2), []step{
			{javaOp: jstep{"op": "createBranch", "branch": "b", "tag": "base"}},
			{branch: "b", java: []row{ins(10, "b", "1.00")}}, {branch: "b", insert: [][]any{vals(11, "c", "2.00")}},
			sqlRuns("CALL sys.rollback_to('{t}', 'base')")}, history(5, 1))},
	// A deleted branch leaves the files only it used.
	{name: "orph_branch_deleted", feature: "branches", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1"}, steps: concat(history(1, 2), []step{
			sqlRuns("CALL sys.create_tag('{t}', 'base')", "CALL sys.create_branch('{t}', 'gone', 'base')"),
			{branch: "gone", java: []row{ins(10, "b", "1.00")}}, {branch: "gone", insert: [][]any{vals(11, "c", "2.00")}},
			{branch: "gone", compact: true},
			sqlRuns("CALL sys.delete_branch('{t}', 'gone')")}, history(3, 1))},
	{name: "orph_append", feature: "append table (bucket -1)", cols: basicCols,
		steps: concat(history(1, 3), []step{sqlRuns("INSERT OVERWRITE {t} SELECT * FROM {t} WHERE id > 1", "CALL sys.compact('{t}')")},
			history(4, 2), []step{sqlRuns("CALL sys.rollback_to_timestamp('{t}', (SELECT CAST(UNIX_TIMESTAMP(commit_time) * 1000 AS SIGNED) FROM db.`orph_append$snapshots` WHERE snapshot_id = 3))")})},
}

func TestRemoveOrphanFilesMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range orphanCases {
		t.Run(c.name, func(t *testing.T) { runOrphanCase(t, j, c) })
	}
}

func runOrphanCase(t *testing.T, j *javaDriver, sc scenario) {
	base := t.TempDir()
	built := mkdir(t, filepath.Join(base, "built"))
	db := ourServer(t, built)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, built, createStep(sc))
	for i, st := range sc.steps {
		if err := applyStep(t, j, db, built, sc, sc.cols, st); err != nil {
			t.Fatalf("history step %d: %v", i, err)
		}
	}
	tableDir := filepath.Join(built, "db.db", sc.name)
	for _, p := range []string{"bucket-0/data-0rphan-1.parquet", "manifest/manifest-0rphan-1", "manifest/manifest-list-0rphan-1", "index/index-0rphan-1"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tableDir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tableDir, p), []byte("orphan"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-48 * time.Hour)
	err := filepath.Walk(built, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
	javaDir, ourDir := filepath.Join(base, "java"), filepath.Join(base, "ours")
	testfixture.CopyTree(t, built, javaDir)
	testfixture.CopyTree(t, built, ourDir)
	// CopyTree gives the copies fresh times: age them again.
	for _, dir := range []string{javaDir, ourDir} {
		if err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Chtimes(p, old, old)
		}); err != nil {
			t.Fatal(err)
		}
	}
	cutoff := time.Now().Add(-24 * time.Hour).UnixMilli()
	key := sc.name + "/orphans"
	javaRes := j.do(t, javaDir, jstep{"op": "removeOrphans", "table": sc.table(), "olderThanMillis": cutoff})[0]
	if err := javaErr(javaRes); err != nil {
		outcome(t, sc.feature, dirExpire, key, err.Error())
		return
	}
	res, err := sqlRows(ourServer(t, ourDir), fmt.Sprintf("CALL sys.remove_orphan_files(`table` => '%s', older_than => %d, mode => 'local')", sc.table(), cutoff))
	if err != nil {
		outcome(t, sc.feature, dirExpire, key, err.Error())
		return
	}
	rel := filepath.Join("db.db", sc.name)
	problem := fileDiff(listFiles(t, filepath.Join(javaDir, rel)), listFiles(t, filepath.Join(ourDir, rel)))
	switch {
	case problem != "":
	case javaRes.DeletedFiles <= 4:
		problem = fmt.Sprintf("Java deleted %d files, only the 4 planted: the history leaves no orphan, the case proves little", javaRes.DeletedFiles)
	case len(res) != 1 || res[0][0] == nil || *res[0][0] != fmt.Sprint(javaRes.DeletedFiles):
		problem = fmt.Sprintf("Java deleted %d files, paimon-sql reports %v", javaRes.DeletedFiles, res)
	}
	t.Logf("Java deleted %d files", javaRes.DeletedFiles)
	outcome(t, sc.feature, dirExpire, key, problem)
}
