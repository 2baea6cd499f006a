package orphan

import (
	"context"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Catches: a cut-off that reaches past now (minus the clock margin) or
// past a write this process has under way on the table, or one held back
// by a write to another table or by a write that ended; one that
// reaches past the start of a write under way in another process.
func TestEffectiveCutoff(t *testing.T) {
	fsys, err := fs.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	tbl := &table.Table{FS: fsys, Root: "db.db/t"}
	other := &table.Table{FS: fsys, Root: "db.db/u"}
	now := time.Now()
	dayAgo := now.Add(-24 * time.Hour)

	if got := effectiveCutoff(tbl, dayAgo, now, time.Time{}); !got.Equal(dayAgo) {
		t.Errorf("no write: cut-off %v, want older_than %v", got, dayAgo)
	}
	if got := effectiveCutoff(tbl, now, now, time.Time{}); !got.Equal(now.Add(-ClockMargin)) {
		t.Errorf("older_than now: cut-off %v, want now - margin", got)
	}
	elsewhere := now.Add(-time.Minute) // a write of another process, from its marker
	if got := effectiveCutoff(tbl, now, now, elsewhere); !got.Equal(elsewhere.Add(-table.InFlightMargin)) {
		t.Errorf("a write under way elsewhere: cut-off %v, want its start - the in-flight margin", got)
	}
	end := tbl.BeginWrite()
	endOther := other.BeginWrite()
	defer endOther()
	start, ok := tbl.OldestWrite()
	if !ok {
		t.Fatal("the write is not recorded")
	}
	later := start.Add(time.Hour)
	if got := effectiveCutoff(tbl, start.Add(-time.Hour), later, time.Time{}); !got.Equal(start.Add(-time.Hour)) {
		t.Errorf("older_than before the write: cut-off %v moved", got)
	}
	if got := effectiveCutoff(tbl, later.Add(-time.Minute), later, time.Time{}); !got.Equal(start.Add(-ClockMargin)) {
		t.Errorf("write under way: cut-off %v, want its start - margin", got)
	}
	end()
	end() // ending twice is harmless
	if got := effectiveCutoff(tbl, later.Add(-time.Minute), later, time.Time{}); !got.Equal(later.Add(-time.Minute)) {
		t.Errorf("write ended: cut-off %v, want older_than", got)
	}
}
