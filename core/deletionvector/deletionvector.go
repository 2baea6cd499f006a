// Package deletionvector reads and writes Paimon deletion vectors: per data
// file, the set of 0-based row positions (as stored in the file) that are
// deleted. They live in DV index files (docs/design/format.md §7.6) that hold several
// vectors back to back, located by the (offset, length) ranges of the index
// manifest's _DELETIONS_VECTORS_RANGES.
package deletionvector

import (
	"fmt"
	"iter"
	"math"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/RoaringBitmap/roaring/v2/roaring64"
)

// Magic numbers that open a serialized vector, after its length word.
const (
	// Magic32 marks the default form: a 32-bit roaring bitmap, written
	// big-endian.
	Magic32 int32 = 1581511376
	// Magic64 marks the 64-bit form (deletion-vectors.bitmap64, Paimon
	// 1.2+, Iceberg-compatible), written little-endian.
	Magic64 int32 = 1681511377
)

// DeletionVector is the set of deleted row positions of one data file. It
// is in exactly one of the two on-disk forms, which decides how it is
// written back.
type DeletionVector struct {
	b32 *roaring.Bitmap   // 32-bit form; nil in the 64-bit form
	b64 *roaring64.Bitmap // 64-bit form; nil in the 32-bit form
}

// New returns an empty vector in the default 32-bit form.
func New() *DeletionVector { return &DeletionVector{b32: roaring.New()} }

// New64 returns an empty vector in the 64-bit form.
func New64() *DeletionVector { return &DeletionVector{b64: roaring64.New()} }

// Is64 tells whether the vector is in the 64-bit form.
func (dv *DeletionVector) Is64() bool { return dv.b64 != nil }

// Delete marks a position deleted. The 32-bit form only holds positions up
// to math.MaxInt32, like Java's.
func (dv *DeletionVector) Delete(pos int64) error {
	if pos < 0 {
		return fmt.Errorf("deletion vector: negative position %d", pos)
	}
	if dv.b64 != nil {
		dv.b64.Add(uint64(pos))
		return nil
	}
	if pos > math.MaxInt32 {
		return fmt.Errorf("deletion vector: position %d beyond the 32-bit form's limit %d", pos, math.MaxInt32)
	}
	dv.b32.Add(uint32(pos))
	return nil
}

// IsDeleted tells whether the row at pos is deleted.
func (dv *DeletionVector) IsDeleted(pos int64) bool {
	if pos < 0 {
		return false
	}
	if dv.b64 != nil {
		return dv.b64.Contains(uint64(pos))
	}
	return pos <= math.MaxUint32 && dv.b32.Contains(uint32(pos))
}

// Cardinality is the number of deleted positions.
func (dv *DeletionVector) Cardinality() int64 {
	if dv.b64 != nil {
		return int64(dv.b64.GetCardinality())
	}
	return int64(dv.b32.GetCardinality())
}

// All yields the deleted positions in ascending order.
func (dv *DeletionVector) All() iter.Seq[int64] {
	return func(yield func(int64) bool) {
		if dv.b64 != nil {
			it := dv.b64.Iterator()
			for it.HasNext() {
				if !yield(int64(it.Next())) {
					return
				}
			}
			return
		}
		it := dv.b32.Iterator()
		for it.HasNext() {
			if !yield(int64(it.Next())) {
				return
			}
		}
	}
}
