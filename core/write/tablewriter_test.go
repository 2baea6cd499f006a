package write

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestTableWriterContinuesJavaTable writes two rows into a copy of the
// Java-written pk_09 (partitioned by f1, two buckets by f2, primary key
// f0, f1, f2) on top of its latest snapshot, as an INSERT does before its
// commit. Java put every f2 = 1 row of partition f1=10 in bucket 0, whose
// files end at sequence number 6 (pk_09's $files).
//
// Catches: a row placed in another bucket than Java's, sequence numbers
// that restart or overlap the bucket's Java-written ones (a merge-on-read
// would then order an old row after the new one), a new file not on level
// 0, a file entry without the file on disk, a creation time not taken from
// the table runtime's clock (what partition expiry by update-time judges).
func TestTableWriterContinuesJavaTable(t *testing.T) {
	ctx := context.Background()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, "pk_09")
	fsys, err := corefs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	rt := table.NewRuntime()
	at := time.Date(2031, 5, 6, 7, 8, 9, 123000000, time.Local)
	rt.SetClock(func() time.Time { return at })
	tbl, err := rt.Open(ctx, fsys, "pk_09", "pk_09", snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.Schemas.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	base, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewTableWriter(tbl, sch, base)
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"Zoe", int32(10), int32(1), 1.5}, {"Alice", int32(10), int32(1), 2.5}}
	for _, r := range rows {
		b, err := w.Bucket(r)
		if err != nil {
			t.Fatal(err)
		}
		if b != 0 {
			t.Errorf("bucket of %v = %d, Java placed f2 = 1 in bucket 0", r, b)
		}
		if err := w.Write(ctx, mergefunc.Insert, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	entries := w.Entries()
	if len(entries) != 1 {
		t.Fatalf("%d entries, want one file for (f1=10, bucket 0): %+v", len(entries), entries)
	}
	e := entries[0]
	if e.Kind != spec.FileAdd || e.Bucket != 0 || e.TotalBuckets != 2 {
		t.Errorf("entry kind %v bucket %d of %d, want an ADD in bucket 0 of 2", e.Kind, e.Bucket, e.TotalBuckets)
	}
	f := e.File
	if f.RowCount != 2 || f.Level != 0 {
		t.Errorf("file has %d rows on level %d, want 2 on level 0", f.RowCount, f.Level)
	}
	// _CREATION_TIME is the local wall clock stored as if it were UTC.
	if want := time.Date(2031, 5, 6, 7, 8, 9, 123000000, time.UTC); f.CreationTime == nil || !f.CreationTime.Equal(want) {
		t.Errorf("creation time %v, want the runtime's %v", f.CreationTime, want)
	}
	if f.MinSequenceNumber != 7 || f.MaxSequenceNumber != 8 {
		t.Errorf("sequence numbers %d..%d, want 7..8 after Java's 0..6", f.MinSequenceNumber, f.MaxSequenceNumber)
	}
	dir := filepath.Join(wh, "pk_09.db", "pk_09", "f1=10", "bucket-0")
	if fi, err := os.Stat(filepath.Join(dir, f.FileName)); err != nil || fi.Size() != f.FileSize {
		t.Errorf("data file %s: %v (size on disk vs entry %d)", f.FileName, err, f.FileSize)
	}
}
