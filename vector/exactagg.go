package vector

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// MySQL's widths of SUM and AVG results: SUM adds 22 digits to its
// argument's precision (DECIMAL_LONGLONG_DIGITS), AVG 4 digits and 4
// decimals (div_precision_increment), within DECIMAL's 65 digits and 30
// decimals.
const (
	sumExtraDigits = 22
	avgIncrement   = 4
	maxDecimalPrec = 65
	maxDecimalFrac = 30
)

// exactSums replaces go-mysql-server's SUM and AVG of integers and
// decimals, which add in float64 and report DOUBLE (SUM of 9007199254740993
// and 1 gives 9.007199254740992e+15), with exact aggregates typed as MySQL
// types them: DECIMAL. The columns that read the aggregates above the
// GroupBy get the new type too, so that the client sees DECIMAL and
// expressions over them (SUM(k) + 1) compute in decimal.
func exactSums(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	retyped := map[sql.ColumnId]sql.Type{}
	unrounded := map[sql.ColumnId]sql.DecimalType{}
	n, same, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		gb, ok := n.(*plan.GroupBy)
		if !ok {
			return n, transform.SameTree, nil
		}
		var changed bool
		sel := make([]sql.Expression, len(gb.SelectedExprs))
		for i, e := range gb.SelectedExprs {
			sel[i] = e
			if x, ok := exactAggregate(e, len(gb.GroupByExprs) > 0); ok {
				sel[i], changed = x, true
				id := x.(sql.IdExpression).Id()
				retyped[id] = x.Type()
				if isUnrounded(x) {
					unrounded[id] = x.Type().(sql.DecimalType)
				}
			}
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		c := *gb
		c.SelectedExprs = sel
		return &c, transform.NewTree, nil
	})
	if err != nil || same {
		return n, same, err
	}
	n, _, err = retype(n, retyped)
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, _, err = roundAggregates(n, unrounded)
	return n, transform.NewTree, err
}

// isUnrounded tells whether an exact aggregate (aliased or not) has more
// decimals than its type: an AVG, or a SUM of unrounded quotients.
func isUnrounded(e sql.Expression) bool {
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	x, ok := e.(*exactAgg)
	if !ok {
		return false
	}
	d, isDiv := x.Child.(*expression.Div)
	return x.avg || isDiv && d.UnroundedQuotient()
}

// unroundedQuotient is the argument of an ungrouped SUM or AVG as MySQL
// adds it: a division of integers and decimals (without another inside)
// keeps its quotient unrounded, at the scale MySQL computes it
// (quotientScale of its operands' scales), which is returned too. Other
// arguments are returned as they are, with their type's scale. With a
// GROUP BY, MySQL and MariaDB aggregate into a temporary table whose sum
// column has the argument's type, which rounds every quotient added to
// it (Item_sum_sum::update_field): there the argument stays as it is.
func unroundedQuotient(child sql.Expression) (sql.Expression, int32) {
	d, ok := child.(*expression.Div)
	if !ok || !gtypes.IsDecimal(d.Type()) || hasDivision(d.LeftChild) || hasDivision(d.RightChild) {
		return child, argumentScale(child.Type())
	}
	ls, lok := decimalScale(d.LeftChild)
	rs, rok := decimalScale(d.RightChild)
	if !lok || !rok {
		return child, argumentScale(child.Type())
	}
	return d.WithUnroundedQuotient(), quotientScale(ls, rs)
}

// retype gives the GetFields that read a retyped column its new type,
// in subqueries too. Columns that read an alias of a retyped column (HAVING
// s > 1, ORDER BY s) are retyped too; the analyzer leaves such aliases
// without an id, so they are known by name.
func retype(n sql.Node, retyped map[sql.ColumnId]sql.Type) (sql.Node, transform.TreeIdentity, error) {
	return retypeNames(n, retyped, map[string]sql.Type{})
}

func retypeNames(n sql.Node, retyped map[sql.ColumnId]sql.Type, aliases map[string]sql.Type) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			if x.TableId() != 0 {
				return e, transform.SameTree, nil
			}
			t, ok := retyped[x.Id()]
			if !ok {
				if t, ok = aliases[strings.ToLower(x.Name())]; !ok || x.Type() == t {
					return e, transform.SameTree, nil
				}
			}
			gf := expression.NewGetFieldWithTable(x.Index(), int(x.TableId()), t, x.Database(), x.Table(), x.Name(), x.IsNullable())
			return gf.WithQuotedNames(sql.GlobalSchemaFormatter, x.IsQuotedIdentifier()).WithId(x.Id()).(*expression.GetField), transform.NewTree, nil
		case sql.WindowAdaptableExpression:
			// A window function over a retyped column (SUM(SUM(x)) OVER
			// ()) is typed by it: the columns reading it follow.
			if x.Window() != nil && x.Id() != 0 && usesRetyped(x, retyped) {
				retyped[x.Id()] = x.Type()
			}
			return e, transform.SameTree, nil
		case *expression.Alias:
			if usesRetyped(x.Child, retyped) {
				aliases[strings.ToLower(x.Name())] = x.Child.Type()
				if x.Id() != 0 {
					retyped[x.Id()] = x.Child.Type()
				}
			}
			return e, transform.SameTree, nil
		case *plan.Subquery:
			q, same, err := retypeNames(x.Query, retyped, aliases)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return x.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

func usesRetyped(e sql.Expression, retyped map[sql.ColumnId]sql.Type) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return false
		}
		_, ok = retyped[gf.Id()]
		return ok && gf.TableId() == 0
	})
}

// exactAggregate returns the exact replacement of a SUM or AVG over an
// integer or decimal argument, keeping its alias; grouped says whether
// the aggregation has a GROUP BY.
func exactAggregate(e sql.Expression, grouped bool) (sql.Expression, bool) {
	if a, ok := e.(*expression.Alias); ok {
		x, ok := exactAggregate(a.Child, grouped)
		if !ok {
			return e, false
		}
		return expression.NewAlias(a.Name(), x).WithId(a.Id()), true
	}
	var avg bool
	var child sql.Expression
	var id sql.ColumnId
	switch x := e.(type) {
	case *aggregation.Sum:
		if x.Window() != nil {
			return e, false
		}
		child, id = x.Child, x.Id()
	case *aggregation.Avg:
		if x.Window() != nil {
			return e, false
		}
		child, id, avg = x.Child, x.Id(), true
	default:
		return e, false
	}
	t, ok := exactType(child.Type(), avg)
	if !ok {
		return e, false
	}
	argScale := argumentScale(child.Type())
	if !grouped {
		child, argScale = unroundedQuotient(child)
	}
	return &exactAgg{UnaryExpression: expression.UnaryExpression{Child: child}, avg: avg, typ: t, id: id, argScale: argScale}, true
}

// argumentScale is the scale of a SUM's or AVG's argument: a decimal's,
// 0 for an integer.
func argumentScale(t sql.Type) int32 {
	if d, ok := t.(sql.DecimalType); ok {
		return int32(d.Scale())
	}
	return 0
}

// exactType is MySQL's type of SUM or AVG of t, when t is an integer or a
// decimal (others add as DOUBLE, as go-mysql-server does).
func exactType(t sql.Type, avg bool) (sql.DecimalType, bool) {
	var prec, scale int
	switch {
	case gtypes.IsDecimal(t):
		d := t.(sql.DecimalType)
		prec, scale = int(d.Precision()), int(d.Scale())
	case gtypes.IsInteger(t):
		prec = integerDigits(t)
	default:
		return nil, false
	}
	if avg {
		prec, scale = prec+avgIncrement, scale+avgIncrement
	} else {
		prec += sumExtraDigits
	}
	return gtypes.MustCreateDecimalType(uint8(min(prec, maxDecimalPrec)), uint8(min(scale, maxDecimalFrac))), true
}

// integerDigits is the decimal precision MySQL gives an integer type: the
// digits of its widest value.
func integerDigits(t sql.Type) int {
	switch t {
	case gtypes.Int8, gtypes.Uint8, gtypes.Boolean:
		return 3
	case gtypes.Int16, gtypes.Uint16:
		return 5
	case gtypes.Int24, gtypes.Uint24:
		return 8
	case gtypes.Int32, gtypes.Uint32:
		return 10
	case gtypes.Uint64:
		return 20
	}
	return 19
}

// exactAgg is SUM or AVG of an integer or decimal argument, computed
// exactly and typed DECIMAL.
type exactAgg struct {
	expression.UnaryExpression
	avg      bool
	typ      sql.DecimalType
	id       sql.ColumnId
	argScale int32 // the argument's scale, which AVG's quotient follows
}

var _ sql.Aggregation = (*exactAgg)(nil)

func (a *exactAgg) name() string {
	if a.avg {
		return "AVG"
	}
	return "SUM"
}

func (a *exactAgg) String() string { return fmt.Sprintf("%s(%s)", a.name(), a.Child) }

// Type is DECIMAL; IsNullable: SUM and AVG of no rows are NULL.
func (a *exactAgg) Type() sql.Type       { return a.typ }
func (a *exactAgg) IsNullable() bool     { return true }
func (a *exactAgg) Id() sql.ColumnId     { return a.id }
func (a *exactAgg) FunctionName() string { return a.name() }
func (a *exactAgg) Description() string {
	return "returns the exact " + a.name() + " of expr in all rows"
}

func (a *exactAgg) WithId(id sql.ColumnId) sql.IdExpression {
	c := *a
	c.id = id
	return &c
}

func (a *exactAgg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	c := *a
	c.Child = children[0]
	return &c, nil
}

func (a *exactAgg) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, aggregation.ErrEvalUnsupportedOnAggregation.New(a.name())
}

// Window, WithWindow and NewWindowFunction: exactAgg only replaces
// aggregates of a GROUP BY, never window functions.
func (a *exactAgg) Window() *sql.WindowDefinition { return nil }
func (a *exactAgg) WithWindow(*sql.WindowDefinition) sql.WindowAdaptableExpression {
	return a
}
func (a *exactAgg) NewWindowFunction() (sql.WindowFunction, error) {
	return nil, fmt.Errorf("%s is not a window function here", a)
}

// NewBuffer clones the argument: a DISTINCT argument remembers the values
// seen, per group.
func (a *exactAgg) NewBuffer() (sql.AggregationBuffer, error) {
	child, err := transform.Clone(a.Child)
	if err != nil {
		return nil, err
	}
	return &exactBuffer{expr: child, sum: exactSum{}, avg: a.avg, argScale: a.argScale}, nil
}

// exactSum adds integers in 128 bits (2^64 additions of int64 values
// cannot overflow it: no decimal arithmetic, no allocation, however large
// the values), and decimals and huge unsigned values in decimal: the
// buffer of go-mysql-server's GroupBy (the aggregate scan keeps its sums
// in exactAcc).
type exactSum struct {
	n      int64 // values added
	lo     uint64
	hi     int64 // the integers' sum is hi<<64 + lo, two's complement
	dec    decimal.Decimal
	hasDec bool
}

func (s *exactSum) addInt(v int64) {
	s.n++
	var c uint64
	s.lo, c = bits.Add64(s.lo, uint64(v), 0)
	s.hi += v>>63 + int64(c) // v's sign extension, and the carry
}

func (s *exactSum) addUint(v uint64) {
	if v <= 1<<63-1 {
		s.addInt(int64(v))
		return
	}
	s.addDecimal(decimal.NewFromUint64(v))
}

func (s *exactSum) addDecimal(v decimal.Decimal) {
	s.n++
	if !s.hasDec {
		s.dec, s.hasDec = v, true
		return
	}
	s.dec = s.dec.Add(v)
}

// ints is the integers' sum.
func (s *exactSum) ints() decimal.Decimal { return int128(s.hi, s.lo, 0) }

// int128 is (hi<<64 + lo) * 10^-scale.
func int128(hi int64, lo uint64, scale int32) decimal.Decimal {
	if hi == int64(lo)>>63 { // fits in int64
		return decimal.New(int64(lo), -scale)
	}
	b := new(big.Int).Lsh(big.NewInt(hi), 64)
	return decimal.NewFromBigInt(b.Add(b, new(big.Int).SetUint64(lo)), -scale)
}

func (s *exactSum) add(ctx *sql.Context, v any) error {
	// Signed and small unsigned integers and booleans, as the vector
	// kernels read them (asInt64).
	if n, ok := asInt64(v); ok {
		s.addInt(n)
		return nil
	}
	switch x := v.(type) {
	case uint64:
		s.addUint(x)
	case decimal.Decimal:
		s.addDecimal(x)
	case decimal.NullDecimal:
		if x.Valid {
			s.addDecimal(x.Decimal)
		}
	default:
		// Anything else (a string a CASE made) counts by its decimal value.
		d, _, err := gtypes.InternalDecimalType.Convert(ctx, v)
		if err != nil {
			return err
		}
		s.addDecimal(d.(decimal.Decimal))
	}
	return nil
}

// result is the SUM, or the AVG as MySQL computes it (Item_sum_avg's
// val_decimal): the sum, of its argument's scale argScale, divided by the
// count at the scale of a MySQL decimal quotient, truncated. That is more
// decimals than AVG's type has: MySQL rounds to the type only where the
// value is shown or stored, and divides, multiplies and compares the
// quotient itself (AVG(x) / 2); avgRounded rounds it everywhere else.
// NULL when nothing was added.
func (s *exactSum) result(avg bool, argScale int32) any {
	if s.n == 0 {
		return nil
	}
	total := s.ints()
	if s.hasDec {
		total = total.Add(s.dec)
	}
	if !avg {
		return total
	}
	q, _ := total.QuoRem(decimal.NewFromInt(s.n), quotientScale(argScale, 0))
	return q
}

type exactBuffer struct {
	expr     sql.Expression
	sum      exactSum
	avg      bool
	argScale int32
}

func (b *exactBuffer) Update(ctx *sql.Context, row sql.Row) error {
	v, err := b.expr.Eval(ctx, row)
	if err != nil || v == nil {
		return err
	}
	return b.sum.add(ctx, v)
}

func (b *exactBuffer) Eval(*sql.Context) (any, error) { return b.sum.result(b.avg, b.argScale), nil }

func (b *exactBuffer) Dispose() { expression.Dispose(b.expr) }
