package snapshot

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	pfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

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
	if want, _ := spec.MarshalSnapshot(snap); !bytes.Equal(data, want) {
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
	if err != nil || len(all) != 1 || !reflect.DeepEqual(all[0], spec.Consumer{ID: "job1", NextSnapshot: 6}) {
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
		data, _ := spec.MarshalSnapshot(s)
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
		if want, _ := spec.MarshalSnapshot(s2); !bytes.Equal(data, want) {
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
