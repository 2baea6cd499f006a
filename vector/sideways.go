package vector

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Key sets passed sideways down a chain of hash joins. In TPC-H's Q05 and
// Q08 the lineitem scan is the probe side of a join whose rows are the
// probe side of a second join, and so on (lineitem joined with orders,
// then supplier, then part). Each join fills its build table before it
// starts its probe side, so the tables of the joins above are complete
// while the scan at the bottom is read. A scan row whose column a join
// above looks up, and does not find, joins nothing there: it is dropped
// in the scan's workers, before it is boxed and joined with the tables in
// between (Q08's one part type in 150 then filters lineitem at its scan,
// not after two joins). The column reaches the join above unchanged: it
// is a column of the probe side of every join in between, whose rows keep
// it as it is. The join above is an inner or semi join, where a probe row
// without a match drops out; the joins in between may be of any kind (a
// left outer or anti join's unmatched row keeps the column too).

// sidewaysFilters counts the scans filtered by the key set of a join
// above their own (for the tests, which prove the path ran).
var sidewaysFilters atomic.Int64

// keySet is the set of the values of an integer key of a join's build
// table, for the rows of a node under its probe side.
type keySet struct {
	col  int    // the key's column in those rows (after no parent row)
	name string // its name, which the column found must have
	// One of: the table's own map (a join on one integer key), or the
	// key's set (joinTable.keySets).
	ints map[int64]int32
	set  map[int64]struct{}
}

// check narrows a filter's rows to those whose column holds a value of
// the set.
func (k keySet) check() keyCheck {
	if k.ints != nil {
		return keyCheck{at: k.col, size: len(k.ints), narrow: narrowBy(k.ints)}
	}
	return keyCheck{at: k.col, size: len(k.set), narrow: narrowBy(k.set)}
}

// probeSideways are the sets of the joins above that apply to the rows of
// the probe side: the columns of the left side, which the join's rows
// start with (a join that probes with its right side passes none).
func (hj *hashJoin) probeSideways() []keySet {
	if hj.swapped {
		return nil
	}
	var out []keySet
	for _, k := range hj.sideways {
		if k.col < hj.leftWidth {
			out = append(out, k)
		}
	}
	return out
}

// passedKeys are the indexes of the keys whose build sets are passed to
// the scans under the probe side n: the keys that are integer columns of
// the probe side's rows, when n is a hash join the engine runs and this
// join probes with its left side and was marked to pass its keys
// (passesKeys). A build side also marked to be read after the probe side
// passes them when estimated small (smallBuild), or when the probe side
// was too large to be read first (probeFirstFailed).
func (hj *hashJoin) passedKeys(n sql.Node, probeFirstFailed bool) []int {
	if hj.swapped || !hj.passes {
		return nil
	}
	if j, ok := n.(*plan.JoinNode); !ok || planHashJoin(j) == nil {
		return nil
	}
	if hj.probeFirstMark && !probeFirstFailed && !hj.smallBuild(n) {
		return nil // read the probe side first (buildfilter.go)
	}
	var out []int
	for i, k := range hj.leftKeys {
		gf, ok := k.(*expression.GetField)
		if !ok {
			continue
		}
		col := gf.Index() - len(hj.parent)
		if col >= 0 && col < hj.leftWidth && integerType(gf.Type()) && integerType(hj.rightKeys[i].Type()) {
			out = append(out, i)
		}
	}
	return out
}

// hasFilter tells whether a node under n filters rows by a condition.
func hasFilter(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Filter, *filteredScan:
			found = true
		}
		return !found
	})
	return found
}

// sets are the key sets of the filled table for the keys passed (indexes
// into keys, the probe side's, read after parent columns of a parent
// row); a key whose values were not all integers (addKeys gave up) has
// none.
func (t *joinTable) sets(keys []sql.Expression, passed []int, parent int) []keySet {
	var out []keySet
	for _, i := range passed {
		gf := keys[i].(*expression.GetField)
		k := keySet{col: gf.Index() - parent, name: gf.Name()}
		switch {
		case t.ints != nil:
			k.ints = t.ints
		case t.keySets != nil:
			k.set = t.keySets[slices.Index(t.setKeys, i)]
		default:
			continue
		}
		out = append(out, k)
	}
	return out
}

// buildProbe builds the probe side n under parent. When n is a hash join
// the engine runs and sets are given (of n's rows' columns), it is built
// here, with the sets to pass on to the scans under it; as go-mysql-server's
// executor builds a node, its iterator is counted under EXPLAIN ANALYZE.
func (hj *hashJoin) buildProbe(ctx *sql.Context, b sql.NodeExecBuilder, n sql.Node, parent sql.Row, sets []keySet) (sql.RowIter, error) {
	j, ok := n.(*plan.JoinNode)
	if !ok || len(sets) == 0 {
		return b.Build(ctx, n, parent)
	}
	inner := prepareHashJoin(j, parent, hj.estimate, hj.sourceOf)
	if inner == nil {
		return b.Build(ctx, n, parent)
	}
	inner.sideways = sets
	started := time.Now()
	it, err := inner.iter(ctx, b)
	if err != nil {
		return nil, err
	}
	if d, ok := n.(sql.WithDescribeStats); ok {
		it = sql.NewCountingRowIter(it, d)
	}
	return sql.ExecStatsOf(ctx).Track(n, time.Since(started), it), nil
}

// keysPassed marks the build side of a hash join whose key sets go down
// to the scan under its probe side (passedKeys): EXPLAIN FORMAT=TREE's
// Hash line ends with "(keys passed to the probe scan)". The join builds
// it before its probe side, never reading the probe side first.
type keysPassed struct {
	inputMark
	// probeFirst: the build side may also be read after the probe side,
	// filtered by its keys (it was marked so: markBuildSide).
	probeFirst bool
}

var (
	_ sql.Node          = (*keysPassed)(nil)
	_ sql.ParentMark    = (*keysPassed)(nil)
	_ sql.ExecSourceRel = (*keysPassed)(nil)
)

// PassKeysRuleID is the rule that marks the joins whose key sets go down
// to a scan under their probe side.
const PassKeysRuleID analyzer.RuleId = 10032

// passKeysDown marks the build side of each inner or semi hash join the
// engine runs that may pass key sets down (passesKeys). A build side also
// marked to be read after the probe side (markBuildSide) is, at run time,
// read first and passes its keys when the manifests' estimates make it
// smaller than a fiftieth of the scan its keys would filter (TPC-H Q08's
// part of one type against lineitem); else the probe side is read first
// (Q21's orders of one status, half of them: the suppliers of one nation
// leave fewer line items than that), and when it has more rows than are
// read first, the build side passes its keys after all and the probe side
// is read again (Q09's green parts, whose partsupp rows are 800,000 at
// scale factor 1).
func passKeysDown(sourceOf SourceOf) analyzer.RuleFunc {
	return topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			return n, transform.SameTree, nil
		}
		hj := planHashJoin(j)
		if hj == nil || hj.passes || !passesKeys(hj, sourceOf) {
			return n, transform.SameTree, nil
		}
		// A mark to read the probe side first goes into this one's, which
		// makes the choice at run time.
		child, probeFirst := hj.hash.Child, false
		if m, ok := child.(*probeScan); ok && m.build {
			child, probeFirst = m.child, true
		}
		if c, ok := child.(*plan.CachedResults); ok {
			if m, ok := c.Child.(*probeScan); ok && m.build {
				var err error
				if child, err = c.WithChildren(m.child); err != nil {
					return nil, transform.SameTree, err
				}
				probeFirst = true
			}
		}
		hl, err := hj.hash.WithChildren(newKeysPassed(child, probeFirst))
		if err != nil {
			return nil, transform.SameTree, err
		}
		out, err := j.WithChildren(j.Left(), hl)
		return out, transform.NewTree, err
	})
}

// passesKeys tells whether hj passes key sets down (at run time its keys
// are checked again against its parent row and the scan's columns): an
// inner or semi join with a build side that has a condition of its own
// (an unfiltered table holds every key a foreign key refers to, Q09's
// orders, and would drop no scan row, only cost a look-up per row),
// whose probe side is a chain of hash joins the engine runs, each by its
// left side, down to a probe scan, and an integer key of which is a
// column of that scan.
func passesKeys(hj *hashJoin, sourceOf SourceOf) bool {
	if hj.j.Op != plan.JoinTypeHash && hj.j.Op != plan.JoinTypeSemiHash || !hasFilter(hj.build) {
		return false
	}
	n := hj.j.Left()
	if _, ok := n.(*plan.JoinNode); !ok {
		return false
	}
	for {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			break
		}
		if planHashJoin(j) == nil {
			return false
		}
		n = j.Left()
	}
	m, ok := n.(*probeScan)
	if !ok || m.build {
		return false
	}
	for i, k := range hj.leftKeys {
		gf, ok := k.(*expression.GetField)
		if ok && integerType(gf.Type()) && integerType(hj.rightKeys[i].Type()) && probeCandidate(m.child, []sql.Expression{gf}, []sql.Expression{hj.rightKeys[i]}, sourceOf) {
			return true
		}
	}
	return false
}

// newKeysPassed marks child, a build side, as passing its keys down; with
// probeFirst it may instead be read after the probe side.
func newKeysPassed(child sql.Node, probeFirst bool) *keysPassed {
	note := "keys passed to the probe scan"
	if probeFirst {
		note += ", or filtered by probe keys"
	}
	return &keysPassed{inputMark{child: child, title: "Keys passed to the probe scan", note: note}, probeFirst}
}

// WithChildren implements sql.Node.
func (m *keysPassed) WithChildren(children ...sql.Node) (sql.Node, error) {
	return remark(m, children, func(child sql.Node) *keysPassed { return newKeysPassed(child, m.probeFirst) })
}

// buildShare is how much smaller than the scan at the bottom of its probe
// side a build side marked both ways must be estimated to pass its keys
// down rather than be filtered by the probe side's (a variable for the
// tests).
var buildShare int64 = 50

// smallBuild tells whether the build side is estimated smaller than a
// buildShare-th of the scan at the bottom of the probe side n (a chain of
// joins by their left sides).
func (hj *hashJoin) smallBuild(n sql.Node) bool {
	for {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			break
		}
		n = j.Left()
	}
	if hj.estimate == nil {
		return false
	}
	build, ok := hj.estimate(hj.build)
	if !ok {
		return false
	}
	scan, ok := hj.estimate(n)
	return ok && build*buildShare < scan
}
