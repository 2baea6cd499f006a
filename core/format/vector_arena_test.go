package format

import "testing"

// Catches: a vector lent again by the arena carrying the values, NULLs,
// strings or dictionary of its previous use (kernels rely on a new
// vector's zeroes, as make gives them).
func TestVectorArenaLendsZeroedVectors(t *testing.T) {
	var a VectorArena
	for round := range 3 {
		for _, k := range []VectorKind{VectorInt64, VectorBytes, VectorBool, VectorFloat64, VectorDecimal64} {
			v := a.Vector(k, 3)
			if v.Kind != k || v.Len != 3 || v.Nulls != nil || v.Dict != nil || v.Index != nil || len(v.Data) != 0 {
				t.Fatalf("round %d kind %d: lent %+v", round, k, v)
			}
			for i := range 3 {
				switch k {
				case VectorInt64, VectorDecimal64:
					if v.Int64[i] != 0 {
						t.Fatalf("round %d kind %d: value %d is %d", round, k, i, v.Int64[i])
					}
					v.Int64[i] = 7
				case VectorFloat64:
					if v.Float64[i] != 0 {
						t.Fatalf("round %d kind %d: value %d is %v", round, k, i, v.Float64[i])
					}
					v.Float64[i] = 7
				case VectorBool:
					if v.Bool[i] {
						t.Fatalf("round %d kind %d: value %d is true", round, k, i)
					}
					v.Bool[i] = true
				case VectorBytes:
					if v.Offsets[i+1] != 0 {
						t.Fatalf("round %d kind %d: offset %d is %d", round, k, i+1, v.Offsets[i+1])
					}
					v.Data = append(v.Data, 'x')
					v.Offsets[i+1] = int32(len(v.Data))
				}
			}
			v.SetNull(1)
			v.Dict, v.Index = &Vector{}, []int32{0, 0, 0}
		}
		a.Release()
	}
}
