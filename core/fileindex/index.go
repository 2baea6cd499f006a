package fileindex

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Writer builds the indexes of one data file from its rows.
type Writer struct {
	cols []*columnWriter
}

type columnWriter struct {
	column, typ string
	pos         int
	t           types.DataType
	bloom       *bloom
	hash        func(any) (int64, bool)
	bitmap      *bitmapWriter
	bitmapV1    bool
	bsi         *bsiWriter
}

// NewWriter prepares the indexes specs ask for; column gives a column's
// position in the rows Add receives and its type. Index types paimon-sql
// does not build are refused, as are columns of types an index cannot hold.
func NewWriter(specs []options.FileIndex, column func(name string) (pos int, t types.DataType, ok bool)) (*Writer, error) {
	w := &Writer{}
	for _, s := range specs {
		pos, t, ok := column(s.Column)
		if !ok {
			return nil, fmt.Errorf("file index: column %s does not exist", s.Column)
		}
		cw := &columnWriter{column: s.Column, typ: s.Type, pos: pos, t: t}
		switch s.Type {
		case rangeBitmap:
			// Not built: an index only lets readers skip files, and Java
			// reads files without it.
			continue
		case BloomFilter:
			if cw.hash, ok = bloomHasher(t); !ok {
				return nil, fmt.Errorf("file index: a bloom filter cannot index column %s of type %s", s.Column, t.SQL())
			}
			items, fpp, err := bloomSettings(s)
			if err != nil {
				return nil, err
			}
			if cw.bloom, err = newBloom(items, fpp); err != nil {
				return nil, fmt.Errorf("file index on %s: %w", s.Column, err)
			}
		case Bitmap:
			if !bitmapSupported(t) {
				return nil, fmt.Errorf("file index: a bitmap cannot index column %s of type %s", s.Column, t.SQL())
			}
			blockSize := int64(defaultBitmapBlockSize)
			if v, ok := s.Settings[options.FileIndexBitmapBlockSize]; ok {
				n, err := options.ParseMemorySize(v)
				if err != nil || n <= 0 || n > math.MaxInt32 {
					return nil, fmt.Errorf("file index option %s of bitmap on %s = '%s' is not a memory size", options.FileIndexBitmapBlockSize, s.Column, v)
				}
				blockSize = n
			}
			switch v := strings.TrimSpace(s.Settings[options.FileIndexBitmapVersion]); v {
			case "", "2":
			case "1":
				cw.bitmapV1 = true
			default:
				return nil, fmt.Errorf("file index option %s of bitmap on %s = '%s': only versions 1 and 2 exist", options.FileIndexBitmapVersion, s.Column, v)
			}
			cw.bitmap = newBitmapWriter(t, int(blockSize))
		case BSI:
			if !bsiSupported(t) {
				return nil, fmt.Errorf("file index: a bsi index cannot index column %s of type %s", s.Column, t.SQL())
			}
			cw.bsi = &bsiWriter{}
		default:
			return nil, fmt.Errorf("file index type '%s' (on column %s) is not supported by paimon-sql; it builds %s, %s and %s",
				s.Type, s.Column, BloomFilter, Bitmap, BSI)
		}
		w.cols = append(w.cols, cw)
	}
	return w, nil
}

func bloomSettings(s options.FileIndex) (items int, fpp float64, err error) {
	items, fpp = defaultBloomItems, defaultBloomFPP
	if v, ok := s.Settings[options.FileIndexBloomItems]; ok {
		if items, err = strconv.Atoi(strings.TrimSpace(v)); err != nil || items <= 0 {
			return 0, 0, fmt.Errorf("file index option %s of bloom-filter on %s = '%s' is not a positive integer", options.FileIndexBloomItems, s.Column, v)
		}
	}
	if v, ok := s.Settings[options.FileIndexBloomFPP]; ok {
		if fpp, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil || fpp <= 0 || fpp >= 1 {
			return 0, 0, fmt.Errorf("file index option %s of bloom-filter on %s = '%s' is not a probability between 0 and 1", options.FileIndexBloomFPP, s.Column, v)
		}
	}
	return items, fpp, nil
}

// Add indexes one row.
func (w *Writer) Add(row []any) {
	for _, c := range w.cols {
		v := row[c.pos]
		switch {
		case c.bloom != nil:
			if v != nil {
				if h, ok := c.hash(v); ok {
					c.bloom.add(h)
				}
			}
		case c.bitmap != nil:
			c.bitmap.add(v)
		default:
			n, ok := bsiValue(c.t, v)
			c.bsi.add(n, v == nil || !ok)
		}
	}
}

// Bytes is the index file of the rows added.
func (w *Writer) Bytes() []byte {
	entries := make([]Entry, 0, len(w.cols))
	for _, c := range w.cols {
		var data []byte
		switch {
		case c.bloom != nil:
			data = c.bloom.bytes()
		case c.bitmap != nil && c.bitmapV1:
			data = c.bitmap.bytesV1()
		case c.bitmap != nil:
			data = c.bitmap.bytes()
		case c.bsi.failed:
			continue
		default:
			data = c.bsi.bytes()
		}
		entries = append(entries, Entry{Column: c.column, Type: c.typ, Data: data})
	}
	return Encode(entries)
}

// Column describes a predicate field in a data file: the name its index
// is kept under and its type there. ok is false when the file's index of
// the field cannot be used (absent or of another type).
type Column func(field string) (name string, t types.DataType, ok bool)

// MayMatch tells whether a row of the file may satisfy p, judging from the
// file's indexes; false only when no row can.
func (f *File) MayMatch(p predicate.Predicate, column Column) (bool, error) {
	rows, err := f.eval(p, column)
	if err != nil {
		return true, err
	}
	return rows == nil || !rows.IsEmpty(), nil
}

// eval returns the rows that may satisfy p, nil when every row may.
func (f *File) eval(p predicate.Predicate, column Column) (*roaring.Bitmap, error) {
	switch x := p.(type) {
	case predicate.And:
		var out *roaring.Bitmap
		for _, c := range x {
			rows, err := f.eval(c, column)
			if err != nil {
				return nil, err
			}
			out = and(out, rows)
			if out != nil && out.IsEmpty() {
				return out, nil
			}
		}
		return out, nil
	case predicate.Or:
		out := roaring.New()
		for _, c := range x {
			rows, err := f.eval(c, column)
			if err != nil || rows == nil {
				return nil, err
			}
			out.Or(rows)
		}
		return out, nil
	case predicate.Leaf:
		return f.evalLeaf(x, column)
	}
	return nil, nil
}

func and(a, b *roaring.Bitmap) *roaring.Bitmap {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return roaring.And(a, b)
}

func (f *File) evalLeaf(l predicate.Leaf, column Column) (*roaring.Bitmap, error) {
	name, t, ok := column(l.Field)
	if !ok {
		return nil, nil
	}
	var out *roaring.Bitmap
	for typ, data := range f.indexes[name] {
		if data == nil {
			continue
		}
		var rows *roaring.Bitmap
		var err error
		switch typ {
		case BloomFilter:
			rows, err = evalBloom(l, t, data)
		case Bitmap:
			rows, err = evalBitmap(l, t, data)
		case BSI:
			rows, err = evalBSI(l, t, data)
		}
		if err != nil {
			return nil, fmt.Errorf("file index of column %s: %w", name, err)
		}
		out = and(out, rows)
	}
	return out, nil
}

// literals is the values an equality or IN looks for; SQL equates -0.0
// with 0.0, which Java's indexes keep apart, so both are looked for.
func literals(l predicate.Leaf) []any {
	out := make([]any, 0, len(l.Literals))
	for _, v := range l.Literals {
		out = append(out, v)
		switch x := v.(type) {
		case float32:
			if x == 0 {
				out = append(out, float32(math.Copysign(0, -math.Copysign(1, float64(x)))))
			}
		case float64:
			if x == 0 {
				out = append(out, math.Copysign(0, -math.Copysign(1, x)))
			}
		}
	}
	return out
}

func evalBloom(l predicate.Leaf, t types.DataType, data []byte) (*roaring.Bitmap, error) {
	if l.Op != predicate.Eq && l.Op != predicate.In {
		return nil, nil
	}
	hash, ok := bloomHasher(t)
	if !ok {
		return nil, nil
	}
	b, err := decodeBloom(data)
	if err != nil {
		return nil, err
	}
	for _, v := range literals(l) {
		h, ok := hash(v)
		if !ok || b.mayContain(h) {
			return nil, nil
		}
	}
	return roaring.New(), nil
}

func evalBitmap(l predicate.Leaf, t types.DataType, data []byte) (*roaring.Bitmap, error) {
	var values []any
	negate := false
	switch l.Op {
	case predicate.Eq, predicate.In:
		values = literals(l)
	case predicate.NotEq:
		values, negate = literals(l), true
	case predicate.IsNull:
		values = []any{nil}
	case predicate.IsNotNull:
		values, negate = []any{nil}, true
	default:
		return nil, nil
	}
	ix, err := decodeBitmap(t, data)
	if err != nil {
		return nil, err
	}
	rows, err := ix.rowsOf(values)
	if err != nil || !negate {
		return rows, err
	}
	return complement(rows, ix.rows), nil
}

func evalBSI(l predicate.Leaf, t types.DataType, data []byte) (*roaring.Bitmap, error) {
	ops := map[predicate.Op]cmpOp{predicate.Eq: opEq, predicate.In: opEq, predicate.Lt: opLt,
		predicate.LtEq: opLtEq, predicate.Gt: opGt, predicate.GtEq: opGtEq}
	op, known := ops[l.Op]
	if !known && l.Op != predicate.IsNull && l.Op != predicate.IsNotNull && l.Op != predicate.NotEq {
		return nil, nil
	}
	ix, err := decodeBSI(data)
	if err != nil {
		return nil, err
	}
	switch l.Op {
	case predicate.IsNotNull:
		return ix.notNull(), nil
	case predicate.IsNull:
		return complement(ix.notNull(), ix.rows), nil
	}
	out := roaring.New()
	for _, v := range l.Literals {
		n, ok := bsiValue(t, v)
		if !ok {
			return nil, nil
		}
		if l.Op == predicate.NotEq {
			return roaring.AndNot(ix.notNull(), ix.matching(opEq, n)), nil
		}
		out.Or(ix.matching(op, n))
	}
	return out, nil
}
