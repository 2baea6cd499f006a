package server

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// encoderCase is a column type and values of it, including values of other
// Go types than the column's own, which take GMS's conversions.
type encoderCase struct {
	name   string
	typ    sql.Type
	values []any
}

func encoderCases(t *testing.T) []encoderCase {
	t.Helper()
	latin1, err := types.CreateString(sqltypes.VarChar, 100, sql.Collation_latin1_swedish_ci)
	if err != nil {
		t.Fatal(err)
	}
	ascii, err := types.CreateString(sqltypes.Text, types.TextBlobMax, sql.Collation_ascii_general_ci)
	if err != nil {
		t.Fatal(err)
	}
	floats := []any{0.0, math.Copysign(0, -1), 1.5, -2.25, 1e21, 1e20, 123456789012345678.0, 1e-7, 1e-5, 0.1 + 0.2,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(),
		float32(1.1), int64(3), "2.5", decimal.RequireFromString("1.25")}
	strs := []any{"", "a", "héllo wörld", "日本語", "😀 emoji", `{"a": [1, 2.5, null], "b": "x\"y"}`, "tab\tnew\nline\x00nul",
		"\xff\xfe invalid utf8", []byte("bytes"), int64(-7), int32(8), 2.5, float32(0.1), true,
		time.Date(2024, 2, 29, 23, 59, 58, 123456000, time.UTC), decimal.RequireFromString("-3.140")}
	return []encoderCase{
		{"tinyint", types.Int8, []any{int8(0), int8(-128), int8(127), int64(300), int32(-300), "12", 1.7, true}},
		{"boolean", types.Boolean, []any{int8(1), int8(0), true, false}},
		{"smallint", types.Int16, []any{int16(-32768), int16(32767), int64(1 << 20), int8(5)}},
		{"int", types.Int32, []any{int32(0), int32(math.MinInt32), int32(math.MaxInt32), int64(math.MaxInt64), int16(-3), 2.6, "x"}},
		{"bigint", types.Int64, []any{int64(0), int64(math.MinInt64), int64(math.MaxInt64), int32(-1), uint64(math.MaxUint64), 1e19, "9", decimal.RequireFromString("12.5")}},
		{"int unsigned", types.Uint32, []any{uint32(0), uint32(math.MaxUint32), int64(-1), int32(7)}},
		{"bigint unsigned", types.Uint64, []any{uint64(math.MaxUint64), int64(5)}},
		{"double", types.Float64, floats},
		{"float", types.Float32, append([]any{float32(0), float32(1.1), float32(-3.4e38), float32(math.MaxFloat32), float32(1e-45),
			float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), float32(16777217)}, floats...)},
		{"decimal(10,2)", types.MustCreateColumnDecimalType(10, 2), []any{decimal.RequireFromString("12.5"), decimal.RequireFromString("-0.01"), int64(3), 2.345, "7.1"}},
		{"decimal(38,10)", types.MustCreateColumnDecimalType(38, 10), []any{decimal.RequireFromString("1234567890123456789012345678.0123456789"), decimal.New(1, -12)}},
		{"date", types.Date, []any{time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), "2024-02-29"}},
		{"datetime(6)", types.MustCreateDatetimeType(sqltypes.Datetime, 6), []any{time.Date(2024, 2, 29, 23, 59, 58, 123456000, time.UTC), time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}},
		{"datetime(3)", types.MustCreateDatetimeType(sqltypes.Datetime, 3), []any{time.Date(2024, 2, 29, 23, 59, 58, 123456789, time.UTC)}},
		{"timestamp", types.Timestamp, []any{time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}},
		{"time", types.Time, []any{types.Timespan(-3723000001), types.Timespan(0)}},
		{"longtext", types.LongText, strs},
		{"text", types.Text, strs},
		{"varchar(20)", types.MustCreateStringWithDefaults(sqltypes.VarChar, 20), strs},
		{"char(5)", types.MustCreateStringWithDefaults(sqltypes.Char, 5), strs},
		{"varchar latin1", latin1, strs},
		{"text ascii", ascii, strs},
		{"binary(4)", types.MustCreateBinary(sqltypes.Binary, 4), []any{[]byte{0, 1, 0xff}, "ab", []byte{}}},
		{"varbinary(10)", types.MustCreateBinary(sqltypes.VarBinary, 10), []any{[]byte("\x00\xff\x80"), "héllo"}},
		{"longblob", types.LongBlob, []any{[]byte("blob"), "str", []byte{}}},
		{"json", types.JSON, []any{types.JSONDocument{Val: map[string]any{"a": []any{1.0, "x"}}}, `{"k": 1}`, types.JSONDocument{Val: nil}}},
		{"year", types.Year, []any{int16(2024), int64(1999)}},
	}
}

// TestRowEncoderMatchesRowToSQL checks that the encoder gives the values
// (wire type and bytes, or an error) of GMS's RowToSQL for every type and
// under each character_set_results: both protocols are made from these
// values (vitess builds the binary protocol's rows from them), so equal
// values are equal results in either protocol.
func TestRowEncoderMatchesRowToSQL(t *testing.T) {
	cases := encoderCases(t)
	for _, results := range []any{nil, "utf8mb4", "latin1", "binary", "utf8mb3"} {
		ctx := sql.NewEmptyContext()
		if results != nil {
			if err := ctx.SetSessionVariable(ctx, "character_set_results", results); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range cases {
			schema := sql.Schema{{Name: "a", Type: c.typ, Nullable: true}, {Name: "b", Type: types.Int64, Nullable: true}}
			projs := []sql.Expression{
				expression.NewGetField(0, c.typ, "a", true),
				expression.NewGetField(1, types.Int64, "b", true),
			}
			for _, deferred := range [][]sql.Expression{nil, projs} {
				enc := newRowEncoder(ctx, schema, deferred)
				for _, v := range append([]any{nil}, c.values...) {
					row := sql.Row{v, int64(42)}
					want, wantErr := gmsserver.RowToSQL(ctx, schema, row, deferred, sql.NewByteBuffer(16))
					got := make([]sqltypes.Value, len(schema))
					gotErr := enc.encode(ctx, row, got, sql.NewByteBuffer(16))
					if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
						t.Errorf("results=%v %s %#v: error %v, RowToSQL's %v", results, c.name, v, gotErr, wantErr)
						continue
					}
					if wantErr != nil {
						continue
					}
					for i := range want {
						if got[i].Type() != want[i].Type() || got[i].IsNull() != want[i].IsNull() || string(got[i].Raw()) != string(want[i].Raw()) {
							t.Errorf("results=%v %s %#v column %d: %v %q, RowToSQL gives %v %q",
								results, c.name, v, i, got[i].Type(), got[i].Raw(), want[i].Type(), want[i].Raw())
						}
					}
				}
			}
		}
	}
}

// TestRowEncoderSharesBuffer checks that values written one after another
// into one buffer keep their bytes, also when the buffer grows.
func TestRowEncoderSharesBuffer(t *testing.T) {
	ctx := sql.NewEmptyContext()
	schema := sql.Schema{{Name: "k", Type: types.Int64}, {Name: "v", Type: types.Float64}, {Name: "s", Type: types.LongText}}
	enc := newRowEncoder(ctx, schema, nil)
	buf := sql.NewByteBuffer(8)
	var rows [][]sqltypes.Value
	var want [][]sqltypes.Value
	for i := range 500 {
		row := sql.Row{int64(i) * 1_000_003, float64(i) / 7, "row text " + string(rune('a'+i%26))}
		out := make([]sqltypes.Value, 3)
		if err := enc.encode(ctx, row, out, buf); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, out)
		w, err := gmsserver.RowToSQL(ctx, schema, row, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, w)
	}
	for i := range rows {
		for j := range rows[i] {
			if string(rows[i][j].Raw()) != string(want[i][j].Raw()) {
				t.Fatalf("row %d column %d: %q, want %q", i, j, rows[i][j].Raw(), want[i][j].Raw())
			}
		}
	}
}

// TestRowEncoderNarrowProjectionInput checks deferred projections whose
// input row is narrower than the result, as for SELECT 'x', @@version.
func TestRowEncoderNarrowProjectionInput(t *testing.T) {
	ctx := sql.NewEmptyContext()
	schema := sql.Schema{{Name: "a", Type: types.Int64}, {Name: "b", Type: types.LongText}, {Name: "c", Type: types.Float64}}
	projs := []sql.Expression{
		expression.NewGetField(0, types.Int64, "a", false),
		expression.NewLiteral("lit", types.LongText),
		expression.NewLiteral(2.5, types.Float64),
	}
	row := sql.Row{int64(9)}
	want, err := gmsserver.RowToSQL(ctx, schema, row, projs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]sqltypes.Value, len(schema))
	if err := newRowEncoder(ctx, schema, projs).encode(ctx, row, got, sql.NewByteBuffer(4)); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i].String() != want[i].String() {
			t.Errorf("column %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestBatcherReuseWithCursor streams batches to a consumer that works as
// vitess's server-side cursor does (ComStmtFetch): it takes a batch from an
// unbuffered channel, writes its rows a few at a time, reslicing the
// Result's Rows, and takes the next batch only when done. The batcher
// reuses a batch's memory two batches later; every row must arrive intact
// (and -race must find no race on the Results).
func TestBatcherReuseWithCursor(t *testing.T) {
	ctx := sql.NewEmptyContext()
	schema := sql.Schema{{Name: "k", Type: types.Int64}, {Name: "s", Type: types.LongText}}
	enc := newRowEncoder(ctx, schema, nil)
	b := newBatcher(schemaFields(ctx, schema))
	next := make(chan *sqltypes.Result)
	const rows = 2000
	done := make(chan error)
	go func() {
		seen := 0
		for r := range next {
			for len(r.Rows) > 0 {
				n := min(7, len(r.Rows))
				for _, row := range r.Rows[:n] {
					want := fmt.Sprintf("%d|text %d", seen, seen)
					if got := row[0].ToString() + "|" + row[1].ToString(); got != want {
						done <- fmt.Errorf("row %d: %q, want %q", seen, got, want)
						return
					}
					seen++
				}
				r.Rows = r.Rows[n:]
			}
		}
		if seen != rows {
			done <- fmt.Errorf("%d rows, want %d", seen, rows)
			return
		}
		done <- nil
	}()
	for i := range rows {
		values := b.values(len(schema))
		if err := enc.encode(ctx, sql.Row{int64(i), fmt.Sprintf("text %d", i)}, values, b.buffer()); err != nil {
			t.Fatal(err)
		}
		if b.add(values) {
			next <- b.result
			b.next()
		}
	}
	next <- b.result
	close(next)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// BenchmarkEncodeRows converts rows of (BIGINT, DOUBLE, LONGTEXT) values,
// as a scan of a Paimon table returns them, with the encoder and with GMS's
// RowToSQL.
func BenchmarkEncodeRows(b *testing.B) {
	ctx := sql.NewEmptyContext()
	schema := sql.Schema{{Name: "k", Type: types.Int64}, {Name: "v", Type: types.Float64}, {Name: "s", Type: types.LongText}}
	rows := make([]sql.Row, 1024)
	for i := range rows {
		rows[i] = sql.Row{int64(i) * 7919, float64(i%100_000) / 100, fmt.Sprintf("s%d", i*31%100_000)}
	}
	b.Run("encoder", func(b *testing.B) {
		b.ReportAllocs()
		enc := newRowEncoder(ctx, schema, nil)
		buf := sql.NewByteBuffer(16 << 10)
		out := make([]sqltypes.Value, len(schema))
		for i := 0; b.Loop(); i++ {
			if i%batchRows == 0 {
				buf.Reset()
			}
			if err := enc.encode(ctx, rows[i%len(rows)], out, buf); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RowToSQL", func(b *testing.B) {
		b.ReportAllocs()
		buf := sql.NewByteBuffer(16 << 10)
		for i := 0; b.Loop(); i++ {
			if i%batchRows == 0 {
				buf.Reset()
			}
			if _, err := gmsserver.RowToSQL(ctx, schema, rows[i%len(rows)], nil, buf); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// appendShortDecimal writes what strconv.AppendFloat(x, 'g', -1, 64) (GMS's
// DOUBLE text) writes, or declines: over decimals of 0 to 6 fraction digits
// (some not near any double's shortest form), their neighbours one ulp
// away, random bit patterns and edge values (1.5M values).
func TestAppendShortDecimalMatchesStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(x float64) {
		want := strconv.AppendFloat(nil, x, 'g', -1, 64)
		if got, ok := appendShortDecimal(nil, x); ok && string(got) != string(want) {
			t.Fatalf("%v (%016x): %q, strconv gives %q", x, math.Float64bits(x), got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1e-4, -1e-4, 1.5e-4, 1e-5, 0.1 + 0.2, 999999.9999, -999999.9999, 1e6, 1e6 - 0.5,
		999999.99995, 0.00005, 123456.789, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 1 << 53, 0.1, 0.7, 2.675} {
		check(x)
		check(math.Nextafter(x, math.Inf(1)))
		check(math.Nextafter(x, math.Inf(-1)))
	}
	pow := []float64{1, 10, 100, 1000, 10000, 100000, 1000000}
	for range 500_000 {
		d := rng.IntN(len(pow))
		m := rng.Int64N(2_000_000_000_000) - 1_000_000_000_000
		if rng.IntN(2) == 0 {
			m %= 100_000_000
		}
		x := float64(m) / pow[d]
		check(x)
		check(math.Nextafter(x, math.Inf(1)))
		check(math.Float64frombits(rng.Uint64()))
	}
	// The values a DOUBLE of prices holds take the short path.
	for _, x := range []float64{0, 1, -2.5, 1234.56, 9999.99, 0.01, 0.0001, 999999.9999} {
		if _, ok := appendShortDecimal(nil, x); !ok {
			t.Errorf("%v: not written by the short path", x)
		}
	}
}
