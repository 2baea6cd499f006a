package snapshot

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	pfs "github.com/paimon-sql/paimon-sql/core/fs"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

const fixtures = "../../testdata/java-written"

// copyTable copies one fixture table into a fresh warehouse.
func copyTable(t *testing.T, table string) (*pfs.FS, string, string) {
	t.Helper()
	dir := t.TempDir()
	rel := table + ".db/" + table
	testfixture.CopyTable(t, dir, table)
	fsys, err := pfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return fsys, rel, filepath.Join(dir, rel)
}

// Our form of every Java-written snapshot parses back to the same snapshot,
// and its bytes are the file's minus the two lines Java 1.4.2 no longer
// writes (all fixtures were written by Java <= 1.3).
func TestMarshalFixtureSnapshots(t *testing.T) {
	files, _ := filepath.Glob(fixtures + "/*/*/snapshot/snapshot-*")
	branches, _ := filepath.Glob(fixtures + "/*/*/branch/*/snapshot/snapshot-*")
	files = append(files, branches...)
	if len(files) < 40 {
		t.Fatalf("only %d fixture snapshots", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(got)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, back) {
			t.Errorf("%s: re-parsed %+v, want %+v", f, back, s)
		}
		want := strings.ReplaceAll(string(data), "  \"changelogManifestList\" : null,\n", "")
		want = strings.ReplaceAll(want, "  \"logOffsets\" : { },\n", "")
		if string(got) != want {
			t.Errorf("%s:\n got %s\nwant %s", f, got, want)
		}
	}
}

// The 1.4.2 form as docs/design/format.md §3 describes it: no changelog list and no
// changelog record count without changelog, nextRowId last.
func TestMarshalJava142Form(t *testing.T) {
	size, total, delta, next := int64(990), int64(10), int64(-2), int64(0)
	idx := "index-manifest-1"
	got, err := Marshal(&Snapshot{
		Version: 3, ID: 4, SchemaID: 0, BaseManifestList: "manifest-list-a-6", BaseManifestListSize: &size,
		DeltaManifestList: "manifest-list-a-7", DeltaManifestListSize: &size, IndexManifest: &idx,
		CommitUser: "u", CommitIdentifier: 2, CommitKind: KindCompact, TimeMillis: 1756116573267,
		TotalRecordCount: &total, DeltaRecordCount: &delta, NextRowID: &next,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version" : 3,
  "id" : 4,
  "schemaId" : 0,
  "baseManifestList" : "manifest-list-a-6",
  "baseManifestListSize" : 990,
  "deltaManifestList" : "manifest-list-a-7",
  "deltaManifestListSize" : 990,
  "indexManifest" : "index-manifest-1",
  "commitUser" : "u",
  "commitIdentifier" : 2,
  "commitKind" : "COMPACT",
  "timeMillis" : 1756116573267,
  "totalRecordCount" : 10,
  "deltaRecordCount" : -2,
  "nextRowId" : 0
}`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestHints(t *testing.T) {
	ctx := context.Background()
	fsys, root, _ := copyTable(t, "pk_09")
	m := NewManager(fsys, root)
	if err := m.WriteLatestHint(ctx, 7); err != nil {
		t.Fatal(err)
	}
	if err := m.WriteEarliestHint(ctx, 2); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{Latest: "7", Earliest: "2"} {
		data, err := fsys.ReadFile(ctx, root+"/snapshot/"+name)
		if err != nil || string(data) != want {
			t.Fatalf("%s = %q %v", name, data, err)
		}
	}
}

// Jackson's forms of TagTest's expected values.
func TestTagTimeForms(t *testing.T) {
	arr := localDateTimeArray(time.Date(1969, 1, 1, 0, 0, 0, 123456789, time.UTC))
	if !reflect.DeepEqual(arr, []int{1969, 1, 1, 0, 0, 0, 123456789}) {
		t.Fatalf("%v", arr)
	}
	if arr := localDateTimeArray(time.Date(2024, 1, 2, 3, 4, 0, 0, time.UTC)); !reflect.DeepEqual(arr, []int{2024, 1, 2, 3, 4}) {
		t.Fatalf("%v", arr)
	}
	for d, want := range map[time.Duration]string{5 * time.Second: "5.000000000", 24 * time.Hour: "86400.000000000",
		1500 * time.Millisecond: "1.500000000", 0: "0.0"} {
		if got := durationSeconds(d); got != want {
			t.Errorf("%v: %s, want %s", d, got, want)
		}
	}
}

func TestTagCreateGetDelete(t *testing.T) {
	ctx := context.Background()
	fsys, root, _ := copyTable(t, "pk_09")
	snaps := NewManager(fsys, root)
	tags := NewTagManager(fsys, root)
	snap, err := snaps.Snapshot(ctx, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := tags.Create(ctx, "plain", snap, nil); err != nil {
		t.Fatal(err)
	}
	data, err := fsys.ReadFile(ctx, tags.Path("plain"))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := Marshal(snap); !bytes.Equal(data, want) {
		t.Fatalf("tag without retention is not the snapshot JSON:\n%s", data)
	}
	day := 24 * time.Hour
	before := time.Now()
	if err := tags.Create(ctx, "kept", snap, &day); err != nil {
		t.Fatal(err)
	}
	got, err := tags.Get(ctx, "kept")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != 5 || got.TimeRetained == nil || *got.TimeRetained != day || got.CreateTime == nil {
		t.Fatalf("tag %+v", got)
	}
	// CreateTime is the local wall clock, read back as a UTC wall time.
	local := time.Date(got.CreateTime.Year(), got.CreateTime.Month(), got.CreateTime.Day(), got.CreateTime.Hour(),
		got.CreateTime.Minute(), got.CreateTime.Second(), got.CreateTime.Nanosecond(), time.Local)
	if d := local.Sub(before); d < -time.Second || d > time.Minute {
		t.Fatalf("create time %v, now %v", local, before)
	}
	data, _ = fsys.ReadFile(ctx, tags.Path("kept"))
	if !strings.HasSuffix(string(data), ",\n  \"tagTimeRetained\" : 86400.000000000\n}") || !strings.Contains(string(data), "\"tagCreateTime\" : [ ") {
		t.Fatalf("tag file:\n%s", data)
	}

	if err := tags.Create(ctx, "kept", snap, nil); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("duplicate tag: %v", err)
	}
	if err := tags.Create(ctx, "  ", snap, nil); err == nil {
		t.Fatal("blank tag name accepted")
	}
	if err := tags.Delete(ctx, "kept"); err != nil {
		t.Fatal(err)
	}
	if _, err := tags.Get(ctx, "kept"); !errors.Is(err, ErrNoTag) {
		t.Fatalf("deleted tag: %v", err)
	}
	if err := tags.Delete(ctx, "kept"); err != nil {
		t.Fatalf("deleting a missing tag: %v", err)
	}
	names, _ := tags.Names(ctx)
	if !reflect.DeepEqual(names, []string{"plain"}) {
		t.Fatalf("tags %v", names)
	}
}

func TestConsumerResetDelete(t *testing.T) {
	ctx := context.Background()
	fsys, root, _ := copyTable(t, "pk_09")
	c := NewConsumerManager(fsys, root)
	if err := c.Reset(ctx, "job1", 5); err != nil {
		t.Fatal(err)
	}
	if err := c.Reset(ctx, "job1", 6); err != nil {
		t.Fatal(err)
	}
	data, err := fsys.ReadFile(ctx, c.Path("job1"))
	if err != nil || string(data) != "{\n  \"nextSnapshot\" : 6\n}" {
		t.Fatalf("%q %v", data, err)
	}
	all, err := c.All(ctx)
	if err != nil || len(all) != 1 || all[0] != (Consumer{ID: "job1", NextSnapshot: 6}) {
		t.Fatalf("%v %v", all, err)
	}
	if err := c.Delete(ctx, "job1"); err != nil {
		t.Fatal(err)
	}
	if all, _ := c.All(ctx); len(all) != 0 {
		t.Fatalf("after delete %v", all)
	}
	if err := c.Delete(ctx, "job1"); err != nil {
		t.Fatal(err)
	}
}

// dataFiles lists the files outside the metadata directories.
func dataFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		top := strings.Split(rel, string(filepath.Separator))[0]
		if !d.IsDir() && top != "snapshot" && top != "tag" && top != "changelog" && top != "consumer" {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRollbackToSnapshot(t *testing.T) {
	ctx := context.Background()
	fsys, root, dir := copyTable(t, "pk_09")
	m := NewManager(fsys, root)
	tags := NewTagManager(fsys, root)
	for name, id := range map[string]int64{"early": 2, "late": 6, "at": 4} {
		s, err := m.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := tags.Create(ctx, name, s, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Long-lived changelogs 3..7, as expiration would have moved them.
	for id := int64(3); id <= 7; id++ {
		s, _ := m.Snapshot(ctx, id)
		data, _ := Marshal(s)
		if err := fsys.Write(ctx, root+"/changelog/changelog-"+strconv.FormatInt(id, 10), data); err != nil {
			t.Fatal(err)
		}
	}
	before := dataFiles(t, dir)

	if err := m.Rollback(ctx, 4); err != nil {
		t.Fatal(err)
	}
	ids, _ := m.IDs(ctx)
	if !reflect.DeepEqual(ids, []int64{1, 2, 3, 4}) {
		t.Fatalf("snapshots %v", ids)
	}
	if latest, _, _ := m.LatestID(ctx); latest != 4 {
		t.Fatalf("latest %d", latest)
	}
	if hint, _ := fsys.ReadFile(ctx, root+"/snapshot/LATEST"); string(hint) != "4" {
		t.Fatalf("LATEST %q", hint)
	}
	names, _ := tags.Names(ctx)
	if !reflect.DeepEqual(names, []string{"at", "early"}) {
		t.Fatalf("tags %v", names)
	}
	entries, _ := fsys.List(ctx, root+"/changelog")
	var left []string
	for _, e := range entries {
		left = append(left, e.Name)
	}
	if !reflect.DeepEqual(left, []string{"LATEST", "changelog-3", "changelog-4"}) {
		t.Fatalf("changelog dir %v", left)
	}
	if hint, _ := fsys.ReadFile(ctx, root+"/changelog/LATEST"); string(hint) != "4" {
		t.Fatalf("changelog LATEST %q", hint)
	}
	if after := dataFiles(t, dir); !reflect.DeepEqual(after, before) {
		t.Fatalf("rollback touched data or manifest files")
	}
	if err := m.Rollback(ctx, 7); err == nil {
		t.Fatal("rollback to a deleted snapshot without tag succeeded")
	}
}

// Rolling back to a tag whose snapshot expired re-creates the snapshot from
// the tag, whether asked by tag name or by snapshot id.
func TestRollbackToExpiredTag(t *testing.T) {
	for _, byID := range []bool{false, true} {
		ctx := context.Background()
		fsys, root, _ := copyTable(t, "pk_09")
		m := NewManager(fsys, root)
		tags := NewTagManager(fsys, root)
		s2, err := m.Snapshot(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		week := 7 * 24 * time.Hour
		if err := tags.Create(ctx, "old", s2, &week); err != nil {
			t.Fatal(err)
		}
		for id := int64(1); id <= 3; id++ { // expire snapshots 1..3
			if err := fsys.Delete(ctx, m.Path(id)); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.WriteEarliestHint(ctx, 4); err != nil {
			t.Fatal(err)
		}
		m = NewManager(fsys, root) // forget cached snapshots
		if byID {
			err = m.Rollback(ctx, 2)
		} else {
			err = m.RollbackToTag(ctx, "old")
		}
		if err != nil {
			t.Fatal(err)
		}
		ids, _ := m.IDs(ctx)
		if !reflect.DeepEqual(ids, []int64{2}) {
			t.Fatalf("snapshots %v", ids)
		}
		data, _ := fsys.ReadFile(ctx, m.Path(2))
		if want, _ := Marshal(s2); !bytes.Equal(data, want) {
			t.Fatalf("re-created snapshot:\n%s", data)
		}
		for name, want := range map[string]string{Latest: "2", Earliest: "2"} {
			if hint, _ := fsys.ReadFile(ctx, root+"/snapshot/"+name); string(hint) != want {
				t.Fatalf("%s %q", name, hint)
			}
		}
		if _, err := tags.Get(ctx, "old"); err != nil {
			t.Fatalf("the tag rolled back to is gone: %v", err)
		}
	}
	fsys, root, _ := copyTable(t, "pk_09")
	if err := NewManager(fsys, root).RollbackToTag(context.Background(), "nope"); !errors.Is(err, ErrNoTag) {
		t.Fatalf("missing tag: %v", err)
	}
}
