package catalog

import (
	"fmt"
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
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
