package vector

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// The other way round from probescan.go: when a hash join's probe side is
// not a scan (a join, TPC-H Q21's l1 with its supplier and orders) and its
// build side is (Q21's NOT EXISTS over all of lineitem as l3), the probe
// side is read first, while it stays small, and the build side is read
// filtered by the probe rows' integer keys: a build row whose key no probe
// row has is never used, in an inner, left outer, semi or anti join alike.
// A probe side that grows past probeFirstRows is joined as usual, the rows
// read so far probed first.

// probeFirstRows is the most probe rows read before the build side (a
// variable for the tests).
var probeFirstRows = 1 << 18

// markBuildSide marks the build side of the hash join j (hj, nil when the
// engine does not run it) when it is a scan with an integer key column.
func markBuildSide(j *plan.JoinNode, hj *hashJoin, sourceOf SourceOf) (sql.Node, transform.TreeIdentity, error) {
	if hj == nil || j.Op == plan.JoinTypeLeftOuterHashExcludeNulls {
		// NOT IN's left join sees every build row: one with a NULL key,
		// or with a key no probe row has, still makes NOT IN unknown.
		return j, transform.SameTree, nil
	}
	if m, ok := hj.build.(*probeScan); ok && m.build {
		return j, transform.SameTree, nil
	}
	if !probeCandidate(hj.build, hj.rightKeys, hj.leftKeys, sourceOf) {
		return j, transform.SameTree, nil
	}
	var child sql.Node = newProbeScan(hj.build, true)
	if c, ok := hj.hash.Child.(*plan.CachedResults); ok {
		var err error
		if child, err = c.WithChildren(child); err != nil {
			return nil, transform.SameTree, err
		}
	}
	hl, err := hj.hash.WithChildren(child)
	if err != nil {
		return nil, transform.SameTree, err
	}
	out, err := j.WithChildren(j.Left(), hl)
	return out, transform.NewTree, err
}

// probeFirst reads the probe side first when the build side is marked for
// it; it returns the probe rows read, the rest of the probe side (nil
// when all were read) and the build side's rows filtered by the keys of
// the probe rows (nil when it is not filtered: then rest, if any, goes on
// the probe side and the build side is built as usual). The rows read are
// counted against the query memory limit in t.
func (hj *hashJoin) probeFirst(ctx *sql.Context, b sql.NodeExecBuilder, t *joinTable, probeNode sql.Node, probeParent, buildParent sql.Row) (read []sql.Row, rest, build sql.RowIter, err error) {
	side, ok := hj.probeFirstSide()
	if !ok {
		return nil, nil, nil, nil
	}
	var keys []int
	bf := planKeyFilter(side, hj.rightKeys, hj.leftKeys, 0, hj.sourceOf, nil)
	var ap *aggregateProbe // an aggregate scan's groups (aggprobe.go)
	if bf != nil {
		keys = bf.keys
	} else if ap = planAggregateProbe(side, hj.rightKeys, hj.leftKeys, 0); ap != nil {
		keys = ap.keys
	} else {
		return nil, nil, nil, nil
	}
	it, err := hj.buildProbe(ctx, b, probeNode, probeParent, hj.probeSideways())
	if err != nil {
		return nil, nil, nil, err
	}
	sets := &joinTable{setKeys: keys, keySets: make([]map[int64]struct{}, len(keys))}
	for i := range sets.keySets {
		sets.keySets[i] = map[int64]struct{}{}
	}
	var pending int64
	for len(read) < probeFirstRows {
		row, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			if err := it.Close(ctx); err != nil {
				return nil, nil, nil, err
			}
			it = nil
			break
		}
		if err != nil {
			_ = it.Close(ctx)
			return nil, nil, nil, err
		}
		read = append(read, row)
		keyed := row
		if len(hj.parent) > 0 {
			keyed = hj.parent.Append(row)
		}
		if sets.keySets != nil && !anyNull(ctx, hj.leftKeys, keyed) {
			added, err := sets.addKeys(ctx, hj.leftKeys, keyed)
			if err != nil {
				_ = it.Close(ctx)
				return nil, nil, nil, err
			}
			pending += added
		}
		if pending += joinRowBytes + valuesBytes(row); pending > 1<<20 {
			if err := t.grow(pending); err != nil {
				_ = it.Close(ctx)
				return nil, nil, nil, err
			}
			pending = 0
		}
	}
	if err := t.grow(pending); err != nil {
		if it != nil {
			_ = it.Close(ctx)
		}
		return nil, nil, nil, err
	}
	if it != nil || sets.keySets == nil {
		return read, it, nil, nil // too many, or a key not an integer
	}
	if bf != nil {
		bf.read = hj.buildColumnsRead()
		build, _, err = bf.start(ctx, b, sets, buildParent)
	} else {
		build, _, err = ap.start(ctx, b, sets, buildParent)
	}
	return read, nil, build, err
}

// probeFirstSide is the build side under its mark to be read after the
// probe side (ok false when it has none, or the join builds on its left).
func (hj *hashJoin) probeFirstSide() (sql.Node, bool) {
	if hj.swapped {
		return nil, false
	}
	if m, ok := hj.build.(*probeScan); ok && m.build {
		return m.child, true
	}
	return hj.build, hj.probeFirstMark
}

// anyNull tells whether a key of row is NULL (or fails): such a probe row
// matches no build row.
func anyNull(ctx *sql.Context, keys []sql.Expression, row sql.Row) bool {
	for _, k := range keys {
		if v, err := k.Eval(ctx, row); err != nil || v == nil {
			return true
		}
	}
	return false
}

// concatIter returns rows, then those of rest.
type concatIter struct {
	rows []sql.Row
	rest sql.RowIter
}

func (c *concatIter) Next(ctx *sql.Context) (sql.Row, error) {
	if len(c.rows) > 0 {
		row := c.rows[0]
		c.rows = c.rows[1:]
		return row, nil
	}
	if c.rest == nil {
		return nil, io.EOF
	}
	return c.rest.Next(ctx)
}

func (c *concatIter) Close(ctx *sql.Context) error {
	if c.rest == nil {
		return nil
	}
	return c.rest.Close(ctx)
}
