package format

import (
	"sort"

	"github.com/parquet-go/parquet-go/format"
)

// rowRange is the rows [from, to) of a row group.
type rowRange struct{ from, to int64 }

// clipRanges is the part of ascending ranges within lo .. hi-1.
func clipRanges(ranges []rowRange, lo, hi int64) []rowRange {
	var out []rowRange
	for _, rg := range ranges {
		if rg.from, rg.to = max(rg.from, lo), min(rg.to, hi); rg.from < rg.to {
			out = append(out, rg)
		}
	}
	return out
}

// pageRanges returns the rows of row group g (of rows rows) that pages which
// may match hold, judged column by column with the Parquet page index (the
// column index's per-page min, max and null count, the offset index's first
// row of each page): the ranges a column's kept pages cover, intersected
// over the columns. A column without a page index keeps every row; nil means
// every row.
func (r *ParquetReader) pageRanges(g int, rows int64) []rowRange {
	cis, ois := r.file.ColumnIndexes(), r.file.OffsetIndexes()
	numCols := len(r.file.Metadata().RowGroups[g].Columns)
	var kept []rowRange
	restricted := false
	for _, c := range r.stats {
		at := g*numCols + c.leaf
		if at >= len(cis) || at >= len(ois) {
			continue
		}
		ci, locs := &cis[at], ois[at].PageLocations
		n := len(locs)
		if n == 0 || len(ci.NullPages) != n || len(ci.MinValues) != n || len(ci.MaxValues) != n {
			continue
		}
		var col []rowRange
		for i := range n {
			from, to := locs[i].FirstRowIndex, rows
			if i+1 < n {
				to = locs[i+1].FirstRowIndex
			}
			if r.skip(map[int]ColumnStats{c.field: pageStats(c, ci, i, to-from)}) {
				continue
			}
			if k := len(col); k > 0 && col[k-1].to == from {
				col[k-1].to = to
			} else {
				col = append(col, rowRange{from, to})
			}
		}
		if len(col) == 1 && col[0].from == 0 && col[0].to == rows {
			continue
		}
		if !restricted {
			kept, restricted = col, true
		} else {
			kept = intersect(kept, col)
		}
	}
	if !restricted {
		return nil
	}
	return kept
}

// pageStats are the statistics of page i of a column from its column index.
func pageStats(c statsColumn, ci *format.ColumnIndex, i int, rows int64) ColumnStats {
	cs := ColumnStats{RowCount: rows, NullCount: -1}
	if i < len(ci.NullCounts) {
		cs.NullCount = ci.NullCounts[i]
	}
	if ci.NullPages[i] {
		cs.NullCount = rows
		return cs
	}
	cs.Min, cs.Max = statValue(c, ci.MinValues[i]), statValue(c, ci.MaxValues[i])
	if cs.Min == nil || cs.Max == nil {
		cs.Min, cs.Max = nil, nil
	}
	return cs
}

// intersect is the rows both sorted, disjoint range lists hold.
func intersect(a, b []rowRange) []rowRange {
	var out []rowRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		from, to := max(a[i].from, b[j].from), min(a[i].to, b[j].to)
		if from < to {
			out = append(out, rowRange{from, to})
		}
		if a[i].to < b[j].to {
			i++
		} else {
			j++
		}
	}
	return out
}

// seekLeaf moves a cursor of row group g to row, which is at or after the
// rows it has read: through the offset index to the first row of the page
// holding row, then over the rows before it in that page. Without an offset
// index it skips from where it is (at row cur).
func (r *ParquetReader) seekLeaf(l *leafCursor, g int, cur, row int64) bool {
	if locs := r.pageLocations(g, l.leaf); len(locs) > 0 {
		p := sort.Search(len(locs), func(i int) bool { return locs[i].FirstRowIndex > row }) - 1
		if p >= 0 && locs[p].FirstRowIndex > cur {
			if err := l.seekPage(locs[p].FirstRowIndex); err != nil {
				l.fail(err)
				return false
			}
			cur = locs[p].FirstRowIndex
		}
	}
	return l.skipRows(row - cur)
}

// pageLocations are the offset index entries of the pages of leaf column
// leaf in row group g; nil without an offset index.
func (r *ParquetReader) pageLocations(g, leaf int) []format.PageLocation {
	ois := r.file.OffsetIndexes()
	at := g*len(r.file.Metadata().RowGroups[g].Columns) + leaf
	if at < len(ois) {
		return ois[at].PageLocations
	}
	return nil
}
