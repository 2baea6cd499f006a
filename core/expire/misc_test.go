package expire

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// copyData copies a committed data file of bucket 0 to dir/name and returns
// its entry renamed.
func (e *env) copyData(en spec.ManifestEntry, dir, name string) spec.ManifestEntry {
	e.t.Helper()
	src := filepath.Join(e.wh, "t.db", "t", "bucket-0", en.File.FileName)
	data, err := os.ReadFile(src)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		e.t.Fatal(err)
	}
	en.File.FileName = name
	return en
}

// Catches: changelog files (and changelog manifests) of expired snapshots
// left behind, or those of the end snapshot deleted. With changelog
// deletion disabled (checked by hand: planChangelogFiles skipped) this test
// fails.
func TestChangelogFilesFollowSnapshots(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", []string{"id"}, nil, map[string]string{"bucket": "1", "changelog-producer": "input"})
	var changelogs []string
	for i := range 3 {
		tbl := e.open("t")
		sch, _ := tbl.LatestSchema(e.ctx)
		base, _ := tbl.Snapshots.Latest(e.ctx)
		w, err := write.NewTableWriter(tbl, sch, base)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(e.ctx, 0, row(int64(i), 0, "v")); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(e.ctx); err != nil {
			t.Fatal(err)
		}
		files := w.Entries()
		// The input producer wrote the changelog file of the record.
		if len(w.Changelog()) != 1 {
			t.Fatalf("%d changelog files written, want 1", len(w.Changelog()))
		}
		cl := w.Changelog()[0]
		changelogs = append(changelogs, "t.db/t/bucket-0/"+cl.File.FileName)
		e.commit("t", commit.Request{Append: commit.Changes{Files: files, Changelog: w.Changelog()}})
	}
	if snap(e, 1).ChangelogManifestList == nil {
		t.Fatal("no changelog committed")
	}
	rows := e.allRows("t")
	res := e.expire("t", keepLast(1), false)
	if res.Deleted[KindChangelog].Files != 2 {
		t.Fatalf("result %+v", res)
	}
	e.mustExist(map[string]bool{changelogs[0]: false, changelogs[1]: false, changelogs[2]: true})
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
}

// Catches: a data file at an external path (and its extra file beside it)
// looked for in the table directory, so that it stays forever. With
// external-path handling disabled (checked by hand: dataFile ignoring
// ExternalPath) this test fails.
func TestExternalPathsDeletedWhereTheyAre(t *testing.T) {
	e := appendTable(t, 1)
	ext := t.TempDir()
	f := e.deltaEntries(e.open("t"), snap(e, 1))[0]
	out := e.copyData(f, ext, "data-external-0.parquet")
	abs := filepath.ToSlash(filepath.Join(ext, out.File.FileName))
	uri := "file:" + abs
	out.File.ExternalPath = &uri
	out.File.ExtraFiles = []string{out.File.FileName + ".index"}
	if err := os.WriteFile(abs+".index", []byte("idx"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.commit("t", commit.Request{Append: commit.Changes{Files: []spec.ManifestEntry{out}}})
	e.write("t", [][]any{row(5, 0, "w")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	e.write("t", [][]any{row(6, 0, "x")}, nil)
	res := e.expire("t", keepLast(1), false)
	if _, err := os.Stat(abs); !os.IsNotExist(err) {
		t.Fatalf("external file left: %v (result %+v)", err, res)
	}
	if _, err := os.Stat(abs + ".index"); !os.IsNotExist(err) {
		t.Fatalf("its extra file left: %v", err)
	}
	if res.Deleted[KindData].Files != 3 || res.Failed != 0 {
		t.Fatalf("result %+v", res)
	}
	e.checkFiles("t", nil)
}

// analyze commits an ANALYZE snapshot with a new statistics file, as Java's
// ANALYZE does: the base list holds the previous base and delta manifests.
func (e *env) analyze(name, stat string) {
	e.t.Helper()
	tbl := e.open(name)
	latest, err := tbl.Snapshots.Latest(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	body := fmt.Sprintf(`{"snapshotId":%d,"schemaId":%d,"colStats":{}}`, latest.ID, latest.SchemaID)
	if err := e.fsys.Write(e.ctx, tbl.StatisticsPath(stat), []byte(body)); err != nil {
		e.t.Fatal(err)
	}
	var metas []spec.ManifestFileMeta
	for _, l := range []string{latest.BaseManifestList, latest.DeltaManifestList} {
		m, err := scan.ReadManifestList(e.ctx, tbl, l)
		if err != nil {
			e.t.Fatal(err)
		}
		metas = append(metas, m...)
	}
	s := *latest
	s.ID++
	s.CommitKind, s.Statistics, s.TimeMillis = spec.KindAnalyze, &stat, time.Now().UnixMilli()
	s.ChangelogManifestList, s.ChangelogManifestListSize = nil, nil
	for i, list := range [][]spec.ManifestFileMeta{metas, nil} {
		var buf bytes.Buffer
		if err := manifest.WriteManifestList(&buf, list); err != nil {
			e.t.Fatal(err)
		}
		n := fmt.Sprintf("manifest-list-analyze-%d-%d", s.ID, i)
		if err := e.fsys.Write(e.ctx, tbl.ManifestPath(n), buf.Bytes()); err != nil {
			e.t.Fatal(err)
		}
		size := int64(buf.Len())
		if i == 0 {
			s.BaseManifestList, s.BaseManifestListSize = n, &size
		} else {
			s.DeltaManifestList, s.DeltaManifestListSize = n, &size
		}
	}
	data, err := spec.MarshalSnapshot(&s)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.fsys.CreateExclusive(e.ctx, tbl.Snapshots.Path(s.ID), data); err != nil {
		e.t.Fatal(err)
	}
	if err := tbl.Snapshots.WriteLatestHint(e.ctx, s.ID); err != nil {
		e.t.Fatal(err)
	}
}

// Catches: a statistics file deleted while the end snapshot inherits it, or
// one no snapshot uses any more left behind.
func TestStatisticsFiles(t *testing.T) {
	e := appendTable(t, 1)
	e.analyze("t", "stat-a-0")                 // s2
	e.write("t", [][]any{row(1, 0, "b")}, nil) // s3 inherits stat-a
	e.analyze("t", "stat-b-0")                 // s4
	e.write("t", [][]any{row(2, 0, "c")}, nil) // s5 inherits stat-b
	if s := snap(e, 5); s.Statistics == nil || *s.Statistics != "stat-b-0" {
		t.Fatalf("snapshot 5 statistics %v", s.Statistics)
	}
	e.expire("t", Overrides{RetainMax: intp(3), RetainMin: intp(1)}, false) // keeps 3..5
	e.mustExist(map[string]bool{"t.db/t/statistics/stat-a-0": true})
	e.checkFiles("t", nil)
	res := e.expire("t", keepLast(1), false)
	if res.Deleted[KindStatistics].Files != 1 {
		t.Fatalf("result %+v", res)
	}
	e.mustExist(map[string]bool{"t.db/t/statistics/stat-a-0": false, "t.db/t/statistics/stat-b-0": true})
	e.checkFiles("t", nil)
}

// Catches: a dry run that deletes or writes anything, or that reports
// something else than what the real run then deletes.
func TestDryRunReportsExactlyWhatARunDeletes(t *testing.T) {
	e, _ := overwriteChain(t)
	e.tag("t", "t2", 2)
	e.write("t", [][]any{row(9, 0, "E")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	before := e.onDisk("t")
	ids := e.snapshotIDs("t")
	hint := e.hint("t")
	dry := e.expire("t", keepLast(1), true)
	if !slices.Equal(e.snapshotIDs("t"), ids) || e.hint("t") != hint || len(e.onDisk("t")) != len(before) {
		t.Fatal("the dry run changed the table")
	}
	real := e.expire("t", keepLast(1), false)
	var gone []string
	for p := range before {
		if !e.exists(p) {
			gone = append(gone, p)
		}
	}
	for _, id := range ids {
		if p := fmt.Sprintf("t.db/t/snapshot/snapshot-%d", id); !e.exists(p) {
			gone = append(gone, p)
		}
	}
	var planned []string
	for _, d := range dry.Paths {
		planned = append(planned, d.Path)
	}
	sort.Strings(gone)
	sort.Strings(planned)
	if !slices.Equal(gone, planned) {
		t.Fatalf("dry run planned\n%v\nthe run deleted\n%v", planned, gone)
	}
	if dry.Deleted != real.Deleted || dry.Expired != real.Expired || len(real.Paths) != 0 {
		t.Fatalf("dry %+v\nreal %+v", dry, real)
	}
	e.checkFiles("t", nil)
}

// Catches: a branch expired against main's snapshots or hints, or main's
// files taken by a branch run. The branch's own snapshot directory drives it.
func TestBranchExpiresOnItsOwn(t *testing.T) {
	const name = "append_table_with_append_pt_branch"
	e := copyFixture(t, name)
	br := e.openBranch(name, "test")
	branchSnaps, err := br.Snapshots.All(e.ctx)
	if err != nil || len(branchSnaps) != 2 {
		t.Fatalf("branch snapshots %v %v", branchSnaps, err)
	}
	latest := branchSnaps[1]
	want := e.rows(br, latest)
	mainIDs := e.snapshotIDs(name)
	orphans := e.orphans(name)
	cfg, _ := NewConfig(nil, keepLast(1))
	res, err := Expire(e.ctx, br, cfg, false)
	if err != nil || res.Expired != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	br = e.openBranch(name, "test")
	if ids, _ := br.Snapshots.IDs(e.ctx); !slices.Equal(ids, []int64{latest.ID}) {
		t.Fatalf("branch snapshots %v", ids)
	}
	if !slices.Equal(e.snapshotIDs(name), mainIDs) {
		t.Fatal("main's snapshots changed")
	}
	hint, _ := os.ReadFile(filepath.Join(e.wh, name+".db", name, "branch", "branch-test", "snapshot", "EARLIEST"))
	if string(hint) != strconv.FormatInt(latest.ID, 10) {
		t.Fatalf("branch EARLIEST %s", hint)
	}
	if got := e.rows(br, latest); !slices.Equal(got, want) {
		t.Fatalf("branch reads %v, want %v", got, want)
	}
	e.checkFiles(name, orphans)
}

// Catches: snapshot.clean-empty-directories ignored, or removing a
// directory that still holds files.
func TestCleanEmptyDirectories(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", nil, []string{"pt"}, map[string]string{"snapshot.clean-empty-directories": "true"})
	e.write("t", [][]any{row(1, 1, "a"), row(2, 2, "b")}, nil)
	e.write("t", [][]any{row(3, 2, "c")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	e.write("t", [][]any{row(4, 2, "d")}, nil)
	var phases []Progress
	tbl := e.open("t")
	opts, _ := tbl.Options(e.ctx)
	cfg, err := NewConfig(opts, keepLast(1))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Progress = func(p Progress) { phases = append(phases, p) }
	if _, err := Expire(e.ctx, tbl, cfg, false); err != nil {
		t.Fatal(err)
	}
	if e.exists("t.db/t/pt=1") || !e.exists("t.db/t/pt=2/bucket-0") {
		t.Fatalf("pt=1 exists=%v, pt=2 exists=%v", e.exists("t.db/t/pt=1"), e.exists("t.db/t/pt=2/bucket-0"))
	}
	// Snapshot files go first (crash safety), then the files in Java's order.
	if len(phases) < 3 || phases[1] != (Progress{PhaseSnapshots, 2, 2}) || phases[2].Phase != PhaseData || phases[len(phases)-1].Phase != PhaseMetadata {
		t.Fatalf("progress %v", phases)
	}
	e.checkFiles("t", nil)
}
