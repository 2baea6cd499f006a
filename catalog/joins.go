package catalog

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/paimon-sql/paimon-sql/vector"
)

// maxBufferedInner bounds the rows of a nested loop's inner side kept in
// memory; a larger inner side is read again for each outer row, as
// go-mysql-server does. The rows kept count against the query memory
// limit too: an inner side that would pass it is read again for each
// outer row instead (MySQL's block nested loop re-reads what does not fit
// its join buffer), so that the join answers in bounded memory.
const maxBufferedInner = 1 << 20

// nestedLoopIter runs a cross join or a nested-loop inner join whose inner
// (right) side is a scan of a Paimon table: the inner side is read once and
// its rows kept for the following outer rows. go-mysql-server scans the
// inner side again for every outer row, which for a Paimon table means
// planning and decoding it again (a 1000 x 1000 cross join took seconds).
type nestedLoopIter struct {
	b         sql.NodeExecBuilder
	j         *plan.JoinNode
	parentRow sql.Row
	left      sql.RowIter
	leftRow   sql.Row

	inner    []sql.Row // the inner side's rows once read (complete)
	complete bool
	noBuffer bool        // the inner side is too large to keep
	filling  []sql.Row   // rows of the first pass so far
	right    sql.RowIter // the inner scan of the current outer row, if read
	next     int         // next buffered inner row
	counted  sql.CountedBytes
}

// innerScanOnce tells whether j's inner side can be read once: a cross or
// nested-loop inner join whose right side is a scan of a Paimon table (or
// an index lookup of constant keys), maybe filtered and projected, that
// does not depend on the outer row.
func innerScanOnce(j *plan.JoinNode) bool {
	if j.Op != plan.JoinTypeCross && j.Op != plan.JoinTypeInner {
		return false
	}
	return paimonScan(j.Right())
}

func paimonScan(n sql.Node) bool {
	switch x := n.(type) {
	case *plan.ResolvedTable:
		_, ok := unwrap(x.Table).(*Table)
		return ok
	case *plan.TableAlias:
		return paimonScan(x.Child)
	case *plan.Filter:
		return paimonScan(x.Child)
	case *plan.Project:
		return paimonScan(x.Child)
	case *plan.IndexedTableAccess:
		// An index lookup of constant keys (a1 IN (26, 51)) reads the same
		// rows for every outer row; a lookup join's keys depend on it.
		_, ok := unwrap(x.Table).(*Table)
		return ok && x.IsStatic()
	}
	if in, ok := vector.MarkedInput(n); ok {
		return paimonScan(in)
	}
	return false
}

func newNestedLoopIter(ctx *sql.Context, b sql.NodeExecBuilder, j *plan.JoinNode, row sql.Row) (sql.RowIter, error) {
	l, err := b.Build(ctx, j.Left(), row)
	if err != nil {
		return nil, err
	}
	return &nestedLoopIter{b: b, j: j, parentRow: row, left: l}, nil
}

func (it *nestedLoopIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		if it.leftRow == nil {
			r, err := it.left.Next(ctx)
			if err != nil {
				return nil, err
			}
			it.leftRow = it.parentRow.Append(r)
			it.next = 0
			if it.complete && len(it.inner) == 0 {
				// An empty inner side joins nothing.
				return nil, io.EOF
			}
		}
		right, err := it.nextInner(ctx)
		if errors.Is(err, io.EOF) {
			it.leftRow = nil
			continue
		}
		if err != nil {
			return nil, err
		}
		row := make(sql.Row, 0, len(it.leftRow)+len(right))
		row = append(append(row, it.leftRow...), right...)
		if it.j.Op == plan.JoinTypeInner && it.j.Filter != nil {
			res, err := sql.EvaluateCondition(ctx, it.j.Filter, row)
			if err != nil {
				return nil, err
			}
			if !sql.IsTrue(res) {
				continue
			}
		}
		// Drop the outer scope's row but its first ScopeLen columns.
		copy(row[it.j.ScopeLen:], row[len(it.parentRow):])
		return row[:len(row)-len(it.parentRow)+it.j.ScopeLen], nil
	}
}

// nextInner is the next inner row for the current outer row: from the
// buffer once the inner side was read to its end, else from a scan.
func (it *nestedLoopIter) nextInner(ctx *sql.Context) (sql.Row, error) {
	if it.complete {
		if it.next >= len(it.inner) {
			return nil, io.EOF
		}
		it.next++
		return it.inner[it.next-1], nil
	}
	if it.right == nil {
		r, err := it.b.Build(ctx, it.j.Right(), it.leftRow)
		if err != nil {
			return nil, err
		}
		it.right, it.filling = r, nil
	}
	row, err := it.right.Next(ctx)
	if errors.Is(err, io.EOF) {
		cerr := it.right.Close(ctx)
		it.right = nil
		if cerr != nil {
			return nil, cerr
		}
		if !it.noBuffer {
			it.inner, it.complete, it.filling = it.filling, true, nil
		}
		return nil, io.EOF
	}
	if err != nil {
		return nil, err
	}
	if !it.noBuffer {
		if len(it.filling) >= maxBufferedInner || it.counted.Grow(ctx.Memory, sql.EstimateRowBytes(row)) != nil {
			it.noBuffer, it.filling = true, nil
			it.counted.Release()
		} else {
			it.filling = append(it.filling, row)
		}
	}
	return row, nil
}

func (it *nestedLoopIter) Close(ctx *sql.Context) error {
	err := it.left.Close(ctx)
	if it.right != nil {
		if rerr := it.right.Close(ctx); err == nil {
			err = rerr
		}
	}
	it.inner, it.filling = nil, nil
	it.counted.Release()
	return err
}
