package format

import (
	"bytes"
	"fmt"
	"slices"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// ColumnValues are values of one column (ReadOptions.KeepOnly).
type ColumnValues struct {
	// Column is an output position, one of ReadOptions.KeepColumns.
	Column int
	// Values are core/types values of the column's type.
	Values []any
}

// smallSet is the size up to which a keyMatcher compares with each value
// rather than hashing: a key lookup's one key, a short IN list.
const smallSet = 8

// keyMatcher tests a column's values as the file holds them (before they
// are converted to Paimon values) for being one of a set: the key lookups'
// first test of each row of the pages they read, without boxing a value.
type keyMatcher struct {
	ints   []int64
	intSet map[int64]struct{}
	strs   []string
	strSet map[string]struct{}
	bstrs  [][]byte // strs, for searching sorted pages
}

// newKeyMatcher returns the matcher of values on a leaf of physical type
// phys read as t, or nil when one of the values is not of the Go type the
// column's values convert to (the row test then judges every row, as
// types.Compare does not order values of different types), or the type
// has no matcher.
func newKeyMatcher(phys format.Type, t types.DataType, values []any) *keyMatcher {
	m := &keyMatcher{}
	for _, v := range values {
		ok := false
		switch phys {
		case format.Int32:
			var x int64
			switch t.Kind {
			case types.TinyInt:
				var y int8
				y, ok = v.(int8)
				x = int64(y)
			case types.SmallInt:
				var y int16
				y, ok = v.(int16)
				x = int64(y)
			case types.Int, types.Date, types.Time:
				var y int32
				y, ok = v.(int32)
				x = int64(y)
			}
			m.ints = append(m.ints, x)
		case format.Int64:
			var x int64
			if t.Kind == types.BigInt {
				x, ok = v.(int64)
			}
			m.ints = append(m.ints, x)
		case format.ByteArray, format.FixedLenByteArray:
			var s string
			switch t.Kind {
			case types.Char, types.VarChar:
				s, ok = v.(string)
			case types.Binary, types.VarBinary:
				var b []byte
				b, ok = v.([]byte)
				s = string(b)
			}
			m.strs = append(m.strs, s)
		}
		if !ok {
			return nil
		}
	}
	if len(m.ints) > smallSet {
		m.intSet = make(map[int64]struct{}, len(m.ints))
		for _, x := range m.ints {
			m.intSet[x] = struct{}{}
		}
	}
	for _, s := range m.strs {
		m.bstrs = append(m.bstrs, []byte(s))
	}
	if len(m.strs) > smallSet {
		m.strSet = make(map[string]struct{}, len(m.strs))
		for _, s := range m.strs {
			m.strSet[s] = struct{}{}
		}
	}
	return m
}

func (m *keyMatcher) hasInt(x int64) bool {
	if m.intSet != nil {
		_, ok := m.intSet[x]
		return ok
	}
	for _, y := range m.ints {
		if x == y {
			return true
		}
	}
	return false
}

func (m *keyMatcher) hasBytes(b []byte) bool {
	if m.strSet != nil {
		_, ok := m.strSet[string(b)]
		return ok
	}
	for _, s := range m.strs {
		if string(b) == s {
			return true
		}
	}
	return false
}

// matchRun sets hit[i] to whether value i of a run is one of the set: with
// idx, dictionary entry idx[i] of src, else value from+i of src (page
// values). An index outside the dictionary is a hit, for the conversion to
// report it. Values of a kind the matcher does not know all hit.
func (m *keyMatcher) matchRun(src encoding.Values, idx []int32, from int, hit []bool) {
	switch src.Kind() {
	case encoding.Int32:
		matchInts(m, src.Int32(), idx, from, hit)
	case encoding.Int64:
		matchInts(m, src.Int64(), idx, from, hit)
	case encoding.ByteArray:
		data, offsets := src.ByteArray()
		at := func(i int) []byte { return data[offsets[i]:offsets[i+1]] }
		matchBytes(m, len(offsets)-1, at, idx, from, hit)
	case encoding.FixedLenByteArray:
		data, size := src.FixedLenByteArray()
		at := func(i int) []byte { return data[i*size : (i+1)*size] }
		matchBytes(m, len(data)/max(size, 1), at, idx, from, hit)
	default:
		for i := range hit {
			hit[i] = true
		}
	}
}

func matchInts[T int32 | int64](m *keyMatcher, xs []T, idx []int32, from int, hit []bool) {
	if m.intSet == nil && len(m.ints) == 1 {
		// One key: the point lookup's loop, a comparison per value.
		k := m.ints[0]
		if idx == nil {
			for i, x := range xs[from : from+len(hit)] {
				hit[i] = int64(x) == k
			}
			return
		}
		for i, e := range idx[:len(hit)] {
			hit[i] = uint(e) >= uint(len(xs)) || int64(xs[e]) == k
		}
		return
	}
	if idx == nil {
		for i, x := range xs[from : from+len(hit)] {
			hit[i] = m.hasInt(int64(x))
		}
		return
	}
	for i, e := range idx[:len(hit)] {
		hit[i] = uint(e) >= uint(len(xs)) || m.hasInt(int64(xs[e]))
	}
}

// searchRun is matchRun for a run of non-decreasing values (a key column
// of a primary-key file): each key of the set within the run's first and
// last values is searched for, not each value compared.
func (m *keyMatcher) searchRun(src encoding.Values, idx []int32, from int, hit []bool) {
	clear(hit)
	if len(hit) == 0 {
		return
	}
	switch src.Kind() {
	case encoding.Int32:
		searchInts(m, src.Int32(), idx, from, hit)
	case encoding.Int64:
		searchInts(m, src.Int64(), idx, from, hit)
	case encoding.ByteArray:
		data, offsets := src.ByteArray()
		searchBytes(m, func(i int) []byte { return data[offsets[i]:offsets[i+1]] }, idx, from, hit)
	case encoding.FixedLenByteArray:
		data, size := src.FixedLenByteArray()
		searchBytes(m, func(i int) []byte { return data[i*size : (i+1)*size] }, idx, from, hit)
	default:
		m.matchRun(src, idx, from, hit)
	}
}

func searchInts[T int32 | int64](m *keyMatcher, xs []T, idx []int32, from int, hit []bool) {
	at := func(i int) int64 {
		if idx != nil {
			return int64(xs[idx[i]])
		}
		return int64(xs[from+i])
	}
	n := len(hit)
	first, last := at(0), at(n-1)
	for _, k := range m.ints {
		if k < first || k > last {
			continue
		}
		for i := sort.Search(n, func(i int) bool { return at(i) >= k }); i < n && at(i) == k; i++ {
			hit[i] = true
		}
	}
}

func searchBytes(m *keyMatcher, value func(int) []byte, idx []int32, from int, hit []bool) {
	at := func(i int) []byte {
		if idx != nil {
			return value(int(idx[i]))
		}
		return value(from + i)
	}
	n := len(hit)
	first, last := at(0), at(n-1)
	for _, k := range m.bstrs {
		if bytes.Compare(k, first) < 0 || bytes.Compare(k, last) > 0 {
			continue
		}
		for i := sort.Search(n, func(i int) bool { return bytes.Compare(at(i), k) >= 0 }); i < n && bytes.Equal(at(i), k); i++ {
			hit[i] = true
		}
	}
}

func matchBytes(m *keyMatcher, n int, at func(int) []byte, idx []int32, from int, hit []bool) {
	for i := range hit {
		j := from + i
		if idx != nil {
			j = int(idx[i])
			if uint(j) >= uint(n) {
				hit[i] = true
				continue
			}
		}
		hit[i] = m.hasBytes(at(j))
	}
}

// matchFlat reads the values of the next len(vals) rows of a top-level,
// non-repeated leaf: rows whose value is NULL or not one of m's are
// refused (kept[i] set false), the others get their value in vals. Only
// the values kept are converted.
func (c *leafCursor) matchFlat(vals []any, m *keyMatcher, kept []bool) {
	for r := 0; r < len(vals); {
		if !c.more() {
			return
		}
		k := min(len(vals)-r, c.n-c.i)
		nv := k
		if c.defs != nil {
			nv = bytes.Count(c.defs[c.i:c.i+k], []byte{c.maxDef})
		}
		if c.vi+nv > c.count {
			c.fail(fmt.Errorf("page has %d values, rows need %d", c.count, c.vi+nv))
			return
		}
		// Without NULLs the rows' hits are their kept flags.
		hit := kept[r : r+k]
		if c.defs != nil {
			c.hits = slices.Grow(c.hits[:0], nv)[:nv]
			hit = c.hits
		}
		// Only cached pages have their sortedness (and dictionary
		// indexes) checked, once.
		run := m.matchRun
		if c.cpage != nil && c.cpage.sorted() {
			run = m.searchRun
		}
		if c.idx != nil {
			run(c.dictData, c.idx[c.vi:c.vi+nv], 0, hit)
		} else {
			run(c.data, nil, c.vi, hit)
		}
		if c.defs == nil {
			// hit is kept[r:r+k]: convert the few hits.
			for j, ok := range hit {
				if ok {
					v, ok := c.valueAt(c.vi + j)
					if !ok {
						return
					}
					vals[r+j] = v
				}
			}
			c.vi += k
			c.i += k
			r += k
			continue
		}
		h := 0
		for j := range k {
			if c.defs[c.i+j] != c.maxDef {
				kept[r+j] = false
				continue
			}
			if hit[h] {
				v, ok := c.valueAt(c.vi)
				if !ok {
					return
				}
				vals[r+j] = v
			}
			kept[r+j] = hit[h]
			h++
			c.vi++
		}
		c.i += k
		r += k
	}
}

// valueAt converts value vi of the page alone; false on error (in c.err).
// The entries of a dictionary small enough to be kept converted are kept,
// as dictWindow keeps them.
func (c *leafCursor) valueAt(vi int) (any, bool) {
	if c.idx == nil {
		return c.convertOne(c.valueRange(vi, vi+1), vi)
	}
	k := int(c.idx[vi])
	if k < 0 || k >= c.dictLen {
		c.fail(fmt.Errorf("dictionary index %d out of range %d", k, c.dictLen))
		return nil, false
	}
	if v := c.dictVals.get(int32(k)); v != nil {
		return v, true
	}
	v, ok := c.convertOne(valuesRange(c.dictData, k, k+1, nil), vi)
	if ok && v == nil {
		c.fail(fmt.Errorf("dictionary entry %d of %d cannot be read", k, c.dictLen))
		return nil, false
	}
	if ok && c.dictLen <= maxCachedDictEntries {
		c.dictVals.put(int32(k), v)
	}
	return v, ok
}

// convertOne converts the one value of v, page value vi.
func (c *leafCursor) convertOne(v encoding.Values, vi int) (any, bool) {
	c.one = c.convert(v, 1, c.one[:0])
	if len(c.one) != 1 {
		c.fail(fmt.Errorf("page value %d cannot be read", vi))
		return nil, false
	}
	v1 := c.one[0]
	c.one[0] = nil
	return v1, true
}
