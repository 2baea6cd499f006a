package gentable

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/parquet-go/parquet-go/encoding"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// group is a Parquet group whose fields keep the order they are given in.
// parquet.Group is a map and sorts its fields by name; Java Paimon writes
// the columns in schema order, and so do we.
type group []parquet.Field

type groupField struct {
	parquet.Node
	name string
}

func (f groupField) Name() string { return f.name }

// Value is only used to write Go structs; we write parquet.Row values.
func (f groupField) Value(reflect.Value) reflect.Value {
	panic("gentable: rows are written as parquet.Row, not Go values")
}

func (g group) ID() int { return 0 }
func (g group) String() string {
	var b strings.Builder
	b.WriteString("group {")
	for _, f := range g {
		fmt.Fprintf(&b, " %s %s;", f.Name(), f.String())
	}
	b.WriteString(" }")
	return b.String()
}
func (g group) Type() parquet.Type          { return parquet.Group{}.Type() }
func (g group) Optional() bool              { return false }
func (g group) Repeated() bool              { return false }
func (g group) Required() bool              { return true }
func (g group) Leaf() bool                  { return false }
func (g group) Fields() []parquet.Field     { return g }
func (g group) Encoding() encoding.Encoding { return nil }
func (g group) Compression() compress.Codec { return nil }
func (g group) GoType() reflect.Type {
	fields := make([]reflect.StructField, len(g))
	for i, f := range g {
		fields[i] = reflect.StructField{
			Name: "F" + strconv.Itoa(i),
			Type: f.GoType(),
			Tag:  reflect.StructTag(`parquet:` + strconv.Quote(f.Name())),
		}
	}
	return reflect.StructOf(fields)
}

// leafNode is the Parquet column of a Paimon atomic type (docs/design/format.md §6.2),
// for the types the generator produces.
func leafNode(t types.DataType) (parquet.Node, error) {
	var n parquet.Node
	switch t.Kind {
	case types.Boolean:
		n = parquet.Leaf(parquet.BooleanType)
	case types.TinyInt:
		n = parquet.Int(8)
	case types.SmallInt:
		n = parquet.Int(16)
	case types.Int:
		n = parquet.Leaf(parquet.Int32Type)
	case types.BigInt:
		n = parquet.Leaf(parquet.Int64Type)
	case types.Double:
		n = parquet.Leaf(parquet.DoubleType)
	case types.VarChar, types.Char:
		// parquet-mr dictionary-encodes by default; strings are where it
		// matters (parquet-go has no fallback to plain, Java does at 1 MB).
		n = parquet.Encoded(parquet.String(), &parquet.RLEDictionary)
	default:
		return nil, fmt.Errorf("gentable: type %s is not supported", t.SQL())
	}
	if t.Nullable {
		return parquet.Optional(n), nil
	}
	return parquet.Required(n), nil
}

// parquetSchema is Paimon's Parquet message for the physical fields of a
// data file: message paimon_schema, one column per field, named as the
// field and carrying its id.
func parquetSchema(fields []types.DataField) (*parquet.Schema, error) {
	g := make(group, len(fields))
	for i, f := range fields {
		n, err := leafNode(f.Type)
		if err != nil {
			return nil, err
		}
		g[i] = groupField{Node: parquet.FieldID(n, f.ID), name: f.Name}
	}
	return parquet.NewSchema("paimon_schema", g), nil
}

// parquetValue converts a core value of a generated column; nil is NULL.
func parquetValue(v any, col int, nullable bool) parquet.Value {
	def := 0
	if nullable {
		def = 1
	}
	var pv parquet.Value
	switch x := v.(type) {
	case nil:
		return parquet.Value{}.Level(0, 0, col)
	case bool:
		pv = parquet.BooleanValue(x)
	case int8:
		pv = parquet.Int32Value(int32(x))
	case int16:
		pv = parquet.Int32Value(int32(x))
	case int32:
		pv = parquet.Int32Value(x)
	case int64:
		pv = parquet.Int64Value(x)
	case float64:
		pv = parquet.DoubleValue(x)
	case string:
		pv = parquet.ByteArrayValue([]byte(x))
	default:
		panic(fmt.Sprintf("gentable: value %T", v))
	}
	return pv.Level(0, def, col)
}

// parquetWriter writes one data file with parquet-go as parquet-mr does for
// Java Paimon (docs/design/format.md §6.1): version 1 data pages, ZSTD (Paimon's default
// file.compression), pages of about 1 MB and at most parquet-mr's 20,000 rows,
// dictionaries that fall back to plain past 1 MiB; row groups of
// rowGroupRows rows.
type parquetWriter struct {
	w        *parquet.GenericWriter[any]
	nullable []bool
	rows     []parquet.Row
	pageRows int // rows in the pages being filled
}

// pageRowLimit is parquet-mr's page.row.count.limit; writeBatch divides it.
const (
	pageRowLimit = 20_000
	writeBatch   = 1_000
)

func newParquetWriter(out io.Writer, fields []types.DataField, rowGroupRows int) (*parquetWriter, error) {
	sch, err := parquetSchema(fields)
	if err != nil {
		return nil, err
	}
	w := parquet.NewGenericWriter[any](out, sch,
		parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
		parquet.DataPageVersion(1),
		parquet.MaxRowsPerRowGroup(int64(rowGroupRows)),
		parquet.PageBufferSize(1<<20),
		parquet.DictionaryMaxBytes(1<<20),
		parquet.CreatedBy("paimon-sql gentable", "0", ""))
	pw := &parquetWriter{w: w, nullable: make([]bool, len(fields))}
	for i, f := range fields {
		pw.nullable[i] = f.Type.Nullable
	}
	return pw, nil
}

// add buffers one row (one value per physical field).
func (pw *parquetWriter) add(values []any) error {
	var row parquet.Row
	if n := len(pw.rows); n < cap(pw.rows) {
		row = pw.rows[:n+1][n][:0]
	}
	for i, v := range values {
		row = append(row, parquetValue(v, i, pw.nullable[i]))
	}
	pw.rows = append(pw.rows, row)
	if len(pw.rows) == writeBatch {
		return pw.flush()
	}
	return nil
}

func (pw *parquetWriter) flush() error {
	if len(pw.rows) == 0 {
		return nil
	}
	if _, err := pw.w.WriteRows(pw.rows); err != nil {
		return err
	}
	pw.pageRows += len(pw.rows)
	pw.rows = pw.rows[:0]
	if pw.pageRows < pageRowLimit {
		return nil
	}
	pw.pageRows = 0
	for _, c := range pw.w.ColumnWriters() {
		if err := c.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func (pw *parquetWriter) close() error {
	if err := pw.flush(); err != nil {
		return err
	}
	return pw.w.Close()
}
