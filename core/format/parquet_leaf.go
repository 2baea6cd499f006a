package format

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// leafCursor walks the levels and values of one leaf column through the pages
// of its column chunk in the current row group. A page is converted to Paimon
// values as a whole when it is loaded, so row assembly only copies interfaces.
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
	dictVals []any
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
	c.dict, c.dictVals = nil, nil
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
			c.dictVals = c.convert(dict.Page().Data(), dict.Len(), nil)
		}
		idx := p.Data()
		for _, k := range idx.Int32() {
			if int(k) >= len(c.dictVals) || k < 0 {
				return fmt.Errorf("dictionary index %d out of range %d", k, len(c.dictVals))
			}
			c.vals = append(c.vals, c.dictVals[k])
		}
	} else {
		c.vals = c.convert(p.Data(), count, c.vals)
	}
	if len(c.vals) != count {
		return fmt.Errorf("page has %d values, levels say %d", len(c.vals), count)
	}
	return nil
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
