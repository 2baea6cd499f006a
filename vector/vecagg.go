package vector

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// vectorizeAggregates replaces a GroupBy over one Paimon table (through a
// WHERE filter) with an aggregateScan: the table's needed columns read in
// batches by the core reader (merged for primary-key tables, pruned by the
// pushed filter) and aggregated per worker in typed per-group arrays, the
// partial results merged at the end. go-mysql-server aggregates row by row
// at several microseconds a row. HAVING, ORDER BY, LIMIT and the select
// list's expressions stay above, in go-mysql-server. Anything the scan does
// not know (other aggregates, window functions, subqueries, joins) keeps
// go-mysql-server's plan.
func vectorizeAggregates(sourceOf SourceOf) analyzer.RuleFunc {
	return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		// Subqueries see the rows of the nodes around them by positions the
		// analyzer has fixed for a GroupBy; the scan keeps out of their way.
		if !scope.IsEmpty() || hasSubquery(n) {
			return n, transform.SameTree, nil
		}
		having := havingOf(n)
		return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			gb, ok := n.(*plan.GroupBy)
			if !ok {
				return n, transform.SameTree, nil
			}
			if s := planAggregateScan(gb, sourceOf); s != nil {
				s.sumTests = s.planSumTests(having[gb])
				return s, transform.NewTree, nil
			}
			return n, transform.SameTree, nil
		})
	}
}

func hasSubquery(n sql.Node) bool {
	var found bool
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		_, ok := e.(*plan.Subquery)
		found = found || ok
		return !found
	})
	return found
}

// aggregateScan is a GroupBy over a Paimon table, run by the catalog.
type aggregateScan struct {
	gb         *plan.GroupBy // what it replaces: its schema and description
	tbl        Source
	fields     []types.DataField // tbl's
	cols       []int             // visible columns read (indexes into fields), the row layout
	filter     evalFn            // nil: every row
	filterText string
	keys       []evalFn
	// The filter, keys and aggregate arguments (nil for COUNT(*)) with
	// their columns at the scan's row layout, for vector kernels.
	filterExpr sql.Expression
	keyExprs   []sql.Expression
	argExprs   []sql.Expression
	// intKey: one key that is always an integer (or NULL), grouped in a
	// map of int64.
	intKey bool
	aggs   []aggSpec
	// serial: an expression is evaluated by go-mysql-server, whose Eval
	// may add warnings to the session, which is not safe for concurrent
	// use; one worker aggregates.
	serial bool
	// evalMu serialises go-mysql-server's Eval between the workers of the
	// vector path, which run in parallel also when serial.
	evalMu sync.Mutex
	// keepsRows: a new group counts its first row's values against the
	// memory limit (rows of any width, a join's).
	keepsRows bool
	// sumTests: the HAVING's comparisons of sums with constants, which
	// leave out the groups that fail them (having.go).
	sumTests []sumTest
}

var _ sql.ExecSourceRel = (*aggregateScan)(nil)

// planAggregateScan returns nil when the GroupBy is not one it runs.
func planAggregateScan(gb *plan.GroupBy, sourceOf SourceOf) *aggregateScan {
	if gb.Rollup {
		// The scan makes no super-aggregate rows (GROUP BY ... WITH ROLLUP).
		return nil
	}
	// The table under a filter, perhaps in a derived table that is just
	// the table (BI tools wrap the table of a chart: FROM (SELECT * FROM t)
	// AS x, whose filter the analyzer pushes inside).
	child := gb.Child
	var filters []sql.Expression
	names := map[string]bool{}
	if f, ok := child.(*plan.Filter); ok {
		filters, child = append(filters, f.Expression), f.Child
	}
	if sqa, ok := child.(*plan.SubqueryAlias); ok {
		names[strings.ToLower(sqa.Name())] = true
		child = sqa.Child
		if f, ok := child.(*plan.Filter); ok {
			filters, child = append(filters, f.Expression), f.Child
		}
	}
	rt, alias := resolvedTable(child)
	if rt == nil {
		return nil
	}
	tbl, ok := sourceOf(rt.Table)
	if !ok {
		return nil
	}
	if alias != nil {
		names[strings.ToLower(alias.Name())] = true
	} else {
		names[strings.ToLower(tbl.Name())] = true
	}
	var filter sql.Expression
	if len(filters) > 0 {
		filter = expression.JoinAnd(filters...)
	}
	s := &aggregateScan{gb: gb, tbl: tbl, fields: tbl.Fields()}
	layout := map[int]int{} // field index -> row index
	var bad bool
	// remap points the columns at the scan's rows. Columns are matched by
	// name: the analyzer numbers them its own way until execution.
	remap := func(e sql.Expression) sql.Expression {
		out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			gf, ok := e.(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			f := tbl.FieldIndex(gf.Name())
			if f < 0 || !names[strings.ToLower(gf.Table())] {
				bad = true // a column of an outer query
				return e, transform.SameTree, nil
			}
			at, seen := layout[f]
			if !seen {
				at = len(s.cols)
				layout[f] = at
				s.cols = append(s.cols, f)
			}
			return gf.WithIndex(at), transform.NewTree, nil
		})
		if err != nil {
			bad = true
		}
		return out
	}
	if filter != nil {
		s.filterExpr = remap(filter)
		f, ok := compile(s.filterExpr)
		if !ok {
			return nil
		}
		s.filter, s.filterText = f, filter.String()
		s.serial = native(filter) == nil
	}
	for _, k := range gb.GroupByExprs {
		if !groupable(k.Type()) {
			return nil
		}
		e := remap(k)
		f, ok := compile(e)
		if !ok {
			return nil
		}
		s.keys, s.keyExprs = append(s.keys, f), append(s.keyExprs, e)
		s.serial = s.serial || native(k) == nil
	}
	if len(gb.GroupByExprs) == 1 {
		k := gb.GroupByExprs[0]
		s.intKey = gtypes.IsInteger(k.Type()) && !gtypes.IsUnsigned(k.Type()) && native(k) != nil
	}
	for _, e := range gb.SelectedExprs {
		a, ok := planAggregate(e, remap)
		if !ok {
			return nil
		}
		s.aggs, s.argExprs = append(s.aggs, a), append(s.argExprs, a.expr)
		s.serial = s.serial || !a.native
	}
	if bad {
		return nil
	}
	s.markKeyColumns()
	return s
}

// groupable tells the key types whose equality appendKey encodes: numbers,
// times, and strings of a byte-wise collation.
func groupable(t sql.Type) bool {
	switch {
	case gtypes.IsNumber(t), gtypes.IsTime(t):
		return true
	case gtypes.IsText(t):
		return byteWise(t)
	}
	return false
}

func byteWise(t sql.Type) bool {
	st, ok := t.(sql.StringType)
	if !ok {
		return false
	}
	c := st.Collation()
	return c == sql.Collation_binary || strings.HasSuffix(c.Name(), "_bin")
}

// aggKind is what an entry of the select list computes per group.
type aggKind int

const (
	aggFirst         aggKind = iota // a column's value on the group's first row
	aggCountStar                    // COUNT(*), COUNT(1)
	aggCount                        // COUNT(expr): non-NULL values
	aggCountDistinct                // COUNT(DISTINCT expr)
	aggExactSum                     // SUM of integers or decimals
	aggExactAvg                     // AVG of integers or decimals
	aggFloatSum                     // SUM of floating point
	aggFloatAvg                     // AVG of floating point
	aggMin
	aggMax
	aggIntKey // the single integer key itself (intKeyAcc)
)

type aggSpec struct {
	kind aggKind
	arg  evalFn
	// column is the row index of a plain column argument, else -1.
	column int
	typ    sql.Type       // the argument's type (MIN, MAX compare with it)
	scale  int32          // the scale of AVG's argument
	unit   int32          // SUM's and AVG's: the scale they add at (sumUnit)
	native bool           // arg runs without go-mysql-server's Eval
	expr   sql.Expression // arg, remapped; nil for COUNT(*)
}

func planAggregate(e sql.Expression, remap func(sql.Expression) sql.Expression) (aggSpec, bool) {
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	if w, ok := e.(sql.WindowAdaptableExpression); ok && w.Window() != nil {
		return aggSpec{}, false
	}
	var kind aggKind
	var arg sql.Expression
	spec := aggSpec{column: -1}
	switch x := e.(type) {
	case *expression.GetField:
		kind, arg = aggFirst, x
	case *aggregation.Count:
		switch c := x.Child.(type) {
		case *expression.Star:
			return aggSpec{kind: aggCountStar, column: -1, native: true}, true
		case *expression.Literal:
			if c.Value() != nil {
				return aggSpec{kind: aggCountStar, column: -1, native: true}, true
			}
		}
		kind, arg = aggCount, x.Child
	case *aggregation.CountDistinct:
		if len(x.Children()) != 1 || !groupable(x.Children()[0].Type()) {
			return aggSpec{}, false
		}
		kind, arg = aggCountDistinct, x.Children()[0]
	case *exactAgg:
		kind, arg = aggExactSum, x.Child
		if x.avg {
			kind, spec.scale = aggExactAvg, x.argScale
		}
	case *aggregation.Sum:
		kind, arg = aggFloatSum, x.Child
	case *aggregation.Avg:
		kind, arg = aggFloatAvg, x.Child
	case *aggregation.Min:
		kind, arg = aggMin, x.Child
	case *aggregation.Max:
		kind, arg = aggMax, x.Child
	default:
		return aggSpec{}, false
	}
	t := arg.Type()
	switch kind {
	case aggFloatSum, aggFloatAvg:
		// Exact types went to exactAgg; strings and others convert as
		// go-mysql-server converts them.
		if !gtypes.IsFloat(t) {
			return aggSpec{}, false
		}
	case aggMin, aggMax:
		if gtypes.IsText(t) && !byteWise(t) || !(gtypes.IsNumber(t) || gtypes.IsText(t) || gtypes.IsTime(t)) {
			return aggSpec{}, false
		}
	}
	arg = remap(arg)
	spec.expr = arg
	if kind == aggExactSum || kind == aggExactAvg {
		spec.unit = sumUnit(arg)
	}
	if gf, ok := arg.(*expression.GetField); ok {
		spec.column = gf.Index()
	}
	var f evalFn
	var ok bool
	if kind == aggFirst || kind == aggMin || kind == aggMax {
		// Their values are the results: go-mysql-server's own, not a
		// native number of another Go type.
		if !rowLocal(arg) {
			return aggSpec{}, false
		}
		f, ok = arg.Eval, true
		if gf, isGF := arg.(*expression.GetField); isGF {
			f, spec.native = native(gf), true
		}
	} else {
		f, ok = compile(arg)
		spec.native = native(arg) != nil
	}
	spec.kind, spec.arg, spec.typ = kind, f, t
	return spec, ok
}

// Resolved implements sql.Node.
func (s *aggregateScan) Resolved() bool { return true }

// IsReadOnly implements sql.Node.
func (s *aggregateScan) IsReadOnly() bool { return true }

// Schema implements sql.Node: the GroupBy's.
func (s *aggregateScan) Schema() sql.Schema { return s.gb.Schema() }

// ProjectedExprs implements sql.Projector with the GroupBy's expressions,
// whose column ids the nodes above look the scan's columns up by: by name
// alone, a HAVING over a table the analyzer renamed (a subquery's table
// that an outer query also reads, unnested into a semi join as l_1) missed
// its aggregate.
func (s *aggregateScan) ProjectedExprs() []sql.Expression { return s.gb.ProjectedExprs() }

// Children implements sql.Node: none, the table is read inside.
func (s *aggregateScan) Children() []sql.Node { return nil }

// WithChildren implements sql.Node.
func (s *aggregateScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 0)
	}
	return s, nil
}

// String implements sql.Node; EXPLAIN PLAN shows which plan ran.
func (s *aggregateScan) String() string {
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("AggregateScan")
	children := []string{
		fmt.Sprintf("SelectedExprs(%s)", exprList(s.gb.SelectedExprs)),
		fmt.Sprintf("Grouping(%s)", exprList(s.gb.GroupByExprs)),
	}
	if s.filterText != "" {
		children = append(children, "Filter("+s.filterText+")")
	}
	if t := s.sumTestsText(); t != "" {
		children = append(children, "GroupsTestedFirst("+t+")")
	}
	names := make([]string, len(s.cols))
	for i, c := range s.cols {
		names[i] = s.fields[c].Name
	}
	children = append(children, fmt.Sprintf("Table(%s, columns: [%s])", s.tbl.FullName(), strings.Join(names, " ")))
	_ = pr.WriteChildren(children...)
	return pr.String()
}

// DescribeTree implements sql.TreeDescriber: EXPLAIN FORMAT=TREE's line,
// which tells whether the columns are read as vectors.
func (s *aggregateScan) DescribeTree(ctx *sql.Context) string {
	how := "vectorized"
	for _, c := range s.cols {
		if format.VectorKindOf(s.fields[c].Type) == format.VectorNone || !s.tbl.NativeVectors() {
			how = "row by row"
		}
	}
	if _, ok, err := s.fromStatistics(ctx); err == nil && ok {
		how = "from the manifests' statistics, no data file read"
	}
	line := fmt.Sprintf("Aggregate scan on %s (%s): %s", s.tbl.Name(), how, exprList(s.gb.SelectedExprs))
	if len(s.gb.GroupByExprs) > 0 {
		line += " (group by " + exprList(s.gb.GroupByExprs) + ")"
	}
	if s.filterText != "" {
		line += ", filter: " + s.filterText
	}
	if t := s.sumTestsText(); t != "" {
		line += ", groups tested first: " + t
	}
	if scan := s.tbl.DescribeScan(ctx); scan != "" {
		line += " (" + scan + ")"
	}
	return line
}

func exprList(es []sql.Expression) string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.String()
	}
	return strings.Join(out, ", ")
}

// RowIter implements sql.ExecSourceRel.
func (s *aggregateScan) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	row, ok, err := s.fromStatistics(ctx)
	if err != nil {
		return nil, err
	}
	if ok {
		return sql.RowsToRowIter(row), nil
	}
	r, conv, err := s.tbl.Reader(ctx, s.cols)
	if err != nil {
		return nil, err
	}
	if kinds := r.VectorKinds(); kinds != nil && s.tbl.NativeVectors() {
		return s.vectorRowIter(ctx, r, conv, s.planVectors(kinds))
	}
	// A worker that fails stops the read.
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	it := r.Rows(rctx)
	defer it.Close()
	workers := runtime.GOMAXPROCS(0)
	if s.serial {
		workers = 1
	}
	batches := make(chan [][]any, workers)
	parts := make([]*aggState, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	var rows int64
	for w := range parts {
		parts[w] = s.newState(ctx)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				if errs[w] != nil {
					continue // drain, so that the producer never blocks
				}
				if errs[w] = parts[w].add(ctx, b, conv); errs[w] == nil {
					errs[w] = parts[w].count()
				}
				if errs[w] != nil {
					cancel()
				}
			}
		}()
	}
	var readErr error
	for {
		b, err := it.NextBatch()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			break
		}
		rows += int64(len(b))
		batches <- b
	}
	close(batches)
	wg.Wait()
	stats.RowsRead.Add(rows)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if readErr != nil {
		return nil, readErr
	}
	return s.mergedRows(parts), nil
}

// mergedRows merges the partial states of the workers into the first and
// gives its result rows.
func (s *aggregateScan) mergedRows(parts []*aggState) sql.RowIter {
	total := parts[0]
	for _, p := range parts[1:] {
		total.merge(p)
	}
	return sql.RowsToRowIter(total.results(len(s.keys) == 0)...)
}

// aggState is the per-group state of one worker.
type aggState struct {
	s       *aggregateScan
	intKeys intGroupMap
	nullKey int32 // group of the NULL int key, -1 if none
	keys    map[string]int32
	order   []string // the encoded key of each group, for merging
	intOf   []int64  // the int key of each group (intKey)
	nullOf  []bool
	groups  int32
	accs    []accumulator
	buf     []byte
	gidx    []int32
	keep    []sql.Row
	sel     []int32 // the rows of a batch of vectors the filter keeps
	dense   []int32 // groups of small integer keys, see vectorGroups
	// The last integer key vectorGroups looked up, and its group.
	runKey   int64
	runGroup int32
	hasRun   bool
	// The group of each combination of entries of the dictionaries
	// dictOf (one a key), -1 for none yet (dictGroups).
	dictOf    []*format.Vector
	dictGroup []int32
	// mem counts the groups' memory against the query memory limit:
	// held is the estimate so far, counted what mem was told.
	mem           *sql.MemoryManager
	held, counted int64

	// The memory of the vector kernels, reused batch after batch: the
	// filter's (vecselect.go) and the vectors they compute.
	pick  selector
	arena format.VectorArena
}

// Estimated bytes of a group (map entry, key, per-group slots) and of an
// accumulator's slot, for the query memory limit.
const (
	groupBytes       = 64
	accumulatorBytes = 16
)

func (s *aggregateScan) newState(ctx *sql.Context) *aggState {
	st := &aggState{s: s, nullKey: -1, mem: ctx.Memory}
	if !s.intKey {
		st.keys = map[string]int32{}
	}
	for _, a := range s.aggs {
		if a.kind == aggIntKey {
			st.accs = append(st.accs, &intKeyAcc{st: st, box: intBoxer(s.keyExprs[0].Type())})
			continue
		}
		st.accs = append(st.accs, newAccumulator(a))
	}
	if len(s.keys) == 0 {
		st.group() // one group, rows or not
	}
	return st
}

// group adds a group.
func (st *aggState) group() int32 {
	g := st.groups
	st.groups++
	for _, a := range st.accs {
		a.grow()
	}
	st.held += groupBytes + accumulatorBytes*int64(len(st.accs))
	return g
}

// count tells the query's memory manager about the groups added since the
// last call (once per batch); it fails past the query memory limit. The
// count is given back when the statement ends.
func (st *aggState) count() error {
	if err := st.mem.Grow(st.held - st.counted); err != nil {
		return err
	}
	st.counted = st.held
	return nil
}

// add aggregates a batch of rows (converted here, in the worker).
func (st *aggState) add(ctx *sql.Context, batch [][]any, conv []func(any) any) error {
	s := st.s
	st.keep = st.keep[:0]
	for _, raw := range batch {
		row := sql.Row(raw)
		for i, c := range conv {
			row[i] = c(row[i])
		}
		if s.filter != nil {
			v, err := s.filter(ctx, row)
			if err != nil {
				return err
			}
			if b, ok := v.(bool); !ok || !b {
				if ok || v == nil {
					continue
				}
				if t, err := sql.ConvertToBool(ctx, v); err != nil || !t {
					if err != nil {
						return err
					}
					continue
				}
			}
		}
		st.keep = append(st.keep, row)
	}
	rows := st.keep
	st.gidx = st.gidx[:0]
	for _, row := range rows {
		groups := st.groups
		g, err := st.groupOf(ctx, row)
		if err != nil {
			return err
		}
		if s.keepsRows && st.groups > groups {
			// A group keeps up to its first row's values (its plain
			// columns, MIN and MAX), as go-mysql-server's GroupBy counts.
			st.held += valuesBytes(row)
		}
		st.gidx = append(st.gidx, g)
	}
	for _, a := range st.accs {
		if err := a.update(ctx, rows, st.gidx); err != nil {
			return err
		}
	}
	return nil
}

// nullKeyGroup is the group of the NULL integer key, added when new.
func (st *aggState) nullKeyGroup() int32 {
	if st.nullKey < 0 {
		st.nullKey = st.group()
		st.intOf = append(st.intOf, 0)
		st.nullOf = append(st.nullOf, true)
	}
	return st.nullKey
}

// intKeyGroup is the group of the integer key n, added when new.
func (st *aggState) intKeyGroup(n int64) int32 {
	g, seen := st.intKeys.find(n)
	if !seen {
		g = st.group()
		st.intKeys.add(n, g)
		st.intOf = append(st.intOf, n)
		st.nullOf = append(st.nullOf, false)
	}
	return g
}

// bufGroup is the group of the keys encoded in buf, added when new.
func (st *aggState) bufGroup() int32 {
	g, seen := st.keys[string(st.buf)]
	if !seen {
		g = st.group()
		key := string(st.buf)
		st.held += int64(len(key))
		st.keys[key] = g
		st.order = append(st.order, key)
	}
	return g
}

func (st *aggState) groupOf(ctx *sql.Context, row sql.Row) (int32, error) {
	s := st.s
	switch {
	case len(s.keys) == 0:
		return 0, nil
	case s.intKey:
		v, err := s.keys[0](ctx, row)
		if err != nil {
			return 0, err
		}
		if v == nil {
			return st.nullKeyGroup(), nil
		}
		n, ok := asInt64(v)
		if !ok {
			return 0, fmt.Errorf("aggregate scan: integer key is %T", v)
		}
		return st.intKeyGroup(n), nil
	}
	st.buf = st.buf[:0]
	for _, k := range s.keys {
		v, err := k(ctx, row)
		if err != nil {
			return 0, err
		}
		st.buf = appendKey(st.buf, v)
	}
	return st.bufGroup(), nil
}

// merge adds another worker's groups into st.
func (st *aggState) merge(o *aggState) {
	for og := range o.groups {
		var g int32
		switch {
		case len(st.s.keys) == 0:
			g = 0
		case st.s.intKey:
			if o.nullOf[og] {
				if st.nullKey < 0 {
					st.nullKey = st.adopt(o, og)
					st.intOf = append(st.intOf, 0)
					st.nullOf = append(st.nullOf, true)
				} else {
					st.combine(st.nullKey, o, og)
				}
				continue
			}
			n := o.intOf[og]
			var seen bool
			if g, seen = st.intKeys.find(n); !seen {
				st.intKeys.add(n, st.adopt(o, og))
				st.intOf = append(st.intOf, n)
				st.nullOf = append(st.nullOf, false)
				continue
			}
		default:
			key := o.order[og]
			var seen bool
			if g, seen = st.keys[key]; !seen {
				st.keys[key] = st.adopt(o, og)
				st.order = append(st.order, key)
				continue
			}
		}
		st.combine(g, o, og)
	}
}

// adopt copies group og of o as a new group of st.
func (st *aggState) adopt(o *aggState, og int32) int32 {
	g := st.groups
	st.groups++
	for i, a := range st.accs {
		a.grow()
		a.merge(g, o.accs[i], og)
	}
	return g
}

func (st *aggState) combine(g int32, o *aggState, og int32) {
	for i, a := range st.accs {
		a.merge(g, o.accs[i], og)
	}
}

// results are the rows of the groups; with no GROUP BY, one row even for no
// input rows, as SQL has it.
func (st *aggState) results(single bool) []sql.Row {
	out := make([]sql.Row, 0, st.groups)
	for g := range st.groups {
		if st.dropped(g) {
			continue
		}
		row := make(sql.Row, len(st.accs))
		for i, a := range st.accs {
			row[i] = a.result(g)
		}
		out = append(out, row)
	}
	if !single {
		return out
	}
	return out[:1]
}

// fromStatistics answers COUNT(*), and COUNT, MIN and MAX of columns, of a
// whole table (no WHERE, no GROUP BY) from the statistics of its files,
// when they are exact (scan.Plan.ColumnRange). ok is false otherwise, and
// the table is read.
func (s *aggregateScan) fromStatistics(ctx *sql.Context) (sql.Row, bool, error) {
	if s.filter != nil || len(s.keys) > 0 {
		return nil, false, nil
	}
	for _, a := range s.aggs {
		if a.kind != aggCountStar && (a.column < 0 || a.kind != aggCount && a.kind != aggMin && a.kind != aggMax) {
			return nil, false, nil
		}
	}
	plan, ok, err := s.tbl.WholePlan(ctx)
	if err != nil || !ok {
		return nil, false, err
	}
	rows, exact := plan.RowCount()
	if !exact {
		return nil, false, nil
	}
	row := make(sql.Row, len(s.aggs))
	for i, a := range s.aggs {
		if a.kind == aggCountStar {
			row[i] = rows
			continue
		}
		f := s.fields[s.cols[a.column]]
		r, ok, err := plan.ColumnRange(ctx, f.Name)
		if err != nil || !ok {
			return nil, false, err
		}
		switch a.kind {
		case aggCount:
			row[i] = r.NonNull
		case aggMin:
			row[i] = s.tbl.Converter(ctx, f)(r.Min)
		case aggMax:
			row[i] = s.tbl.Converter(ctx, f)(r.Max)
		}
	}
	return row, true, nil
}

// resolvedTable is the table of a scan, perhaps under an alias.
func resolvedTable(n sql.Node) (*plan.ResolvedTable, *plan.TableAlias) {
	switch c := n.(type) {
	case *plan.ResolvedTable:
		return c, nil
	case *plan.TableAlias:
		if rt, ok := c.Child.(*plan.ResolvedTable); ok {
			return rt, c
		}
	}
	return nil, nil
}
