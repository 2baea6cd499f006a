package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// convertChunk is how many values a cursor converts at once when it is
// asked for fewer (nested columns read value by value).
const convertChunk = 256

// maxCachedDictEntries bounds the dictionaries whose converted entries are
// kept, so that a column holds at most 2 MiB of entry slots besides the
// entries it converted: parquet-mr's and our writer's 1 MiB dictionary page
// holds up to 131,072 BIGINT or DOUBLE entries (a 1M-row file of 100,000
// distinct strings converts each entry once instead of ten times), but
// 262,144 INT ones. A stalled scan drops them with the pages (Suspend).
const maxCachedDictEntries = 1 << 17

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
	// vecScale multiplies the column's integers into its vector's unit
	// (milliseconds of a TIMESTAMP into microseconds); 0 when NextVectors
	// cannot read the column's physical form.
	vecScale int64
	pages    parquet.Pages
	page     parquet.Page
	defs     []byte // nil when the column has no definition levels
	reps     []byte // nil when the column has no repetition levels
	n, i     int    // level entries in the page, next entry
	done     bool   // the column chunk has no more pages
	err      error

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
	dictVals dictCache       // converted entries of a dictionary of at most maxCachedDictEntries
	gathered gathered        // scratch: dictionary entries of a window as plain values
	missing  []int32         // scratch: entries of a window not converted yet
	fresh    []any           // scratch: the missing entries converted
	one      []any           // scratch for converting one value
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
	c.dict, c.dictData = nil, encoding.Values{}
	c.dictVals.reset()
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
					c.dict, c.dictLen, c.dictData = p.dict, p.dict.n, p.dict.values
					c.dictVals.reset()
				}
				c.idx = p.idx
				return len(c.idx)
			}
			c.dict, c.dictData = nil, encoding.Values{}
			c.dictVals.reset()
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
				c.dict, c.dictLen, c.dictData = dict, dict.Len(), dict.Page().Data()
				c.dictVals.reset()
			}
			idx := p.Data()
			c.idx = idx.Int32()
			return len(c.idx)
		}
		// Past a dictionary fallback the dictionary is not needed again.
		c.dict, c.dictData = nil, encoding.Values{}
		c.dictVals.reset()
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
		return c.dictWindow(c.idx[from:to])
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

// dictWindow puts the dictionary entries idx into c.vals. A large
// dictionary's entries are converted at each use, gathered into plain
// values a window at a time. Those of a dictionary of at most
// maxCachedDictEntries are kept once converted (when a page first uses them,
// not all when the dictionary is loaded: a scan that stops early converts
// and holds only what it reached), the entries a window needs first
// gathered and converted together.
func (c *leafCursor) dictWindow(idx []int32) bool {
	size := c.dictLen
	if size > maxCachedDictEntries {
		v, err := c.gathered.of(c.dictData, idx)
		if err != nil {
			c.fail(err)
			return false
		}
		c.vals = c.convert(v, len(idx), c.vals)
		if len(c.vals) != len(idx) {
			c.fail(fmt.Errorf("dictionary entries of %d page values cannot be read", len(idx)))
			return false
		}
		return true
	}
	// The kept entries go to c.vals at once, the others (nil there) after
	// they are converted together.
	c.missing = c.missing[:0]
	base := len(c.vals)
	for _, e := range idx {
		if e < 0 || int(e) >= size {
			c.fail(fmt.Errorf("dictionary index %d out of range %d", e, size))
			return false
		}
		v := c.dictVals.get(e)
		if v == nil {
			c.missing = append(c.missing, e) // twice when used twice: harmless
		}
		c.vals = append(c.vals, v)
	}
	if len(c.missing) > 0 {
		v, err := c.gathered.of(c.dictData, c.missing)
		if err != nil {
			c.fail(err)
			return false
		}
		c.fresh = c.convert(v, len(c.missing), c.fresh[:0])
		if len(c.fresh) != len(c.missing) {
			c.fail(fmt.Errorf("dictionary entries of %d page values cannot be read", len(idx)))
			return false
		}
		for j, e := range c.missing {
			if c.fresh[j] == nil {
				c.fail(fmt.Errorf("dictionary entry %d of %d cannot be read", e, size))
				return false
			}
			c.dictVals.put(e, c.fresh[j])
		}
		clear(c.fresh)
		for i, e := range idx {
			if c.vals[base+i] == nil {
				c.vals[base+i] = c.dictVals.get(e)
			}
		}
	}
	return true
}

// gathered holds dictionary entries copied into plain values, for one
// conversion of many entries.
type gathered struct {
	i32     []int32
	i64     []int64
	f32     []float32
	f64     []float64
	i96     []deprecated.Int96
	data    []byte
	offsets []uint32
}

// of is the entries idx of dictionary values d, in idx order.
func (g *gathered) of(d encoding.Values, idx []int32) (encoding.Values, error) {
	n := valueCount(d, 0)
	for _, k := range idx {
		if k < 0 || int(k) >= n {
			return encoding.Values{}, fmt.Errorf("dictionary index %d out of range %d", k, n)
		}
	}
	switch d.Kind() {
	case encoding.Int32:
		g.i32 = gather(g.i32[:0], d.Int32(), idx)
		return encoding.Int32Values(g.i32), nil
	case encoding.Int64:
		g.i64 = gather(g.i64[:0], d.Int64(), idx)
		return encoding.Int64Values(g.i64), nil
	case encoding.Float:
		g.f32 = gather(g.f32[:0], d.Float(), idx)
		return encoding.FloatValues(g.f32), nil
	case encoding.Double:
		g.f64 = gather(g.f64[:0], d.Double(), idx)
		return encoding.DoubleValues(g.f64), nil
	case encoding.Int96:
		g.i96 = gather(g.i96[:0], d.Int96(), idx)
		return encoding.Int96Values(g.i96), nil
	case encoding.FixedLenByteArray:
		data, size := d.FixedLenByteArray()
		g.data = g.data[:0]
		for _, k := range idx {
			g.data = append(g.data, data[int(k)*size:(int(k)+1)*size]...)
		}
		return encoding.FixedLenByteArrayValues(g.data, size), nil
	case encoding.ByteArray:
		data, offsets := d.ByteArray()
		g.data, g.offsets = g.data[:0], append(g.offsets[:0], 0)
		for _, k := range idx {
			g.data = append(g.data, data[offsets[k]:offsets[k+1]]...)
			g.offsets = append(g.offsets, uint32(len(g.data)))
		}
		return encoding.ByteArrayValues(g.data, g.offsets), nil
	}
	return encoding.Values{}, fmt.Errorf("dictionary of %v values", d.Kind())
}

func gather[T any](dst, src []T, idx []int32) []T {
	for _, k := range idx {
		dst = append(dst, src[k])
	}
	return dst
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
