package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// suspendRow has a dictionary-encoded string, a plain string and booleans:
// ranges of bit-packed booleans start mid-byte when batches do.
type suspendRow struct {
	D *string `parquet:"d,optional,dict,id(0)"`
	P string  `parquet:"p,id(1)"`
	F bool    `parquet:"f,id(2)"`
	N *bool   `parquet:"n,optional,id(3)"`
}

var suspendFields = []types.DataField{
	{ID: 0, Name: "d", Type: types.NewString()},
	{ID: 1, Name: "p", Type: types.NewString().WithNullable(false)},
	{ID: 2, Name: "f", Type: types.New(types.Boolean).WithNullable(false)},
	{ID: 3, Name: "n", Type: types.New(types.Boolean)},
}

func suspendValue(i int) []any {
	var d, n any
	if i%5 != 0 {
		d = "d" + string(rune('a'+i%26))
	}
	if i%3 != 0 {
		n = i%4 == 1
	}
	return []any{d, "p" + string(rune('a'+i%7)) + string(rune('a'+i/7%26)), i%3 == 1, n}
}

func writeSuspendFile(t *testing.T, n, rowsPerGroup int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[suspendRow](&buf, parquet.MaxRowsPerRowGroup(int64(rowsPerGroup)),
		parquet.PageBufferSize(1<<10), parquet.Compression(&zstd.Codec{}))
	for i := range n {
		v := suspendValue(i)
		r := suspendRow{P: v[1].(string), F: v[2].(bool)}
		if v[0] != nil {
			d := v[0].(string)
			r.D = &d
		}
		if v[3] != nil {
			b := v[3].(bool)
			r.N = &b
		}
		if _, err := w.Write([]suspendRow{r}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A reader suspended after every batch (its pages, dictionaries and read
// buffers released) resumes at the row it reached, in every page and row
// group, for batch sizes that start batches mid-page and mid-byte of
// booleans.
func TestSuspendResumesWhereItStopped(t *testing.T) {
	const n, group = 9_000, 4_000
	files := map[string]struct {
		data   []byte
		fields []types.DataField
		value  func(int) []any
	}{
		"flat":    {writeFlat(t, n, group, 2<<10), flatFields, flatValue},
		"boolean": {writeSuspendFile(t, n, group), suspendFields, suspendValue},
	}
	for name, f := range files {
		for _, batch := range []int{1, 333, 1024} {
			r := openBytes(t, f.data, f.fields, ReadOptions{BatchSize: batch})
			pos := 0
			for {
				b, err := r.Next(context.Background())
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("%s, batches of %d: %v", name, batch, err)
				}
				for i, row := range b.Rows {
					if want := f.value(pos + i); !equalValues(row, want) {
						t.Fatalf("%s, batches of %d: row %d is %#v, want %#v", name, batch, pos+i, row, want)
					}
				}
				pos += len(b.Rows)
				if pos%3 != 0 || batch == 1 && pos%97 == 0 {
					r.Suspend()
				}
			}
			r.Close()
			if pos != n {
				t.Fatalf("%s, batches of %d: %d rows, want %d", name, batch, pos, n)
			}
		}
	}
}

type listRow struct {
	ID int32   `parquet:"id,id(0)"`
	L  []int64 `parquet:"l,list,id(1)"`
}

// Rows of a repeated column are found by their repetition levels when a
// suspended reader skips to where it was.
func TestSuspendResumesInRepeatedColumns(t *testing.T) {
	const n = 3_000
	list := func(i int) []any {
		l := make([]any, i%4)
		for j := range l {
			l[j] = int64(i*10 + j)
		}
		return l
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[listRow](&buf, parquet.PageBufferSize(512))
	for i := range n {
		r := listRow{ID: int32(i)}
		for _, v := range list(i) {
			r.L = append(r.L, v.(int64))
		}
		if _, err := w.Write([]listRow{r}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	fields := []types.DataField{
		{ID: 0, Name: "id", Type: types.New(types.Int).WithNullable(false)},
		{ID: 1, Name: "l", Type: types.DataType{Kind: types.Array, Element: ptr(types.New(types.BigInt).WithNullable(false))}},
	}
	r := openBytes(t, buf.Bytes(), fields, ReadOptions{BatchSize: 7})
	defer r.Close()
	for pos := 0; ; {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			if pos != n {
				t.Fatalf("%d rows, want %d", pos, n)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range b.Rows {
			if want := []any{int32(pos + i), list(pos + i)}; !equalValues(row, want) {
				t.Fatalf("row %d is %#v, want %#v", pos+i, row, want)
			}
		}
		pos += len(b.Rows)
		r.Suspend()
	}
}
