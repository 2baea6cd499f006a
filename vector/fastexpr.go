package vector

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/shopspring/decimal"
)

// go-mysql-server v0.20.0 works out the result type of % and of + - *
// again for every row (walking the expression and building DECIMAL types),
// and computes an integer % through decimals: in `INSERT ... SELECT id % 7,
// v * 2` that was a third of the statement's time. fastArithmetic swaps
// those operators in projections, when both operands are columns or
// literals of plain numeric types, for versions that compute the same
// value of the same type directly; anything unusual (a NULL, another Go
// type, a zero divisor) is left to the original operator.

// fastArithmetic is the analyzer rule; it runs after the other rules of
// the catalog, which match go-mysql-server's own operator types.
func fastArithmetic(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		p, ok := n.(*plan.Project)
		if !ok {
			return n, transform.SameTree, nil
		}
		projections := make([]sql.Expression, len(p.Projections))
		changed := false
		for i, e := range p.Projections {
			ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				if f := fastOperator(e); f != nil {
					return f, transform.NewTree, nil
				}
				return e, transform.SameTree, nil
			})
			if err != nil {
				return nil, transform.SameTree, err
			}
			projections[i] = ne
			changed = changed || same == transform.NewTree
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		np, err := p.WithExpressions(projections...)
		return np, transform.NewTree, err
	})
}

// fastOperator is the fast version of e, or nil.
func fastOperator(e sql.Expression) sql.Expression {
	switch x := e.(type) {
	case *function.Concat:
		for _, a := range x.Children() {
			if !pureOperand(a) {
				return nil
			}
		}
		return &fastConcat{Concat: x}
	case *expression.Mod:
		if plainOperand(x.LeftChild, gtypes.IsInteger) && plainOperand(x.RightChild, gtypes.IsInteger) {
			return &intMod{Mod: x, typ: x.Type()}
		}
	case *expression.Arithmetic:
		typ := x.Type()
		numeric := func(t sql.Type) bool { return gtypes.IsInteger(t) || gtypes.IsFloat(t) }
		switch x.Op {
		case sqlparser.PlusStr, sqlparser.MinusStr, sqlparser.MultStr:
		default:
			return nil
		}
		if typ.Equals(gtypes.Float64) && plainOperand(x.LeftChild, numeric) && plainOperand(x.RightChild, numeric) {
			return &floatArithmetic{Arithmetic: x, typ: typ}
		}
	}
	return nil
}

// plainOperand is a column or a literal whose type passes is: evaluating
// it has no effect, so the original operator may evaluate it again.
func plainOperand(e sql.Expression, is func(sql.Type) bool) bool {
	switch e.(type) {
	case *expression.GetField, *expression.Literal:
		return is(e.Type()) && !gtypes.IsTime(e.Type())
	}
	return false
}

// pureOperand is an expression whose evaluation has no effect, so that
// fastConcat may fall back on the original CONCAT, which evaluates it
// again.
func pureOperand(e sql.Expression) bool {
	switch e.(type) {
	case *expression.GetField, *expression.Literal, *intMod, *floatArithmetic:
		return true
	}
	return false
}

// intMod is % of two integer operands: go-mysql-server's result is the
// remainder as a DECIMAL of scale 0 (decimal.Decimal.Mod of the operands),
// which takes the dividend's sign, as Go's % does.
type intMod struct {
	*expression.Mod
	typ sql.Type
}

// Type implements sql.Expression: Mod's, worked out once.
func (m *intMod) Type() sql.Type { return m.typ }

// Eval implements sql.Expression.
func (m *intMod) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	n, res, err := m.evalInt(ctx, row)
	switch {
	case err != nil || res == modNull:
		return nil, err
	case res == modSlow:
		return m.Mod.Eval(ctx, row)
	}
	return decimal.NewFromInt(n), nil
}

// modResult says what intMod.evalInt found.
type modResult int

const (
	modValue modResult = iota // the remainder
	modNull                   // a NULL operand: NULL
	modSlow                   // only the original operator computes it
)

// evalInt is the remainder without its DECIMAL wrapping, for fastConcat.
func (m *intMod) evalInt(ctx *sql.Context, row sql.Row) (int64, modResult, error) {
	l, err := m.LeftChild.Eval(ctx, row)
	if err != nil {
		return 0, 0, err
	}
	r, err := m.RightChild.Eval(ctx, row)
	if err != nil {
		return 0, 0, err
	}
	if l == nil || r == nil {
		return 0, modNull, nil
	}
	li, lok := asInt64(l)
	ri, rok := asInt64(r)
	if !lok || !rok || ri == 0 {
		return 0, modSlow, nil // large unsigned values, division by zero's warning
	}
	return li % ri, modValue, nil
}

// WithChildren implements sql.Expression.
func (m *intMod) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := m.Mod.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if f := fastOperator(e); f != nil {
		return f, nil
	}
	return e, nil
}

// floatArithmetic is + - * whose result type is DOUBLE over integer and
// floating operands: go-mysql-server converts both to DOUBLE and
// operates on float64.
type floatArithmetic struct {
	*expression.Arithmetic
	typ sql.Type
}

// Type implements sql.Expression: Arithmetic's, worked out once.
func (a *floatArithmetic) Type() sql.Type { return a.typ }

// Eval implements sql.Expression.
func (a *floatArithmetic) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	l, err := a.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	r, err := a.RightChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if l == nil || r == nil {
		return nil, nil
	}
	lf, _, lerr := gtypes.Float64.Convert(ctx, l)
	rf, _, rerr := gtypes.Float64.Convert(ctx, r)
	lv, lok := lf.(float64)
	rv, rok := rf.(float64)
	if lerr != nil || rerr != nil || !lok || !rok {
		return a.Arithmetic.Eval(ctx, row) // its warning
	}
	var res float64
	switch a.Op {
	case sqlparser.PlusStr:
		res = lv + rv
	case sqlparser.MinusStr:
		res = lv - rv
	default:
		res = lv * rv
	}
	if math.IsInf(res, 0) {
		// Finite operands past DOUBLE's range are MySQL's error 1690, which
		// the original operator raises; an infinite operand (Java writes
		// them) gives its infinity there too.
		return a.Arithmetic.Eval(ctx, row)
	}
	return res, nil
}

// WithChildren implements sql.Expression.
func (a *floatArithmetic) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := a.Arithmetic.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if f := fastOperator(e); f != nil {
		return f, nil
	}
	return e, nil
}

// fastConcat is CONCAT over pure operands. go-mysql-server converts every
// argument to LONGTEXT through a fresh byte slice and a string, wraps it,
// and joins the parts: in `INSERT ... SELECT CONCAT(s, '-', id % 7)` that
// was a third of the statement's time, with the remainder going through
// a DECIMAL's big.Int on the way. fastConcat appends the text of the
// values MySQL's way (go-mysql-server's ConvertToBytes) into one buffer;
// a value of any other Go type, or text that is not UTF-8 (the engine's
// error), is left to the original CONCAT.
type fastConcat struct {
	*function.Concat
}

// Eval implements sql.Expression.
func (c *fastConcat) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var stack [128]byte
	buf := stack[:0]
	for _, a := range c.Children() {
		if m, ok := a.(*intMod); ok {
			n, res, err := m.evalInt(ctx, row)
			switch {
			case err != nil || res == modNull:
				return nil, err
			case res == modSlow:
				return c.Concat.Eval(ctx, row)
			}
			buf = strconv.AppendInt(buf, n, 10)
			continue
		}
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, nil
		}
		start := len(buf)
		switch x := v.(type) {
		case string:
			if !utf8.ValidString(x) {
				return c.Concat.Eval(ctx, row)
			}
			buf = append(buf, x...)
		case int64:
			buf = strconv.AppendInt(buf, x, 10)
		case int32:
			buf = strconv.AppendInt(buf, int64(x), 10)
		case int16:
			buf = strconv.AppendInt(buf, int64(x), 10)
		case int8:
			buf = strconv.AppendInt(buf, int64(x), 10)
		case float64:
			buf = strconv.AppendFloat(buf, x, 'f', -1, 64)
			if len(buf)-start == 2 && buf[start] == '-' && buf[start+1] == '0' {
				buf = append(buf[:start], '0')
			}
		default:
			return c.Concat.Eval(ctx, row)
		}
		if int64(len(buf)-start) > gtypes.LongText.MaxByteLength() { // the engine's error
			return c.Concat.Eval(ctx, row)
		}
	}
	return string(buf), nil
}

// WithChildren implements sql.Expression.
func (c *fastConcat) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := c.Concat.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if f := fastOperator(e); f != nil {
		return f, nil
	}
	return e, nil
}
