package format

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/types"
)

func TestTruncate(t *testing.T) {
	long := "Two roads diverged in a wood, and I took the one less traveled by"
	if got := truncateMin(long, 16); got != "Two roads diverg" {
		t.Errorf("min %q", got)
	}
	for _, c := range []struct {
		in   string
		n    int
		want string
		ok   bool
	}{
		{long, 16, "Two roads diverh", true},
		{"Whether I shall turn out to be the hero", 16, "Whether I shall!", true},
		{"short", 16, "short", true},
		{"héllo wörld", 3, "hém", true},
		{"ab\U0010FFFFxyz", 3, "ac", true}, // overflow moves left
		{"\U0010FFFF\U0010FFFFz", 2, "", false},
		{"a\uD7FFb", 2, "a\uE000", true}, // steps over the surrogate range
	} {
		got, ok := truncateMax(c.in, c.n)
		if got != c.want || ok != c.ok {
			t.Errorf("truncateMax(%q, %d) = %q, %v; want %q, %v", c.in, c.n, got, ok, c.want, c.ok)
		}
	}
}

func TestStatsModes(t *testing.T) {
	opts := map[string]string{
		"metadata.stats-mode":                 "FULL",
		"fields.c.stats-mode":                 "none",
		"fields._KEY_a.stats-mode":            "counts",
		"metadata.stats-keep-first-n-columns": "2",
		"metadata.stats-mode.per.level":       "0:truncate(4),5:none",
	}
	names := []string{"_KEY_a", "_KEY_b", "_SEQUENCE_NUMBER", "_VALUE_KIND", "a", "b", "c", "d"}
	got, err := StatsModes(opts, names, 0)
	if err != nil {
		t.Fatal(err)
	}
	trunc := func(n int) StatsMode { return StatsMode{Kind: StatsTruncate, Length: n} }
	want := []StatsMode{{Kind: StatsCounts}, trunc(128), trunc(128), trunc(128), trunc(4), {Kind: StatsNone}, {Kind: StatsNone}, {Kind: StatsNone}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("modes\n got %v\nwant %v", got, want)
	}
	if got, _ := StatsModes(nil, []string{"x"}, -1); got[0] != trunc(16) {
		t.Errorf("default mode %v", got[0])
	}
	if _, err := StatsModes(map[string]string{"metadata.stats-mode": "truncate(0)"}, []string{"x"}, -1); err == nil {
		t.Error("truncate(0): want an error")
	}
	if _, err := ParseStatsMode("some"); err == nil {
		t.Error("unknown mode: want an error")
	}
}

func statsOf(t *testing.T, fields []types.DataField, modes []StatsMode, rows [][]any, dense bool) ([]any, []any, []*int64, []string) {
	t.Helper()
	c, err := NewStatsCollector(fields, modes)
	if err != nil {
		t.Fatal(err)
	}
	c.Collect(rows)
	cols := make([]int, len(fields))
	for i := range cols {
		cols[i] = i
	}
	st, names, err := c.SimpleStats(cols, dense)
	if err != nil {
		t.Fatal(err)
	}
	var fts []types.DataType
	for _, f := range fields {
		if names == nil || contains(names, f.Name) {
			fts = append(fts, f.Type.WithNullable(true))
		}
	}
	mins, err := binrow.Decode(st.MinValues, fts)
	if err != nil {
		t.Fatal(err)
	}
	maxs, err := binrow.Decode(st.MaxValues, fts)
	if err != nil {
		t.Fatal(err)
	}
	return mins, maxs, st.NullCounts, names
}

func counts(t *testing.T, got []*int64) []any {
	t.Helper()
	out := make([]any, len(got))
	for i, p := range got {
		out[i] = deref(p)
	}
	return out
}

// What Java's footer-based extraction yields per type: floats with NaN lose
// their bounds and zeros widen to -0.0/+0.0; BINARY and TIMESTAMP(9) keep
// only null counts; timestamps are bounded at their stored unit; nested
// columns have no statistics; strings past parquet-mr's 4 KiB footer limit
// have none either.
func TestStatsPerType(t *testing.T) {
	full := StatsMode{Kind: StatsFull}
	fields := []types.DataField{
		field(0, "f", types.New(types.Float)),
		field(1, "g", types.New(types.Double)),
		field(2, "bin", types.New(types.VarBinary)),
		field(3, "ts9", types.NewTimestamp(9)),
		field(4, "ts3", types.NewTimestamp(3)),
		field(5, "arr", types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.New(types.Int))}),
		field(6, "big", types.NewString()),
		field(7, "cnt", types.New(types.Int)),
	}
	modes := []StatsMode{full, full, full, full, full, full, full, {Kind: StatsCounts}}
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 999_999, time.UTC)
	huge := strings.Repeat("x", 2048)
	rows := [][]any{
		{float32(0), 0.0, []byte{1}, t0, t0, []any{int32(1)}, huge, int32(1)},
		{float32(2), math.NaN(), nil, nil, nil, nil, huge + "y", nil},
	}
	mins, maxs, nc, names := statsOf(t, fields, modes, rows, true)
	if !reflect.DeepEqual(names, []string{"f", "g", "bin", "ts9", "ts3", "big", "cnt"}) {
		t.Errorf("names %q", names)
	}
	negZero := float32(math.Copysign(0, -1))
	wantMin := []any{negZero, nil, nil, nil, time.UnixMilli(t0.UnixMilli()).UTC(), nil, nil}
	wantMax := []any{float32(2), nil, nil, nil, time.UnixMilli(t0.UnixMilli()).UTC(), nil, nil}
	if !reflect.DeepEqual(mins, wantMin) || math.Signbit(float64(mins[0].(float32))) != true {
		t.Errorf("mins %v, want %v", mins, wantMin)
	}
	if !reflect.DeepEqual(maxs, wantMax) {
		t.Errorf("maxs %v, want %v", maxs, wantMax)
	}
	if got, want := counts(t, nc), []any{int64(0), int64(0), int64(1), int64(1), int64(1), nil, int64(1)}; !reflect.DeepEqual(got, want) {
		t.Errorf("null counts %v, want %v", got, want)
	}
	// Non-dense: every column, the nested one with null stats.
	_, _, nc, names = statsOf(t, fields, modes, rows, false)
	if names != nil || len(nc) != len(fields) || nc[5] != nil {
		t.Errorf("non-dense: names %q, counts %v", names, counts(t, nc))
	}
	// Dense with every column none: an empty list and empty rows.
	none := []StatsMode{{}, {}, {}, {}, {}, {}, {}, {}}
	_, _, nc, names = statsOf(t, fields, none, rows, true)
	if names == nil || len(names) != 0 || len(nc) != 0 {
		t.Errorf("all none: names %#v, counts %v", names, nc)
	}
}

// The writer collects the same statistics while it writes.
func TestWriterCollectsStats(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt)), field(1, "s", types.NewString())}
	modes, err := StatsModes(nil, []string{"id", "s"}, -1)
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{int64(5), "Two roads diverged in a wood"}, {nil, "Alice"}, {int64(-3), nil}}
	var buf strings.Builder
	w, err := NewParquetWriter(&buf, fields, WriterOptions{StatsModes: modes})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	st, names, err := w.Stats().SimpleStats([]int{0, 1}, true)
	if err != nil {
		t.Fatal(err)
	}
	fts := []types.DataType{fields[0].Type, fields[1].Type}
	mins, _ := binrow.Decode(st.MinValues, fts)
	maxs, _ := binrow.Decode(st.MaxValues, fts)
	if names != nil || !reflect.DeepEqual(mins, []any{int64(-3), "Alice"}) || !reflect.DeepEqual(maxs, []any{int64(5), "Two roads diverh"}) {
		t.Errorf("got %q %v %v", names, mins, maxs)
	}
	if got := counts(t, st.NullCounts); !reflect.DeepEqual(got, []any{int64(1), int64(1)}) {
		t.Errorf("null counts %v", got)
	}
}

// Avro files of primary-key tables give key and system columns the table's
// mode and count them towards metadata.stats-keep-first-n-columns (Java's
// createStatsFactoriesForAvro); other formats give them truncate(128).
func TestAvroStatsModes(t *testing.T) {
	names := []string{"_KEY_id", "_SEQUENCE_NUMBER", "_VALUE_KIND", "id", "v"}
	opts := map[string]string{"metadata.stats-mode": "full", "metadata.stats-keep-first-n-columns": "4"}
	avro, err := AvroStatsModes(opts, names, 0)
	if err != nil {
		t.Fatal(err)
	}
	other, err := StatsModes(opts, names, 0)
	if err != nil {
		t.Fatal(err)
	}
	full, none, trunc := StatsMode{Kind: StatsFull}, StatsMode{Kind: StatsNone}, StatsMode{Kind: StatsTruncate, Length: 128}
	wantAvro := []StatsMode{full, full, full, full, none}
	wantOther := []StatsMode{trunc, trunc, trunc, full, full}
	for i := range names {
		if avro[i] != wantAvro[i] || other[i] != wantOther[i] {
			t.Errorf("%s: avro %+v (want %+v), other %+v (want %+v)", names[i], avro[i], wantAvro[i], other[i], wantOther[i])
		}
	}
}
