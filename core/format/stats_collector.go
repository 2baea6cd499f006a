package format

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// maxFooterStatsSize is parquet-mr's MAX_STATS_SIZE: a column chunk whose
// binary min and max together take this many bytes or more gets no
// statistics in the footer at all.
const maxFooterStatsSize = 4096

// StatsCollector computes the manifest statistics of one data file while it
// is written. Java collects Parquet stats from the finished file's footer
// (ParquetSimpleStatsExtractor) and then applies the column's stats mode;
// the collector reproduces what that yields, including its gaps: nested
// columns have no statistics at all, BINARY columns and TIMESTAMP(p > 6)
// (INT96) only null counts, and string columns whose min and max exceed
// parquet-mr's footer size limit neither.
//
// ORC files (orc set) are read back by Java's OrcSimpleStatsExtractor from
// ORC's column statistics instead: every column has a null count, nested
// and binary ones only that, the others their bounds at full precision
// except strings longer than ORC's 1024-byte bound limit.
//
// For formats without file statistics (Avro) NewWriteStatsCollector
// reproduces Java's SimpleStatsCollector instead, which sees every row.
type StatsCollector struct {
	orc    bool
	fields []types.DataField
	modes  []StatsMode
	cols   []colStats
	// rows marks a collector of Java's SimpleStatsCollector: null counts
	// for every column, bounds for every comparable one, with no footer
	// limits, and floats bounded in compareTo order (NaN is the largest).
	rows bool
}

// colStats accumulates one column. min and max are Paimon values of the
// column's type as the footer would hold them.
type colStats struct {
	kind      types.Kind
	precision int
	footer    bool // the column is a top-level primitive with footer stats
	ordered   bool // the footer gives Paimon a min/max for this type
	nulls     int64
	min, max  any
	nan       bool
	orc       bool // ORC statistics: nulls of nested columns, nanosecond bounds
}

// NewStatsCollector collects statistics of fields with one mode per field
// (see StatsModes).
func NewStatsCollector(fields []types.DataField, modes []StatsMode) (*StatsCollector, error) {
	return newStatsCollector(fields, modes, false)
}

func newStatsCollector(fields []types.DataField, modes []StatsMode, orc bool) (*StatsCollector, error) {
	if len(modes) != len(fields) {
		return nil, fmt.Errorf("%d stats modes for %d fields", len(modes), len(fields))
	}
	c := &StatsCollector{orc: orc, fields: fields, modes: modes, cols: make([]colStats, len(fields))}
	for i, f := range fields {
		t := f.Type
		c.cols[i] = colStats{
			kind:      t.Kind,
			precision: t.Precision,
			footer:    !t.IsNested(),
			ordered:   !t.IsNested() && !t.IsBinary() && !(t.IsTimestamp() && t.Precision > 6),
		}
		if orc {
			c.cols[i] = colStats{kind: t.Kind, precision: 9, footer: true, ordered: !t.IsNested() && !t.IsBinary(), orc: true}
		}
	}
	return c, nil
}

// NewWriteStatsCollector collects statistics of fields as Java's
// SimpleStatsCollector does while it writes a file of a format that has no
// statistics of its own (Avro): every column gets a null count, and every
// column of a comparable type (neither nested nor binary) a min and max.
func NewWriteStatsCollector(fields []types.DataField, modes []StatsMode) (*StatsCollector, error) {
	c, err := NewStatsCollector(fields, modes)
	if err != nil {
		return nil, err
	}
	c.rows = true
	for i, f := range fields {
		t := f.Type
		c.cols[i].footer = true
		c.cols[i].ordered = !t.IsNested() && !t.IsBinary()
	}
	return c, nil
}

// Collect adds rows (one value per field, in field order).
func (c *StatsCollector) Collect(rows [][]any) {
	for j := range c.cols {
		col := &c.cols[j]
		if !col.footer || c.modes[j].Kind == StatsNone {
			continue
		}
		for _, row := range rows {
			if c.rows {
				col.addRow(row[j])
			} else {
				col.add(row[j])
			}
		}
	}
}

func (s *colStats) add(v any) {
	if v == nil {
		s.nulls++
		return
	}
	if !s.ordered && s.orc {
		return
	}
	if s.kind == types.Binary || s.kind == types.VarBinary || s.kind == types.Blob {
		// No min/max reaches Paimon, but the footer size limit still
		// applies to the byte arrays parquet-mr bounded.
		b := v.([]byte)
		s.observeBytes(string(b))
		return
	}
	if !s.ordered {
		return
	}
	v = s.footerValue(v)
	switch x := v.(type) {
	case float32:
		if x != x {
			s.nan = true
			return
		}
	case float64:
		if x != x {
			s.nan = true
			return
		}
	}
	if s.min == nil || compareStat(v, s.min) < 0 {
		s.min = v
	}
	if s.max == nil || compareStat(v, s.max) > 0 {
		s.max = v
	}
}

// addRow adds a value as Java's FullSimpleColStatsCollector does: any
// Comparable value is bounded by its compareTo (for floats, NaN above all).
func (s *colStats) addRow(v any) {
	if v == nil {
		s.nulls++
		return
	}
	if !s.ordered {
		return
	}
	if s.min == nil || compareStat(v, s.min) < 0 {
		s.min = v
	}
	if s.max == nil || compareStat(v, s.max) > 0 {
		s.max = v
	}
}

// observeBytes keeps byte-wise min and max of binary values.
func (s *colStats) observeBytes(b string) {
	if s.min == nil || b < s.min.(string) {
		s.min = strings.Clone(b)
	}
	if s.max == nil || b > s.max.(string) {
		s.max = strings.Clone(b)
	}
}

// footerValue is v as stored in the file: timestamps at the column's unit.
func (s *colStats) footerValue(v any) any {
	if ts, ok := v.(time.Time); ok && !s.orc {
		if s.precision <= 3 {
			return time.UnixMilli(ts.UnixMilli()).UTC()
		}
		return time.UnixMicro(ts.UnixMicro()).UTC()
	}
	return v
}

// compareStat orders two non-null values of one column; floats follow
// Java's Float.compare (-0.0 < +0.0), as parquet-mr's comparator does.
func compareStat(a, b any) int {
	c, _ := types.Compare(a, b)
	return c
}

// colResult is one column's statistics as Java's SimpleColStats; none marks
// SimpleColStats.NONE (no statistics at all).
type colResult struct {
	min, max  any
	nullCount *int64
	none      bool
}

func (c *StatsCollector) result(j int) colResult {
	s, mode := &c.cols[j], c.modes[j]
	if !s.footer || mode.Kind == StatsNone {
		return colResult{none: true}
	}
	nulls := s.nulls
	r := colResult{nullCount: &nulls}
	if c.rows {
		if !s.ordered || s.min == nil || mode.Kind == StatsCounts {
			return r
		}
		r.min, r.max = s.min, s.max
		return truncateResult(r, mode)
	}
	if !s.orc && (s.kind == types.Binary || s.kind == types.VarBinary || s.kind == types.Blob ||
		s.kind == types.Char || s.kind == types.VarChar) {
		if s.min != nil && len(s.min.(string))+len(s.max.(string)) >= maxFooterStatsSize {
			// The footer has neither bounds nor a null count. Java then
			// records a null count of -1, which its own IS NULL pruning
			// misreads as "no nulls"; unknown (null) is the safe form.
			return colResult{}
		}
	}
	if !s.ordered || s.min == nil || s.nan || mode.Kind == StatsCounts {
		// parquet-mr drops float bounds when NaN was seen.
		return r
	}
	r.min, r.max = s.min, s.max
	if s.orc {
		r.min, r.max = orcStringBound(r.min), orcStringBound(r.max)
	}
	if f, ok := r.min.(float32); ok && f == 0 {
		r.min = float32(math.Copysign(0, -1))
	}
	if f, ok := r.max.(float32); ok && f == 0 {
		r.max = float32(0)
	}
	if f, ok := r.min.(float64); ok && f == 0 {
		r.min = math.Copysign(0, -1)
	}
	if f, ok := r.max.(float64); ok && f == 0 {
		r.max = 0.0
	}
	return truncateResult(r, mode)
}

// truncateResult applies a truncate(n) mode to string bounds.
func truncateResult(r colResult, mode StatsMode) colResult {
	if mode.Kind == StatsTruncate {
		if lo, ok := r.min.(string); ok {
			hi, ok := truncateMax(r.max.(string), mode.Length)
			if !ok {
				r.min, r.max = nil, nil
				return r
			}
			r.min, r.max = truncateMin(lo, mode.Length), hi
		}
	}
	return r
}

// SimpleStats returns the statistics of the columns cols (indexes into the
// collector's fields, in order) as stored in a manifest, and the
// _VALUE_STATS_COLS value. With denseStore (metadata.stats-dense-store,
// Java's default) columns without statistics are left out and their names
// listed, or nil when none was left out; without it every column is
// covered and the names are nil. Key stats (_KEY_STATS) are never dense.
func (c *StatsCollector) SimpleStats(cols []int, denseStore bool) (spec.SimpleStats, []string, error) {
	var (
		names  []string
		fts    []types.DataType
		mins   []any
		maxs   []any
		counts []*int64
	)
	for _, j := range cols {
		if j < 0 || j >= len(c.fields) {
			return spec.SimpleStats{}, nil, fmt.Errorf("stats column %d out of range", j)
		}
		r := c.result(j)
		if denseStore && r.none {
			continue
		}
		names = append(names, c.fields[j].Name)
		fts = append(fts, c.fields[j].Type.WithNullable(true))
		mins = append(mins, r.min)
		maxs = append(maxs, r.max)
		counts = append(counts, r.nullCount)
	}
	minRow, err := binrow.Serialize(mins, fts)
	if err != nil {
		return spec.SimpleStats{}, nil, err
	}
	maxRow, err := binrow.Serialize(maxs, fts)
	if err != nil {
		return spec.SimpleStats{}, nil, err
	}
	if counts == nil {
		counts = []*int64{}
	}
	st := spec.SimpleStats{MinValues: minRow, MaxValues: maxRow, NullCounts: counts}
	if !denseStore || len(names) == len(cols) {
		return st, nil, nil
	}
	if names == nil {
		names = []string{}
	}
	return st, names, nil
}

// orcStringBoundLimit is ORC's limit on string statistics: a minimum or
// maximum longer than this many bytes is not kept as a bound.
const orcStringBoundLimit = 1024

func orcStringBound(v any) any {
	if s, ok := v.(string); ok && len(s) > orcStringBoundLimit {
		return nil
	}
	return v
}
