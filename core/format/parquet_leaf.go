package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// convertChunk is how many values a cursor converts at once when it is
// asked for fewer (nested columns read value by value).
const convertChunk = 256

// maxCachedDictEntries bounds the dictionaries whose converted entries are
// kept: a small dictionary's entries are shared by many rows, a large one's
// (up to parquet-mr's 1 MiB of distinct values) are mostly used once, and
// caching them would hold several MB per column of a stalled scan.
const maxCachedDictEntries = 4096

// leafCursor walks the levels and values of one leaf column through the pages
// of its column chunk in the current row group. A page's values are kept as
// parquet-go decoded them and converted to Paimon values a batch at a time,
// as rows are read: a scan whose consumer stops reading holds the page once,
// not also a converted copy of it.
type leafCursor struct {
	name    string
	leaf    int
	maxDef  byte
	maxRep  byte
	phys    format.Type // the column's physical type
	convert convertFunc
	pages   parquet.Pages
	page    parquet.Page
	defs    []byte // nil when the column has no definition levels
	reps    []byte // nil when the column has no repetition levels
	n, i    int    // level entries in the page, next entry
	done    bool   // the column chunk has no more pages
	err     error

	// The page's non-null values: data for plain pages, idx into the
	// dictionary for dictionary pages; count of them, vi the next one.
	data  encoding.Values
	idx   []int32
	count int
	vi    int
	// vals are the converted values vbase, vbase+1, ... of the page.
	vals  []any
	vbase int

	dict     any             // the dictionary in use (parquet.Dictionary or *decodedDict), by identity
	dictLen  int             // its entries
	dictData encoding.Values // its values
	dictVals []any           // converted entries of a small dictionary, nil until first used
	one      []any           // scratch for converting one entry
	hits     []bool          // scratch for matchFlat
	bits     []byte          // scratch for a range of booleans

	// cached, when set instead of pages, reads the chunk's pages through
	// the page cache (a key lookup's few pages, see cachedChunk); cpage is
	// the page being read then.
	cached *cachedChunk
	cpage  *decodedPage
}

// open starts reading the column chunk of a new row group.
func (c *leafCursor) open(pages parquet.Pages) {
	c.close()
	c.pages = pages
	c.done = false
	c.n, c.i = 0, 0
}

// openCached starts reading a column chunk through the page cache.
func (c *leafCursor) openCached(cc *cachedChunk) {
	c.close()
	c.cached = cc
	c.done = false
	c.n, c.i = 0, 0
}

// seekPage moves to the page starting at row of the chunk (a page's first
// row in the offset index).
func (c *leafCursor) seekPage(row int64) error {
	c.releasePage()
	c.n, c.i, c.done = 0, 0, false
	if c.cached != nil {
		return c.cached.seekToRow(row)
	}
	return c.pages.SeekToRow(row)
}

// close releases the current page and the chunk's page reader.
func (c *leafCursor) close() {
	c.releasePage()
	if c.pages != nil {
		if err := c.pages.Close(); err != nil && c.err == nil {
			c.err = err
		}
		c.pages = nil
	}
	c.cached = nil
	c.dict, c.dictData, c.dictVals = nil, encoding.Values{}, nil
}

// releasePage hands the page back to parquet-go and forgets its values.
func (c *leafCursor) releasePage() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	c.data, c.idx, c.count, c.vi, c.cpage = encoding.Values{}, nil, 0, 0, nil
	clear(c.vals)
	c.vals, c.vbase = c.vals[:0], 0
}

// ensure makes the next level entry available; false at the end of the
// chunk or on error (recorded in c.err).
func (c *leafCursor) ensure() bool {
	for c.i >= c.n {
		if c.done || c.err != nil {
			return false
		}
		if err := c.load(); err != nil {
			if errors.Is(err, io.EOF) {
				c.done = true
			} else {
				c.fail(err)
			}
			return false
		}
	}
	return true
}

func (c *leafCursor) fail(err error) {
	if c.err == nil {
		c.err = fmt.Errorf("column %q: %w", c.name, err)
	}
}

// more is ensure for an entry a row needs: the chunk ending before it means
// the file lost values, recorded in c.err.
func (c *leafCursor) more() bool {
	if c.ensure() {
		return true
	}
	if c.err == nil {
		c.err = fmt.Errorf("column %q: fewer values than rows", c.name)
	}
	return false
}

// load reads the next page and checks its levels and values agree.
func (c *leafCursor) load() error {
	c.releasePage()
	if c.cached != nil {
		p, err := c.cached.nextPage()
		if err != nil {
			return err
		}
		c.cpage = p
		return c.loaded(p.numValues, p.defs, p.reps, p.count, func() int {
			if p.dict != nil {
				if any(p.dict) != c.dict {
					c.dict, c.dictLen, c.dictData, c.dictVals = p.dict, p.dict.n, p.dict.values, nil
				}
				c.idx = p.idx
				return len(c.idx)
			}
			c.dict, c.dictData, c.dictVals = nil, encoding.Values{}, nil
			c.data = p.data
			return valueCount(c.data, c.count)
		})
	}
	p, err := c.pages.ReadPage()
	if err != nil {
		return err
	}
	c.page = p
	var defs, reps []byte
	if c.maxDef > 0 {
		defs = p.DefinitionLevels()
	}
	if c.maxRep > 0 {
		reps = p.RepetitionLevels()
	}
	return c.loaded(int(p.NumValues()), defs, reps, -1, func() int {
		if dict := p.Dictionary(); dict != nil {
			if any(dict) != c.dict {
				c.dict, c.dictLen, c.dictData, c.dictVals = dict, dict.Len(), dict.Page().Data(), nil
			}
			idx := p.Data()
			c.idx = idx.Int32()
			return len(c.idx)
		}
		// Past a dictionary fallback the dictionary is not needed again.
		c.dict, c.dictData, c.dictVals = nil, encoding.Values{}, nil
		c.data = p.Data()
		return valueCount(c.data, c.count)
	})
}

// loaded takes a new page's n level entries and levels, and checks that
// they agree with the values values() takes (returning their count).
// count is the page's non-null values when known (-1: counted here).
func (c *leafCursor) loaded(n int, defs, reps []byte, count int, values func() int) error {
	c.n, c.i = n, 0
	c.defs, c.reps = defs, reps
	if len(c.defs) != 0 && len(c.defs) != c.n || len(c.reps) != 0 && len(c.reps) != c.n {
		return fmt.Errorf("page has %d values but %d/%d levels", c.n, len(c.defs), len(c.reps))
	}
	c.count = c.n
	switch {
	case count >= 0:
		c.count = count
	case c.defs != nil:
		c.count = bytes.Count(c.defs, []byte{c.maxDef})
	}
	if c.count == 0 {
		return nil
	}
	if have := values(); have != c.count {
		return fmt.Errorf("page has %d values, levels say %d", have, c.count)
	}
	return nil
}

// valueCount is the number of values in v; booleans are bit-packed, so
// for them it is want when the bits hold that many.
func valueCount(v encoding.Values, want int) int {
	switch v.Kind() {
	case encoding.Boolean:
		return min(want, len(v.Boolean())*8)
	case encoding.Int32:
		return len(v.Int32())
	case encoding.Int64:
		return len(v.Int64())
	case encoding.Int96:
		return len(v.Int96())
	case encoding.Float:
		return len(v.Float())
	case encoding.Double:
		return len(v.Double())
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		if size <= 0 {
			return 0
		}
		return len(data) / size
	case encoding.ByteArray:
		_, offsets := v.ByteArray()
		return max(len(offsets)-1, 0)
	}
	return 0
}

// window makes the page's values vi .. vi+k-1 available in c.vals; false
// on error (recorded in c.err). ahead converts at least convertChunk of
// them (for callers that take values one by one), else just those: a
// lookup's few kept rows convert only their own values.
func (c *leafCursor) window(k int, ahead bool) bool {
	if c.vi >= c.vbase && c.vi+k <= c.vbase+len(c.vals) {
		return true
	}
	if c.vi+k > c.count {
		c.fail(fmt.Errorf("page has %d values, rows need %d", c.count, c.vi+k))
		return false
	}
	from, to := c.vi, c.vi+k
	if ahead {
		to = min(c.count, c.vi+max(k, convertChunk))
	}
	clear(c.vals)
	c.vals, c.vbase = c.vals[:0], from
	if c.idx != nil {
		for _, e := range c.idx[from:to] {
			v, err := c.dictValue(int(e))
			if err != nil {
				c.fail(err)
				return false
			}
			c.vals = append(c.vals, v)
		}
		return true
	}
	c.vals = c.convert(c.valueRange(from, to), to-from, c.vals)
	if len(c.vals) != to-from {
		c.fail(fmt.Errorf("page values %d to %d cannot be read", from, to))
		return false
	}
	return true
}

// value is the converted value vi of the page; window must have covered it.
func (c *leafCursor) value() any {
	v := c.vals[c.vi-c.vbase]
	c.vi++
	return v
}

// dictValue is dictionary entry k as a Paimon value. Entries of a small
// dictionary are kept once converted (when a page first uses them, not all
// when the dictionary is loaded: a scan that stops early holds only what it
// reached); those of a large one are converted at each use.
func (c *leafCursor) dictValue(k int) (any, error) {
	size := c.dictLen
	if k < 0 || k >= size {
		return nil, fmt.Errorf("dictionary index %d out of range %d", k, size)
	}
	if c.dictVals == nil && size <= maxCachedDictEntries {
		c.dictVals = make([]any, size)
	}
	if c.dictVals != nil && c.dictVals[k] != nil {
		return c.dictVals[k], nil
	}
	c.one = c.convert(valuesRange(c.dictData, k, k+1, nil), 1, c.one[:0])
	if len(c.one) != 1 || c.one[0] == nil {
		return nil, fmt.Errorf("dictionary entry %d of %d cannot be read", k, size)
	}
	v := c.one[0]
	c.one[0] = nil
	if c.dictVals != nil {
		c.dictVals[k] = v
	}
	return v, nil
}

// valueRange is values from .. to-1 of the page's plain data.
func (c *leafCursor) valueRange(from, to int) encoding.Values {
	if c.data.Kind() == encoding.Boolean {
		return valuesRange(c.data, from, to, &c.bits)
	}
	return valuesRange(c.data, from, to, nil)
}

// valuesRange is values from .. to-1 of v. Bit-packed booleans not starting
// on a byte are re-packed into *bits.
func valuesRange(v encoding.Values, from, to int, bits *[]byte) encoding.Values {
	switch v.Kind() {
	case encoding.Boolean:
		src := v.Boolean()
		if from%8 == 0 {
			return encoding.BooleanValues(src[from/8 : (to+7)/8])
		}
		b := (*bits)[:0]
		for i := from; i < to; i += 8 {
			var x byte
			for j := 0; j < 8 && i+j < to; j++ {
				x |= (src[(i+j)>>3] >> ((i + j) & 7) & 1) << j
			}
			b = append(b, x)
		}
		*bits = b
		return encoding.BooleanValues(b)
	case encoding.Int32:
		return encoding.Int32Values(v.Int32()[from:to])
	case encoding.Int64:
		return encoding.Int64Values(v.Int64()[from:to])
	case encoding.Int96:
		return encoding.Int96Values(v.Int96()[from:to])
	case encoding.Float:
		return encoding.FloatValues(v.Float()[from:to])
	case encoding.Double:
		return encoding.DoubleValues(v.Double()[from:to])
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		return encoding.FixedLenByteArrayValues(data[from*size:to*size], size)
	case encoding.ByteArray:
		data, offsets := v.ByteArray()
		return encoding.ByteArrayValues(data, offsets[from:to+1])
	}
	return encoding.Values{}
}

// peekDef is the definition level of the next entry (0 past the end).
func (c *leafCursor) peekDef() byte {
	if !c.more() {
		return 0
	}
	if c.defs == nil {
		return c.maxDef
	}
	return c.defs[c.i]
}

// peekRep is the repetition level of the next entry; 0 past the end, which
// ends every open list.
func (c *leafCursor) peekRep() byte {
	if !c.ensure() || c.reps == nil {
		return 0
	}
	return c.reps[c.i]
}

// skip consumes an entry that stands for a null or empty ancestor.
func (c *leafCursor) skip() {
	if !c.more() {
		return
	}
	if c.defs != nil && c.defs[c.i] == c.maxDef {
		c.vi++
	}
	c.i++
}

// skipRows consumes the entries of the next rows rows without converting
// their values; false when the chunk ends first or on error (in c.err).
func (c *leafCursor) skipRows(rows int64) bool {
	for rows > 0 || c.maxRep > 0 {
		if !c.more() {
			return false
		}
		if c.maxRep == 0 {
			k := int(min(rows, int64(c.n-c.i)))
			if c.defs == nil {
				c.vi += k
			} else {
				c.vi += bytes.Count(c.defs[c.i:c.i+k], []byte{c.maxDef})
			}
			c.i += k
			rows -= int64(k)
			continue
		}
		if c.peekRep() == 0 {
			if rows == 0 {
				return true // the next row starts here
			}
			rows--
		}
		c.skip()
	}
	return true
}

// next consumes one entry and returns its value, nil for a null.
func (c *leafCursor) next() any {
	if !c.more() {
		return nil
	}
	if c.defs != nil && c.defs[c.i] != c.maxDef {
		c.i++
		return nil
	}
	if !c.window(1, true) {
		return nil
	}
	c.i++
	return c.value()
}

// readFlat fills column col of rows from a top-level, non-repeated leaf: the
// hot path of flat tables, one page span at a time.
func (c *leafCursor) readFlat(rows [][]any, col int) {
	for r := 0; r < len(rows); {
		if !c.more() {
			return
		}
		k := min(len(rows)-r, c.n-c.i)
		if c.defs == nil {
			if !c.window(k, false) {
				return
			}
			at := c.vi - c.vbase
			for j, v := range c.vals[at : at+k] {
				rows[r+j][col] = v
			}
			c.vi += k
		} else {
			defs := c.defs[c.i : c.i+k]
			if !c.window(bytes.Count(defs, []byte{c.maxDef}), false) {
				return
			}
			for j, d := range defs {
				if d == c.maxDef {
					rows[r+j][col] = c.value()
				} else {
					rows[r+j][col] = nil
				}
			}
		}
		c.i += k
		r += k
	}
}
