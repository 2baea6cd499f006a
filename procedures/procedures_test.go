package procedures

import (
	"context"
	"crypto/sha256"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// fixtureTable is the Java-written table the calls run on: a primary-key
// table with 8 snapshots.
const fixtureTable = "pk_09.pk_09"

// procEnv is a warehouse with a copy of the fixture table, and the Env the
// procedures run with.
type procEnv struct {
	wh      string
	env     *Env
	changed []string
}

func newProcEnv(t *testing.T) *procEnv {
	t.Helper()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, "pk_09")
	fsys, err := corefs.Open(context.Background(), wh)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	e := &procEnv{wh: wh}
	e.env = &Env{FS: fsys, Changed: func(db, table string) { e.changed = append(e.changed, db+"."+table) }}
	return e
}

func procedure(t *testing.T, name string) Procedure {
	t.Helper()
	for _, p := range All() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no procedure %s", name)
	return Procedure{}
}

// call runs CALL sys.<name>(args...) as go-mysql-server does: every
// argument a string, "" for NULL.
func (e *procEnv) call(t *testing.T, name string, args ...string) ([]sql.Row, error) {
	t.Helper()
	run := procedure(t, name).Details(e.env).Function.(func(*sql.Context, ...string) (sql.RowIter, error))
	iter, err := run(sql.NewEmptyContext(), args...)
	if err != nil {
		return nil, err
	}
	return sql.RowIterToRows(sql.NewEmptyContext(), iter)
}

// named turns named arguments into the positional ones the server's binder
// hands a procedure: in parameter order, the missing ones NULL. An unknown
// name fails the test: the names are Java's, and users write them.
func named(t *testing.T, name string, args map[string]string) []string {
	t.Helper()
	p := procedure(t, name)
	out := make([]string, len(p.Params))
	for k, v := range args {
		i := slices.Index(p.Params, k)
		if i < 0 {
			t.Fatalf("sys.%s has no argument %q (it has %v)", name, k, p.Params)
		}
		out[i] = v
	}
	return out
}

// tree is every file of the warehouse with a hash of its content.
func (e *procEnv) tree(t *testing.T) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	err := filepath.WalkDir(e.wh, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		rel, _ := filepath.Rel(e.wh, path)
		out[rel] = [32]byte(h.Sum(nil))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// refused checks that the call fails with an error mentioning every word
// of want, and that it changed no file and told no cache.
func (e *procEnv) refused(t *testing.T, want []string, name string, args ...string) {
	t.Helper()
	before := e.tree(t)
	_, err := e.call(t, name, args...)
	if err == nil {
		t.Fatalf("CALL sys.%s(%q) succeeded, want an error mentioning %q", name, args, want)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("CALL sys.%s(%q): %v, want it to mention %q", name, args, err, w)
		}
	}
	after := e.tree(t)
	if len(after) != len(before) {
		t.Errorf("CALL sys.%s(%q) failed but the warehouse went from %d to %d files", name, args, len(before), len(after))
	}
	for p, h := range before {
		if after[p] != h {
			t.Errorf("CALL sys.%s(%q) failed but changed %s", name, args, p)
		}
	}
	if len(e.changed) != 0 {
		t.Errorf("CALL sys.%s(%q) failed but reported %v changed", name, args, e.changed)
	}
}

// Every procedure refuses more arguments than Java's, naming them.
func TestProcedureTooManyArguments(t *testing.T) {
	e := newProcEnv(t)
	for _, p := range All() {
		args := make([]string, len(p.Params)+1)
		args[0] = fixtureTable
		e.refused(t, []string{"sys." + p.Name, "at most", p.Params[len(p.Params)-1]}, p.Name, args...)
	}
}

// The table argument: required, 'db.table' or the current database's, and
// an unknown one is MySQL's 1146.
func TestProcedureTableArgument(t *testing.T) {
	e := newProcEnv(t)
	for _, p := range All() {
		e.refused(t, []string{"'table'", "required"}, p.Name)
		if p.Name == removeOrphanFiles.Name {
			continue // 'db.*' and plain names are its own; covered below
		}
		e.refused(t, []string{"no database is selected"}, p.Name, named(t, p.Name, map[string]string{"table": "pk_09"})...)
		e.refused(t, []string{"table not found", "pk_09.nosuch"}, p.Name, "pk_09.nosuch")
	}
	// go-mysql-server sends its table-not-found as MySQL's 1146.
	if _, err := e.call(t, "create_tag", "nosuch.t", "x"); !sql.ErrTableNotFound.Is(err) {
		t.Fatalf("unknown table: %v, want go-mysql-server's table not found", err)
	}
}

// A user without the procedure's privileges changes nothing.
func TestProcedureChecksPrivilegesFirst(t *testing.T) {
	e := newProcEnv(t)
	var asked [][]sql.PrivilegeType
	e.env.Allowed = func(_ *sql.Context, db, table string, privs ...sql.PrivilegeType) bool {
		asked = append(asked, privs)
		return false
	}
	e.refused(t, []string{"denied"}, "create_tag", fixtureTable, "t1")
	e.refused(t, []string{"denied"}, "delete_tag", fixtureTable, "t1")
	e.refused(t, []string{"denied"}, "expire_snapshots", fixtureTable, "1")
	e.refused(t, []string{"denied"}, "rollback_to", fixtureTable, "", "1")
	if len(asked) != 4 {
		t.Fatalf("the privilege check ran %d times, want 4", len(asked))
	}
}

func TestProcedureBadArgumentsChangeNothing(t *testing.T) {
	e := newProcEnv(t)
	cases := []struct {
		proc string
		args map[string]string
		want []string
	}{
		{"create_tag", map[string]string{"table": fixtureTable}, []string{"'tag'", "required"}},
		{"create_tag", map[string]string{"table": fixtureTable, "tag": "t", "snapshot_id": "two"}, []string{"'snapshot_id'", "'two'", "not an integer"}},
		{"create_tag", map[string]string{"table": fixtureTable, "tag": "t", "snapshot_id": "99"}, []string{"99"}},
		{"create_tag", map[string]string{"table": fixtureTable, "tag": "../t"}, []string{"../t"}},
		{"delete_tag", map[string]string{"table": fixtureTable}, []string{"'tag'", "required"}},
		{"delete_tag", map[string]string{"table": fixtureTable, "tag": "nosuch"}, []string{"nosuch", "tag does not exist"}},
		{"rollback_to", map[string]string{"table": fixtureTable}, []string{"give a 'tag' or a 'snapshot_id'"}},
		{"rollback_to", map[string]string{"table": fixtureTable, "tag": "t", "snapshot_id": "1"}, []string{"not both"}},
		{"rollback_to", map[string]string{"table": fixtureTable, "snapshot_id": "1.5"}, []string{"'snapshot_id'", "not an integer"}},
		{"rollback_to", map[string]string{"table": fixtureTable, "snapshot_id": "99"}, []string{"99", "does not exist"}},
		{"rollback_to", map[string]string{"table": fixtureTable, "tag": "nosuch"}, []string{"'nosuch' does not exist"}},
		{"reset_consumer", map[string]string{"table": fixtureTable}, []string{"'consumer_id'", "required"}},
		{"reset_consumer", map[string]string{"table": fixtureTable, "consumer_id": "c", "next_snapshot_id": "0"}, []string{"'next_snapshot_id'", "at least 1"}},
		{"reset_consumer", map[string]string{"table": fixtureTable, "consumer_id": "c", "next_snapshot_id": "x"}, []string{"'next_snapshot_id'", "not an integer"}},
		{"reset_consumer", map[string]string{"table": fixtureTable, "consumer_id": "nosuch"}, []string{"consumer 'nosuch' does not exist"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "retain_max": "0"}, []string{"'retain_max'", "between 1 and"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "retain_min": "-1"}, []string{"'retain_min'", "between 1 and"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "max_deletes": "many"}, []string{"'max_deletes'", "not an integer"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "retain_max": "2", "retain_min": "3"}, []string{"retain_max (2)", "retain_min (3)"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "older_than": "yesterday"}, []string{"'older_than'", "yesterday"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "dry_run": "maybe"}, []string{"'dry_run'", "maybe"}},
		{"expire_snapshots", map[string]string{"table": fixtureTable, "options": "novalue"}, []string{"'options'"}},
		{"compact", map[string]string{"table": fixtureTable, "order_strategy": "zorder", "order_by": "k"}, []string{"'order_strategy'", "sort compaction"}},
		{"compact", map[string]string{"table": fixtureTable, "where": "k > 1"}, []string{"'where'", "'partitions'"}},
		{"compact", map[string]string{"table": fixtureTable, "partition_idle_time": "1 d"}, []string{"'partition_idle_time'", "streaming"}},
		{"compact", map[string]string{"table": fixtureTable, "compact_strategy": "major"}, []string{"'compact_strategy'", "'major'"}},
		{"compact", map[string]string{"table": fixtureTable, "partitions": "novalue"}, []string{"'partitions'"}},
		{"compact", map[string]string{"table": fixtureTable, "options": "bucket=oops"}, []string{"'options'"}},
		{"alter_table_options", map[string]string{"table": fixtureTable, "options": `[["a","b"]]`}, []string{"'action'", "required"}},
		{"alter_table_options", map[string]string{"table": fixtureTable, "action": "set"}, []string{"'options'", "required"}},
		{"alter_table_options", map[string]string{"table": fixtureTable, "action": "drop", "options": `["a"]`}, []string{"'set' or 'reset'", "'drop'"}},
		{"alter_table_options", map[string]string{"table": fixtureTable, "action": "set", "options": "a=b"}, []string{"SET"}},
		{"remove_orphan_files", map[string]string{"table": fixtureTable, "older_than": "2999-01-01 00:00:00"}, []string{"'older_than'", "before now"}},
		{"remove_orphan_files", map[string]string{"table": fixtureTable, "dry_run": "perhaps"}, []string{"'dry_run'", "perhaps"}},
		{"remove_orphan_files", map[string]string{"table": fixtureTable, "parallelism": "0"}, []string{"'parallelism'", "between 1 and 1024"}},
		{"remove_orphan_files", map[string]string{"table": fixtureTable, "mode": "spark"}, []string{"'mode'", "unknown mode"}},
		{"remove_orphan_files", map[string]string{"table": fixtureTable, "mode": "cluster"}, []string{"'mode'", "unknown mode"}},
	}
	for _, c := range cases {
		// Named, as the server binds `name => value`, and the same call by
		// position without trailing NULLs.
		args := named(t, c.proc, c.args)
		e.refused(t, c.want, c.proc, args...)
		for len(args) > 1 && args[len(args)-1] == "" {
			args = args[:len(args)-1]
		}
		e.refused(t, c.want, c.proc, args...)
	}
}

// Good arguments do what they say, by position and by name alike: the
// checks above are not refusing everything.
func TestProcedureArgumentsPositionalAndNamed(t *testing.T) {
	e := newProcEnv(t)
	tagFile := func(name string) string {
		return filepath.Join(e.wh, "pk_09.db", "pk_09", "tag", "tag-"+name)
	}
	if _, err := e.call(t, "create_tag", fixtureTable, "by_position", "3"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.call(t, "create_tag", named(t, "create_tag", map[string]string{"snapshot_id": "3", "tag": "by_name", "table": fixtureTable})...); err != nil {
		t.Fatal(err)
	}
	a, errA := os.ReadFile(tagFile("by_position"))
	b, errB := os.ReadFile(tagFile("by_name"))
	if errA != nil || errB != nil || string(a) != string(b) || !strings.Contains(string(a), `"id" : 3`) {
		t.Fatalf("tags by position and by name differ or miss snapshot 3:\n%s (%v)\n%s (%v)", a, errA, b, errB)
	}
	if !slices.Equal(e.changed, []string{"pk_09.pk_09", "pk_09.pk_09"}) {
		t.Fatalf("changed %v, want the table twice", e.changed)
	}
	// Whitespace around a value is not part of it.
	if _, err := e.call(t, "delete_tag", " "+fixtureTable+" ", " by_position "); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tagFile("by_position")); !os.IsNotExist(err) {
		t.Fatalf("tag by_position still there: %v", err)
	}
}

func TestParseExpireArgs(t *testing.T) {
	loc := time.FixedZone("UTC+2", 2*3600)
	req, err := ParseExpireArgs(ExpireArgs("5", "2", "2025-01-02 03:04:05.678", "10", "snapshot.num-retained.max=7", "TRUE"), loc)
	if err != nil {
		t.Fatal(err)
	}
	o := req.Overrides
	if o.RetainMax == nil || *o.RetainMax != 5 || o.RetainMin == nil || *o.RetainMin != 2 || o.MaxDeletes == nil || *o.MaxDeletes != 10 {
		t.Fatalf("retain/max_deletes parsed as %+v", o)
	}
	if want := time.Date(2025, 1, 2, 1, 4, 5, 678e6, time.UTC); o.OlderThan == nil || !o.OlderThan.Equal(want) {
		t.Fatalf("older_than = %v, want %v (read in the session zone)", o.OlderThan, want)
	}
	if o.Options["snapshot.num-retained.max"] != "7" || !req.DryRun {
		t.Fatalf("options %v, dry_run %v", o.Options, req.DryRun)
	}
	// Epoch milliseconds, and nothing given means nothing overridden.
	req, err = ParseExpireArgs(ExpireArgs("", "", "1735786800000"), loc)
	if err != nil {
		t.Fatal(err)
	}
	if req.Overrides.RetainMax != nil || req.Overrides.OlderThan == nil || req.Overrides.OlderThan.UnixMilli() != 1735786800000 || req.DryRun {
		t.Fatalf("parsed %+v", req)
	}
}

func TestParseOrphanArgs(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	req, err := ParseOrphanArgs(OrphanArgs(), time.UTC, now)
	if err != nil {
		t.Fatal(err)
	}
	if !req.OlderThan.Equal(now.Add(-24*time.Hour)) || req.DryRun || req.Parallelism != 0 {
		t.Fatalf("defaults %+v, want older_than a day before now", req)
	}
	req, err = ParseOrphanArgs(OrphanArgs("2025-12-31 00:00:00", "true", "8", "LOCAL"), time.UTC, now)
	if err != nil {
		t.Fatal(err)
	}
	if !req.OlderThan.Equal(time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)) || !req.DryRun || req.Parallelism != 8 {
		t.Fatalf("parsed %+v", req)
	}
	if _, err := ParseOrphanArgs(OrphanArgs(now.Format("2006-01-02 15:04:05")), time.UTC, now); err == nil {
		t.Fatal("older_than = now accepted: files being written would be orphans")
	}
}

func TestParseCompactArgs(t *testing.T) {
	p := procedure(t, "compact")
	o, err := parseCompactArgs(Args{proc: p.Name, names: p.Params, values: []string{fixtureTable, "dt=1,hr=2;dt=3", "", "", "target-file-size=1mb", "", "", "Minor"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Partitions) != 2 || o.Partitions[0]["hr"] != "2" || o.Partitions[1]["dt"] != "3" {
		t.Fatalf("partitions %v", o.Partitions)
	}
	if o.Dynamic["target-file-size"] != "1mb" || o.Strategy != "minor" {
		t.Fatalf("options %v, strategy %q", o.Dynamic, o.Strategy)
	}
	// A Paimon option a compaction does not use is refused, not ignored.
	if _, err := parseCompactArgs(Args{proc: p.Name, names: p.Params, values: []string{fixtureTable, "", "", "", "write-buffer-size=1mb"}}); err == nil {
		t.Fatal("write-buffer-size accepted")
	}
}
