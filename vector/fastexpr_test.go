package vector

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// The fast operators give exactly go-mysql-server's values and types.
func TestFastArithmeticMatchesTheEngine(t *testing.T) {
	ctx := sql.NewEmptyContext()
	show := func(v any) string {
		if d, ok := v.(decimal.Decimal); ok {
			return fmt.Sprintf("decimal %s exp %d", d.String(), d.Exponent())
		}
		return fmt.Sprintf("%T %v", v, v)
	}
	ints := []any{int64(0), int64(7), int64(-7), int64(100), int64(-100), int64(math.MaxInt64), int64(math.MinInt64), nil}
	cols := []struct {
		typ sql.Type
		v   func(int64) any
	}{
		{gtypes.Int64, func(n int64) any { return n }},
		{gtypes.Int32, func(n int64) any { return int32(n) }},
		{gtypes.Int8, func(n int64) any { return int8(n) }},
		{gtypes.Uint64, func(n int64) any { return uint64(n) }},
		{gtypes.Float64, func(n int64) any { return float64(n) / 3 }},
		{gtypes.Float32, func(n int64) any { return float32(n) / 3 }},
	}
	checked := 0
	for _, lc := range cols {
		for _, rc := range cols {
			for _, lv := range ints {
				for _, rv := range ints {
					row := sql.Row{conv(lc.v, lv), conv(rc.v, rv)}
					left := expression.NewGetField(0, lc.typ, "a", true)
					right := expression.NewGetField(1, rc.typ, "b", true)
					for _, slow := range []sql.Expression{
						expression.NewMod(left, right),
						expression.NewPlus(left, right), expression.NewMinus(left, right), expression.NewMult(left, right),
						expression.NewMod(left, expression.NewLiteral(int8(7), gtypes.Int8)),
						expression.NewMult(left, expression.NewLiteral(int8(2), gtypes.Int8)),
					} {
						fast := fastOperator(slow)
						if fast == nil {
							continue
						}
						want, werr := slow.Eval(ctx, row)
						got, gerr := fast.Eval(ctx, row)
						if show(got) != show(want) || (gerr == nil) != (werr == nil) || !fast.Type().Equals(slow.Type()) {
							t.Errorf("%s over %v: %s (%v), the engine's %s (%v)", slow, row, show(got), gerr, show(want), werr)
						}
						checked++
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d comparisons: the fast operators were not chosen", checked)
	}
}

func conv(f func(int64) any, v any) any {
	if v == nil {
		return nil
	}
	return f(v.(int64))
}

// fastConcat gives exactly go-mysql-server's CONCAT: its text, NULLs and
// errors, over strings, integers, doubles, remainders and values it leaves
// to the engine.
func TestFastConcatMatchesTheEngine(t *testing.T) {
	ctx := sql.NewEmptyContext()
	str := expression.NewGetField(0, gtypes.LongText, "s", true)
	id := expression.NewGetField(1, gtypes.Int64, "id", true)
	v := expression.NewGetField(2, gtypes.Float64, "v", true)
	u := expression.NewGetField(3, gtypes.Uint64, "u", true)
	dash := expression.NewLiteral("-", gtypes.LongText)
	seven := expression.NewLiteral(int8(7), gtypes.Int8)
	zero := expression.NewLiteral(int8(0), gtypes.Int8)
	long := strings.Repeat("é", 100)
	rows := []sql.Row{
		{"abc", int64(15), 2.5, uint64(3)},
		{"", int64(-15), math.Copysign(0, -1), uint64(math.MaxUint64)},
		{long, int64(math.MinInt64), math.Inf(1), uint64(0)},
		{"x\xffy", int64(math.MaxInt64), 1e300, uint64(1)},
		{nil, int64(1), 1.0, uint64(1)},
		{"a", nil, nil, nil},
		{"a", int64(0), math.SmallestNonzeroFloat64, uint64(1)},
	}
	exprs := [][]sql.Expression{
		{str, dash, expression.NewMod(id, seven)},
		{str, id, v},
		{expression.NewMod(id, zero), str},
		{expression.NewMod(u, seven), dash},
		{u, str},
		{expression.NewMult(v, expression.NewLiteral(int8(2), gtypes.Int8)), dash, expression.NewMod(id, id)},
		{dash},
	}
	checked := 0
	for _, args := range exprs {
		for i, a := range args {
			if f := fastOperator(a); f != nil {
				args[i] = f
			}
		}
		slow, err := function.NewConcat(args...)
		if err != nil {
			t.Fatal(err)
		}
		fast := fastOperator(slow)
		if fast == nil {
			t.Fatalf("%s: no fast CONCAT", slow)
		}
		for _, row := range rows {
			want, werr := slow.Eval(ctx, row)
			got, gerr := fast.Eval(ctx, row)
			if fmt.Sprintf("%T %v", got, got) != fmt.Sprintf("%T %v", want, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("%s over %v: %T %q (%v), the engine's %T %q (%v)", slow, row, got, got, gerr, want, want, werr)
			}
			checked++
		}
	}
	if c, _ := function.NewConcat(str, function.NewLower(str)); fastOperator(c) != nil {
		t.Error("a CONCAT over a function call was made fast")
	}
	t.Logf("%d comparisons", checked)
}
