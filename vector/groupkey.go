package vector

import (
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/sqltypes"
)

// intKeyAcc is a select-list column that is the GROUP BY's single integer
// key itself (SELECT l_orderkey ... GROUP BY l_orderkey): its value is the
// group's key, which the group map keeps anyway (aggState.intOf), boxed
// only for the result rows, instead of a first-row value per group.
type intKeyAcc struct {
	st  *aggState
	box func(int64) any // the key as the column's own Go type
}

func (a *intKeyAcc) grow()                                         {}
func (a *intKeyAcc) update(*sql.Context, []sql.Row, []int32) error { return nil }
func (a *intKeyAcc) merge(int32, accumulator, int32)               {}

func (a *intKeyAcc) result(g int32) any {
	if a.st.nullOf[g] {
		return nil
	}
	return a.box(a.st.intOf[g])
}

// markKeyColumns makes the plain columns of the select list that read the
// same column as the single integer key (the same row index) aggIntKey.
func (s *aggregateScan) markKeyColumns() {
	if !s.intKey {
		return
	}
	key, ok := s.keyExprs[0].(*expression.GetField)
	if !ok || intBoxer(key.Type()) == nil {
		return
	}
	for i, a := range s.aggs {
		if a.kind == aggFirst && a.column == key.Index() && a.native {
			s.aggs[i].kind = aggIntKey
		}
	}
}

// intBoxer is the function giving an int64 as the Go type go-mysql-server
// uses for values of the signed integer type t, nil for other types.
func intBoxer(t sql.Type) func(int64) any {
	nt, ok := t.(sql.NumberType)
	if !ok {
		return nil
	}
	switch nt.Type() {
	case sqltypes.Int8:
		return func(n int64) any { return int8(n) }
	case sqltypes.Int16:
		return func(n int64) any { return int16(n) }
	case sqltypes.Int24, sqltypes.Int32:
		return func(n int64) any { return int32(n) }
	case sqltypes.Int64:
		return func(n int64) any { return n }
	}
	return nil
}

// intGroupMap maps the integer keys of a GROUP BY to their groups: open
// addressing with linear probing over two flat arrays kept at most half
// full, hashed by Fibonacci multiplication (which spreads the consecutive
// keys of a sorted table over the slots). One key costs 12 to 24 bytes
// and a lookup one multiplication and, mostly, one slot, where Go's map
// hashes the key and matches a control group (a sixth of TPC-H Q18's CPU
// at scale factor 0.1 was in the map).
type intGroupMap struct {
	keys   []int64
	groups []int32 // 1 + the slot's group; 0 for an empty slot
	n      int
	shift  uint // 64 - log2(len(keys))
}

// slot is k's slot, or the empty slot where it would go.
func (m *intGroupMap) slot(k int64) (int, bool) {
	mask := len(m.keys) - 1
	i := int((uint64(k) * 0x9E3779B97F4A7C15) >> m.shift)
	for {
		if m.groups[i] == 0 {
			return i, false
		}
		if m.keys[i] == k {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// find is k's group.
func (m *intGroupMap) find(k int64) (int32, bool) {
	if m.n == 0 {
		return 0, false
	}
	i, ok := m.slot(k)
	return m.groups[i] - 1, ok
}

// add adds k, which is not in m, with group g.
func (m *intGroupMap) add(k int64, g int32) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	i, _ := m.slot(k)
	m.keys[i], m.groups[i] = k, g+1
	m.n++
}

// grow doubles the slots (1,024 at first) and places the keys again.
func (m *intGroupMap) grow() {
	keys, groups := m.keys, m.groups
	size := max(1024, 2*len(keys))
	m.keys, m.groups = make([]int64, size), make([]int32, size)
	m.shift = uint(64 - bits.TrailingZeros(uint(size)))
	for i, g := range groups {
		if g != 0 {
			j, _ := m.slot(keys[i])
			m.keys[j], m.groups[j] = keys[i], g
		}
	}
}
