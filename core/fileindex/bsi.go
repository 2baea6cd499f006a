package fileindex

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/RoaringBitmap/roaring/v2"
)

const bsiVersion = 1

// bsiWriter collects a column's values as longs (Java's
// BitSliceIndexBitmapFileIndex): non-negative values in one bit-sliced
// index, the magnitudes of negative ones in another.
type bsiWriter struct {
	values []int64
	isNull []bool
	// failed is set by a value the index cannot hold (Long.MIN_VALUE, whose
	// magnitude is no long): the column then gets no index.
	failed bool
}

func (w *bsiWriter) add(v int64, null bool) {
	if !null && v == math.MinInt64 {
		w.failed = true
	}
	w.values = append(w.values, v)
	w.isNull = append(w.isNull, null)
}

// slices is one bit-sliced index under construction or read.
type slices struct {
	min, max int64
	ebm      *roaring.Bitmap // the rows with a value
	bits     []*roaring.Bitmap
}

func newSlices(max int64) *slices {
	// Java's writer keeps min at 0 (its collector starts from 0).
	s := &slices{max: max, ebm: roaring.New(), bits: make([]*roaring.Bitmap, 64-bits.LeadingZeros64(uint64(max)))}
	for i := range s.bits {
		s.bits[i] = roaring.New()
	}
	return s
}

func (s *slices) append(row uint32, v int64) {
	for d := uint64(v - s.min); d != 0; d &= d - 1 {
		s.bits[bits.TrailingZeros64(d)].Add(row)
	}
	s.ebm.Add(row)
}

func (s *slices) serialize(out []byte) []byte {
	out = append(out, bsiVersion)
	out = binary.BigEndian.AppendUint64(out, uint64(s.min))
	out = binary.BigEndian.AppendUint64(out, uint64(s.max))
	out = append(out, serializeBitmap(s.ebm)...)
	out = binary.BigEndian.AppendUint32(out, uint32(len(s.bits)))
	for _, b := range s.bits {
		out = append(out, serializeBitmap(b)...)
	}
	return out
}

func (w *bsiWriter) bytes() []byte {
	var posMax, negMax int64
	for i, v := range w.values {
		switch {
		case w.isNull[i]:
		case v < 0:
			negMax = max(negMax, -v)
		default:
			posMax = max(posMax, v)
		}
	}
	pos, neg := newSlices(posMax), newSlices(negMax)
	for i, v := range w.values {
		switch {
		case w.isNull[i]:
		case v < 0:
			neg.append(uint32(i), -v)
		default:
			pos.append(uint32(i), v)
		}
	}
	out := []byte{bsiVersion}
	out = binary.BigEndian.AppendUint32(out, uint32(len(w.values)))
	for _, s := range []*slices{pos, neg} {
		if s.ebm.IsEmpty() {
			out = append(out, 0)
			continue
		}
		out = append(out, 1)
		out = s.serialize(out)
	}
	return out
}

// bsiIndex is a decoded BSI index.
type bsiIndex struct {
	rows     uint32
	pos, neg *slices
}

func decodeBSI(data []byte) (*bsiIndex, error) {
	r := bytes.NewReader(data)
	var head [5]byte
	if _, err := r.Read(head[:]); err != nil {
		return nil, errors.New("bsi index too short")
	}
	if head[0] > bsiVersion {
		return nil, fmt.Errorf("bsi index version %d is not supported", head[0])
	}
	ix := &bsiIndex{rows: binary.BigEndian.Uint32(head[1:])}
	for _, dst := range []**slices{&ix.pos, &ix.neg} {
		has, err := r.ReadByte()
		if err != nil {
			return nil, errors.New("bsi index truncated")
		}
		if has == 0 {
			*dst = &slices{ebm: roaring.New()}
			continue
		}
		s, err := readSlices(r)
		if err != nil {
			return nil, fmt.Errorf("bsi index: %w", err)
		}
		*dst = s
	}
	return ix, nil
}

func readSlices(r *bytes.Reader) (*slices, error) {
	var head [17]byte
	if _, err := r.Read(head[:]); err != nil {
		return nil, err
	}
	if head[0] > bsiVersion {
		return nil, fmt.Errorf("version %d is not supported", head[0])
	}
	s := &slices{min: int64(binary.BigEndian.Uint64(head[1:])), max: int64(binary.BigEndian.Uint64(head[9:])), ebm: roaring.New()}
	if _, err := s.ebm.ReadFrom(r); err != nil {
		return nil, err
	}
	var n [4]byte
	if _, err := r.Read(n[:]); err != nil {
		return nil, err
	}
	count := binary.BigEndian.Uint32(n[:])
	if count > 64 {
		return nil, fmt.Errorf("%d bit slices", count)
	}
	for range count {
		b := roaring.New()
		if _, err := b.ReadFrom(r); err != nil {
			return nil, err
		}
		s.bits = append(s.bits, b)
	}
	return s, nil
}

type cmpOp int

const (
	opEq cmpOp = iota
	opLt
	opLtEq
	opGt
	opGtEq
)

// compare is the rows whose value v satisfies v op x, first from min and
// max, else by O'Neil's bit-sliced comparison.
func (s *slices) compare(op cmpOp, x int64) *roaring.Bitmap {
	all, none := s.ebm.Clone, roaring.New
	switch op {
	case opEq:
		if s.min == s.max && x == s.min {
			return all()
		} else if x < s.min || x > s.max {
			return none()
		}
	case opGtEq:
		if x <= s.min {
			return all()
		} else if x > s.max {
			return none()
		}
	case opGt:
		if x < s.min {
			return all()
		} else if x >= s.max {
			return none()
		}
	case opLtEq:
		if x >= s.max {
			return all()
		} else if x < s.min {
			return none()
		}
	case opLt:
		if x > s.max {
			return all()
		} else if x <= s.min {
			return none()
		}
	}
	d := x - s.min
	gt, lt, eq := roaring.New(), roaring.New(), s.ebm.Clone()
	for i := len(s.bits) - 1; i >= 0; i-- {
		if (d>>i)&1 == 1 {
			lt.Or(roaring.AndNot(eq, s.bits[i]))
			eq.And(s.bits[i])
		} else {
			gt.Or(roaring.And(eq, s.bits[i]))
			eq.AndNot(s.bits[i])
		}
	}
	switch op {
	case opEq:
		return eq
	case opLt:
		return lt
	case opGt:
		return gt
	case opLtEq:
		return roaring.Or(lt, eq)
	}
	return roaring.Or(gt, eq)
}

// notNull is the rows with a value.
func (ix *bsiIndex) notNull() *roaring.Bitmap { return roaring.Or(ix.pos.ebm, ix.neg.ebm) }

// matching is the rows whose value v satisfies v op x, as Java's reader
// splits the comparison between the two signs.
func (ix *bsiIndex) matching(op cmpOp, x int64) *roaring.Bitmap {
	if x == math.MinInt64 {
		// No row holds it: everything is above it.
		if op == opGt || op == opGtEq {
			return ix.notNull()
		}
		return roaring.New()
	}
	if x < 0 {
		m := -x
		switch op {
		case opEq:
			return ix.neg.compare(opEq, m)
		case opLt:
			return ix.neg.compare(opGt, m)
		case opLtEq:
			return ix.neg.compare(opGtEq, m)
		case opGt:
			return roaring.Or(ix.pos.ebm, ix.neg.compare(opLt, m))
		}
		return roaring.Or(ix.pos.ebm, ix.neg.compare(opLtEq, m))
	}
	switch op {
	case opLt, opLtEq:
		return roaring.Or(ix.pos.compare(op, x), ix.neg.ebm)
	}
	return ix.pos.compare(op, x)
}
