package vector

import (
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// vectorPlan is how the aggregate scan runs over batches of column vectors
// (core/read's Vectors): its expressions compiled to vector kernels, nil
// where one is not (the filter and keys then take the row path for the
// whole batch, an aggregate argument for its own update).
type vectorPlan struct {
	types  []types.DataType // of the scan's columns
	filter vexpr
	where  *conjunction // filter, part by part (vecselect.go); nil: none
	keys   []vexpr
	kinds  []format.VectorKind // of the keys
	// units: the microseconds of a unit of a DATE or TIMESTAMP key's
	// integers, 0 for other keys.
	units  []int64
	args   []vexpr // per aggregate; nil: none or not compiled
	scales []int32 // per aggregate: the scale of a decimal args vector
	rowsOK bool    // filter and keys compiled (or absent)
}

// planVectors compiles the scan's expressions for columns of the given
// kinds.
func (s *aggregateScan) planVectors(kinds []format.VectorKind) *vectorPlan {
	vp := &vectorPlan{rowsOK: true, scales: make([]int32, len(s.argExprs))}
	// TIMESTAMP_LTZ columns are instants that go-mysql-server sees in the
	// session's time zone: no kernel computes with them, MIN and MAX of
	// one compare its integers and box the row found.
	all := kinds
	kinds = slices.Clone(kinds)
	for i, c := range s.cols {
		vp.types = append(vp.types, s.fields[c].Type)
		if s.fields[c].Type.Kind == types.TimestampLTZ {
			kinds[i] = format.VectorNone
		}
	}
	if s.filterExpr != nil {
		f, k := compileVector(s.filterExpr, kinds)
		if f == nil || k != format.VectorBool {
			vp.rowsOK = false
		}
		vp.filter = f
		if f != nil {
			vp.where = compileConjunction(s.filterExpr, kinds)
		}
	}
	for i, e := range s.keyExprs {
		f, k := compileVector(e, kinds)
		if k == format.VectorBool {
			// appendKey takes a boolean as the integer 0 or 1.
			f, k = boolToInt(f), format.VectorInt64
		}
		// An integer key of the row path (intKey) must be one here too;
		// decimal keys are encoded by their value (appendKey), not here.
		// DATE and TIMESTAMP keys are encoded as the time.Time the row
		// path groups by (appendTimeKey).
		unit := microsPerUnit(e.Type())
		if f == nil || i == 0 && s.intKey && k != format.VectorInt64 || k == format.VectorDecimal64 ||
			!gtypes.IsNumber(e.Type()) && !gtypes.IsText(e.Type()) && (unit == 0 || k != format.VectorInt64) {
			vp.rowsOK = false
		}
		vp.keys, vp.kinds, vp.units = append(vp.keys, f), append(vp.kinds, k), append(vp.units, unit)
	}
	for i, e := range s.argExprs {
		var f vexpr
		var k format.VectorKind
		switch a := s.aggs[i]; {
		case e == nil:
		case (a.kind == aggMin || a.kind == aggMax) && a.column >= 0:
			f, k = compileVector(e, all)
		default:
			f, k = compileVector(e, kinds)
		}
		switch s.aggs[i].kind {
		case aggCount:
		case aggExactSum, aggExactAvg:
			// Integers, or decimals of the scale decimalScale gives.
			if k != format.VectorInt64 && k != format.VectorDecimal64 {
				f = nil
			}
			if sc, ok := decimalScale(e); k == format.VectorDecimal64 {
				if !ok {
					f = nil
				}
				vp.scales[i] = sc
			}
		case aggFloatSum, aggFloatAvg:
			if !numeric(k) {
				f = nil
			}
		case aggFirst:
			// A column of integers or decimals, kept as its int64.
			if s.aggs[i].column < 0 || k != format.VectorInt64 && k != format.VectorDecimal64 {
				f = nil
			}
		case aggMin, aggMax:
			// Columns of numbers: their results are the column's values.
			if s.aggs[i].column < 0 || !numeric(k) && k != format.VectorDecimal64 {
				f = nil
			}
		default:
			f = nil
		}
		vp.args = append(vp.args, f)
	}
	return vp
}

// boolToInt makes a predicate's vector one of integers, 1 for true.
func boolToInt(f vexpr) vexpr {
	return strictUnaryKernel(f, format.VectorInt64, func(v, out *format.Vector) error {
		for i, t := range v.Bool {
			out.Int64[i] = 0
			if t {
				out.Int64[i] = 1
			}
		}
		return nil
	})
}

// addVectors aggregates a batch of vectors.
func (st *aggState) addVectors(ctx *sql.Context, vp *vectorPlan, b *format.VectorBatch, conv []func(any) any) error {
	if vp.rowsOK {
		// The kernels' vectors are this worker's, lent for the batch.
		b.Arena = &st.arena
		err := st.vectors(ctx, vp, b, conv)
		b.Arena = nil
		st.arena.Release()
		if !errors.Is(err, errRowPath) {
			return err
		}
	}
	rows := st.boxAll(vp, b)
	if st.s.serial {
		st.s.evalMu.Lock()
		defer st.s.evalMu.Unlock()
	}
	return st.add(ctx, rows, conv)
}

// evalLocked runs f holding evalMu unless native (f then calls no Eval of
// go-mysql-server).
func (st *aggState) evalLocked(native bool, f func() error) error {
	if !native {
		st.s.evalMu.Lock()
		defer st.s.evalMu.Unlock()
	}
	return f()
}

// vectors is addVectors for a plan whose filter and keys compiled. Every
// kernel runs before any group is added or updated, so that a batch that
// needs the row path is not counted twice.
func (st *aggState) vectors(ctx *sql.Context, vp *vectorPlan, b *format.VectorBatch, conv []func(any) any) error {
	st.sel = st.sel[:0]
	if vp.where != nil {
		// The keys and arguments below run over the rows kept only.
		var err error
		if b, st.sel, err = vp.where.run(b, &st.pick, true); err != nil {
			return err
		}
	} else if vp.filter != nil {
		f, err := vp.filter(b)
		if err != nil {
			return err
		}
		for i, t := range f.Bool {
			if t && !f.IsNull(i) {
				st.sel = append(st.sel, int32(i))
			}
		}
	} else {
		for i := range b.Len {
			st.sel = append(st.sel, int32(i))
		}
	}
	keys := make([]*format.Vector, len(vp.keys))
	for i, k := range vp.keys {
		v, err := k(b)
		if err != nil {
			return err
		}
		keys[i] = v
	}
	args := make([]*format.Vector, len(vp.args))
	for i, a := range vp.args {
		if a == nil {
			continue
		}
		v, err := a(b)
		if err != nil {
			return err
		}
		args[i] = v
	}
	if len(st.sel) == 0 {
		return nil
	}
	for i, a := range args {
		if _, ok := st.accs[i].(*extremeAcc); ok && a != nil && a.Kind == format.VectorFloat64 && hasNaN(a, st.sel) {
			return errRowPath // NaN compares as go-mysql-server compares it
		}
	}
	gidx := st.vectorGroups(keys, vp.units)
	var rows []sql.Row // the selected rows boxed, for aggregates without a kernel
	for i, acc := range st.accs {
		switch a := acc.(type) {
		case *countAcc:
			if a.arg == nil || args[i] != nil {
				a.updateVec(args[i], st.sel, gidx)
				continue
			}
		case *exactAcc:
			if args[i] != nil {
				a.updateVec(args[i], vp.scales[i], st.sel, gidx)
				continue
			}
		case *floatAcc:
			if args[i] != nil {
				a.updateVec(args[i], st.sel, gidx)
				continue
			}
		case *extremeAcc:
			if args[i] != nil {
				col := st.s.aggs[i].column
				if err := a.updateVec(ctx, args[i], st.sel, gidx, func(r int) any {
					return conv[col](args[i].Value(r, vp.types[col]))
				}); err != nil {
					return err
				}
				continue
			}
		case *intKeyAcc:
			continue // the group map keeps the key
		case *firstAcc:
			if args[i] != nil {
				a.updateFirstInts(args[i], st.sel, gidx, firstBoxer(args[i].Kind, vp.types[st.s.aggs[i].column], conv[st.s.aggs[i].column]))
				continue
			}
			// Only a group's first row is evaluated.
			err := st.evalLocked(st.s.aggs[i].native, func() error {
				return a.updateFirst(ctx, st.sel, gidx, func(r int32) sql.Row { return boxRow(vp, b, int(r), conv) })
			})
			if err != nil {
				return err
			}
			continue
		}
		if rows == nil {
			rows = make([]sql.Row, len(st.sel))
			for j, r := range st.sel {
				rows[j] = boxRow(vp, b, int(r), conv)
			}
		}
		g := gidx
		if g == nil {
			g = st.zeros(len(rows))
		}
		if err := st.evalLocked(st.s.aggs[i].native, func() error { return acc.update(ctx, rows, g) }); err != nil {
			return err
		}
	}
	return nil
}

// zeros is a group index of n rows of the single group.
func (st *aggState) zeros(n int) []int32 {
	if cap(st.gidx) < n {
		st.gidx = make([]int32, n)
	}
	st.gidx = st.gidx[:n]
	clear(st.gidx)
	return st.gidx
}

// boxRow is row r of a batch as the row path sees it: core values
// converted for go-mysql-server.
func boxRow(vp *vectorPlan, b *format.VectorBatch, r int, conv []func(any) any) sql.Row {
	row := make(sql.Row, len(b.Cols))
	for j := range b.Cols {
		row[j] = conv[j](b.Cols[j].Value(r, vp.types[j]))
	}
	return row
}

// boxAll is every row of a batch as core values (add converts them).
func (st *aggState) boxAll(vp *vectorPlan, b *format.VectorBatch) [][]any {
	rows := make([][]any, b.Len)
	cells := make([]any, b.Len*len(b.Cols))
	for i := range rows {
		row := cells[i*len(b.Cols) : (i+1)*len(b.Cols) : (i+1)*len(b.Cols)]
		for j := range b.Cols {
			row[j] = b.Cols[j].Value(i, vp.types[j])
		}
		rows[i] = row
	}
	return rows
}

// denseKeys is the range of integer keys, around 0, whose groups are
// found in an array rather than the map.
const denseKeys = 1 << 12

// vectorGroups returns the group of each selected row (nil when there is
// no GROUP BY: every row is in group 0), adding groups as groupOf does,
// with the same keys, so that batches of either path agree. A single
// integer key finds the groups of small values in an array first.
func (st *aggState) vectorGroups(keys []*format.Vector, units []int64) []int32 {
	if len(keys) == 0 {
		return nil
	}
	gidx := st.gidx[:0]
	if gidx == nil { // nil means no GROUP BY to the accumulators
		gidx = make([]int32, 0, len(st.sel))
	}
	if dictTuples(keys) > 0 {
		return st.dictGroups(keys, units, gidx)
	}
	var ints *format.Vector
	if len(keys) == 1 && keys[0].Kind == format.VectorInt64 {
		ints = keys[0]
		if st.dense == nil {
			st.dense = make([]int32, 2*denseKeys)
			for i := range st.dense {
				st.dense[i] = -1
			}
		}
	}
	for _, r := range st.sel {
		small := false
		var n int64
		if ints != nil && !ints.IsNull(int(r)) {
			n = ints.Int64[r]
			// Rows of a key often come together (a table sorted by it, as
			// TPC-H's lineitem by l_orderkey): the last key's group first.
			if st.hasRun && n == st.runKey {
				gidx = append(gidx, st.runGroup)
				continue
			}
			if small = n >= -denseKeys && n < denseKeys; small {
				if g := st.dense[n+denseKeys]; g >= 0 {
					gidx = append(gidx, g)
					continue
				}
			}
		}
		g := st.vectorGroup(keys, units, int(r))
		if small {
			st.dense[n+denseKeys] = g
		}
		if ints != nil && !ints.IsNull(int(r)) {
			st.hasRun, st.runKey, st.runGroup = true, n, g
		}
		gidx = append(gidx, g)
	}
	st.gidx = gidx
	return gidx
}

// maxDictTuples bounds the combinations of dictionary entries whose
// groups dictGroups keeps in an array (4 bytes each).
const maxDictTuples = 1 << 16

// dictTuples is the number of combinations of the keys' dictionary
// entries when every key is a string in dictionary form and, for several
// keys, they are at most maxDictTuples (one key's are its dictionary's
// entries, which a page holds anyway); else 0.
func dictTuples(keys []*format.Vector) int {
	if len(keys) == 1 && keys[0].Dict != nil {
		return keys[0].Dict.Len
	}
	n := 1
	for _, k := range keys {
		if k.Dict == nil || k.Dict.Len > maxDictTuples {
			return 0
		}
		if n *= k.Dict.Len; n > maxDictTuples {
			return 0
		}
	}
	return n
}

// dictGroups is vectorGroups of string keys in dictionary form (TPC-H
// Q01's two CHAR(1) keys): the group of each combination of their entries
// is found once, not by encoding and hashing each row's keys.
func (st *aggState) dictGroups(keys []*format.Vector, units []int64, gidx []int32) []int32 {
	same := len(st.dictOf) == len(keys)
	for i, k := range keys {
		same = same && st.dictOf[i] == k.Dict
	}
	if !same {
		st.dictOf = st.dictOf[:0]
		for _, k := range keys {
			st.dictOf = append(st.dictOf, k.Dict)
		}
		st.dictGroup = slices.Grow(st.dictGroup[:0], dictTuples(keys))[:dictTuples(keys)]
		for i := range st.dictGroup {
			st.dictGroup[i] = -1
		}
	}
	nulls := false
	for _, k := range keys {
		nulls = nulls || k.Nulls != nil
	}
	for _, r := range st.sel {
		e, null := 0, false
		for _, k := range keys {
			if nulls && k.IsNull(int(r)) {
				null = true
				break
			}
			e = e*k.Dict.Len + int(k.Index[r])
		}
		if null {
			gidx = append(gidx, st.vectorGroup(keys, units, int(r)))
			continue
		}
		g := st.dictGroup[e]
		if g < 0 {
			g = st.vectorGroup(keys, units, int(r))
			st.dictGroup[e] = g
		}
		gidx = append(gidx, g)
	}
	st.gidx = gidx
	return gidx
}

// vectorGroup is the group of row r's keys, added when new.
func (st *aggState) vectorGroup(keys []*format.Vector, units []int64, r int) int32 {
	if st.s.intKey && keys[0].Kind == format.VectorInt64 {
		k := keys[0]
		if k.IsNull(r) {
			return st.nullKeyGroup()
		}
		return st.intKeyGroup(k.Int64[r])
	}
	st.buf = st.buf[:0]
	for i, k := range keys {
		if units[i] != 0 && !k.IsNull(r) {
			st.buf = appendTimeKey(st.buf, k.Int64[r], units[i])
			continue
		}
		st.buf = appendVectorKey(st.buf, k, r)
	}
	return st.bufGroup()
}

// appendVectorKey is appendKey of row r of a vector.
func appendVectorKey(b []byte, v *format.Vector, r int) []byte {
	if v.IsNull(r) {
		return append(b, keyNull)
	}
	switch v.Kind {
	case format.VectorInt64:
		return binary.LittleEndian.AppendUint64(append(b, keyInt), uint64(v.Int64[r]))
	case format.VectorFloat64:
		f := v.Float64[r]
		if f == 0 {
			f = 0
		}
		return binary.LittleEndian.AppendUint64(append(b, keyFloat), math.Float64bits(f))
	}
	s := v.Bytes(r)
	b = append(b, keyString)
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// updateVec counts the selected rows (arg nil: COUNT(*)) or their non-NULL
// values of arg; gidx nil means group 0.
func (a *countAcc) updateVec(arg *format.Vector, sel, gidx []int32) {
	if gidx == nil {
		n := int64(len(sel))
		if arg != nil && arg.Nulls != nil {
			for _, r := range sel {
				if arg.Nulls[r] {
					n--
				}
			}
		}
		a.n[0] += n
		return
	}
	for i, r := range sel {
		if arg == nil || !arg.IsNull(int(r)) {
			a.n[gidx[i]]++
		}
	}
}

func (a *floatAcc) updateVec(arg *format.Vector, sel, gidx []int32) {
	for i, r := range sel {
		if arg.IsNull(int(r)) {
			continue
		}
		g := groupAt(gidx, i)
		a.sum[g] += floatAt(arg, int(r))
		a.n[g]++
	}
}

// updateFirst sets the value of groups that have none from their first
// selected row, boxed by row.
func (a *firstAcc) updateFirst(ctx *sql.Context, sel, gidx []int32, row func(int32) sql.Row) error {
	for i, r := range sel {
		g := groupAt(gidx, i)
		if a.isSet(g) {
			continue
		}
		v, err := a.arg(ctx, row(r))
		if err != nil {
			return err
		}
		a.setVal(g, v)
	}
	return nil
}

// updateFirstInts is updateFirst of a column read as a vector of
// integers: the groups that have no value keep their first selected
// row's int64 (NULL as a value of the row path).
func (a *firstAcc) updateFirstInts(arg *format.Vector, sel, gidx []int32, box func(int64) any) {
	for i, r := range sel {
		g := groupAt(gidx, i)
		if a.isSet(g) {
			continue
		}
		if arg.IsNull(int(r)) {
			a.setVal(g, nil)
			continue
		}
		a.setInt(g, arg.Int64[r], box)
	}
}

// firstBoxer boxes an int64 of a column vector of kind k as the row path
// boxes the column's value (boxRow).
func firstBoxer(k format.VectorKind, t types.DataType, conv func(any) any) func(int64) any {
	return func(n int64) any {
		v := format.Vector{Kind: k, Len: 1, Int64: []int64{n}}
		return conv(v.Value(0, t))
	}
}

// vectorRowIter is RowIter over batches of column vectors: each of the
// read's workers adds up the batches it decodes into a partial state of
// its own, the states merged at the end.
func (s *aggregateScan) vectorRowIter(ctx *sql.Context, r *read.Reader, conv []func(any) any, vp *vectorPlan) (sql.RowIter, error) {
	// Workers call go-mysql-server's Eval holding evalMu only (for a
	// group's first row, an aggregate without a kernel, a batch taking the
	// row path), so that they run in parallel also when serial.
	parts := make([]*aggState, runtime.GOMAXPROCS(0))
	consumers := make([]read.VectorConsumer, len(parts))
	rows := make([]int64, len(parts))
	for w := range parts {
		parts[w] = s.newState(ctx)
		consumers[w] = func(b *format.VectorBatch) error {
			rows[w] += int64(b.Len)
			if err := parts[w].addVectors(ctx, vp, b, conv); err != nil {
				return err
			}
			return parts[w].count()
		}
	}
	err := r.ReadVectors(ctx, consumers)
	for _, n := range rows {
		stats.RowsRead.Add(n)
	}
	if err != nil {
		return nil, err
	}
	return s.mergedRows(parts), nil
}

// groupAt is the group of the i-th selected row: gidx[i], or the only
// group 0 when gidx is nil (no GROUP BY).
func groupAt(gidx []int32, i int) int32 {
	if gidx == nil {
		return 0
	}
	return gidx[i]
}

func hasNaN(v *format.Vector, sel []int32) bool {
	for _, r := range sel {
		if f := v.Float64[r]; f != f && !v.IsNull(int(r)) {
			return true
		}
	}
	return false
}

// updateVec is MIN or MAX of a column of numbers: the batch's extreme of
// each group found in its typed values, then that row's value (boxed by
// value) compared with the group's as update compares them.
func (a *extremeAcc) updateVec(ctx *sql.Context, arg *format.Vector, sel, gidx []int32, value func(r int) any) error {
	a.ctx = ctx
	if len(a.best) < len(a.val) {
		a.best = append(a.best, make([]int32, len(a.val)-len(a.best))...)
		for i := range a.best {
			a.best[i] = -1
		}
	}
	a.touched = a.touched[:0]
	for i, r := range sel {
		if arg.IsNull(int(r)) {
			continue
		}
		g := groupAt(gidx, i)
		b := a.best[g]
		switch {
		case b < 0:
			a.touched = append(a.touched, g)
		case arg.Kind == format.VectorInt64 || arg.Kind == format.VectorDecimal64:
			// Decimals of a column: unscaled at the column's one scale.
			if c := cmp3(arg.Int64[r], arg.Int64[b]); c == 0 || c > 0 != a.max {
				continue
			}
		default:
			if c := cmp3(arg.Float64[r], arg.Float64[b]); c == 0 || c > 0 != a.max {
				continue
			}
		}
		a.best[g] = r
	}
	for _, g := range a.touched {
		v := value(int(a.best[g]))
		a.best[g] = -1
		if err := a.offer(ctx, g, v); err != nil {
			return err
		}
	}
	return nil
}
