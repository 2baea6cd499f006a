package mergefunc

import (
	"fmt"

	"github.com/RoaringBitmap/roaring/v2"
)

// rbm32Agg is FieldRoaringBitmap32Agg: VARBINARY values holding 32-bit
// Roaring bitmaps in the portable format are OR-ed; the result is
// run-optimized before it is serialized, as Java's RoaringBitmap32 does.
type rbm32Agg struct{ noRetract }

func (rbm32Agg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	a, err := bitmapOf(acc)
	if err != nil {
		return nil, err
	}
	b, err := bitmapOf(in)
	if err != nil {
		return nil, err
	}
	a.Or(b)
	a.RunOptimize()
	return a.ToBytes()
}

func bitmapOf(v any) (*roaring.Bitmap, error) {
	b, ok := v.([]byte)
	if !ok {
		return nil, fmt.Errorf("mergefunc: rbm32 got %T, want a VARBINARY value", v)
	}
	bm := roaring.New()
	if _, err := bm.FromBuffer(b); err != nil {
		return nil, fmt.Errorf("mergefunc: rbm32: unable to deserialize roaring bitmap: %w", err)
	}
	return bm, nil
}
