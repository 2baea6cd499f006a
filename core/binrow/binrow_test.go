package binrow

import (
	"bytes"
	"encoding/hex"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	intT  = types.New(types.Int)
	strT  = types.NewString()
	dateT = types.New(types.Date)
	boolT = types.New(types.Boolean)
	ts0   = types.NewTimestamp(0)
	ts3   = types.NewTimestamp(3)
	ts6   = types.NewTimestamp(6)
	ts9   = types.NewTimestamp(9)
	ltz   = func(p int) types.DataType {
		return types.DataType{Kind: types.TimestampLTZ, Precision: p, Nullable: true}
	}
	dec     = types.NewDecimal
	longStr = "Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference."
)

func ms(v int64) time.Time { return time.UnixMilli(v).UTC() }

// Serialized rows copied from manifests of the Java-written fixture tables;
// encoding the decoded values must give back the very same bytes.
var fixtureRows = []struct {
	name   string
	hex    string
	types  []types.DataType
	values []any
}{
	{"partition f1=10 (pk_table_with_dv_cardinality _PARTITION)",
		"00000001 0000000000000000 0a00000000000000",
		[]types.DataType{intT}, []any{int32(10)}},
	{"empty row (append table _MIN_KEY)",
		"00000000 0000000000000000", nil, []any{}},
	{"inline string key (pk_table_with_dv_cardinality _MIN_KEY)",
		"00000002 0000000000000000 416c696365000085 0100000000000000",
		[]types.DataType{strT, intT}, []any{"Alice", int32(1)}},
	{"var-part string key (pk_table_with_dv_cardinality _MAX_KEY)",
		"00000002 0000000000000000 6800000018000000 0100000000000000 " + hex.EncodeToString([]byte(longStr)),
		[]types.DataType{strT, intT}, []any{longStr, int32(1)}},
	{"null TIMESTAMP(9) reserving var space, DATE, DECIMAL(2,2) (append_complex_build_in_fieldid _MIN_VALUES)",
		"00000003 0001000000000000 0000000020000000 1800000000000000 0c00000000000000 0000000000000000",
		[]types.DataType{ts9, dateT, dec(2, 2)}, []any{nil, int32(24), decimal.New(12, -2)}},
	{"mixed stats after schema evolution (append_table_alter_table_with_cast _MIN_VALUES)",
		"00000008 0001000000000000 0000000048000000 0000000000000000 0100000000000000 9600000000000000" +
			" 1000000050000000 22d3feffffffffff 0000000000000000 3800000000000000 0000000000000000" +
			" 323032342d31312d32362031353a3238",
		[]types.DataType{ts9, intT, intT, intT, strT, dec(6, 3), boolT, intT},
		[]any{nil, int32(0), int32(1), int32(150), "2024-11-26 15:28", decimal.New(-77022, -3), false, int32(56)}},
	{"timestamps of every precision (append_with_multiple_ts_precision_and_timezone _MIN_VALUES)",
		"00000008 0088000000000000 e803000000000000 0100000000000000 e803000048000000 0000000050000000" +
			" d007000000000000 0200000000000000 d007000058000000 0000000060000000" +
			" 0000000000000000 0000000000000000 0000000000000000 0000000000000000",
		[]types.DataType{ts0, ts3, ts6, ts9, ltz(0), ltz(3), ltz(6), ltz(9)},
		[]any{ms(1000), ms(1), ms(0).Add(time.Microsecond), nil, ms(2000), ms(2), ms(0).Add(2 * time.Microsecond), nil}},
}

func TestFixtureRows(t *testing.T) {
	for _, tc := range fixtureRows {
		t.Run(tc.name, func(t *testing.T) {
			raw := unhex(t, tc.hex)
			n, err := Arity(raw)
			if err != nil || n != len(tc.types) {
				t.Fatalf("Arity = %d, %v; want %d", n, err, len(tc.types))
			}
			got, err := Decode(raw, tc.types)
			if err != nil {
				t.Fatal(err)
			}
			assertValues(t, got, tc.values)
			enc, err := Serialize(tc.values, tc.types)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, raw) {
				t.Errorf("Serialize =\n%x\nwant Java's\n%x", enc, raw)
			}
		})
	}
}

func assertValues(t *testing.T, got, want []any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d values %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if !equalValue(got[i], want[i]) {
			t.Errorf("field %d = %#v, want %#v", i, got[i], want[i])
		}
	}
}

func equalValue(a, b any) bool {
	switch x := b.(type) {
	case decimal.Decimal:
		y, ok := a.(decimal.Decimal)
		return ok && x.Equal(y) && x.Exponent() == y.Exponent()
	case time.Time:
		y, ok := a.(time.Time)
		return ok && x.Equal(y) && y.Location() == time.UTC
	case []byte:
		y, ok := a.([]byte)
		return ok && bytes.Equal(x, y)
	}
	return a == b
}

func TestRoundTripAllTypes(t *testing.T) {
	big := decimal.RequireFromString("-12345678901234567890.123456")
	typs := []types.DataType{
		boolT, types.New(types.TinyInt), types.New(types.SmallInt), intT, types.New(types.BigInt),
		types.New(types.Float), types.New(types.Double), types.DataType{Kind: types.Char, Length: 3, Nullable: true},
		strT, strT, strT, types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true},
		types.DataType{Kind: types.Binary, Length: 9, Nullable: true},
		dec(10, 2), dec(38, 6), dec(38, 6), dec(20, 0), dateT, types.New(types.Time),
		ts3, ts9, ltz(6), ts9, ts6, intT,
	}
	vals := []any{
		true, int8(-5), int16(-300), int32(math.MinInt32), int64(math.MaxInt64),
		float32(1.5), math.Inf(-1), "abc",
		"", "exactly8", "héllo wörld, a longer string",
		[]byte{1, 2, 3}, []byte("123456789"),
		decimal.New(-123456, -2), big, nil, decimal.RequireFromString("10000000000000000000"), int32(-1), int32(86399999),
		ms(-1), time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC), nil, nil, nil,
	}
	row, err := Encode(vals, typs)
	if err != nil {
		t.Fatal(err)
	}
	if len(row)%8 != 0 {
		t.Errorf("row length %d not 8-aligned", len(row))
	}
	got, err := DecodeRow(row, typs)
	if err != nil {
		t.Fatal(err)
	}
	assertValues(t, got, vals)
	for i, v := range vals {
		if IsNullAt(row, i) != (v == nil) {
			t.Errorf("IsNullAt(%d) = %v", i, !(v == nil))
		}
	}
}

// Fields beyond 56 need a second header word.
func TestWideRowHeader(t *testing.T) {
	n := 60
	typs := make([]types.DataType, n)
	vals := make([]any, n)
	for i := range typs {
		typs[i] = intT
		if i != 57 {
			vals[i] = int32(i)
		}
	}
	row, err := Encode(vals, typs)
	if err != nil {
		t.Fatal(err)
	}
	if want := 16 + 8*n; len(row) != want {
		t.Fatalf("len = %d, want %d", len(row), want)
	}
	if row[(57+8)/8] != 1<<((57+8)%8) {
		t.Errorf("null bit of field 57 not at byte 8 bit 1: % x", row[:16])
	}
	got, err := DecodeRow(row, typs)
	if err != nil {
		t.Fatal(err)
	}
	assertValues(t, got, vals)
}

func TestNullNonCompactReservesSpace(t *testing.T) {
	row, err := Encode([]any{nil, nil}, []types.DataType{dec(20, 2), ts6})
	if err != nil {
		t.Fatal(err)
	}
	// header 8 + 2 slots 16 + decimal 16 + timestamp 8; slots point at the
	// reserved space with size 0.
	want := unhex(t, "0003000000000000 0000000018000000 0000000028000000"+strings.Repeat("00", 24))
	if !bytes.Equal(row, want) {
		t.Errorf("got  %x\nwant %x", row, want)
	}
}

func TestEncodeErrors(t *testing.T) {
	cases := []struct {
		v   any
		typ types.DataType
	}{
		{int64(1), intT},
		{"x", types.New(types.BigInt)},
		{decimal.New(1000, 0), dec(3, 0)},
		{[]any{int32(1)}, types.DataType{Kind: types.Array, Element: &intT}},
	}
	for _, c := range cases {
		if _, err := Encode([]any{c.v}, []types.DataType{c.typ}); err == nil {
			t.Errorf("Encode(%#v as %s) succeeded", c.v, c.typ.SQL())
		}
	}
	if _, err := Encode([]any{1}, nil); err == nil {
		t.Error("length mismatch accepted")
	}
}

func TestDecimalRoundsHalfUp(t *testing.T) {
	row, err := Encode([]any{decimal.RequireFromString("1.005"), decimal.RequireFromString("-1.005")}, []types.DataType{dec(5, 2), dec(20, 2)})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := DecodeRow(row, []types.DataType{dec(5, 2), dec(20, 2)})
	assertValues(t, got, []any{decimal.New(101, -2), decimal.New(-101, -2)})
}

func TestTwosComplement(t *testing.T) {
	for _, c := range []struct {
		v    int64
		want string
	}{{0, "00"}, {1, "01"}, {127, "7f"}, {128, "0080"}, {-1, "ff"}, {-128, "80"}, {-129, "ff7f"}, {-256, "ff00"}, {65535, "00ffff"}} {
		b := toTwosComplement(decimal.New(c.v, 0).BigInt())
		if hex.EncodeToString(b) != c.want {
			t.Errorf("%d -> %x, want %s", c.v, b, c.want)
		}
		if back := fromTwosComplement(b).Int64(); back != c.v {
			t.Errorf("%x -> %d, want %d", b, back, c.v)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	if _, err := Decode([]byte{0, 0}, nil); err == nil {
		t.Error("short prefix accepted")
	}
	if _, err := Decode(unhex(t, "00000002 0000000000000000 0a00000000000000"), []types.DataType{intT}); err == nil {
		t.Error("arity mismatch accepted")
	}
	if _, err := DecodeRow(make([]byte, 8), []types.DataType{intT}); err == nil {
		t.Error("truncated row accepted")
	}
	// String slot pointing past the end.
	if _, err := DecodeRow(unhex(t, "0000000000000000 1000000040000000"), []types.DataType{strT}); err == nil {
		t.Error("out-of-range var part accepted")
	}
	arr := types.DataType{Kind: types.Array, Element: &intT, Nullable: true}
	if _, err := DecodeRow(make([]byte, 16), []types.DataType{arr}); err == nil {
		t.Error("nested type accepted")
	}
}

// Empty is the row Serialize makes of no fields (arity 0, 8-byte header),
// and callers may change what they get without changing the next one's.
func TestEmptyRow(t *testing.T) {
	want, err := Serialize(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := Empty()
	if !bytes.Equal(got, want) || len(got) != 12 {
		t.Fatalf("Empty() = %v, Serialize(nil) = %v", got, want)
	}
	if n, err := Arity(got); err != nil || n != 0 {
		t.Fatalf("arity %d, %v", n, err)
	}
	got[0] = 1
	if Empty()[0] != 0 {
		t.Fatal("Empty shares its bytes between calls")
	}
}
