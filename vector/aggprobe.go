package vector

import (
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// A hash join's probe side may be an aggregate scan grouped by the join's
// keys (TPC-H Q20's decorrelated subquery: lineitem's 1994 rows summed per
// l_partkey, l_suppkey, joined with the few partsupp rows of the 'forest%'
// parts). A group whose key the build side lacks joins nothing, and every
// row of a group has the group's key: so the rows whose integer group key
// is not among the build rows' are dropped before they are aggregated, in
// the read's kernels, as probescan.go drops a plain scan's. The groups
// left are whole, and the join still checks each of them.

// aggregateProbes counts the aggregate scans read filtered by their build
// table (for the tests, which prove the path ran).
var aggregateProbes atomic.Int64

// aggregateProbe is an aggregate scan read with its input filtered by the
// build side's keys: at are the scan-row positions of the integer group
// key columns that the join's keys (keys, their indexes) are.
type aggregateProbe struct {
	above    []sql.Node // Distinct and Project nodes over the scan, from the top
	scan     *aggregateScan
	keys, at []int
}

// planMarkedAggregateProbe is planAggregateProbe for the probe side n of
// an inner or semi hash join that the planner's rule marked (probeScan).
func planMarkedAggregateProbe(op plan.JoinType, n sql.Node, probeKeys, buildKeys []sql.Expression, offset int) *aggregateProbe {
	if op != plan.JoinTypeHash && op != plan.JoinTypeSemiHash {
		return nil
	}
	m, ok := n.(*probeScan)
	if !ok || m.build {
		return nil
	}
	return planAggregateProbe(m.child, probeKeys, buildKeys, offset)
}

// aggregateProbeCandidate is probeCandidate for an aggregate scan: a key
// of keys names an integer group key column of it, its build key is an
// integer. The analyzer's column indexes are not final: names decide.
func aggregateProbeCandidate(n sql.Node, keys, buildKeys []sql.Expression) bool {
	_, n = rowNodes(n)
	s, ok := n.(*aggregateScan)
	if !ok {
		return false
	}
	for i, k := range keys {
		gf, ok := k.(*expression.GetField)
		if !ok || !integerType(buildKeys[i].Type()) {
			continue
		}
		for _, e := range s.gb.SelectedExprs {
			if sel, ok := e.(*expression.GetField); ok && strings.EqualFold(sel.Name(), gf.Name()) && s.groupKeyColumn(sel) >= 0 {
				return true
			}
		}
	}
	return false
}

// planAggregateProbe returns the probe filter of n (an aggregate scan,
// perhaps under Distinct and Project nodes of columns) when some of the
// join's keys (probeKeys, read after offset columns) are integer group
// keys of it; else nil.
func planAggregateProbe(n sql.Node, probeKeys, buildKeys []sql.Expression, offset int) *aggregateProbe {
	above, n := rowNodes(n)
	if len(above) > 0 && offset != 0 {
		return nil
	}
	s, ok := n.(*aggregateScan)
	if !ok || len(s.keyExprs) == 0 {
		return nil
	}
	ap := &aggregateProbe{above: above, scan: s}
	sch := s.Schema()
	for i, k := range probeKeys {
		gf, ok := k.(*expression.GetField)
		if !ok || !integerType(buildKeys[i].Type()) {
			continue
		}
		if gf = throughRowNodes(above, gf); gf == nil {
			continue
		}
		out := gf.Index() - offset
		if out < 0 || out >= len(s.gb.SelectedExprs) || !strings.EqualFold(sch[out].Name, gf.Name()) {
			continue
		}
		if at := s.groupKeyColumn(s.gb.SelectedExprs[out]); at >= 0 {
			ap.keys, ap.at = append(ap.keys, i), append(ap.at, at)
		}
	}
	if len(ap.keys) == 0 {
		return nil
	}
	return ap
}

// groupKeyColumn is the scan-row position of the integer column that the
// selected expression e is when it is also a group key; else -1.
func (s *aggregateScan) groupKeyColumn(e sql.Expression) int {
	sel, ok := e.(*expression.GetField)
	if !ok {
		return -1
	}
	for _, k := range s.keyExprs {
		key, ok := k.(*expression.GetField)
		if !ok || !strings.EqualFold(key.Name(), sel.Name()) {
			continue
		}
		if at := key.Index(); at >= 0 && at < len(s.cols) && integerKind(s.fields[s.cols[at]].Type.Kind) {
			return at
		}
	}
	return -1
}

// start aggregates the scan's rows whose keys t holds; ok is false when
// the scan does not read compiled vectors of those columns (the caller
// then builds the probe side as usual).
func (ap *aggregateProbe) start(ctx *sql.Context, b sql.NodeExecBuilder, t *joinTable, parent sql.Row) (it sql.RowIter, ok bool, err error) {
	s := ap.scan
	if t.ints == nil && t.keySets == nil || !s.tbl.NativeVectors() {
		return nil, false, nil
	}
	r, conv, err := s.tbl.Reader(ctx, s.cols)
	if err != nil {
		return nil, true, err
	}
	kinds := r.VectorKinds()
	if kinds == nil {
		return nil, false, nil
	}
	vp := s.planVectors(kinds)
	if !vp.rowsOK || s.filterExpr != nil && vp.filter == nil {
		return nil, false, nil // a batch may take the row path, which has no key kernel
	}
	var checks []keyCheck
	for j, at := range ap.at {
		if kinds[at] != format.VectorInt64 {
			return nil, false, nil
		}
		if t.ints != nil {
			checks = append(checks, keyCheck{at: at, size: len(t.ints), narrow: narrowBy(t.ints)})
		} else {
			checks = append(checks, keyCheck{at: at, size: len(t.keySets[j]), narrow: narrowBy(t.keySets[j])})
		}
	}
	vp.filter = keysKernel(vp.filter, checks)
	if vp.where != nil {
		// The scan's WHERE part by part (vecselect.go) takes the place
		// of its kernel: the key tests follow its parts.
		vp.where = vp.where.withKeyTests(keyTests(checks))
	}
	keyFilteredProbes.Add(1)
	aggregateProbes.Add(1)
	if it, err = s.vectorRowIter(ctx, r, conv, vp); err != nil || len(ap.above) == 0 {
		return it, true, err
	}
	// go-mysql-server's nodes over the groups, each counted for the plan's
	// node under EXPLAIN ANALYZE.
	var top sql.Node = &builtRows{iter: it, schema: s.Schema()}
	for i := len(ap.above) - 1; i >= 0; i-- {
		copied, err := ap.above[i].WithChildren(top)
		if err != nil {
			_ = it.Close(ctx)
			return nil, true, err
		}
		sql.ExecStatsOf(ctx).Alias(copied, ap.above[i])
		top = copied
	}
	it, err = b.Build(ctx, top, parent)
	return it, true, err
}
