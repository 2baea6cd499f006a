package format

import (
	"fmt"
	"math/big"
	"time"
	"unsafe"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/shopspring/decimal"
)

// toParquetFunc converts one non-null Paimon value of a leaf column to its
// Parquet value (levels are set by the caller).
type toParquetFunc func(v any) (parquet.Value, error)

// shredNode mirrors the written schema and splits Paimon values into the
// values and levels of the leaf columns (Dremel shredding).
type shredNode struct {
	kind     nodeKind
	name     string
	nullable bool
	// def is the definition level at which this node is non-null; for a
	// list or map, def+1 means "has entries".
	def byte
	// rep is the repetition level of a list's or map's entries.
	rep      byte
	children []*shredNode
	leaf     *leafColumn
}

// leafColumn buffers the values of one leaf column for the current chunk of
// rows, before they go to parquet-go's column writer.
type leafColumn struct {
	index  int
	conv   toParquetFunc
	values []parquet.Value
}

func (l *leafColumn) null(rep, def byte) {
	l.values = append(l.values, parquet.NullValue().Level(int(rep), int(def), l.index))
}

// shredTree builds the shredding nodes of fields and their leaf columns in
// column order.
func shredTree(fields []types.DataField) ([]*shredNode, []*leafColumn, error) {
	b := &shredBuilder{}
	nodes := make([]*shredNode, len(fields))
	for i, f := range fields {
		n, err := b.node(f.Name, f.Type, 0, 0)
		if err != nil {
			return nil, nil, fmt.Errorf("field %q: %w", f.Name, err)
		}
		nodes[i] = n
	}
	return nodes, b.leaves, nil
}

type shredBuilder struct{ leaves []*leafColumn }

func (b *shredBuilder) node(name string, t types.DataType, def, rep byte) (*shredNode, error) {
	if t.Nullable {
		def++
	}
	n := &shredNode{name: name, nullable: t.Nullable, def: def}
	switch t.Kind {
	case types.Array:
		n.kind, n.rep = listNode, rep+1
		elem, err := b.node("element", *t.Element, def+1, rep+1)
		if err != nil {
			return nil, err
		}
		n.children = []*shredNode{elem}
	case types.Map, types.Multiset:
		n.kind, n.rep = mapNode, rep+1
		keyType, valueType := t.Key, t.Value
		if t.Kind == types.Multiset {
			count := types.New(types.Int).WithNullable(false)
			keyType, valueType = t.Element, &count
		}
		key, err := b.node("key", keyType.WithNullable(false), def+1, rep+1)
		if err != nil {
			return nil, err
		}
		value, err := b.node("value", *valueType, def+1, rep+1)
		if err != nil {
			return nil, err
		}
		n.children = []*shredNode{key, value}
	case types.Row:
		n.kind = rowNode
		for _, f := range t.Fields {
			c, err := b.node(f.Name, f.Type, def, rep)
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, c)
		}
	case types.Variant:
		n.kind = variantNode
		bin := types.New(types.VarBinary).WithNullable(false)
		for _, part := range []string{"value", "metadata"} {
			c, err := b.node(part, bin, def, rep)
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, c)
		}
	default:
		conv, err := toParquetConverter(t)
		if err != nil {
			return nil, err
		}
		n.kind = leafNode
		n.leaf = &leafColumn{index: len(b.leaves), conv: conv}
		b.leaves = append(b.leaves, n.leaf)
	}
	return n, nil
}

// write shreds value v of this node; rep is the repetition level of its first
// leaf entry.
func (n *shredNode) write(v any, rep byte) error {
	if v == nil {
		if !n.nullable {
			return fmt.Errorf("column %q: NULL in a NOT NULL field", n.name)
		}
		n.writeNull(rep, n.def-1)
		return nil
	}
	switch n.kind {
	case leafNode:
		pv, err := n.leaf.conv(v)
		if err != nil {
			return fmt.Errorf("column %q: %w", n.name, err)
		}
		n.leaf.values = append(n.leaf.values, pv.Level(int(rep), int(n.def), n.leaf.index))
	case rowNode:
		row, ok := v.([]any)
		if !ok || len(row) != len(n.children) {
			return fmt.Errorf("column %q: want a ROW of %d fields, got %T", n.name, len(n.children), v)
		}
		for i, c := range n.children {
			if err := c.write(row[i], rep); err != nil {
				return err
			}
		}
	case variantNode:
		vv, ok := v.(types.VariantValue)
		if !ok {
			return fmt.Errorf("column %q: want a VariantValue, got %T", n.name, v)
		}
		if err := n.children[0].write(nonNilBytes(vv.Value), rep); err != nil {
			return err
		}
		return n.children[1].write(nonNilBytes(vv.Metadata), rep)
	case listNode:
		elems, ok := v.([]any)
		if !ok {
			return fmt.Errorf("column %q: want an ARRAY ([]any), got %T", n.name, v)
		}
		if len(elems) == 0 {
			n.writeNull(rep, n.def)
			return nil
		}
		for i, e := range elems {
			if i > 0 {
				rep = n.rep
			}
			if err := n.children[0].write(e, rep); err != nil {
				return err
			}
		}
	case mapNode:
		m, ok := v.(types.MapValue)
		if !ok || len(m.Keys) != len(m.Values) {
			return fmt.Errorf("column %q: want a MapValue with as many keys as values, got %T", n.name, v)
		}
		if len(m.Keys) == 0 {
			n.writeNull(rep, n.def)
			return nil
		}
		for i := range m.Keys {
			if i > 0 {
				rep = n.rep
			}
			if err := n.children[0].write(m.Keys[i], rep); err != nil {
				return err
			}
			if err := n.children[1].write(m.Values[i], rep); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeNull gives every leaf below n one entry at definition level def: the
// node (or its nearest present ancestor) is null, or a list/map is empty.
func (n *shredNode) writeNull(rep, def byte) {
	if n.leaf != nil {
		n.leaf.null(rep, def)
		return
	}
	for _, c := range n.children {
		c.writeNull(rep, def)
	}
}

func nonNilBytes(b []byte) any {
	if b == nil {
		return []byte{}
	}
	return b
}

// toParquetConverter picks the conversion of a primitive Paimon type to the
// physical values ParquetRowDataWriter writes.
func toParquetConverter(t types.DataType) (toParquetFunc, error) {
	switch t.Kind {
	case types.Boolean:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(bool)
			return parquet.BooleanValue(x), typeErr(ok, v, "bool")
		}, nil
	case types.TinyInt:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(int8)
			return parquet.Int32Value(int32(x)), typeErr(ok, v, "int8")
		}, nil
	case types.SmallInt:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(int16)
			return parquet.Int32Value(int32(x)), typeErr(ok, v, "int16")
		}, nil
	case types.Int, types.Date, types.Time:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(int32)
			return parquet.Int32Value(x), typeErr(ok, v, "int32")
		}, nil
	case types.BigInt:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(int64)
			return parquet.Int64Value(x), typeErr(ok, v, "int64")
		}, nil
	case types.Float:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(float32)
			return parquet.FloatValue(x), typeErr(ok, v, "float32")
		}, nil
	case types.Double:
		return func(v any) (parquet.Value, error) {
			x, ok := v.(float64)
			return parquet.DoubleValue(x), typeErr(ok, v, "float64")
		}, nil
	case types.Char, types.VarChar:
		return func(v any) (parquet.Value, error) {
			s, ok := v.(string)
			// The column buffer copies the bytes, so viewing the string's
			// memory avoids one allocation per value.
			return parquet.ByteArrayValue(unsafe.Slice(unsafe.StringData(s), len(s))), typeErr(ok, v, "string")
		}, nil
	case types.Binary, types.VarBinary, types.Blob:
		return func(v any) (parquet.Value, error) {
			b, ok := v.([]byte)
			return parquet.ByteArrayValue(b), typeErr(ok, v, "[]byte")
		}, nil
	case types.Decimal:
		return decimalConverter(t), nil
	case types.Timestamp, types.TimestampLTZ:
		var conv func(time.Time) parquet.Value
		switch {
		case t.Precision <= 3:
			conv = func(ts time.Time) parquet.Value { return parquet.Int64Value(ts.UnixMilli()) }
		case t.Precision <= 6:
			conv = func(ts time.Time) parquet.Value { return parquet.Int64Value(ts.UnixMicro()) }
		default:
			conv = func(ts time.Time) parquet.Value { return parquet.Int96Value(toInt96(ts)) }
		}
		return func(v any) (parquet.Value, error) {
			ts, ok := v.(time.Time)
			if !ok {
				return parquet.Value{}, typeErr(ok, v, "time.Time")
			}
			return conv(ts), nil
		}, nil
	}
	return nil, fmt.Errorf("type %s cannot be written to parquet", t)
}

func typeErr(ok bool, v any, want string) error {
	if ok {
		return nil
	}
	return fmt.Errorf("want %s, got %T", want, v)
}

// toInt96 is ParquetRowDataWriter's INT96 layout: nanos of the day then the
// Julian day, computed like Java from floor epoch millis with truncating
// division, so pre-1970 values get the same bytes as a Java writer.
func toInt96(ts time.Time) deprecated.Int96 {
	millis := ts.UnixMilli()
	nanoOfMilli := ts.Sub(time.UnixMilli(millis)).Nanoseconds()
	day := millis/86400000 + julianEpochDay
	nanos := (millis%86400000)*1_000_000 + nanoOfMilli
	return deprecated.Int96{uint32(nanos), uint32(uint64(nanos) >> 32), uint32(day)}
}

// decimalConverter writes the unscaled value at the type's scale: INT32 for
// p ≤ 9, INT64 for p ≤ 18, else big-endian two's complement sign-extended
// to the FIXED_LEN_BYTE_ARRAY length.
func decimalConverter(t types.DataType) toParquetFunc {
	size := decimalBytes(t.Precision)
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Precision)), nil)
	return func(v any) (parquet.Value, error) {
		d, ok := v.(decimal.Decimal)
		if !ok {
			return parquet.Value{}, typeErr(ok, v, "decimal.Decimal")
		}
		u := unscaled(d, t.Scale)
		if new(big.Int).Abs(u).Cmp(limit) >= 0 {
			return parquet.Value{}, fmt.Errorf("%s does not fit DECIMAL(%d, %d)", d, t.Precision, t.Scale)
		}
		switch {
		case t.Precision <= 9:
			return parquet.Int32Value(int32(u.Int64())), nil
		case t.Precision <= 18:
			return parquet.Int64Value(u.Int64()), nil
		}
		return parquet.FixedLenByteArrayValue(twosComplement(u, size)), nil
	}
}

// unscaled rounds d half-up to scale (Java's Decimal.fromBigDecimal) and
// returns the unscaled integer.
func unscaled(d decimal.Decimal, scale int) *big.Int {
	return d.Round(int32(scale)).Shift(int32(scale)).BigInt()
}

// twosComplement writes x as size-byte big-endian two's complement.
func twosComplement(x *big.Int, size int) []byte {
	out := make([]byte, size)
	if x.Sign() >= 0 {
		x.FillBytes(out)
		return out
	}
	// x + 2^(8·size) is the two's complement bit pattern of a negative x.
	m := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	m.Add(m, x).FillBytes(out)
	return out
}
