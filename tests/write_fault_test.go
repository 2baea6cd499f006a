package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// Fault tests: a whole core-level write (TableWriter: data files;
// Committer: manifests, manifest list, snapshot) over a file system that
// fails after N operations, for every N. Whatever fails, no snapshot
// references a missing file, and a retry on a healthy file system succeeds.

// faultTable is a table definition for the fault runs.
type faultTable struct {
	name string
	ns   schema.NewSchema
	row  func(i int) []any
}

var faultTables = []faultTable{
	{
		name: "app",
		ns: schema.NewSchema{
			Fields:        []types.DataField{{Name: "p", Type: types.New(types.Int)}, {Name: "id", Type: types.New(types.BigInt)}, {Name: "s", Type: types.NewString()}},
			PartitionKeys: []string{"p"},
			Options:       map[string]string{},
		},
		row: func(i int) []any { return []any{int32(i % 3), int64(i), fmt.Sprintf("row-%d", i)} },
	},
	{
		name: "pk",
		ns: schema.NewSchema{
			Fields:        []types.DataField{{Name: "p", Type: types.New(types.Int)}, {Name: "id", Type: types.New(types.BigInt)}, {Name: "s", Type: types.NewString()}},
			PartitionKeys: []string{"p"},
			PrimaryKeys:   []string{"p", "id"},
			Options:       map[string]string{"bucket": "2"},
		},
		row: func(i int) []any { return []any{int32(i % 2), int64(i % 7), fmt.Sprintf("row-%d", i)} },
	},
}

// fast retries keep the runs short.
var fastRetry = map[string]string{"commit.min-retry-wait": "1 ms", "commit.max-retry-wait": "5 ms"}

// writeBatch writes rows lo..hi-1 to the table on fsys and commits them
// as one batch; on error it aborts the writer as the catalog does.
func writeBatch(ctx context.Context, fsys *paimonfs.FS, ft faultTable, user string, lo, hi int) error {
	tbl, err := table.Open(ctx, fsys, "f", ft.name, "")
	if err != nil {
		return err
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		return err
	}
	base, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		return err
	}
	w, err := write.NewTableWriter(tbl, sch, base)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		w.Abort(ctx)
		return err
	}
	for i := lo; i < hi; i++ {
		if err := w.Write(ctx, mergefunc.Insert, ft.row(i)); err != nil {
			return fail(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		return fail(err)
	}
	opts := options.Options{}
	for k, v := range sch.Options {
		opts[k] = v
	}
	for k, v := range fastRetry {
		opts[k] = v
	}
	c, err := commit.New(tbl, user, opts)
	if err != nil {
		return fail(err)
	}
	if _, err := c.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier, SchemaID: sch.ID, Append: commit.Changes{Files: w.Entries()}}); err != nil {
		if commit.OutcomeUnknown(err) {
			return err // the snapshot may reference the files: they stay
		}
		return fail(err)
	}
	return nil
}

// newFaultWarehouse creates the table with one committed batch (rows 0..9).
func newFaultWarehouse(t *testing.T, ft faultTable) *paimonfs.FS {
	t.Helper()
	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	if _, err := schema.NewManager(fsys, "f.db/"+ft.name).Create(ctx, ft.ns); err != nil {
		t.Fatal(err)
	}
	if err := writeBatch(ctx, fsys, ft, "setup", 0, 10); err != nil {
		t.Fatal(err)
	}
	return fsys
}

// opsOfWrite counts the file operations of one clean write of rows 10..59.
func opsOfWrite(t *testing.T, ft faultTable) int {
	t.Helper()
	fsys := newFaultWarehouse(t, ft)
	faulty, faults := fsfault.New(fsys, fsfault.Plan{})
	if err := writeBatch(context.Background(), faulty, ft, "count", 10, 60); err != nil {
		t.Fatal(err)
	}
	return faults.Ops()
}

// faultWrite runs the write of rows 10..59 with plan, then checks storage
// with a healthy file system, retries if the batch is not committed, and
// checks again. crash allows orphans (a crashed writer cannot clean up).
func faultWrite(t *testing.T, ft faultTable, plan fsfault.Plan, crash bool) {
	t.Helper()
	ctx := context.Background()
	fsys := newFaultWarehouse(t, ft)
	root := "f.db/" + ft.name
	faulty, faults := fsfault.New(fsys, plan)
	werr := writeBatch(ctx, faulty, ft, "faulty", 10, 60)
	faults.Heal()

	missing, orphans, broken, tf := fileProblems(t, fsys, root)
	if len(missing) > 0 || len(broken) > 0 {
		t.Fatalf("after a failure (write error %v): snapshots reference missing files %v; %v", werr, missing, broken)
	}
	if len(orphans) > 0 && !crash {
		t.Errorf("a single failure (write error %v, %d injected) left files no snapshot references: %v", werr, faults.Injected(), orphans)
	}
	var committed bool
	switch n := len(tf.snapshots); n {
	case 1:
	case 2:
		committed = true
		if werr != nil {
			t.Logf("write reported %v, but its snapshot was created (a lost reply)", werr)
		}
	default:
		t.Fatalf("%d snapshots after one batch onto one", n)
	}
	if !committed && werr == nil {
		t.Fatalf("write succeeded without a snapshot")
	}
	if !committed {
		if err := writeBatch(ctx, fsys, ft, "retry", 10, 60); err != nil {
			t.Fatalf("retry after %v: %v", werr, err)
		}
	}
	missing, orphans, broken, tf = fileProblems(t, fsys, root)
	if len(missing) > 0 || len(broken) > 0 {
		t.Fatalf("after the retry: missing %v; %v", missing, broken)
	}
	if len(orphans) > 0 && !crash {
		t.Errorf("after the retry: orphans %v", orphans)
	}
	if len(tf.snapshots) != 2 {
		t.Fatalf("%d snapshots after the retry, want 2", len(tf.snapshots))
	}
	if ft.ns.PrimaryKeys == nil {
		if got := tf.liveRows(); got != 60 {
			t.Errorf("live files hold %d rows, want 60", got)
		}
	}
	// The table is readable: every live file opens as Parquet.
	for _, le := range tf.latestLive() {
		if p := findData(t, fsys, root, le.name); p != "" {
			parquetSchema(t, fsys, p)
		}
	}
}

func TestWriteSurvivesEveryFailure(t *testing.T) {
	for _, ft := range faultTables {
		t.Run(ft.name, func(t *testing.T) {
			total := opsOfWrite(t, ft)
			if total < 10 {
				t.Fatalf("a write took only %d operations", total)
			}
			t.Logf("a write of 50 rows takes %d file operations", total)
			for _, lost := range []bool{false, true} {
				for n := 1; n <= total+1; n++ {
					t.Run(fmt.Sprintf("lost=%v/op%d", lost, n), func(t *testing.T) {
						t.Parallel()
						faultWrite(t, ft, fsfault.Plan{FailAt: n, Lost: lost}, false)
					})
				}
			}
		})
	}
}

// A crash: every operation from the N-th on fails.
func TestWriteSurvivesCrash(t *testing.T) {
	for _, ft := range faultTables {
		t.Run(ft.name, func(t *testing.T) {
			total := opsOfWrite(t, ft)
			for n := 1; n <= total+1; n++ {
				t.Run(fmt.Sprintf("op%d", n), func(t *testing.T) {
					t.Parallel()
					faultWrite(t, ft, fsfault.Plan{FailAt: n, Stop: true}, true)
				})
			}
		})
	}
}

// A flaky store: operations fail at random.
func TestWriteOnFlakyStore(t *testing.T) {
	for _, ft := range faultTables {
		t.Run(ft.name, func(t *testing.T) {
			for seed := range int64(20) {
				t.Run(fmt.Sprint(seed), func(t *testing.T) {
					t.Parallel()
					faultWrite(t, ft, fsfault.Plan{Rate: 0.1, Seed: seed}, true)
				})
			}
		})
	}
}

// The SQL path in-process: a server whose warehouse fails its N-th write,
// create or delete. The failing statement reports an error or succeeds;
// either way storage stays consistent, the server keeps serving, and the
// statement run again (after healing) leaves every row exactly once.
func TestWriteSQLSurvivesStorageFailures(t *testing.T) {
	setup := []string{
		"CREATE DATABASE q",
		"CREATE TABLE q.a (p INT, id BIGINT, s TEXT) PARTITIONED BY (p)",
		"CREATE TABLE q.k (p INT NOT NULL, id BIGINT NOT NULL, s TEXT, PRIMARY KEY (p, id)) PARTITIONED BY (p) WITH ('bucket' = '2')",
		"INSERT INTO q.a VALUES (0, 0, 'x')",
		"INSERT INTO q.k VALUES (0, 0, 'x')",
	}
	stmts := map[string]string{
		"a": "INSERT INTO q.a VALUES (0, 1, 'a'), (1, 2, 'b'), (2, 3, 'c')",
		"k": "INSERT INTO q.k VALUES (0, 1, 'a'), (1, 2, 'b'), (2, 3, 'c')",
	}
	ops := fsfault.Write | fsfault.Create | fsfault.Delete
	for _, table := range []string{"a", "k"} {
		t.Run(table, func(t *testing.T) {
			// Count the storage changes of the statement.
			var total int
			{
				dir := t.TempDir()
				w := startWarehouse(t, dir)
				sqlRun(t, w.db, setup...)
				faulty, faults := fsfault.New(w.fs, fsfault.Plan{Ops: ops})
				fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
				sqlRun(t, fw.db, stmts[table])
				total = faults.Ops()
			}
			t.Logf("INSERT into q.%s changes storage %d times", table, total)
			for n := 1; n <= total+1; n++ {
				for _, lost := range []bool{false, true} {
					t.Run(fmt.Sprintf("lost=%v/op%d", lost, n), func(t *testing.T) {
						t.Parallel()
						dir := t.TempDir()
						w := startWarehouse(t, dir)
						sqlRun(t, w.db, setup...)
						faulty, faults := fsfault.New(w.fs, fsfault.Plan{Ops: ops, FailAt: n, Lost: lost})
						fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
						_, err := fw.db.Exec(stmts[table])
						faults.Heal()
						missing, orphans, broken, tf := fileProblems(t, w.fs, "q.db/"+table)
						if len(missing) > 0 || len(broken) > 0 {
							t.Fatalf("statement error %v: missing %v; %v", err, missing, broken)
						}
						if len(orphans) > 0 {
							t.Errorf("statement error %v: a single failure left orphans %v", err, orphans)
						}
						committed := len(tf.snapshots) == 2
						if err == nil && !committed {
							t.Fatalf("INSERT succeeded, %d snapshots", len(tf.snapshots))
						}
						if !committed {
							sqlRun(t, fw.db, stmts[table])
						}
						wantRows(t, fw.db, split("0|0|x", "0|1|a", "1|2|b", "2|3|c"), "SELECT * FROM q."+table)
						wantRows(t, w.db, split("0|0|x", "0|1|a", "1|2|b", "2|3|c"), "SELECT * FROM q."+table)
						checkStorage(t, w.fs, "q", table)
					})
				}
			}
		})
	}
}

func mustOpen(t *testing.T, url string) *paimonfs.FS {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// A commit whose snapshot was created but whose verification could not
// read the storage any more (every read fails from the N-th on, as when
// the store goes away) has an unknown outcome: the statement fails, and
// the server keeps the files, which the snapshot references.
func TestWriteSQLKeepsFilesWhenOutcomeUnknown(t *testing.T) {
	setup := []string{"CREATE DATABASE q", "CREATE TABLE q.a (p INT, id BIGINT, s TEXT) PARTITIONED BY (p)", "INSERT INTO q.a VALUES (0, 0, 'x')"}
	const stmt = "INSERT INTO q.a VALUES (0, 1, 'a'), (1, 2, 'b')"
	var started, total int
	{
		dir := t.TempDir()
		w := startWarehouse(t, dir)
		sqlRun(t, w.db, setup...)
		faulty, faults := fsfault.New(w.fs, fsfault.Plan{Ops: fsfault.Read})
		fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
		started = faults.Ops()
		sqlRun(t, fw.db, stmt)
		total = faults.Ops()
	}
	unknown := 0
	// Every read of the statement (after the server's start) fails in
	// turn: those after the snapshot's creation leave the outcome unknown.
	for n := started + 1; n <= total; n++ {
		dir := t.TempDir()
		w := startWarehouse(t, dir)
		sqlRun(t, w.db, setup...)
		faulty, faults := fsfault.New(w.fs, fsfault.Plan{Ops: fsfault.Read, FailAt: n, Stop: true})
		fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
		_, err := fw.db.Exec(stmt)
		faults.Heal()
		missing, _, broken, tf := fileProblems(t, w.fs, "q.db/a")
		if len(missing) > 0 || len(broken) > 0 {
			t.Fatalf("reads failing from the %d-th on (statement error %v): missing %v; %v", n, err, missing, broken)
		}
		if err != nil && len(tf.snapshots) == 2 {
			unknown++
			if !strings.Contains(err.Error(), "could not be told") {
				t.Errorf("read %d: the snapshot was created, and the error does not say the outcome is unknown: %v", n, err)
			}
		}
	}
	if unknown == 0 {
		t.Error("no read failure struck after the snapshot was created")
	}
}
