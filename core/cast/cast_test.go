package cast

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

var (
	tBool    = types.New(types.Boolean)
	tTiny    = types.New(types.TinyInt)
	tSmall   = types.New(types.SmallInt)
	tInt     = types.New(types.Int)
	tBig     = types.New(types.BigInt)
	tFloat   = types.New(types.Float)
	tDouble  = types.New(types.Double)
	tDate    = types.New(types.Date)
	tString  = types.NewString()
	tBytes   = types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}
	shanghai = mustZone("Asia/Shanghai")
)

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

func ts(p int) types.DataType { return types.NewTimestamp(p) }
func ltz(p int) types.DataType {
	return types.DataType{Kind: types.TimestampLTZ, Precision: p, Nullable: true}
}
func tTime(p int) types.DataType {
	return types.DataType{Kind: types.Time, Precision: p, Nullable: true}
}
func char(n int) types.DataType { return types.DataType{Kind: types.Char, Length: n, Nullable: true} }
func varchar(n int) types.DataType {
	return types.DataType{Kind: types.VarChar, Length: n, Nullable: true}
}
func binary(n int) types.DataType {
	return types.DataType{Kind: types.Binary, Length: n, Nullable: true}
}
func varbinary(n int) types.DataType {
	return types.DataType{Kind: types.VarBinary, Length: n, Nullable: true}
}
func arrayOf(e types.DataType) types.DataType {
	return types.DataType{Kind: types.Array, Element: &e, Nullable: true}
}
func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }
func utc(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
	return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
}

type castCase struct {
	name     string // the Java class (or fixture) the case mirrors
	from, to types.DataType
	in, want any
	wantErr  bool
	loc      *time.Location
}

func runCases(t *testing.T, cases []castCase) {
	t.Helper()
	for _, c := range cases {
		f, err := Resolve(c.from, c.to, c.loc)
		if err != nil {
			t.Errorf("%s: Resolve(%s, %s): %v", c.name, c.from.SQL(), c.to.SQL(), err)
			continue
		}
		got, err := f(c.in)
		if c.wantErr {
			if err == nil {
				t.Errorf("%s: %s %#v -> %s: got %#v, want error", c.name, c.from.SQL(), c.in, c.to.SQL(), got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %s %#v -> %s: %v", c.name, c.from.SQL(), c.in, c.to.SQL(), err)
			continue
		}
		if !sameValue(got, c.want) {
			t.Errorf("%s: %s %#v -> %s: got %#v (%T), want %#v (%T)",
				c.name, c.from.SQL(), c.in, c.to.SQL(), got, got, c.want, c.want)
		}
	}
}

func sameValue(a, b any) bool {
	switch x := a.(type) {
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		// Equal digits and the same scale, like Java's Decimal.equals.
		return ok && x.String() == y.String() && x.Exponent() == y.Exponent()
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y) && x.Location() == time.UTC
	case float64:
		y, ok := b.(float64)
		return ok && (x == y || math.IsNaN(x) && math.IsNaN(y))
	}
	return reflect.DeepEqual(a, b)
}

// Ground truth from Java-written fixtures: Java's reads after ALTER TABLE.
func TestFixtureCasts(t *testing.T) {
	runCases(t, []castCase{
		// append_table_alter_table_with_cast: f3 STRING -> BOOLEAN.
		{name: "fixture/StringToBooleanCastRule", from: tString, to: tBool, in: "True", want: true},
		{name: "fixture/StringToBooleanCastRule", from: tString, to: tBool, in: "1", want: true},
		{name: "fixture/StringToBooleanCastRule", from: tString, to: tBool, in: "nO", want: false},
		{name: "fixture/StringToBooleanCastRule", from: tString, to: tBool, in: "0", want: false},
		{name: "fixture/StringToBooleanCastRule", from: tString, to: tBool, in: "Yes", want: true},
		// f4 DATE -> TIMESTAMP(9).
		{name: "fixture/DateToTimestampCastRule", from: tDate, to: ts(9), in: int32(4), want: utc(1970, 1, 5, 0, 0, 0, 0)},
		{name: "fixture/DateToTimestampCastRule", from: tDate, to: ts(9), in: int32(-44), want: utc(1969, 11, 18, 0, 0, 0, 0)},
		{name: "fixture/DateToTimestampCastRule", from: tDate, to: ts(9), in: int32(444), want: utc(1971, 3, 21, 0, 0, 0, 0)},
		{name: "fixture/DateToTimestampCastRule", from: tDate, to: ts(9), in: int32(-4444), want: utc(1957, 11, 1, 0, 0, 0, 0)},
		{name: "fixture/DateToTimestampCastRule", from: tDate, to: ts(9), in: int32(44444), want: utc(2091, 9, 7, 0, 0, 0, 0)},
		// f1 TIMESTAMP(9) -> STRING.
		{name: "fixture/TimestampToStringCastRule", from: ts(9), to: tString,
			in: utc(2024, 11, 26, 6, 38, 56, 1000001), want: "2024-11-26 06:38:56.001000001"},
		{name: "fixture/TimestampToStringCastRule", from: ts(9), to: tString,
			in: utc(2024, 11, 26, 6, 38, 56, 41000041), want: "2024-11-26 06:38:56.041000041"},
		// f2 DECIMAL(5, 2) -> DECIMAL(6, 3).
		{name: "fixture/DecimalToDecimalCastRule", from: types.NewDecimal(5, 2), to: types.NewDecimal(6, 3), in: dec("0.02"), want: dec("0.020")},
		{name: "fixture/DecimalToDecimalCastRule", from: types.NewDecimal(5, 2), to: types.NewDecimal(6, 3), in: dec("11.12"), want: dec("11.120")},
		{name: "fixture/DecimalToDecimalCastRule", from: types.NewDecimal(5, 2), to: types.NewDecimal(6, 3), in: dec("444.42"), want: dec("444.420")},
		// f0 STRING -> INT.
		{name: "fixture/StringToNumericPrimitiveCastRule", from: tString, to: tInt, in: "100", want: int32(100)},
		// pk_table_with_mor: v0 DOUBLE -> INT, v1 BOOLEAN -> STRING, s1 STRING -> BYTES.
		{name: "fixture/NumericPrimitiveCastRule", from: tDouble, to: tInt, in: 110.0, want: int32(110)},
		{name: "fixture/NumericPrimitiveCastRule", from: tDouble, to: tInt, in: 11.1, want: int32(11)},
		{name: "fixture/NumericPrimitiveCastRule", from: tDouble, to: tInt, in: 140.4, want: int32(140)},
		{name: "fixture/BooleanToStringCastRule", from: tBool, to: tString, in: false, want: "false"},
		{name: "fixture/BooleanToStringCastRule", from: tBool, to: tString, in: true, want: "true"},
		{name: "fixture/StringToBinaryCastRule", from: tString, to: tBytes, in: "see", want: []byte("see")},
	})
}

func TestNumericCasts(t *testing.T) {
	runCases(t, []castCase{
		// CastExecutors.castLiteralsWithEvolution documents (byte) 383 == 127.
		{name: "NumericPrimitiveCastRule", from: tInt, to: tTiny, in: int32(383), want: int8(127)},
		{name: "NumericPrimitiveCastRule", from: tBig, to: tInt, in: int64(1<<40 + 5), want: int32(5)},
		{name: "NumericPrimitiveCastRule", from: tSmall, to: tBig, in: int16(-7), want: int64(-7)},
		{name: "NumericPrimitiveCastRule", from: tInt, to: tFloat, in: int32(16777217), want: float32(16777216)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tInt, in: -11.9, want: int32(-11)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tInt, in: 1e20, want: int32(math.MaxInt32)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tInt, in: -1e20, want: int32(math.MinInt32)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tInt, in: math.NaN(), want: int32(0)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tTiny, in: 1e20, want: int8(-1)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tTiny, in: 200.5, want: int8(-56)},
		{name: "NumericPrimitiveCastRule", from: tDouble, to: tBig, in: 1e30, want: int64(math.MaxInt64)},
		{name: "NumericPrimitiveCastRule", from: tFloat, to: tDouble, in: float32(0.1), want: 0.10000000149011612},
		{name: "NumericPrimitiveCastRule", from: tFloat, to: tInt, in: float32(-3.99), want: int32(-3)},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(5, 2), to: tInt, in: dec("11.99"), want: int32(11)},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(5, 2), to: tInt, in: dec("-11.99"), want: int32(-11)},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(38, 0), to: tBig,
			in: dec("18446744073709551621"), want: int64(5)},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(5, 2), to: tDouble, in: dec("11.12"), want: 11.12},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(30, 2), to: tDouble, in: dec("-77.02"), want: -77.02},
		{name: "DecimalToNumericPrimitiveCastRule", from: types.NewDecimal(5, 2), to: tFloat, in: dec("0.10"), want: float32(0.1)},
		{name: "NumericPrimitiveToDecimalCastRule", from: tInt, to: types.NewDecimal(3, 1), in: int32(99), want: dec("99.0")},
		{name: "NumericPrimitiveToDecimalCastRule", from: tInt, to: types.NewDecimal(3, 1), in: int32(100), want: nil},
		{name: "NumericPrimitiveToDecimalCastRule", from: tDouble, to: types.NewDecimal(10, 5), in: 0.1, want: dec("0.10000")},
		{name: "NumericPrimitiveToDecimalCastRule", from: tDouble, to: types.NewDecimal(5, 1), in: 2.25, want: dec("2.3")},
		{name: "NumericPrimitiveToDecimalCastRule", from: tDouble, to: types.NewDecimal(5, 1), in: -2.25, want: dec("-2.3")},
		{name: "NumericPrimitiveToDecimalCastRule", from: tFloat, to: types.NewDecimal(20, 17), in: float32(0.1), want: dec("0.10000000149011612")},
		{name: "NumericPrimitiveToDecimalCastRule", from: tDouble, to: types.NewDecimal(5, 1), in: math.Inf(1), wantErr: true},
		{name: "DecimalToDecimalCastRule", from: types.NewDecimal(5, 2), to: types.NewDecimal(4, 2), in: dec("999.99"), want: nil},
		{name: "DecimalToDecimalCastRule", from: types.NewDecimal(6, 3), to: types.NewDecimal(5, 2), in: dec("1.235"), want: dec("1.24")},
		{name: "DecimalToDecimalCastRule", from: types.NewDecimal(6, 3), to: types.NewDecimal(5, 2), in: dec("-1.235"), want: dec("-1.24")},
		{name: "DecimalToDecimalCastRule", from: types.NewDecimal(6, 3), to: types.NewDecimal(5, 2), in: dec("1.234"), want: dec("1.23")},
		{name: "DecimalToDecimalCastRule", from: types.NewDecimal(6, 3), to: types.NewDecimal(1, 1), in: dec("0.000"), want: dec("0.0")},
		{name: "BooleanToNumericCastRule", from: tBool, to: tInt, in: true, want: int32(1)},
		{name: "BooleanToNumericCastRule", from: tBool, to: tDouble, in: false, want: 0.0},
		{name: "BooleanToNumericCastRule", from: tBool, to: types.NewDecimal(2, 1), in: true, want: dec("1.0")},
		{name: "BooleanToNumericCastRule", from: tBool, to: types.NewDecimal(1, 1), in: true, want: nil},
		{name: "NumericToBooleanCastRule", from: tInt, to: tBool, in: int32(0), want: false},
		{name: "NumericToBooleanCastRule", from: tBig, to: tBool, in: int64(-5), want: true},
	})
}

func TestToStringCasts(t *testing.T) {
	runCases(t, []castCase{
		{name: "NumericToStringCastRule", from: tInt, to: tString, in: int32(-44), want: "-44"},
		{name: "NumericToStringCastRule", from: tInt, to: char(5), in: int32(4), want: "4    "},
		{name: "NumericToStringCastRule", from: tInt, to: varchar(2), in: int32(12345), want: "12"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 110.0, want: "110.0"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 11.1, want: "11.1"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 1e7, want: "1.0E7"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 9999999.5, want: "9999999.5"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 1.5e-4, want: "1.5E-4"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 0.001, want: "0.001"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: -123456.789, want: "-123456.789"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: 1.2345e100, want: "1.2345E100"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: math.Copysign(0, -1), want: "-0.0"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: math.NaN(), want: "NaN"},
		{name: "NumericToStringCastRule/Double.toString", from: tDouble, to: tString, in: math.Inf(-1), want: "-Infinity"},
		{name: "NumericToStringCastRule/Float.toString", from: tFloat, to: tString, in: float32(1.1), want: "1.1"},
		{name: "NumericToStringCastRule/Float.toString", from: tFloat, to: tString, in: float32(3e10), want: "3.0E10"},
		{name: "NumericToStringCastRule/Decimal.toString", from: types.NewDecimal(5, 2), to: tString, in: dec("0.02"), want: "0.02"},
		{name: "NumericToStringCastRule/Decimal.toString", from: types.NewDecimal(6, 3), to: tString, in: dec("-77.022"), want: "-77.022"},
		{name: "NumericToStringCastRule/Decimal.toString", from: types.NewDecimal(6, 3), to: tString, in: dec("5"), want: "5.000"},
		{name: "BooleanToStringCastRule", from: tBool, to: char(6), in: true, want: "true  "},
		{name: "StringToStringCastRule", from: tString, to: char(3), in: "abcdef", want: "abc"},
		{name: "StringToStringCastRule", from: tString, to: char(5), in: "ab", want: "ab   "},
		{name: "StringToStringCastRule", from: char(5), to: tString, in: "ab   ", want: "ab   "},
		{name: "StringToStringCastRule", from: tString, to: varchar(2), in: "héllo", want: "hé"},
		{name: "BinaryToStringCastRule", from: tBytes, to: char(2), in: []byte("abc"), want: "abc"},
		{name: "DateToStringCastRule", from: tDate, to: tString, in: int32(19723), want: "2024-01-01"},
		{name: "DateToStringCastRule", from: tDate, to: tString, in: int32(-4444), want: "1957-11-01"},
		{name: "TimeToStringCastRule", from: tTime(0), to: tString, in: int32(37230500), want: "10:20:30"},
		{name: "TimeToStringCastRule", from: tTime(3), to: tString, in: int32(37230500), want: "10:20:30.5"},
		{name: "TimeToStringCastRule", from: tTime(3), to: tString, in: int32(37230000), want: "10:20:30.0"},
		{name: "TimeToStringCastRule", from: tTime(6), to: tString, in: int32(37230123), want: "10:20:30.123"},
		{name: "TimestampToStringCastRule", from: ts(3), to: tString, in: utc(2024, 1, 1, 0, 0, 0, 0), want: "2024-01-01 00:00:00.000"},
		{name: "TimestampToStringCastRule", from: ts(0), to: tString, in: utc(2024, 1, 1, 0, 0, 0, 0), want: "2024-01-01 00:00:00"},
		{name: "TimestampToStringCastRule", from: ts(9), to: tString, in: utc(2024, 1, 1, 0, 0, 0, 1000000), want: "2024-01-01 00:00:00.001000000"},
		{name: "TimestampToStringCastRule", from: ts(6), to: tString, in: utc(1970, 1, 1, 0, 0, 0, 1000), want: "1970-01-01 00:00:00.000001"},
		{name: "TimestampToStringCastRule", from: ts(3), to: tString, in: utc(2024, 1, 1, 0, 0, 0, 120000000), want: "2024-01-01 00:00:00.120"},
		{name: "TimestampToStringCastRule/LTZ", from: ltz(6), to: tString, loc: shanghai,
			in: utc(1970, 1, 1, 0, 0, 0, 2000), want: "1970-01-01 08:00:00.000002"},
		{name: "ArrayToStringCastRule", from: arrayOf(tInt), to: tString, in: []any{int32(1), nil, int32(3)}, want: "[1, null, 3]"},
		{name: "ArrayToStringCastRule", from: arrayOf(tDate), to: varchar(3), in: []any{int32(0)}, want: "[1970-01-01]"},
		{name: "MapToStringCastRule", from: types.DataType{Kind: types.Map, Key: &tString, Value: &tInt, Nullable: true}, to: tString,
			in: types.MapValue{Keys: []any{"a", "b"}, Values: []any{int32(1), nil}}, want: "{a -> 1, b -> null}"},
		{name: "RowToStringCastRule", from: types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
			{ID: 1, Name: "a", Type: tInt}, {ID: 2, Name: "b", Type: tString}}}, to: tString,
			in: []any{int32(1), "x"}, want: "{1, x}"},
	})
}

func TestFromStringCasts(t *testing.T) {
	runCases(t, []castCase{
		{name: "StringToBooleanCastRule", from: tString, to: tBool, in: "T", want: true},
		{name: "StringToBooleanCastRule", from: tString, to: tBool, in: "FALSE", want: false},
		{name: "StringToBooleanCastRule", from: tString, to: tBool, in: "maybe", wantErr: true},
		{name: "StringToBooleanCastRule", from: tString, to: tBool, in: " true", wantErr: true},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "1.9", want: int32(1)},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "+5", want: int32(5)},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "-2147483648", want: int32(math.MinInt32)},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "2147483648", wantErr: true},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: " 1", wantErr: true},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "1.x", wantErr: true},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "", wantErr: true},
		{name: "BinaryStringUtils.toInt", from: tString, to: tInt, in: "-", wantErr: true},
		{name: "BinaryStringUtils.toLong", from: tString, to: tBig, in: "-9223372036854775808", want: int64(math.MinInt64)},
		{name: "BinaryStringUtils.toLong", from: tString, to: tBig, in: "9223372036854775807", want: int64(math.MaxInt64)},
		{name: "BinaryStringUtils.toLong", from: tString, to: tBig, in: "9223372036854775808", wantErr: true},
		{name: "BinaryStringUtils.toLong", from: tString, to: tBig, in: "-9223372036854775809", wantErr: true},
		{name: "BinaryStringUtils.toByte", from: tString, to: tTiny, in: "-128", want: int8(-128)},
		{name: "BinaryStringUtils.toByte", from: tString, to: tTiny, in: "128", wantErr: true},
		{name: "BinaryStringUtils.toShort", from: tString, to: tSmall, in: "40000", wantErr: true},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: " 2.5 ", want: 2.5},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "1e3", want: 1000.0},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "1.5d", want: 1.5},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "-Infinity", want: math.Inf(-1)},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "NaN", want: math.NaN()},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "0x1p3", want: 8.0},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "inf", wantErr: true},
		{name: "Double.parseDouble", from: tString, to: tDouble, in: "abc", wantErr: true},
		{name: "Float.parseFloat", from: tString, to: tFloat, in: "0.1", want: float32(0.1)},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: "12.345", want: dec("12.35")},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: "1e2", want: dec("100.00")},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: "1234", want: nil},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: ".5", want: dec("0.50")},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: "abc", wantErr: true},
		{name: "StringToDecimalCastRule", from: tString, to: types.NewDecimal(5, 2), in: " 1", wantErr: true},
		{name: "StringToBinaryCastRule", from: tString, to: binary(5), in: "abc", want: []byte("abc\x00\x00")},
		{name: "StringToBinaryCastRule", from: tString, to: varbinary(2), in: "abc", want: []byte("ab")},
		{name: "BinaryToBinaryCastRule", from: varbinary(10), to: binary(2), in: []byte("abc"), want: []byte("ab")},
		{name: "BinaryToBinaryCastRule", from: binary(2), to: varbinary(5), in: []byte("ab"), want: []byte("ab")},
	})
}

func TestStringToDatetimeCasts(t *testing.T) {
	runCases(t, []castCase{
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024-01-01", want: int32(19723)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024-1-5 10:00:00", want: int32(19727)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: " 2024 - 01 - 01", want: int32(19723)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024", want: int32(2024)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: " 2024", want: int32(19723)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "19723", want: int32(19723)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "-3", want: int32(-3)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024-02-30", wantErr: true},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2023-02-29", wantErr: true},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024-02-29", want: int32(19782)},
		{name: "StringToDateCastRule", from: tString, to: tDate, in: "2024/01/01", wantErr: true},
		{name: "StringToTimeCastRule", from: tString, to: tTime(3), in: "10:20:30.5", want: int32(37230500)},
		{name: "StringToTimeCastRule", from: tString, to: tTime(3), in: "10:20:30.1235", want: int32(37230124)},
		{name: "StringToTimeCastRule", from: tString, to: tTime(0), in: "10:20", want: int32(37200000)},
		{name: "StringToTimeCastRule", from: tString, to: tTime(0), in: "10", want: int32(10)},
		{name: "StringToTimeCastRule", from: tString, to: tTime(0), in: "10:00:00+01:30", want: int32(41400000)},
		{name: "StringToTimeCastRule", from: tString, to: tTime(0), in: "ab:00", wantErr: true},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-11-26 15:28:31", want: utc(2024, 11, 26, 15, 28, 31, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-11-26", want: utc(2024, 11, 26, 0, 0, 0, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-1-2 3:4:5", want: utc(2024, 1, 2, 3, 4, 5, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-11-26T15:28", want: utc(2024, 11, 26, 15, 28, 0, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(9), in: "2024-11-26T15:28:31.5", want: utc(2024, 11, 26, 15, 28, 31, 500000000)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(3), in: "2024-11-26 15:28:31.123456789", want: utc(2024, 11, 26, 15, 28, 31, 123000000)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-02-31 00:00:00", want: utc(2024, 2, 29, 0, 0, 0, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-12-31 24:00:00", want: utc(2025, 1, 1, 0, 0, 0, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(0), in: "1700000000", want: utc(2023, 11, 14, 22, 13, 20, 0)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(3), in: "1700000000123", want: utc(2023, 11, 14, 22, 13, 20, 123000000)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "-1", want: utc(1969, 12, 31, 23, 59, 59, 999999000)},
		{name: "StringToTimestampCastRule", from: tString, to: ts(2), in: "17", wantErr: true},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-11-26 15:28", wantErr: true},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "2024-13-01", wantErr: true},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "I'm strange", wantErr: true},
		{name: "StringToTimestampCastRule", from: tString, to: ts(6), in: "24-01-01", wantErr: true},
		{name: "StringToTimestampCastRule/LTZ", from: tString, to: ltz(6), loc: shanghai,
			in: "2024-01-01 08:00:00", want: utc(2024, 1, 1, 0, 0, 0, 0)},
		{name: "StringToTimestampCastRule/LTZ", from: tString, to: ltz(6), in: "1700000000", wantErr: true},
	})
}

func TestDatetimeCasts(t *testing.T) {
	berlin := mustZone("Europe/Berlin")
	runCases(t, []castCase{
		{name: "TimestampToTimestampCastRule", from: ts(9), to: ts(3), in: utc(2024, 11, 26, 6, 38, 56, 1000001), want: utc(2024, 11, 26, 6, 38, 56, 1000000)},
		{name: "TimestampToTimestampCastRule", from: ts(9), to: ts(6), in: utc(2024, 11, 26, 6, 38, 56, 1234567), want: utc(2024, 11, 26, 6, 38, 56, 1234000)},
		{name: "TimestampToTimestampCastRule", from: ts(3), to: ts(9), in: utc(2024, 11, 26, 6, 38, 56, 1000000), want: utc(2024, 11, 26, 6, 38, 56, 1000000)},
		// DateTimeUtils.truncate divides the epoch millisecond toward zero.
		{name: "TimestampToTimestampCastRule", from: ts(6), to: ts(0), in: utc(1969, 12, 31, 23, 59, 59, 999500000), want: utc(1970, 1, 1, 0, 0, 0, 0)},
		{name: "TimestampToTimestampCastRule", from: ts(9), to: ltz(9), loc: shanghai, in: utc(2024, 1, 1, 8, 0, 0, 5), want: utc(2024, 1, 1, 0, 0, 0, 5)},
		{name: "TimestampToTimestampCastRule", from: ltz(9), to: ts(9), loc: shanghai, in: utc(2024, 1, 1, 0, 0, 0, 5), want: utc(2024, 1, 1, 8, 0, 0, 5)},
		{name: "TimestampToTimestampCastRule", from: ts(9), to: ltz(9), in: utc(1970, 1, 1, 0, 0, 0, 2), want: utc(1970, 1, 1, 0, 0, 0, 2)},
		// java.time: a wall clock in the spring-forward gap moves forward,
		// one in the autumn overlap takes the earlier offset.
		{name: "TimestampToTimestampCastRule/gap", from: ts(0), to: ltz(0), loc: berlin, in: utc(2024, 3, 31, 2, 30, 0, 0), want: utc(2024, 3, 31, 1, 30, 0, 0)},
		{name: "TimestampToTimestampCastRule/overlap", from: ts(0), to: ltz(0), loc: berlin, in: utc(2024, 10, 27, 2, 30, 0, 0), want: utc(2024, 10, 27, 0, 30, 0, 0)},
		{name: "TimestampToTimestampCastRule/summer", from: ts(0), to: ltz(0), loc: berlin, in: utc(2024, 7, 1, 12, 0, 0, 0), want: utc(2024, 7, 1, 10, 0, 0, 0)},
		{name: "TimestampToDateCastRule", from: ts(3), to: tDate, in: utc(1970, 1, 1, 0, 0, 0, 1000000), want: int32(0)},
		{name: "TimestampToDateCastRule", from: ts(3), to: tDate, in: utc(1969, 12, 31, 23, 0, 0, 0), want: int32(-1)},
		{name: "TimestampToDateCastRule/LTZ", from: ltz(3), to: tDate, loc: shanghai, in: utc(1969, 12, 31, 23, 0, 0, 0), want: int32(0)},
		{name: "TimestampToTimeCastRule", from: ts(9), to: tTime(0), in: utc(2024, 11, 26, 6, 38, 56, 1000001), want: int32(23936001)},
		{name: "TimestampToTimeCastRule/LTZ", from: ltz(3), to: tTime(0), loc: shanghai, in: utc(1970, 1, 1, 0, 0, 1, 0), want: int32(28801000)},
		{name: "DateToTimestampCastRule/LTZ", from: tDate, to: ltz(6), loc: shanghai, in: int32(0), want: utc(1969, 12, 31, 16, 0, 0, 0)},
		{name: "TimeToTimestampCastRule", from: tTime(3), to: ts(3), in: int32(37230500), want: utc(1970, 1, 1, 10, 20, 30, 500000000)},
		{name: "TimeToTimestampCastRule/LTZ", from: tTime(3), to: ltz(3), loc: shanghai, in: int32(1000), want: utc(1970, 1, 1, 0, 0, 1, 0)},
		// append_with_cast_timestamp: ts_sec / ts_tz_sec -> INT, int_ts_* -> TIMESTAMP.
		{name: "TimestampToNumericPrimitiveCastRule", from: ts(0), to: tInt, in: utc(1970, 1, 1, 0, 0, 1, 0), want: int32(1)},
		{name: "TimestampToNumericPrimitiveCastRule", from: ltz(0), to: tInt, loc: shanghai, in: utc(1970, 1, 1, 0, 0, 2, 0), want: int32(2)},
		{name: "TimestampToNumericPrimitiveCastRule", from: ts(3), to: tBig, in: utc(1969, 12, 31, 23, 59, 59, 500000000), want: int64(0)},
		{name: "TimestampToNumericPrimitiveCastRule", from: ts(3), to: tBig, in: utc(1969, 12, 31, 23, 59, 58, 500000000), want: int64(-1)},
		{name: "NumericPrimitiveToTimestamp", from: tInt, to: ts(0), in: int32(4), want: utc(1970, 1, 1, 0, 0, 4, 0)},
		{name: "NumericPrimitiveToTimestamp", from: tBig, to: ts(3), in: int64(-1), want: utc(1969, 12, 31, 23, 59, 59, 0)},
		{name: "NumericPrimitiveToTimestamp/LTZ", from: tInt, to: ltz(6), loc: shanghai, in: int32(0), want: utc(1970, 1, 1, 8, 0, 0, 0)},
		{name: "NumericPrimitiveToTimestamp/LTZ", from: tInt, to: ltz(6), in: int32(5), want: utc(1970, 1, 1, 0, 0, 5, 0)},
	})
}

func TestNullAndIdentity(t *testing.T) {
	f, err := Resolve(tInt, tTiny, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := f(nil); v != nil || err != nil {
		t.Errorf("NULL cast: got %v, %v", v, err)
	}
	g, err := Resolve(types.New(types.Variant), types.New(types.Variant).WithNullable(false), nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g("x"); v != "x" {
		t.Errorf("identity: got %v", v)
	}
	// SchemaEvolutionUtil casts ARRAY elements one by one.
	h, err := Resolve(arrayOf(tInt), arrayOf(tBig), nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := h([]any{int32(1), nil}); !reflect.DeepEqual(v, []any{int64(1), nil}) {
		t.Errorf("array evolution: got %#v", v)
	}
}

func TestResolveErrors(t *testing.T) {
	notNullString := tString.WithNullable(false)
	cases := []struct {
		name     string
		from, to types.DataType
		want     error
	}{
		{"DataTypeCasts: DATE is only compatible with INT", tDate, tInt, ErrNoCast},
		{"NumericToBooleanCastRule takes integers only", tFloat, tBool, ErrNoCast},
		{"NumericToBooleanCastRule takes integers only", types.NewDecimal(5, 2), tBool, ErrNoCast},
		{"NumericPrimitiveToTimestamp creates no executor for DECIMAL", types.NewDecimal(5, 2), ts(3), ErrNoCast},
		{"NumericPrimitiveToTimestamp creates no executor for SMALLINT", tSmall, ts(3), ErrNoCast},
		{"TimestampToNumericPrimitiveCastRule targets INT and BIGINT only", ts(3), tTiny, ErrNoCast},
		{"TimestampToNumericPrimitiveCastRule targets INT and BIGINT only", ts(3), types.NewDecimal(20, 0), ErrNoCast},
		{"TimestampToStringCastRule targets exactly STRING", ts(3), varchar(30), ErrNoCast},
		{"TimestampToStringCastRule targets exactly STRING", ts(3), notNullString, ErrNoCast},
		{"DateToStringCastRule targets exactly STRING", tDate, char(10), ErrNoCast},
		{"no rule from BOOLEAN to DATE", tBool, tDate, ErrNoCast},
		{"no rule from BINARY to INT", tBytes, tInt, ErrNoCast},
		{"no rule from INT to ARRAY", tInt, arrayOf(tInt), ErrNoCast},
		{"StringToArrayCastRule is not implemented", tString, arrayOf(tInt), ErrUnsupported},
	}
	for _, c := range cases {
		if _, err := Resolve(c.from, c.to, nil); !errors.Is(err, c.want) {
			t.Errorf("%s: Resolve(%s, %s) = %v, want %v", c.name, c.from.SQL(), c.to.SQL(), err, c.want)
		}
	}
}
