package format

import (
	"encoding/binary"
	"math"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// ColumnStats are the statistics of one column in one row group, as Paimon
// values. Unknown parts are nil (Min, Max) or -1 (NullCount).
type ColumnStats struct {
	Min, Max  any
	NullCount int64
	RowCount  int64
}

// statsColumn is a top-level primitive field that has a column in the file.
type statsColumn struct {
	field   int // index in the file's fields
	elem    *format.SchemaElement
	leaf    int
	convert convertFunc
}

// rowGroupStats converts the footer statistics of one row group.
func rowGroupStats(rg *format.RowGroup, cols []statsColumn) map[int]ColumnStats {
	out := make(map[int]ColumnStats, len(cols))
	for _, c := range cols {
		if c.leaf >= len(rg.Columns) {
			continue
		}
		st := &rg.Columns[c.leaf].MetaData.Statistics
		cs := ColumnStats{RowCount: rg.NumRows, NullCount: -1}
		// Only min_value/max_value are trusted: the deprecated min/max were
		// compared as signed bytes, wrong for strings and binaries. Writers
		// leave them empty for INT96 and other types without an order.
		if st.MinValue != nil && st.MaxValue != nil {
			cs.Min = statValue(c, st.MinValue)
			cs.Max = statValue(c, st.MaxValue)
			if cs.Min == nil || cs.Max == nil {
				cs.Min, cs.Max = nil, nil
			}
		}
		// parquet-go cannot tell an absent null_count from 0. A chunk with
		// no min/max and a zero count may simply have no statistics, so we
		// only believe a zero count that comes with min/max.
		if st.NullCount > 0 || cs.Min != nil || rg.NumRows == 0 {
			cs.NullCount = st.NullCount
		}
		out[c.field] = cs
	}
	return out
}

// statValue decodes a PLAIN-encoded statistics value (byte arrays without
// their length prefix) with the column's own converter.
func statValue(c statsColumn, b []byte) any {
	var v encoding.Values
	switch c.elem.Type.V {
	case format.Boolean:
		if len(b) != 1 {
			return nil
		}
		v = encoding.BooleanValues(b)
	case format.Int32:
		if len(b) != 4 {
			return nil
		}
		v = encoding.Int32Values([]int32{int32(binary.LittleEndian.Uint32(b))})
	case format.Int64:
		if len(b) != 8 {
			return nil
		}
		v = encoding.Int64Values([]int64{int64(binary.LittleEndian.Uint64(b))})
	case format.Float:
		if len(b) != 4 {
			return nil
		}
		v = encoding.FloatValues([]float32{math.Float32frombits(binary.LittleEndian.Uint32(b))})
	case format.Double:
		if len(b) != 8 {
			return nil
		}
		v = encoding.DoubleValues([]float64{math.Float64frombits(binary.LittleEndian.Uint64(b))})
	case format.ByteArray:
		v = encoding.ByteArrayValues(b, []uint32{0, uint32(len(b))})
	case format.FixedLenByteArray:
		if len(b) == 0 {
			return nil
		}
		v = encoding.FixedLenByteArrayValues(b, len(b))
	case format.Int96:
		if len(b) != 12 {
			return nil
		}
		v = encoding.Int96Values([]deprecated.Int96{{
			binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:]),
		}})
	default:
		return nil
	}
	vals := c.convert(v, 1, nil)
	if len(vals) != 1 {
		return nil
	}
	return vals[0]
}

// statsColumns lists the fields whose statistics we can offer: top-level
// primitives present in the file.
func statsColumns(root *pqNode, fields []types.DataField, byID bool) []statsColumn {
	var cols []statsColumn
	for i, f := range fields {
		pq := child(root, f, byID)
		if pq == nil || !pq.isLeaf() || pq.repetition() == format.Repeated || f.Type.IsNested() {
			continue
		}
		conv, err := converterFor(pq.elem, f.Type)
		if err != nil {
			continue
		}
		cols = append(cols, statsColumn{field: i, elem: pq.elem, leaf: pq.leaf, convert: conv})
	}
	return cols
}
