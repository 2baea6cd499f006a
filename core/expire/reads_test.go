package expire

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Catches (issue 25, the maintenance soak's "file does not exist"):
// expiration that deletes the files of a snapshot a read under way uses,
// in this process or another; a read that keeps holding snapshots after
// it ended; a dead process's marker that holds them for ever; and a read
// of one branch holding back another.
func TestReadsUnderWayKeepTheirSnapshots(t *testing.T) {
	e := newEnv(t)
	e.createTable("r", nil, nil, nil)
	for i := range 3 {
		e.write("r", [][]any{row(int64(i), 0, "a")}, nil)
	}
	reader := e.open("r")
	rd := reader.BeginRead(e.ctx, 0) // plans on the latest: 3
	planned, err := reader.Snapshots.Latest(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	rd.Planned(planned.ID)
	want := e.rows(reader, planned)
	// The next snapshots replace every file of snapshot 3.
	e.write("r", [][]any{row(3, 0, "b")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	for i := 4; i < 6; i++ {
		e.write("r", [][]any{row(int64(i), 0, "b")}, nil)
	}
	res := e.expire("r", keepLast(1), false)
	if got := e.snapshotIDs("r"); !slices.Equal(got, []int64{3, 4, 5, 6}) || res.HeldByRead != 3 {
		t.Fatalf("expiration during a read of snapshot 3 left %v (held by read: %d), want 3 to 6", got, res.HeldByRead)
	}
	if got := e.rows(reader, planned); !slices.Equal(got, want) {
		t.Fatalf("the read of snapshot 3 after expiration: %v, want %v", got, want)
	}

	// A time-travel read of an older snapshot lowers what is held; a read
	// of another branch holds nothing of this one.
	pinned := reader.BeginRead(e.ctx, 2)
	if got := e.expire("r", keepLast(1), false); got.Expired != 0 {
		t.Fatalf("a read of snapshot 2 (expired already) let %d more expire", got.Expired)
	}
	pinned.End()
	other := *reader
	other.Branch = "b1"
	elsewhere := other.BeginRead(e.ctx, 1)
	defer elsewhere.End()

	rd.End()
	rd.End()
	if got := e.expire("r", keepLast(1), false); got.Expired != 3 || got.HeldByRead != 0 {
		t.Fatalf("after the read ended, expiration expired %d (held by read: %d), want 3", got.Expired, got.HeldByRead)
	}

	// A dead process's marker (not renewed for the lease) holds nothing
	// and is deleted; a live one from another process holds its snapshot.
	dir := filepath.Join(e.wh, "r.db", "r", table.ReadingDir)
	dead := filepath.Join(dir, "00000000000000ff-1")
	live := filepath.Join(dir, "00000000000000ee-1")
	for _, p := range []string{dead, live} {
		if err := os.WriteFile(p, []byte(`{"branch": "main", "snapshot": 7}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-table.InFlightLease - time.Second)
	if err := os.Chtimes(dead, old, old); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		e.write("r", [][]any{row(int64(10+i), 0, "c")}, nil)
	}
	if got := e.expire("r", keepLast(1), false); got.Expired != 1 || got.HeldByRead != 7 {
		t.Fatalf("with a live marker at 7: expired %d (held by read %d), want 1 (6) and 7 held", got.Expired, got.HeldByRead)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the dead marker stays: %v", err)
	}
	// One that cannot be parsed holds everything until its lease ends.
	if err := os.WriteFile(live, []byte(`{"snap`), 0o644); err != nil {
		t.Fatal(err)
	}
	e.write("r", [][]any{row(20, 0, "d")}, nil)
	if got := e.expire("r", keepLast(1), false); got.Expired != 0 {
		t.Fatalf("an unreadable marker let %d snapshots expire", got.Expired)
	}
}

// Catches (issue 25, read markers): a time-travel read of
// a snapshot that an expiration under way, which read the markers before
// the read wrote its marker, is expiring. The read that still finds its
// snapshot after writing its marker keeps every file it needs (expiration
// reads the markers again before deleting files); one that finds it gone
// fails with ErrNoSnapshot instead of reading files deleted under it.
func TestTimeTravelReadDuringExpiryKeepsItsFiles(t *testing.T) {
	e := newEnv(t)
	e.createTable("r", nil, nil, nil)
	for i := range 3 {
		e.write("r", [][]any{row(int64(i), 0, "a")}, nil)
	}
	// Snapshot 4 replaces every file of 3; 5 and 6 add rows.
	e.write("r", [][]any{row(3, 0, "b")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	for i := 4; i < 6; i++ {
		e.write("r", [][]any{row(int64(i), 0, "b")}, nil)
	}
	reader := e.open("r")
	snap3, err := reader.Snapshots.Snapshot(e.ctx, 3) // AS OF 3, resolved before the read starts
	if err != nil {
		t.Fatal(err)
	}
	want := e.rows(reader, snap3)

	tbl := e.open("r")
	opts, err := tbl.Options(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := NewConfig(opts, keepLast(1))
	if err != nil {
		t.Fatal(err)
	}
	var started, late *table.Read
	var startErr, lateErr error
	cfg.Progress = func(p Progress) {
		if p.Phase != PhaseSnapshots {
			return
		}
		switch p.Done {
		case 1: // snapshot 1 deleted: a read of it starts too late
			late, lateErr = reader.ReadOf(e.ctx, 1)
		case 2: // snapshot 2 deleted, 3 not yet: the read of 3 starts
			started, startErr = reader.ReadOf(e.ctx, 3)
		}
	}
	res, err := Expire(e.ctx, tbl, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if started != nil {
		defer started.End()
	}
	if startErr != nil || started == nil {
		t.Fatalf("the read of snapshot 3, started before its snapshot file was deleted: %v", startErr)
	}
	if late != nil || !errors.Is(lateErr, snapshot.ErrNoSnapshot) {
		t.Fatalf("the read of snapshot 1, started after it was deleted: %v, want ErrNoSnapshot", lateErr)
	}
	if got := e.snapshotIDs("r"); !slices.Equal(got, []int64{6}) || res.HeldByRead != 3 {
		t.Fatalf("expiration left snapshots %v (held by read: %d), want 6 and the files held from 3", got, res.HeldByRead)
	}
	if got := e.rows(reader, snap3); !slices.Equal(got, want) {
		t.Fatalf("the read of snapshot 3 after expiration: %v, want %v", got, want)
	}
}
