package commit

import (
	"context"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/table"
)

// What a commit and a tag record come from the table runtime's clock
// (table.Runtime.Now), so that the maintenance that judges their ages and
// the times they record move together when a test moves the clock.
func TestCommitAndTagRecordTheRuntimeClock(t *testing.T) {
	copied, _ := copyFixture(t, pkDV)
	ctx := context.Background()
	rt := table.NewRuntime()
	tbl, err := rt.Open(ctx, copied.FS, pkDV, pkDV, "")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2031, 5, 6, 7, 8, 9, 123456000, time.Local)
	rt.SetClock(func() time.Time { return at })

	added := copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), "data-go-clock-0.parquet")
	s := mustCommit(t, committer(t, tbl, "go-user", nil), appendCommit(added))
	if s.TimeMillis != at.UnixMilli() {
		t.Errorf("snapshot time %v, want the runtime's %v", time.UnixMilli(s.TimeMillis), at)
	}
	if got := latest(t, tbl).TimeMillis; got != at.UnixMilli() {
		t.Errorf("snapshot file's time %v, want %v", time.UnixMilli(got), at)
	}

	day := 24 * time.Hour
	if err := tbl.Tags.Create(ctx, "clocked", s, &day); err != nil {
		t.Fatal(err)
	}
	tag, err := tbl.Tags.Get(ctx, "clocked")
	if err != nil {
		t.Fatal(err)
	}
	// The tag file holds the local wall clock, to the microsecond.
	want := time.Date(2031, 5, 6, 7, 8, 9, 123456000, time.UTC)
	if tag.CreateTime == nil || !tag.CreateTime.Equal(want) {
		t.Errorf("tag creation time %v, want %v", tag.CreateTime, want)
	}
}
