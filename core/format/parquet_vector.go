package format

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
	"github.com/shopspring/decimal"
)

// VectorKind is the Go representation of the values of a Vector.
type VectorKind uint8

// The kinds of vectors.
const (
	VectorNone VectorKind = iota // the type has no vector form
	// VectorInt64: TINYINT, SMALLINT, INT, BIGINT; BOOLEAN as 0 or 1;
	// DATE as days since 1970-01-01; TIME as milliseconds of the day;
	// TIMESTAMP and TIMESTAMP_LTZ of up to 6 digits of precision as
	// microseconds since 1970-01-01 00:00:00 (the wall clock, the instant).
	// The column's type tells which.
	VectorInt64
	VectorFloat64 // DOUBLE; FLOAT, widened (exactly)
	VectorBytes   // CHAR, VARCHAR
	VectorBool    // results of predicates (never read from files)
	// VectorDecimal64: DECIMAL of up to 18 digits as its unscaled values,
	// in Int64 (the scale is the type's).
	VectorDecimal64
)

// maxVectorTimestampPrecision is the precision of the TIMESTAMPs read as
// vectors of microseconds; finer ones are read as rows.
const maxVectorTimestampPrecision = 6

// VectorKindOf is the vector kind a column of type t is read as;
// VectorNone for types read only as rows.
func VectorKindOf(t types.DataType) VectorKind {
	switch t.Kind {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Date, types.Boolean, types.Time:
		return VectorInt64
	case types.Timestamp, types.TimestampLTZ:
		if t.Precision <= maxVectorTimestampPrecision {
			return VectorInt64
		}
	case types.Double, types.Float:
		return VectorFloat64
	case types.Char, types.VarChar:
		return VectorBytes
	case types.Decimal:
		if t.Precision <= 18 {
			return VectorDecimal64
		}
	}
	return VectorNone
}

// vectorScale is leafCursor.vecScale of a column of type t stored as e:
// the physical forms NextVectors reads are Paimon's own (TIME as INT32
// milliseconds, TIMESTAMP as INT64 milliseconds or microseconds, BOOLEAN,
// FLOAT); others (INT96 or nanosecond timestamps, TIME in INT64) are read
// as rows.
func vectorScale(e *format.SchemaElement, t types.DataType) int64 {
	phys := e.Type.V
	switch t.Kind {
	case types.Timestamp, types.TimestampLTZ:
		if phys != format.Int64 {
			return 0
		}
		switch timeUnitOf(e, t.Precision) {
		case time.Millisecond:
			return 1000
		case time.Microsecond:
			return 1
		}
		return 0
	case types.Time:
		if phys != format.Int32 {
			return 0
		}
	case types.Boolean:
		if phys != format.Boolean {
			return 0
		}
	case types.Float:
		if phys != format.Float {
			return 0
		}
	}
	return 1
}

// Vector is one column of a batch of rows, typed: the slice of its kind
// holds Len values (zero where Nulls says NULL).
type Vector struct {
	Kind VectorKind
	Len  int
	// Nulls[i] is true for a NULL at row i; nil when no row is NULL.
	Nulls   []bool
	Int64   []int64
	Float64 []float64
	Bool    []bool
	// Bytes: value i is Data[Offsets[i]:Offsets[i+1]]; len(Offsets) is Len+1.
	Offsets []int32
	Data    []byte
	// Dict, when set, holds the values of a VectorBytes vector instead:
	// value i is Dict's value Index[i] (0 for a NULL). Dict is shared
	// between batches and never changed.
	Dict  *Vector
	Index []int32
}

// Reset makes v a vector of n values of kind k, reusing its memory; the
// values are not cleared, Nulls is nil and Data empty.
func (v *Vector) Reset(k VectorKind, n int) {
	v.Kind, v.Len, v.Nulls, v.Dict = k, n, nil, nil
	switch k {
	case VectorInt64, VectorDecimal64:
		v.Int64 = grow(v.Int64, n)
	case VectorFloat64:
		v.Float64 = grow(v.Float64, n)
	case VectorBool:
		v.Bool = grow(v.Bool, n)
	case VectorBytes:
		v.Offsets = grow(v.Offsets, n+1)
		v.Offsets[0] = 0
		v.Data = v.Data[:0]
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// SetNull marks row i NULL (and zeroes its value).
func (v *Vector) SetNull(i int) {
	if v.Nulls == nil {
		v.Nulls = make([]bool, v.Len)
	}
	v.Nulls[i] = true
}

// IsNull says whether row i is NULL.
func (v *Vector) IsNull(i int) bool { return v.Nulls != nil && v.Nulls[i] }

// Bytes is value i of a VectorBytes vector; it aliases the vector's memory.
func (v *Vector) Bytes(i int) []byte {
	if v.Dict != nil {
		return v.Dict.Bytes(int(v.Index[i]))
	}
	return v.Data[v.Offsets[i]:v.Offsets[i+1]]
}

// ByteLen is the length of value i of a VectorBytes vector.
func (v *Vector) ByteLen(i int) int {
	if v.Dict != nil {
		d, e := v.Dict, v.Index[i]
		return int(d.Offsets[e+1] - d.Offsets[e])
	}
	return int(v.Offsets[i+1] - v.Offsets[i])
}

// materialize turns the first r values of a vector in dictionary form
// into values of its own.
func (v *Vector) materialize(r int) {
	d, idx := v.Dict, v.Index
	v.Dict = nil
	v.Data = v.Data[:0]
	v.Offsets[0] = 0
	for i := range r {
		if !v.IsNull(i) {
			v.Data = append(v.Data, d.Bytes(int(idx[i]))...)
		}
		v.Offsets[i+1] = int32(len(v.Data))
	}
}

// Value is row i as the core/types Go value of type t (the type the
// vector was read as), nil for NULL.
func (v *Vector) Value(i int, t types.DataType) any {
	if v.IsNull(i) {
		return nil
	}
	switch v.Kind {
	case VectorDecimal64:
		return decimal.New(v.Int64[i], -int32(t.Scale))
	case VectorInt64:
		switch t.Kind {
		case types.TinyInt:
			return int8(v.Int64[i])
		case types.SmallInt:
			return int16(v.Int64[i])
		case types.Int, types.Date, types.Time:
			return int32(v.Int64[i])
		case types.Boolean:
			return v.Int64[i] != 0
		case types.Timestamp, types.TimestampLTZ:
			return time.UnixMicro(v.Int64[i]).UTC()
		}
		return v.Int64[i]
	case VectorFloat64:
		if t.Kind == types.Float {
			return float32(v.Float64[i])
		}
		return v.Float64[i]
	case VectorBytes:
		return string(v.Bytes(i))
	case VectorBool:
		return v.Bool[i]
	}
	return nil
}

// Append adds x, a core/types value of type t (of the vector's kind; nil
// for NULL), as row Len.
func (v *Vector) Append(x any, t types.DataType) error {
	i := v.Len
	v.Len++
	if x == nil && v.Nulls == nil {
		v.Nulls = make([]bool, i, max(i+1, 2*i))
	}
	if v.Nulls != nil {
		v.Nulls = append(v.Nulls[:i], x == nil)
	}
	switch v.Kind {
	case VectorDecimal64:
		var n int64
		if x != nil {
			d, ok := x.(decimal.Decimal)
			if !ok {
				return fmt.Errorf("vector of decimals: %T value", x)
			}
			u := d.Shift(int32(t.Scale))
			if !u.IsInteger() || !u.BigInt().IsInt64() {
				return fmt.Errorf("decimal %s is not a %s", d, t)
			}
			n = u.IntPart()
		}
		v.Int64 = append(v.Int64[:i], n)
	case VectorInt64:
		var n int64
		switch y := x.(type) {
		case int8:
			n = int64(y)
		case int16:
			n = int64(y)
		case int32:
			n = int64(y)
		case int64:
			n = y
		case bool:
			if y {
				n = 1
			}
		case time.Time:
			// A TIMESTAMP of at most microseconds: a finer value (written
			// by another writer) would not come back as it is.
			if y.Nanosecond()%1000 != 0 {
				return fmt.Errorf("vector of microseconds: %s has nanoseconds", y)
			}
			n = y.UnixMicro()
		case nil:
		default:
			return fmt.Errorf("vector of integers: %T value", x)
		}
		v.Int64 = append(v.Int64[:i], n)
	case VectorFloat64:
		f, ok := x.(float64)
		if f32, is32 := x.(float32); is32 {
			f, ok = float64(f32), true
		}
		if !ok && x != nil {
			return fmt.Errorf("vector of doubles: %T value", x)
		}
		v.Float64 = append(v.Float64[:i], f)
	case VectorBytes:
		s, ok := x.(string)
		if !ok && x != nil {
			return fmt.Errorf("vector of strings: %T value", x)
		}
		if len(v.Offsets) == 0 {
			v.Offsets = append(v.Offsets, 0)
		}
		v.Data = append(v.Data, s...)
		v.Offsets = append(v.Offsets[:i+1], int32(len(v.Data)))
	default:
		return fmt.Errorf("vector of kind %d: cannot append", v.Kind)
	}
	return nil
}

// Keep drops the rows whose keep is false, in place.
func (v *Vector) Keep(keep []bool) {
	j := 0
	var data []byte
	if v.Dict != nil {
		for i, k := range keep {
			if k {
				if v.Nulls != nil {
					v.Nulls[j] = v.Nulls[i]
				}
				v.Index[j] = v.Index[i]
				j++
			}
		}
		v.Len, v.Index = j, v.Index[:j]
		if v.Nulls != nil {
			v.Nulls = v.Nulls[:j]
		}
		return
	}
	if v.Kind == VectorBytes {
		data = v.Data[:0] // values only move left: copying in place is safe
	}
	for i, k := range keep {
		if !k {
			continue
		}
		if v.Nulls != nil {
			v.Nulls[j] = v.Nulls[i]
		}
		switch v.Kind {
		case VectorInt64, VectorDecimal64:
			v.Int64[j] = v.Int64[i]
		case VectorFloat64:
			v.Float64[j] = v.Float64[i]
		case VectorBool:
			v.Bool[j] = v.Bool[i]
		case VectorBytes:
			from, to := v.Offsets[i], v.Offsets[i+1]
			v.Offsets[j] = int32(len(data))
			data = append(data, v.Data[from:to]...)
		}
		j++
	}
	v.Len = j
	if v.Nulls != nil {
		v.Nulls = v.Nulls[:j]
	}
	switch v.Kind {
	case VectorInt64, VectorDecimal64:
		v.Int64 = v.Int64[:j]
	case VectorFloat64:
		v.Float64 = v.Float64[:j]
	case VectorBool:
		v.Bool = v.Bool[:j]
	case VectorBytes:
		v.Offsets = append(v.Offsets[:j], int32(len(data)))
		v.Data = data
	}
}

// VectorBatch is a run of rows of a file as one Vector per projected field.
type VectorBatch struct {
	Len  int
	Cols []Vector
	// FirstPosition is the 0-based position in the file of row 0.
	FirstPosition int64
	// Arena, when set by the batch's consumer, lends the vectors that
	// its kernels compute; readers leave it alone.
	Arena *VectorArena
}

// Keep drops the rows whose keep is false from every column.
func (b *VectorBatch) Keep(keep []bool) {
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	if n == b.Len {
		return
	}
	for i := range b.Cols {
		b.Cols[i].Keep(keep)
	}
	b.Len = n
}

// Vectorizable says whether NextVectors can read every projected field:
// top-level, non-repeated columns (or columns missing from the file) of a
// type with a vector kind.
func (r *ParquetReader) Vectorizable() bool {
	for j, t := range r.top {
		k := VectorKindOf(r.types[j])
		if k == VectorNone {
			return false
		}
		if t.kind == missingNode {
			continue
		}
		if t.kind != leafNode || t.leaf.maxRep != 0 || t.leaf.vecScale == 0 || k == VectorDecimal64 && !r.integerChunks(t.leaf.leaf) {
			return false
		}
	}
	return true
}

// integerChunks says whether every chunk of leaf column c is of INT32 or
// INT64 values (DECIMAL may also be written as byte arrays).
func (r *ParquetReader) integerChunks(c int) bool {
	for _, g := range r.file.Metadata().RowGroups {
		if c >= len(g.Columns) {
			return false
		}
		if t := g.Columns[c].MetaData.Type; t != format.Int32 && t != format.Int64 {
			return false
		}
	}
	return true
}

// NextVectors reads the next batch of at most BatchSize rows into b (its
// memory reused), or returns io.EOF after the last one. KeepRow is not
// asked: every row of the pages read is returned. The reader must be
// Vectorizable.
func (r *ParquetReader) NextVectors(ctx context.Context, b *VectorBatch) error {
	n, err := r.advance(ctx)
	if err != nil {
		return err
	}
	if r.vdicts == nil {
		r.vdicts = make([]vectorDict, len(r.top))
	}
	b.Len, b.FirstPosition = n, r.pos
	b.Cols = grow(b.Cols, len(r.top))
	for j, t := range r.top {
		v := &b.Cols[j]
		v.Reset(VectorKindOf(r.types[j]), n)
		if t.kind == missingNode {
			v.Nulls = grow(v.Nulls, n)
			for i := range n {
				v.Nulls[i] = true
			}
			v.clearValues()
			continue
		}
		t.leaf.readVector(v, &r.vdicts[j], r.nextGroup-1)
	}
	return r.consumed(n)
}

// advance moves to the next rows to read, for Next and NextVectors, and
// returns how many the next batch holds.
func (r *ParquetReader) advance(ctx context.Context) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if r.suspended {
		if err := r.resume(); err != nil {
			return 0, err
		}
	}
	for r.left == 0 {
		if r.nextRange < len(r.ranges) {
			if err := r.enterRange(); err != nil {
				return 0, err
			}
			continue
		}
		if err := r.openGroup(); err != nil {
			return 0, err
		}
	}
	return int(min(int64(r.batchSize), r.left)), nil
}

// consumed ends a batch of n rows read by the columns' cursors, for Next
// and NextVectors.
func (r *ParquetReader) consumed(n int) error {
	for _, l := range r.leaves {
		if l.err != nil {
			return l.err
		}
	}
	r.pos += int64(n)
	r.left -= int64(n)
	if r.left == 0 && r.nextRange == len(r.ranges) {
		return r.closeGroup()
	}
	return nil
}

// vectorDict is a column chunk's dictionary as a bytes vector, made once
// per dictionary of a row group (the dictionary in use, by identity).
type vectorDict struct {
	group int
	of    any
	vec   *Vector
}

// clearValues zeroes the values (of rows that are all NULL).
func (v *Vector) clearValues() {
	switch v.Kind {
	case VectorInt64, VectorDecimal64:
		clear(v.Int64)
	case VectorFloat64:
		clear(v.Float64)
	case VectorBytes:
		clear(v.Offsets)
	}
}

// readVector fills v (Reset to the rows wanted) from a top-level,
// non-repeated leaf of row group g, one page span at a time, without boxing
// values; vd keeps its dictionary as a vector.
func (c *leafCursor) readVector(v *Vector, vd *vectorDict, g int) {
	for r := 0; r < v.Len; {
		if !c.more() {
			return
		}
		k := min(v.Len-r, c.n-c.i)
		var defs []byte
		cnt := k
		if c.defs != nil {
			defs = c.defs[c.i : c.i+k]
			cnt = bytes.Count(defs, []byte{c.maxDef})
		}
		if c.vi+cnt > c.count {
			c.fail(fmt.Errorf("page has %d values, rows need %d", c.count, c.vi+cnt))
			return
		}
		var err error
		switch {
		case cnt == 0: // all NULL: the page may have no values at all
			for j := range k {
				v.SetNull(r + j)
				v.setZero(r + j)
			}
		case v.Kind == VectorBytes:
			err = c.spanBytes(v, vd, g, r, cnt, defs)
		default:
			err = c.spanNumbers(v, r, cnt, defs)
		}
		if err != nil {
			c.fail(err)
			return
		}
		c.vi += cnt
		c.i += k
		r += k
	}
}

// spanNumbers puts the page's next cnt values at rows r.. of v and, when
// some of the span's rows are NULL (defs), spreads them to their rows.
func (c *leafCursor) spanNumbers(v *Vector, r, cnt int, defs []byte) error {
	var dst64 []int64
	var dstF []float64
	if v.Kind == VectorInt64 || v.Kind == VectorDecimal64 {
		dst64 = v.Int64[r : r+cnt]
	} else {
		dstF = v.Float64[r : r+cnt]
	}
	src, idx := c.data, []int32(nil)
	if c.idx != nil {
		src, idx = c.dictData, c.idx[c.vi:c.vi+cnt]
	}
	switch {
	case src.Kind() == encoding.Int64 && dst64 != nil:
		vals := src.Int64()
		if idx == nil {
			copy(dst64, vals[c.vi:c.vi+cnt])
		} else {
			for j, e := range idx {
				if uint(e) >= uint(len(vals)) {
					return dictRange(e, len(vals))
				}
				dst64[j] = vals[e]
			}
		}
		if m := c.vecScale; m > 1 {
			for j := range dst64 {
				dst64[j] *= m
			}
		}
	case src.Kind() == encoding.Boolean && dst64 != nil && idx == nil:
		bits := src.Boolean()
		for j := range dst64 {
			b := c.vi + j
			dst64[j] = int64(bits[b>>3] >> (b & 7) & 1)
		}
	case src.Kind() == encoding.Float && dstF != nil:
		vals := src.Float()
		if idx == nil {
			for j, x := range vals[c.vi : c.vi+cnt] {
				dstF[j] = float64(x)
			}
			break
		}
		for j, e := range idx {
			if uint(e) >= uint(len(vals)) {
				return dictRange(e, len(vals))
			}
			dstF[j] = float64(vals[e])
		}
	case src.Kind() == encoding.Int32 && dst64 != nil:
		vals := src.Int32()
		if idx == nil {
			for j, x := range vals[c.vi : c.vi+cnt] {
				dst64[j] = int64(x)
			}
			break
		}
		for j, e := range idx {
			if uint(e) >= uint(len(vals)) {
				return dictRange(e, len(vals))
			}
			dst64[j] = int64(vals[e])
		}
	case src.Kind() == encoding.Double && dstF != nil:
		vals := src.Double()
		if idx == nil {
			copy(dstF, vals[c.vi:c.vi+cnt])
			break
		}
		for j, e := range idx {
			if uint(e) >= uint(len(vals)) {
				return dictRange(e, len(vals))
			}
			dstF[j] = vals[e]
		}
	default:
		return fmt.Errorf("page of %v values read as vector kind %d", src.Kind(), v.Kind)
	}
	if cnt == len(defs) || defs == nil {
		return nil
	}
	// Spread from the back: value s moves to row j >= s.
	s := cnt - 1
	for j := len(defs) - 1; j >= 0; j-- {
		if defs[j] == c.maxDef {
			if dst64 != nil {
				v.Int64[r+j] = v.Int64[r+s]
			} else {
				v.Float64[r+j] = v.Float64[r+s]
			}
			s--
			continue
		}
		v.SetNull(r + j)
		if dst64 != nil {
			v.Int64[r+j] = 0
		} else {
			v.Float64[r+j] = 0
		}
	}
	return nil
}

// setZero zeroes the value of row i, the rows before it set.
func (v *Vector) setZero(i int) {
	switch v.Kind {
	case VectorInt64, VectorDecimal64:
		v.Int64[i] = 0
	case VectorFloat64:
		v.Float64[i] = 0
	case VectorBytes:
		if v.Dict != nil {
			v.Index[i] = 0
		} else {
			v.Offsets[i+1] = v.Offsets[i]
		}
	}
}

func dictRange(e int32, size int) error {
	return fmt.Errorf("dictionary index %d out of range %d", e, size)
}

// spanBytes puts the span's values (cnt of them, at rows r.., NULL where
// defs says so) in a bytes vector: their dictionary indices while the
// batch's rows all come from one dictionary, else the values themselves.
func (c *leafCursor) spanBytes(v *Vector, vd *vectorDict, g, r, cnt int, defs []byte) error {
	if c.idx != nil {
		d, err := c.vectorDict(vd, g)
		if err != nil {
			return err
		}
		if r == 0 {
			v.Dict, v.Index = d, grow(v.Index, v.Len)
		}
		if v.Dict == d {
			return c.spanIndex(v, r, cnt, defs)
		}
	}
	if v.Dict != nil {
		v.materialize(r)
	}
	src, idx := c.data, []int32(nil)
	if c.idx != nil {
		src, idx = c.dictData, c.idx
	}
	var data []byte
	var offsets []uint32
	size := 0
	switch src.Kind() {
	case encoding.ByteArray:
		data, offsets = src.ByteArray()
	case encoding.FixedLenByteArray:
		data, size = src.FixedLenByteArray()
		if size <= 0 {
			return fmt.Errorf("fixed-length byte array of size %d", size)
		}
	default:
		return fmt.Errorf("page of %v values read as strings", src.Kind())
	}
	count := len(offsets) - 1
	if size > 0 {
		count = len(data) / size
	}
	vi := c.vi
	k := len(defs)
	if defs == nil {
		k = v.Len - r
		k = min(k, c.n-c.i)
	}
	for j := range k {
		if defs != nil && defs[j] != c.maxDef {
			v.SetNull(r + j)
			v.Offsets[r+j+1] = int32(len(v.Data))
			continue
		}
		e := vi
		vi++
		if idx != nil {
			e = int(idx[e])
		}
		if e < 0 || e >= count {
			return dictRange(int32(e), count)
		}
		if size > 0 {
			v.Data = append(v.Data, data[e*size:(e+1)*size]...)
		} else {
			v.Data = append(v.Data, data[offsets[e]:offsets[e+1]]...)
		}
		v.Offsets[r+j+1] = int32(len(v.Data))
	}
	return nil
}

// spanIndex puts the span's dictionary indices in v.Index.
func (c *leafCursor) spanIndex(v *Vector, r, cnt int, defs []byte) error {
	idx, size := c.idx[c.vi:c.vi+cnt], int32(v.Dict.Len)
	for _, e := range idx {
		if uint32(e) >= uint32(size) {
			return dictRange(e, int(size))
		}
	}
	if defs == nil || cnt == len(defs) {
		copy(v.Index[r:], idx)
		return nil
	}
	s := 0
	for j, d := range defs {
		if d == c.maxDef {
			v.Index[r+j] = idx[s]
			s++
			continue
		}
		v.SetNull(r + j)
		v.Index[r+j] = 0
	}
	return nil
}

// vectorDict is the column's current dictionary (of row group g) as a
// bytes vector, kept in vd.
func (c *leafCursor) vectorDict(vd *vectorDict, g int) (*Vector, error) {
	if vd.vec != nil && vd.group == g && vd.of == any(c.dict) {
		return vd.vec, nil
	}
	d := &Vector{Kind: VectorBytes}
	switch c.dictData.Kind() {
	case encoding.ByteArray:
		data, offsets := c.dictData.ByteArray()
		d.Data = bytes.Clone(data)
		d.Offsets = make([]int32, len(offsets))
		for i, o := range offsets {
			if int(o) > len(data) {
				return nil, fmt.Errorf("dictionary offset %d beyond its %d bytes", o, len(data))
			}
			d.Offsets[i] = int32(o)
		}
		d.Len = max(len(offsets)-1, 0)
	case encoding.FixedLenByteArray:
		data, size := c.dictData.FixedLenByteArray()
		if size <= 0 {
			return nil, fmt.Errorf("fixed-length byte array of size %d", size)
		}
		d.Len = len(data) / size
		d.Data = bytes.Clone(data[:d.Len*size])
		d.Offsets = make([]int32, d.Len+1)
		for i := range d.Offsets {
			d.Offsets[i] = int32(i * size)
		}
	default:
		return nil, fmt.Errorf("dictionary of %v values read as strings", c.dictData.Kind())
	}
	if d.Len == 0 {
		return nil, fmt.Errorf("empty dictionary")
	}
	*vd = vectorDict{group: g, of: c.dict, vec: d}
	return d, nil
}
