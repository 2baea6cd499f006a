package vector

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The probe side of a hash join is usually the large table (TPC-H's
// lineitem) and most of its rows find no key in the build side once the
// build side is filtered (Q17's 200 parts of 20,000, Q18's few large
// orders, Q21's suppliers of one nation). Read row by row, each such row
// is decoded, boxed for go-mysql-server and looked up, only to be dropped.
// When the probe side is the scan of a table read as vectors (perhaps
// under its own WHERE Filter) and some of the join's keys are integer
// columns of it, the scan is read as vectors here and a row whose key
// values are not all among the build rows' is dropped in the read's
// workers, before anything is boxed. The sets are exact: the build table
// itself for a join on one integer key, else a set of each integer key's
// values, filled with the table and counted against the query memory
// limit with it (Q09's four keys, Q05's two). The join still looks every
// kept row up and checks its whole condition, so this filter only has to
// keep every row that can match (a NULL key matches nothing in an inner or
// semi join); left outer and anti joins keep their unmatched rows and read
// the probe side as before.

// keyFilteredProbes counts the probe scans filtered by their build table
// (for the tests, which prove the path ran).
var keyFilteredProbes atomic.Int64

// probeFilter is the plan of a probe side read filtered by the build
// side's keys.
type probeFilter struct {
	scan   sql.Node       // the table's scan (perhaps under its alias)
	cond   sql.Expression // the probe side's Filter over it; nil for none
	filter *plan.Filter   // that Filter
	// above are the Distinct and Project nodes over them, from the top
	// (a semi join planned as a join of distinct rows, TPC-H Q04's): a
	// row whose keys the build side lacks joins nothing whatever they
	// make of it, so it is dropped before them.
	above []sql.Node
	tbl   Source
	cols  []int // the Fields the scan reads
	// keys are the join's keys whose probe side is an integer column of
	// the scan (and whose build side is an integer), at that column's
	// position in the scan's rows.
	keys, at []int
	// sideways are the key sets of the joins above that the scan's rows
	// must be in (sideways.go), their col a position in the scan's rows.
	sideways []keySet
	// read are the columns of the scan's rows that the join reads (nil
	// for all; buildcolumns.go).
	read []bool
}

// planProbeFilter returns the probe filter of a probe side n, or nil when
// n or the join is not of its shape. probeKeys and buildKeys are the
// join's keys on either side; the probe side's read its rows after offset
// columns of a parent row.
// sideways are the key sets of the joins above that apply to n's rows
// (only they do in a left outer or anti join, which keeps its unmatched
// rows: a row that joins no row there joins none above either).
func planProbeFilter(op plan.JoinType, n sql.Node, probeKeys, buildKeys []sql.Expression, offset int, sourceOf SourceOf, sideways []keySet) *probeFilter {
	if sourceOf == nil {
		return nil
	}
	m, ok := n.(*probeScan)
	if !ok || m.build {
		return nil // the planner's rule did not mark it (probeScan)
	}
	if op != plan.JoinTypeHash && op != plan.JoinTypeSemiHash {
		probeKeys, buildKeys = nil, nil
	}
	return planKeyFilter(m.child, probeKeys, buildKeys, offset, sourceOf, sideways)
}

// planKeyFilter is the filter of the rows of n (a scan, perhaps under its
// Filter, Distinct and Project) by the values of the other side's keys:
// keys are n's, otherKeys the other side's, and n's rows are read after
// offset columns of a parent row. nil when n is not of that shape.
func planKeyFilter(n sql.Node, probeKeys, buildKeys []sql.Expression, offset int, sourceOf SourceOf, sideways []keySet) *probeFilter {
	pf := &probeFilter{}
	pf.above, n = rowNodes(n)
	if len(pf.above) > 0 && offset != 0 {
		return nil // the keys' columns are mapped through the nodes' own rows
	}
	pf.scan = n
	if f, ok := n.(*plan.Filter); ok {
		pf.scan, pf.cond, pf.filter = f.Child, f.Expression, f
	}
	if m, ok := pf.scan.(*filteredScan); ok {
		pf.scan = m.child
	}
	var ok bool
	if pf.tbl, _, ok = scanSource(pf.scan, sourceOf); !ok {
		return nil
	}
	if pf.cols, _, ok = scanColumns(pf.tbl, pf.scan.Schema()); !ok {
		return nil
	}
	sch := pf.scan.Schema()
	for i, k := range probeKeys {
		gf, ok := k.(*expression.GetField)
		if !ok || !integerType(buildKeys[i].Type()) {
			continue
		}
		if gf = throughRowNodes(pf.above, gf); gf == nil {
			continue
		}
		at := gf.Index() - offset
		if at < 0 || at >= len(pf.cols) || !strings.EqualFold(sch[at].Name, gf.Name()) || !integerKind(pf.tbl.Fields()[pf.cols[at]].Type.Kind) {
			continue
		}
		pf.keys, pf.at = append(pf.keys, i), append(pf.at, at)
	}
	for _, k := range sideways {
		if len(pf.above) > 0 {
			break // the columns are the nodes' own
		}
		if k.col < len(pf.cols) && strings.EqualFold(sch[k.col].Name, k.name) && integerKind(pf.tbl.Fields()[pf.cols[k.col]].Type.Kind) {
			pf.sideways = append(pf.sideways, k)
		}
	}
	if len(pf.keys) == 0 && len(pf.sideways) == 0 {
		return nil
	}
	return pf
}

// start reads the probe side as vectors, keeping the rows whose keys t
// holds (and that meet the Filter's condition); ok is false when the
// table's vectors are not the kinds planned (the caller then builds the
// probe side as usual).
func (pf *probeFilter) start(ctx *sql.Context, b sql.NodeExecBuilder, t *joinTable, parent sql.Row) (it sql.RowIter, ok bool, err error) {
	if n, at, narrow := pf.narrowed(pf.read); pf.read != nil && narrow {
		it, ok, err := n.startReading(ctx, b, t, parent)
		if ok && err == nil {
			narrowedBuilds.Add(1)
			it = &widenedRows{RowIter: it, at: at, width: len(pf.cols)}
		}
		return it, ok, err
	}
	return pf.startReading(ctx, b, t, parent)
}

// startReading is start, reading the columns cols.
func (pf *probeFilter) startReading(ctx *sql.Context, b sql.NodeExecBuilder, t *joinTable, parent sql.Row) (it sql.RowIter, ok bool, err error) {
	own := len(pf.keys) > 0 && (t.ints != nil || t.keySets != nil) // else addKeys gave up
	if !own && len(pf.sideways) == 0 {
		return nil, false, nil
	}
	r, conv, err := pf.tbl.Reader(ctx, pf.cols)
	if err != nil {
		return nil, true, err
	}
	kinds := r.VectorKinds()
	if kinds == nil {
		return nil, false, nil
	}
	var checks []keyCheck
	for j, at := range pf.at {
		if !own {
			break
		}
		if kinds[at] != format.VectorInt64 {
			return nil, false, nil
		}
		if t.ints != nil {
			checks = append(checks, keyCheck{at: at, size: len(t.ints), narrow: narrowBy(t.ints)}) // the table's own keys (one key)
		} else {
			checks = append(checks, keyCheck{at: at, size: len(t.keySets[j]), narrow: narrowBy(t.keySets[j])})
		}
	}
	for _, k := range pf.sideways {
		if kinds[k.col] == format.VectorInt64 {
			checks = append(checks, k.check())
			sidewaysFilters.Add(1)
		}
	}
	if len(checks) == 0 {
		return nil, false, nil
	}
	var cond vexpr           // the Filter's condition as a kernel
	var after sql.Expression // the Filter's condition where no kernel has it
	if pf.cond != nil {
		if k, kind := compileVector(pf.cond, kinds); k != nil && kind == format.VectorBool {
			cond = k
		} else {
			after = pf.cond
		}
	}
	kernel := keysKernel(cond, checks)
	dataTypes := make([]types.DataType, len(pf.cols))
	for i, c := range pf.cols {
		dataTypes[i] = pf.tbl.Fields()[c].Type
	}
	if own {
		keyFilteredProbes.Add(1)
	}
	f := &vectorFilter{kernel: kernel, where: probeConjunction(pf.cond, after, kinds, keyTests(checks)), cond: pf.cond, after: after, types: dataTypes, conv: conv}
	it = startFilterScan(ctx, r, f, pf.scan)
	if pf.filter != nil {
		// EXPLAIN ANALYZE's line of the Filter: the rows it and the keys
		// kept.
		it = sql.ExecStatsOf(ctx).Track(pf.filter, 0, it)
	}
	if len(pf.above) == 0 {
		return it, true, nil
	}
	// go-mysql-server's nodes over the kept rows, each counted for the
	// plan's node under EXPLAIN ANALYZE.
	var top sql.Node = &builtRows{iter: it, schema: pf.above[len(pf.above)-1].Children()[0].Schema()}
	for i := len(pf.above) - 1; i >= 0; i-- {
		copied, err := pf.above[i].WithChildren(top)
		if err != nil {
			_ = it.Close(ctx)
			return nil, true, err
		}
		sql.ExecStatsOf(ctx).Alias(copied, pf.above[i])
		top = copied
	}
	if it, err = b.Build(ctx, top, parent); err != nil {
		return nil, true, err
	}
	return it, true, nil
}

// rowNodes are the Distinct and Project nodes (of columns only) at the
// top of n, from the top, and the node under them.
func rowNodes(n sql.Node) ([]sql.Node, sql.Node) {
	var above []sql.Node
	for {
		switch x := n.(type) {
		case *plan.Distinct:
		case *plan.Project:
			for _, e := range x.Projections {
				if _, ok := e.(*expression.GetField); !ok {
					return above, n
				}
			}
		default:
			return above, n
		}
		above, n = append(above, n), n.Children()[0]
	}
}

// throughRowNodes is the column of the rows under the nodes above that
// the column gf of their top's rows is (nil when not known).
func throughRowNodes(above []sql.Node, gf *expression.GetField) *expression.GetField {
	for _, n := range above {
		p, ok := n.(*plan.Project)
		if !ok {
			continue
		}
		i := gf.Index()
		if i < 0 || i >= len(p.Projections) {
			return nil
		}
		gf = p.Projections[i].(*expression.GetField)
	}
	return gf
}

// builtRows is a node whose rows an iterator already made, for
// go-mysql-server's executor to build a node over them.
type builtRows struct {
	iter   sql.RowIter
	schema sql.Schema
}

var _ sql.ExecSourceRel = (*builtRows)(nil)

func (r *builtRows) Resolved() bool       { return true }
func (r *builtRows) IsReadOnly() bool     { return true }
func (r *builtRows) Schema() sql.Schema   { return r.schema }
func (r *builtRows) Children() []sql.Node { return nil }
func (r *builtRows) String() string       { return "rows read" }

// WithChildren implements sql.Node.
func (r *builtRows) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 0)
	}
	return r, nil
}

// RowIter implements sql.ExecSourceRel: the iterator, once.
func (r *builtRows) RowIter(*sql.Context, sql.Row) (sql.RowIter, error) { return r.iter, nil }

// addKeys adds the integer keys of a build row (whose keys are not NULL)
// to the table's key sets, returning the bytes they took. A value that is
// not an integer after all drops the sets: the probe side is then read
// unfiltered.
func (t *joinTable) addKeys(ctx *sql.Context, keys []sql.Expression, row sql.Row) (int64, error) {
	var added int64
	for j, i := range t.setKeys {
		v, err := keys[i].Eval(ctx, row)
		if err != nil {
			return added, err
		}
		n, ok := asInt64(v)
		if !ok {
			t.setKeys, t.keySets = nil, nil
			return added, nil
		}
		if _, seen := t.keySets[j][n]; !seen {
			t.keySets[j][n] = struct{}{}
			added += keySetEntryBytes
		}
	}
	return added, nil
}

// keySetEntryBytes estimates an entry of a key set: its key and a share
// of the map.
const keySetEntryBytes = 8 + 16

// integerKind tells the Paimon types whose vectors hold the integers
// go-mysql-server's values of the column are (asInt64 of them).
func integerKind(k types.Kind) bool {
	switch k {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		return true
	}
	return false
}

// keyCheck narrows a filter's rows to those whose integer column at holds
// a key of a set of size keys.
type keyCheck struct {
	at, size int
	narrow   func(keep []bool, col *format.Vector)
}

// narrowBy keeps the rows kept so far whose value is a key of set (not a
// NULL), looking up only those.
func narrowBy[V any](set map[int64]V) func(keep []bool, col *format.Vector) {
	return func(keep []bool, col *format.Vector) {
		for i, n := range col.Int64[:len(keep)] {
			if keep[i] {
				_, found := set[n]
				keep[i] = found && !col.IsNull(i)
			}
		}
	}
}

// kernel is the check alone: true for the rows whose column holds a key.
func (c keyCheck) kernel() vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		out := newVector(format.VectorBool, b.Len)
		for i := range out.Bool {
			out.Bool[i] = true
		}
		c.narrow(out.Bool, &b.Cols[c.at])
		return out, nil
	}
}

// keyTests are the checks' kernels, in their order (keysKernel sorts
// them), as parts of a conjunction.
func keyTests(checks []keyCheck) []vexpr {
	tests := make([]vexpr, len(checks))
	for i, c := range checks {
		tests[i] = c.kernel()
	}
	return tests
}

// keysKernel is true for the rows on which cond (nil for none; NULL
// counts as false, as the filter keeps only true rows) and every check
// hold. The checks run on the rows kept so far, the smallest set first:
// a look-up in a large map costs a cache miss, a row dropped before it
// none.
func keysKernel(cond vexpr, checks []keyCheck) vexpr {
	slices.SortStableFunc(checks, func(a, b keyCheck) int { return a.size - b.size })
	return func(b *format.VectorBatch) (*format.Vector, error) {
		out := newVector(format.VectorBool, b.Len)
		if cond != nil {
			v, err := cond(b)
			if err != nil {
				return nil, err
			}
			for i := range out.Bool {
				out.Bool[i] = v.Bool[i] && !v.IsNull(i)
			}
		} else {
			for i := range out.Bool {
				out.Bool[i] = true
			}
		}
		for _, c := range checks {
			c.narrow(out.Bool, &b.Cols[c.at])
		}
		return out, nil
	}
}

// probeScan marks the probe side (a join's left input) of a hash join
// that the executor reads filtered by the build side's keys when it
// probes with it (not when it builds on it, the right side being the
// smaller by the tables' statistics).
type probeScan struct {
	inputMark
	// build: the mark is of a hash join's build side, which the executor
	// reads filtered by the probe side's keys when it read the probe side
	// first and found it small (buildfilter.go).
	build bool
}

// newProbeScan marks child, a probe side, or a build side when build is
// set; EXPLAIN FORMAT=TREE's join line ends with "(probe filtered by build
// keys)", or its Hash line with "(filtered by probe keys)".
func newProbeScan(child sql.Node, build bool) *probeScan {
	if build {
		return &probeScan{inputMark{child: child, title: "Build side filtered by the probe side's keys", note: "filtered by probe keys"}, true}
	}
	return &probeScan{inputMark{child: child, title: "Probe filtered by the build side's keys", note: "probe filtered by build keys"}, false}
}

var (
	_ sql.Node          = (*probeScan)(nil)
	_ sql.ParentMark    = (*probeScan)(nil)
	_ sql.ExecSourceRel = (*probeScan)(nil)
)

// filterProbeSides marks the left inputs of the inner and semi hash joins
// the engine runs that are scans with an integer key column, and else
// their build sides that are (markBuildSide), for every hash join the
// engine runs.
func filterProbeSides(sourceOf SourceOf) analyzer.RuleFunc {
	return topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, marked := j.Left().(*probeScan); marked {
			return n, transform.SameTree, nil
		}
		if j.Op != plan.JoinTypeHash && j.Op != plan.JoinTypeSemiHash {
			return markBuildSide(j, planHashJoin(j), sourceOf)
		}
		hj := planHashJoin(j)
		if hj == nil {
			return n, transform.SameTree, nil
		}
		if !probeCandidate(j.Left(), hj.leftKeys, hj.rightKeys, sourceOf) {
			return markBuildSide(j, hj, sourceOf)
		}
		marked, err := j.WithChildren(newProbeScan(j.Left(), false), j.Right())
		return marked, transform.NewTree, err
	})
}

// probeCandidate tells whether n is the scan of a table read as vectors
// (perhaps under its Filter, and Distinct and Project nodes over them) of which a key of keys is an integer column,
// its build key an integer too. The analyzer's column indexes are not
// final: the keys are matched by their names.
func probeCandidate(n sql.Node, keys, buildKeys []sql.Expression, sourceOf SourceOf) bool {
	if aggregateProbeCandidate(n, keys, buildKeys) {
		return true // aggprobe.go
	}
	_, n = rowNodes(n)
	if f, ok := n.(*plan.Filter); ok {
		n = f.Child
	}
	if m, ok := n.(*filteredScan); ok {
		n = m.child
	}
	tbl, alias, ok := scanSource(n, sourceOf)
	if !ok {
		return false
	}
	name := tbl.Name()
	if alias != nil {
		name = alias.Name()
	}
	for i, k := range keys {
		gf, ok := k.(*expression.GetField)
		if !ok || !integerType(buildKeys[i].Type()) || !strings.EqualFold(gf.Table(), name) {
			continue
		}
		if c := tbl.FieldIndex(gf.Name()); c >= 0 && integerKind(tbl.Fields()[c].Type.Kind) {
			return true
		}
	}
	return false
}

// WithChildren implements sql.Node.
func (m *probeScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	return remark(m, children, func(child sql.Node) *probeScan { return newProbeScan(child, m.build) })
}
