package format

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/format"
)

type nodeKind uint8

const (
	leafNode    nodeKind = iota
	rowNode              // ROW: one child per field
	listNode             // ARRAY: children[0] is the element
	mapNode              // MAP, MULTISET: children are key and value
	variantNode          // VARIANT: children are value and metadata
	missingNode          // a field absent from the file: always NULL
)

// node assembles one Paimon value from the levels of the leaves below it
// (Dremel record assembly, driven by the first leaf's levels: all leaves under
// a node agree on the levels of that node and its ancestors).
type node struct {
	kind nodeKind
	// def is the definition level at which this node is non-null; a list or
	// map has elements when the level reaches def+1.
	def byte
	// rep is the repetition level of a list's or map's repeated group.
	rep      byte
	leaf     *leafCursor
	children []*node
	leaves   []*leafCursor
}

// value reads the node's next value.
func (n *node) value() any {
	switch n.kind {
	case leafNode:
		return n.leaf.next()
	case missingNode:
		return nil
	}
	first := n.leaves[0]
	d := first.peekDef()
	if d < n.def {
		n.skip()
		return nil
	}
	switch n.kind {
	case rowNode:
		row := make([]any, len(n.children))
		for i, c := range n.children {
			row[i] = c.value()
		}
		return row
	case variantNode:
		v, _ := n.children[0].value().([]byte)
		m, _ := n.children[1].value().([]byte)
		return types.VariantValue{Value: v, Metadata: m}
	case listNode:
		if d == n.def {
			n.skip()
			return []any{}
		}
		var out []any
		for {
			out = append(out, n.children[0].value())
			if first.peekRep() != n.rep {
				return out
			}
		}
	default: // mapNode
		var m types.MapValue
		if d == n.def {
			n.skip()
			return types.MapValue{Keys: []any{}, Values: []any{}}
		}
		for {
			m.Keys = append(m.Keys, n.children[0].value())
			m.Values = append(m.Values, n.children[1].value())
			if first.peekRep() != n.rep {
				return m
			}
		}
	}
}

// skip consumes the single entry every leaf has for a null or empty node.
func (n *node) skip() {
	for _, l := range n.leaves {
		l.skip()
	}
}

// nodeBuilder binds Paimon types to the Parquet schema of one file.
type nodeBuilder struct {
	byID   bool
	leaves []*leafCursor
}

// field builds the node of a Parquet element pq read as type t, where def and
// rep are the levels of pq's parent.
func (b *nodeBuilder) field(pq *pqNode, t types.DataType, def, rep byte) (*node, error) {
	switch pq.repetition() {
	case format.Optional:
		def++
	case format.Repeated:
		// A bare repeated field (no LIST group) is a NOT NULL list of
		// NOT NULL elements.
		if t.Kind != types.Array {
			return nil, fmt.Errorf("column %q is repeated but the field is %s", pq.name(), t)
		}
		elem, err := b.value(pq, *t.Element, def+1, rep+1)
		if err != nil {
			return nil, err
		}
		return b.group(listNode, def, rep+1, elem), nil
	}
	return b.value(pq, t, def, rep)
}

// value builds the node of pq read as t, with def and rep already counting
// pq's own repetition.
func (b *nodeBuilder) value(pq *pqNode, t types.DataType, def, rep byte) (*node, error) {
	switch t.Kind {
	case types.Array:
		repeated, element, err := listElement(pq)
		if err != nil {
			return nil, err
		}
		var elem *node
		if element == repeated {
			elem, err = b.value(element, *t.Element, def+1, rep+1)
		} else {
			elem, err = b.field(element, *t.Element, def+1, rep+1)
		}
		if err != nil {
			return nil, err
		}
		return b.group(listNode, def, rep+1, elem), nil
	case types.Map, types.Multiset:
		kv, err := mapKeyValue(pq)
		if err != nil {
			return nil, err
		}
		keyType, valueType := t.Key, t.Value
		if t.Kind == types.Multiset {
			count := types.New(types.Int).WithNullable(false)
			keyType, valueType = t.Element, &count
		}
		key, err := b.field(kv.children[0], *keyType, def+1, rep+1)
		if err != nil {
			return nil, err
		}
		val, err := b.field(kv.children[1], *valueType, def+1, rep+1)
		if err != nil {
			return nil, err
		}
		return b.group(mapNode, def, rep+1, key, val), nil
	case types.Row:
		if pq.isLeaf() {
			return nil, fmt.Errorf("column %q is not a group but the field is %s", pq.name(), t)
		}
		children := make([]*node, len(t.Fields))
		for i, f := range t.Fields {
			c := child(pq, f, b.byID)
			if c == nil {
				children[i] = &node{kind: missingNode}
				continue
			}
			var err error
			if children[i], err = b.field(c, f.Type, def, rep); err != nil {
				return nil, err
			}
		}
		return b.group(rowNode, def, rep, children...), nil
	case types.Variant:
		children := make([]*node, 2)
		for i, name := range []string{"value", "metadata"} {
			c := child(pq, types.DataField{Name: name}, false)
			if c == nil {
				return nil, fmt.Errorf("variant column %q has no %q", pq.name(), name)
			}
			var err error
			if children[i], err = b.field(c, types.New(types.VarBinary), def, rep); err != nil {
				return nil, err
			}
		}
		return b.group(variantNode, def, rep, children...), nil
	}
	if !pq.isLeaf() {
		return nil, fmt.Errorf("column %q is a group but the field is %s", pq.name(), t)
	}
	conv, err := converterFor(pq.elem, t)
	if err != nil {
		return nil, err
	}
	c := &leafCursor{name: pq.name(), leaf: pq.leaf, maxDef: def, maxRep: rep, phys: pq.elem.Type.V, convert: conv, vecScale: vectorScale(pq.elem, t)}
	b.leaves = append(b.leaves, c)
	return &node{kind: leafNode, def: def, leaf: c, leaves: []*leafCursor{c}}, nil
}

// group makes an inner node. A group whose fields are all missing from the
// file has no levels to read and is NULL, like a missing field.
func (b *nodeBuilder) group(kind nodeKind, def, rep byte, children ...*node) *node {
	n := &node{kind: kind, def: def, rep: rep, children: children}
	for _, c := range children {
		n.leaves = append(n.leaves, c.leaves...)
	}
	if len(n.leaves) == 0 {
		return &node{kind: missingNode}
	}
	return n
}
