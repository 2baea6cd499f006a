package vector

import (
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The probe side of a hash join is usually the large table (TPC-H's
// lineitem) and most of its rows find no key in the build side once the
// build side is filtered (Q17's 200 parts of 20,000, Q18's few large
// orders, Q21's suppliers of one nation). Read row by row, each such row
// is decoded, boxed for go-mysql-server and looked up, only to be dropped.
// When the probe side is the scan of a table read as vectors (perhaps
// under its own WHERE Filter) and the join's key is one integer column,
// the scan is read as vectors here and a row whose key is not in the
// build table is dropped in the read's workers, before anything is boxed:
// the build table itself is the exact key set. The join still looks every
// kept row up and checks its whole condition, so this filter only has to
// keep every row that can match (a NULL key matches nothing in an inner or
// semi join); left outer and anti joins keep their unmatched rows and read
// the probe side as before.

// keyFilteredProbes counts the probe scans filtered by their build table
// (for the tests, which prove the path ran).
var keyFilteredProbes atomic.Int64

// keyFilteredProbe returns the rows of the probe side n whose key the
// table t holds, read as vectors; ok is false when n or the join is not
// of that shape (the caller then builds n as usual). keys are the probe
// side's keys, which read its rows after offset columns of a parent row.
func keyFilteredProbe(ctx *sql.Context, op plan.JoinType, t *joinTable, n sql.Node, keys []sql.Expression, offset int, sourceOf SourceOf) (sql.RowIter, bool, error) {
	if sourceOf == nil || t.ints == nil || len(keys) != 1 || op != plan.JoinTypeHash && op != plan.JoinTypeSemiHash {
		return nil, false, nil
	}
	scan, cond := n, sql.Expression(nil)
	if f, ok := n.(*plan.Filter); ok {
		scan, cond = f.Child, f.Expression
	}
	if m, ok := scan.(*filteredScan); ok {
		scan = m.child
	}
	tbl, _, ok := scanSource(scan, sourceOf)
	if !ok {
		return nil, false, nil
	}
	cols, _, ok := scanColumns(tbl, scan.Schema())
	if !ok {
		return nil, false, nil
	}
	gf, ok := keys[0].(*expression.GetField)
	if !ok {
		return nil, false, nil
	}
	at := gf.Index() - offset
	if at < 0 || at >= len(cols) || !strings.EqualFold(scan.Schema()[at].Name, gf.Name()) || !integerKind(tbl.Fields()[cols[at]].Type.Kind) {
		return nil, false, nil
	}
	r, conv, err := tbl.Reader(ctx, cols)
	if err != nil {
		return nil, true, err
	}
	kinds := r.VectorKinds()
	if kinds == nil || kinds[at] != format.VectorInt64 {
		return nil, false, nil
	}
	kernel := keyKernel(t.ints, at)
	var after sql.Expression // the Filter's condition where no kernel has it
	if cond != nil {
		if k, kind := compileVector(cond, kinds); k != nil && kind == format.VectorBool {
			kernel = andKernel(kernel, k)
		} else {
			after = cond
		}
	}
	dataTypes := make([]types.DataType, len(cols))
	for i, c := range cols {
		dataTypes[i] = tbl.Fields()[c].Type
	}
	keyFilteredProbes.Add(1)
	f := &vectorFilter{kernel: kernel, cond: cond, after: after, types: dataTypes, conv: conv}
	return startFilterScan(ctx, r, f, scan), true, nil
}

// integerKind tells the Paimon types whose vectors hold the integers
// go-mysql-server's values of the column are (asInt64 of them).
func integerKind(k types.Kind) bool {
	switch k {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		return true
	}
	return false
}

// keyKernel is true for the rows whose integer column at holds a key of
// the build table (false for NULL).
func keyKernel(heads map[int64]int32, at int) vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		col := &b.Cols[at]
		out := newVector(format.VectorBool, b.Len)
		for i, n := range col.Int64[:b.Len] {
			_, found := heads[n]
			out.Bool[i] = found && !col.IsNull(i)
		}
		return out, nil
	}
}

// andKernel is true where both kernels are (NULL counts as false: the
// filter keeps only true rows).
func andKernel(l, r vexpr) vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		lv, err := l(b)
		if err != nil {
			return nil, err
		}
		rv, err := r(b)
		if err != nil {
			return nil, err
		}
		out := newVector(format.VectorBool, b.Len)
		for i := range out.Bool {
			out.Bool[i] = lv.Bool[i] && !lv.IsNull(i) && rv.Bool[i] && !rv.IsNull(i)
		}
		return out, nil
	}
}
