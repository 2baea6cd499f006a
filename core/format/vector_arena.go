package format

// VectorArena lends the vectors that kernels compute over a batch and
// takes them all back at once when the batch has been consumed, so that a
// scan does not allocate (and the garbage collector clear and scan) a new
// vector per kernel per batch. It belongs to one goroutine.
type VectorArena struct {
	free, lent []*Vector
}

// Vector is a vector of n values of kind k, zeroed as a new one is, whose
// memory may be one lent before.
func (a *VectorArena) Vector(k VectorKind, n int) *Vector {
	var v *Vector
	if m := len(a.free); m > 0 {
		v = a.free[m-1]
		a.free = a.free[:m-1]
		// Only the memory of the values is kept.
		*v = Vector{Int64: v.Int64, Float64: v.Float64, Bool: v.Bool, Offsets: v.Offsets, Data: v.Data[:0]}
	} else {
		v = &Vector{}
	}
	a.lent = append(a.lent, v)
	v.Reset(k, n)
	switch k {
	case VectorInt64, VectorDecimal64:
		clear(v.Int64)
	case VectorFloat64:
		clear(v.Float64)
	case VectorBool:
		clear(v.Bool)
	case VectorBytes:
		clear(v.Offsets)
	}
	return v
}

// Release takes back every vector lent: none may be used after.
func (a *VectorArena) Release() {
	a.free = append(a.free, a.lent...)
	clear(a.lent)
	a.lent = a.lent[:0]
}
