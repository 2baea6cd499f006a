package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// readFixture reads a Java-written fixture table (in place, read-only) at
// its latest snapshot, projected to cols (nil: all, in schema order), and
// renders sorted rows.
func readFixture(t *testing.T, name string, cols []string) []string {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, "../../testdata/java-written")
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Open(ctx, fsys, name, name, "")
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var proj []int // nil reads all columns
	for _, c := range cols {
		_, i, ok := sch.Field(c)
		if !ok {
			t.Fatalf("no column %s", c)
		}
		proj = append(proj, i)
	}
	r, err := New(plan, Options{Projection: proj})
	if err != nil {
		t.Fatal(err)
	}
	it := r.Rows(ctx)
	defer it.Close()
	var out []string
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(row))
		for i, v := range row {
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			parts[i] = fmt.Sprint(v)
		}
		out = append(out, strings.Join(parts, ","))
	}
	sort.Strings(out)
	return out
}

func expectRows(t *testing.T, got []string, want ...string) {
	t.Helper()
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Merge-on-read with sequence.field s0,s1 and five schema changes (renames,
// an added column, STRING->BYTES, DOUBLE->INT, BOOLEAN->STRING) gives the
// README's "Recall" rows (by column position: the renames swapped names).
func TestMergeOnReadWithSequenceFieldAndEvolution(t *testing.T) {
	got := readFixture(t, "pk_table_with_mor", nil)
	expectRows(t, got,
		"0,0,0,0,apple,see,110,false,<nil>",
		"0,1,0,0,banana,you,11,false,<nil>",
		"1,0,0,0,car,later,12,true,<nil>",
		"1,1,0,0,driver,!,13,false,<nil>",
		"1,2,0,0,driver,!,13,false,<nil>",
		"100,200,0,0,max,number,140,false,<nil>",
		"0,1,0,1,zoo,you,130,false,<nil>",
		"0,0,1,0,elephant,hi,120,false,<nil>",
	)
}

// Deletion vectors hide deleted and updated rows; level-0 files are skipped.
func TestDeletionVectorsApplied(t *testing.T) {
	got := readFixture(t, "pk_table_with_dv_cardinality", []string{"f0", "f3"})
	expectRows(t, got,
		"Alex,16.1", "Alice,19.1", "Bob,12.1", "David,17.1", "Emily,13.1",
		"Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.,11",
		"Whether I shall turn out to be the hero of my own life.,19.1",
	)
}

// Old files of an append table are read through Java's casts after
// MODIFY COLUMN, renames, a moved, a dropped and an added column.
func TestSchemaEvolutionCasts(t *testing.T) {
	got := readFixture(t, "append_table_alter_table_with_cast", []string{"key0", "f3", "f1", "f2", "f0", "f6"})
	expectRows(t, got,
		"0,100,2024-11-26 06:38:56.001000001,0.02,true,<nil>",
		"0,110,2024-11-26 06:38:56.011000011,11.12,true,<nil>",
		"0,120,2024-11-26 06:38:56.021000021,22.22,false,<nil>",
		"0,150,2024-11-26 15:28:31,55.002,true,56",
		"0,160,2024-11-26 15:28:41,666.012,false,66",
		"0,170,2024-11-26 15:28:51,-77.022,true,76",
		"1,130,2024-11-26 06:38:56.031000031,333.32,false,<nil>",
		"1,140,2024-11-26 06:38:56.041000041,444.42,true,<nil>",
		"1,180,2024-11-26 15:29:01,8.032,true,-86",
		"1,190,I'm strange,-999.42,false,96",
	)
}

// Closing the iterator early stops the workers (LIMIT).
func TestCloseStopsEarly(t *testing.T) {
	ctx := context.Background()
	fsys, _ := fs.Open(ctx, "../../testdata/java-written")
	tbl, err := table.Open(ctx, fsys, "pk_09", "pk_09", "")
	if err != nil {
		t.Fatal(err)
	}
	sch, _ := tbl.LatestSchema(ctx)
	snap, _ := tbl.Snapshots.Latest(ctx)
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(plan, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	it := r.Rows(ctx)
	if _, err := it.Next(); err != nil {
		t.Fatal(err)
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
}
