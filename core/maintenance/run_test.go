package maintenance

import (
	"context"
	"slices"
	"testing"
	"time"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestRunExpiresTagsThenSnapshots runs one maintenance run on a copy of the
// Java-written pk_09 (snapshots 1 to 8, committed in 2025) with a tag on
// snapshot 3 kept for an hour, two hours later by the run's clock, and
// options that keep at most three snapshots: the tag goes first (its
// retention has passed), so it no longer holds snapshot 3, and snapshots
// 1 to 5 go.
//
// Catches: tag expiry skipped or judged by the wrong clock, a tag that
// outlives its retention holding snapshots back, snapshot expiry keeping
// more or fewer than snapshot.num-retained.max.
func TestRunExpiresTagsThenSnapshots(t *testing.T) {
	ctx := context.Background()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, "pk_09")
	fsys, err := corefs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	tbl, err := table.Open(ctx, fsys, "pk_09", "pk_09", snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	s3, err := tbl.Snapshots.Snapshot(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	hour := time.Hour
	if err := tbl.Tags.Create(ctx, "t3", s3, &hour); err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.Schemas.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{
		"snapshot.num-retained.max": "3",
		"snapshot.num-retained.min": "1",
		// Long enough that the count alone decides, as in Java: with a
		// short one, every snapshot but retain_min's would go.
		"snapshot.time-retained": "3650 d",
	}
	cfg, err := Parse(opts, sch.PartitionKeys)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Hour)
	rep := Run(ctx, tbl, sch, cfg, func() time.Time { return later })
	if len(rep.Warnings) != 0 {
		t.Fatalf("warnings: %v", rep.Warnings)
	}
	if !slices.Equal(rep.TagsDeleted, []string{"t3"}) {
		t.Errorf("tags deleted = %v, want [t3]", rep.TagsDeleted)
	}
	if rep.Snapshots.From != 1 || rep.Snapshots.To != 6 || rep.Snapshots.Expired != 5 {
		t.Errorf("snapshots expired [%d, %d) (%d), want [1, 6) (5)", rep.Snapshots.From, rep.Snapshots.To, rep.Snapshots.Expired)
	}
	all, err := snapshot.NewManager(fsys, tbl.Root).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, s := range all {
		ids = append(ids, s.ID)
	}
	if !slices.Equal(ids, []int64{6, 7, 8}) {
		t.Errorf("snapshots left = %v, want [6 7 8]", ids)
	}

	// A second run at the same time finds nothing more to do.
	rep = Run(ctx, tbl, sch, cfg, func() time.Time { return later })
	if len(rep.TagsDeleted) != 0 || rep.Snapshots.Expired != 0 || len(rep.Warnings) != 0 {
		t.Errorf("second run: %+v", rep)
	}
}
