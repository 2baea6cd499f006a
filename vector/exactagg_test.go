package vector

import (
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

func sumOf(t *testing.T, vals ...any) *exactSum {
	t.Helper()
	s := &exactSum{}
	for _, v := range vals {
		if err := s.add(sql.NewEmptyContext(), v); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func wantDecimal(t *testing.T, what string, got any, want string) {
	t.Helper()
	d, ok := got.(decimal.Decimal)
	if !ok || !d.Equal(decimal.RequireFromString(want)) {
		t.Errorf("%s = %v (%T), want %s", what, got, got, want)
	}
}

// Catches: int64 sums that wrap around instead of continuing in decimal,
// in either direction and when partial sums of workers are merged; AVG
// rounded otherwise than half away from zero; SUM of nothing not NULL.
func TestExactSum(t *testing.T) {
	wantDecimal(t, "max+max", sumOf(t, int64(math.MaxInt64), int64(math.MaxInt64)).result(false, 0), "18446744073709551614")
	wantDecimal(t, "min+min+1", sumOf(t, int64(math.MinInt64), int64(math.MinInt64), int32(1)).result(false, 0), "-18446744073709551615")
	wantDecimal(t, "back into range", sumOf(t, int64(math.MaxInt64), int64(1), int64(-2)).result(false, 0), "9223372036854775806")
	wantDecimal(t, "uint64", sumOf(t, uint64(math.MaxUint64), int8(1)).result(false, 0), "18446744073709551616")
	wantDecimal(t, "decimals", sumOf(t, decimal.RequireFromString("1.25"), int64(2)).result(false, 2), "3.25")
	if v := sumOf(t).result(false, 0); v != nil {
		t.Errorf("SUM of nothing = %v, want NULL", v)
	}
	// 1/32 = 0.03125: half away from zero at 4 decimals, both signs.
	ones := make([]any, 32)
	negs := make([]any, 32)
	for i := range ones {
		ones[i], negs[i] = int64(0), int64(0)
	}
	ones[0], negs[0] = int64(1), int64(-1)
	wantDecimal(t, "avg 1/32", sumOf(t, ones...).result(true, 0), "0.03125")
	wantDecimal(t, "avg -1/32", sumOf(t, negs...).result(true, 0), "-0.03125")
	rounded := &aggRounded{typ: gtypes.MustCreateDecimalType(14, 4)}
	for _, c := range [][2]string{{"0.03125", "0.0313"}, {"-0.03125", "-0.0313"}, {"1.6666666666", "1.6667"}} {
		rounded.Child = expression.NewLiteral(decimal.RequireFromString(c[0]), rounded.typ)
		v, err := rounded.Eval(sql.NewEmptyContext(), nil)
		if err != nil || v.(decimal.Decimal).String() != c[1] {
			t.Errorf("AVG %s shown as %v (%v), want %s", c[0], v, err, c[1])
		}
	}
}

// Catches: group keys that split equal values (integers of different
// widths, decimals of different scales, -0 and 0) or merge different ones.
func TestAppendKey(t *testing.T) {
	same := [][2]any{
		{int64(7), int32(7)},
		{int8(-1), int64(-1)},
		{decimal.RequireFromString("1.0"), decimal.RequireFromString("1.00")},
		{decimal.RequireFromString("2.50"), decimal.RequireFromString("2.5")},
		{decimal.RequireFromString("3"), int64(3)},
		{math.Copysign(0, -1), 0.0},
	}
	for _, p := range same {
		if string(appendKey(nil, p[0])) != string(appendKey(nil, p[1])) {
			t.Errorf("%v and %v group apart", p[0], p[1])
		}
	}
	differ := [][2]any{
		{nil, int64(0)},
		{"", nil},
		{"1", int64(1)},
		{1.5, decimal.RequireFromString("1.5")}, // different columns' types never meet; kept apart
		{"ab", "a"},
	}
	for _, p := range differ {
		if string(appendKey(nil, p[0])) == string(appendKey(nil, p[1])) {
			t.Errorf("%v and %v group together", p[0], p[1])
		}
	}
	// Several keys: ("a", "bc") and ("ab", "c") are not one group.
	if string(appendKey(appendKey(nil, "a"), "bc")) == string(appendKey(appendKey(nil, "ab"), "c")) {
		t.Error("composite keys run together")
	}
}

// Catches: partial sums of exactAcc (an int64 per group, 128 bits once
// one overflows, decimals beside) merged wrongly: a wide sum into a narrow
// one and back, decimals of more places than the unit, the count.
func TestExactAccMerge(t *testing.T) {
	ctx := sql.NewEmptyContext()
	newAcc := func(vals ...any) *exactAcc {
		a := &exactAcc{}
		a.grow()
		for _, v := range vals {
			if err := a.add(ctx, 0, v); err != nil {
				t.Fatal(err)
			}
		}
		return a
	}
	wide := newAcc(int64(math.MaxInt64), int64(math.MaxInt64))
	narrow := newAcc(int64(-5), decimal.RequireFromString("0.125"), int32(3))
	wide.merge(0, narrow, 0)
	wantDecimal(t, "wide + narrow", wide.result(0), "18446744073709551612.125")
	if wide.n[0] != 5 {
		t.Errorf("%d values counted, want 5", wide.n[0])
	}
	wide.avg = true
	wantDecimal(t, "avg", wide.result(0), "3689348814741910322.425")
	narrow = newAcc(int64(1))
	narrow.merge(0, newAcc(int64(math.MinInt64), int64(-1)), 0)
	wantDecimal(t, "narrow + wide", narrow.result(0), "-9223372036854775808")
	if v := newAcc().result(0); v != nil {
		t.Errorf("SUM of nothing = %v, want NULL", v)
	}
}

// Catches: an AVG computed otherwise than MySQL's decimal division (the
// quotient truncated at whole 9-digit words of scale, per
// strings/decimal.c), which shows in the last digit of AVG(x) / 2.
func TestAverageQuotientScale(t *testing.T) {
	for _, c := range []struct {
		vals     []string
		argScale int32
		want     string
	}{
		{[]string{"10.00", "7.25", "-3.10"}, 2, "4.716666666"},
		{[]string{"-10.00", "-7.25", "3.10"}, 2, "-4.716666666"},
		{[]string{"1", "2", "2"}, 0, "1.666666666"},
		{[]string{"0.000001", "0"}, 6, "0.000000500000000000"},
	} {
		var vals []any
		for _, v := range c.vals {
			vals = append(vals, decimal.RequireFromString(v))
		}
		got := sumOf(t, vals...).result(true, c.argScale).(decimal.Decimal)
		if got.String() != c.want && got.StringFixed(-got.Exponent()) != c.want {
			t.Errorf("AVG%v = %s, want %s", c.vals, got.StringFixed(-got.Exponent()), c.want)
		}
	}
	for _, c := range [][3]int32{{2, 0, 9}, {6, 0, 18}, {5, 0, 9}, {0, 0, 9}, {9, 0, 18}, {2, 2, 18}, {0, 6, 18}, {0, 5, 9}} {
		if got := quotientScale(c[0], c[1]); got != c[2] {
			t.Errorf("quotientScale(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}

// Catches: a decimal quotient rounded otherwise than half away from zero
// (either sign), rounded where MySQL's 9-digit quotient truncates, or
// wrapped around past int64 instead of leaving it to the row path.
func TestDivideRounded(t *testing.T) {
	for _, c := range []struct {
		a, c     int64
		mul      uint64
		truncate bool
		want     int64
		ok       bool
	}{
		{1, 8, 1000, false, 125, true},     // 0.125 exactly
		{1, 16, 1000, false, 63, true},     // 0.0625 -> 0.063
		{-1, 16, 1000, false, -63, true},   // half away from zero
		{1, -16, 1000, false, -63, true},   //
		{1, 16, 1000, true, 62, true},      // truncated
		{-2, 3, 10000, false, -6667, true}, //
		{-2, 3, 10000, true, -6666, true},  //
		{1, 0, 10, false, 0, false},        // zero divisor: the row path
		{math.MaxInt64, 1, 10, false, 0, false},
		{math.MaxInt64, 3, 3, false, math.MaxInt64, true},
	} {
		got, ok := divideRounded(c.a, c.c, c.mul, c.truncate)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("divideRounded(%d, %d, %d, %v) = %d, %v; want %d, %v", c.a, c.c, c.mul, c.truncate, got, ok, c.want, c.ok)
		}
	}
}
