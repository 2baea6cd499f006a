package format

import (
	"bytes"
	"context"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/paimon-sql/paimon-sql/core/types"
)

type dictRow struct {
	B int64 `parquet:"b,dict,id(0)"`
}

// A reader that has read one batch of a column whose dictionary has
// 100,000 entries holds slots for the entries it converted, not for the
// whole dictionary: a client that stalls after a few rows keeps each open
// column's cache small (it was 1.6 MB of slots here, 2 MiB for a full
// 1 MiB dictionary of BIGINTs).
func TestDictionaryCacheGrowsWithEntriesRead(t *testing.T) {
	const n = 100_000
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[dictRow](&buf, parquet.PageBufferSize(64<<10))
	rows := make([]dictRow, n)
	for i := range rows {
		rows[i].B = int64(i) * 3
	}
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	fields := []types.DataField{{ID: 0, Name: "b", Type: types.New(types.BigInt).WithNullable(false)}}
	r := openBytes(t, buf.Bytes(), fields, ReadOptions{BatchSize: 1024})
	defer r.Close()

	b, err := r.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range b.Rows {
		if row[0] != int64(i)*3 {
			t.Fatalf("row %d is %v", i, row[0])
		}
	}
	if r.leaves[0].dict == nil {
		t.Fatal("the column was not read through its dictionary")
	}
	slots := 0
	for _, block := range r.leaves[0].dictVals.blocks {
		slots += len(block)
	}
	if slots > 2*dictBlock {
		t.Fatalf("%d converted-entry slots after %d rows, want at most %d", slots, len(b.Rows), 2*dictBlock)
	}
}
