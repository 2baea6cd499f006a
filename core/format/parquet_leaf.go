package format

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
)

// leafCursor walks the levels and values of one leaf column through the pages
// of its column chunk in the current row group. A page is converted to Paimon
// values as a whole when it is loaded (dictionary entries when a page first
// uses them), so row assembly only copies interfaces.
type leafCursor struct {
	name     string
	leaf     int
	maxDef   byte
	maxRep   byte
	convert  convertFunc
	pages    parquet.Pages
	page     parquet.Page
	defs     []byte // nil when the column has no definition levels
	reps     []byte // nil when the column has no repetition levels
	n, i     int    // level entries in the page, next entry
	vals     []any  // non-null values of the page
	vi       int    // next value
	done     bool   // the column chunk has no more pages
	err      error
	dict     parquet.Dictionary
	dictData encoding.Values // the dictionary's values
	dictVals []any           // converted entries, nil until first used
	one      []any           // scratch for converting one entry
}

// open starts reading the column chunk of a new row group.
func (c *leafCursor) open(pages parquet.Pages) {
	c.close()
	c.pages = pages
	c.done = false
	c.n, c.i = 0, 0
}

// close releases the current page and the chunk's page reader.
func (c *leafCursor) close() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	if c.pages != nil {
		if err := c.pages.Close(); err != nil && c.err == nil {
			c.err = err
		}
		c.pages = nil
	}
	c.dict, c.dictData, c.dictVals = nil, encoding.Values{}, nil
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
				c.err = fmt.Errorf("column %q: %w", c.name, err)
			}
			return false
		}
	}
	return true
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

func (c *leafCursor) load() error {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	p, err := c.pages.ReadPage()
	if err != nil {
		return err
	}
	c.page = p
	c.n, c.i, c.vi = int(p.NumValues()), 0, 0
	c.defs, c.reps = nil, nil
	if c.maxDef > 0 {
		c.defs = p.DefinitionLevels()
	}
	if c.maxRep > 0 {
		c.reps = p.RepetitionLevels()
	}
	if len(c.defs) != 0 && len(c.defs) != c.n || len(c.reps) != 0 && len(c.reps) != c.n {
		return fmt.Errorf("page has %d values but %d/%d levels", c.n, len(c.defs), len(c.reps))
	}
	count := c.n
	if c.defs != nil {
		count = 0
		for _, d := range c.defs {
			if d == c.maxDef {
				count++
			}
		}
	}
	c.vals = c.vals[:0]
	if count == 0 {
		return nil
	}
	if dict := p.Dictionary(); dict != nil {
		if dict != c.dict {
			c.dict = dict
			c.dictData = dict.Page().Data()
			c.dictVals = make([]any, dict.Len())
		}
		idx := p.Data()
		for _, k := range idx.Int32() {
			if int(k) >= len(c.dictVals) || k < 0 {
				return fmt.Errorf("dictionary index %d out of range %d", k, len(c.dictVals))
			}
			v, err := c.dictValue(int(k))
			if err != nil {
				return err
			}
			c.vals = append(c.vals, v)
		}
	} else {
		// Past a dictionary fallback the converted dictionary (up to
		// 1 MiB of encoded values, several times that as Go values) is not
		// needed again.
		c.dict, c.dictData, c.dictVals = nil, encoding.Values{}, nil
		c.vals = c.convert(p.Data(), count, c.vals)
	}
	if len(c.vals) != count {
		return fmt.Errorf("page has %d values, levels say %d", len(c.vals), count)
	}
	return nil
}

// dictValue is dictionary entry k as a Paimon value. Entries are converted
// when a page first uses them, not all when the dictionary is loaded: a
// scan that stops early (a LIMIT, a client that stops reading) holds only
// the values it reached.
func (c *leafCursor) dictValue(k int) (any, error) {
	if v := c.dictVals[k]; v != nil {
		return v, nil
	}
	c.one = c.convert(dictEntry(c.dictData, k), 1, c.one[:0])
	if len(c.one) != 1 || c.one[0] == nil {
		return nil, fmt.Errorf("dictionary entry %d of %d cannot be read", k, len(c.dictVals))
	}
	c.dictVals[k] = c.one[0]
	return c.one[0], nil
}

// dictEntry is value k of a dictionary's values.
func dictEntry(v encoding.Values, k int) encoding.Values {
	switch v.Kind() {
	case encoding.Int32:
		return encoding.Int32Values(v.Int32()[k : k+1])
	case encoding.Int64:
		return encoding.Int64Values(v.Int64()[k : k+1])
	case encoding.Int96:
		return encoding.Int96Values(v.Int96()[k : k+1])
	case encoding.Float:
		return encoding.FloatValues(v.Float()[k : k+1])
	case encoding.Double:
		return encoding.DoubleValues(v.Double()[k : k+1])
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		return encoding.FixedLenByteArrayValues(data[k*size:(k+1)*size], size)
	case encoding.ByteArray:
		data, offsets := v.ByteArray()
		return encoding.ByteArrayValues(data, offsets[k:k+2])
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

// next consumes one entry and returns its value, nil for a null.
func (c *leafCursor) next() any {
	if !c.more() {
		return nil
	}
	if c.defs != nil && c.defs[c.i] != c.maxDef {
		c.i++
		return nil
	}
	c.i++
	v := c.vals[c.vi]
	c.vi++
	return v
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
			vals := c.vals[c.vi : c.vi+k]
			for j, v := range vals {
				rows[r+j][col] = v
			}
			c.vi += k
		} else {
			for j, d := range c.defs[c.i : c.i+k] {
				if d == c.maxDef {
					rows[r+j][col] = c.vals[c.vi]
					c.vi++
				} else {
					rows[r+j][col] = nil
				}
			}
		}
		c.i += k
		r += k
	}
}
