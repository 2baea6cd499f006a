package format

import (
	"fmt"

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

// matches says whether value i of v (page values or a dictionary) is one
// of the set. Values of a kind the matcher does not know match.
func (m *keyMatcher) matches(v encoding.Values, i int) bool {
	switch v.Kind() {
	case encoding.Int32:
		return m.hasInt(int64(v.Int32()[i]))
	case encoding.Int64:
		return m.hasInt(v.Int64()[i])
	case encoding.ByteArray:
		data, offsets := v.ByteArray()
		return m.hasBytes(data[offsets[i]:offsets[i+1]])
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		return m.hasBytes(data[i*size : (i+1)*size])
	}
	return true
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
		src, dict := c.data, false
		if c.idx != nil {
			src, dict = c.dictData, true
		}
		for j := range k {
			if c.defs != nil && c.defs[c.i+j] != c.maxDef {
				kept[r+j] = false
				continue
			}
			if c.vi >= c.count {
				c.fail(fmt.Errorf("page has %d values, rows need %d", c.count, c.vi+1))
				return
			}
			at := c.vi
			if dict {
				at = int(c.idx[c.vi])
				if at < 0 || at >= c.dictLen {
					// dictValue reports the bad index.
					if _, err := c.dictValue(at); err != nil {
						c.fail(err)
					}
					return
				}
			}
			if !m.matches(src, at) {
				kept[r+j] = false
				c.vi++
				continue
			}
			v, ok := c.valueAt(c.vi)
			if !ok {
				return
			}
			vals[r+j] = v
			c.vi++
		}
		c.i += k
		r += k
	}
}

// valueAt converts value vi of the page alone; false on error (in c.err).
func (c *leafCursor) valueAt(vi int) (any, bool) {
	if c.idx != nil {
		v, err := c.dictValue(int(c.idx[vi]))
		if err != nil {
			c.fail(err)
			return nil, false
		}
		return v, true
	}
	c.one = c.convert(c.valueRange(vi, vi+1), 1, c.one[:0])
	if len(c.one) != 1 {
		c.fail(fmt.Errorf("page value %d cannot be read", vi))
		return nil, false
	}
	v := c.one[0]
	c.one[0] = nil
	return v, true
}
