package format

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/format"
)

// pqNode is one element of a file's Parquet schema as a tree. We build our own
// tree from the footer rather than use parquet-go's Column so that we see the
// raw annotations (logical and converted types) that decide value decoding.
type pqNode struct {
	elem     *format.SchemaElement
	children []*pqNode
	// leaf is the leaf column index (the column chunk index in row groups),
	// -1 for groups.
	leaf int
}

func (n *pqNode) name() string { return n.elem.Name }

func (n *pqNode) isLeaf() bool { return n.leaf >= 0 }

func (n *pqNode) repetition() format.FieldRepetitionType {
	if !n.elem.RepetitionType.Valid {
		return format.Required
	}
	return n.elem.RepetitionType.V
}

// buildSchemaTree turns the depth-first flat schema of the footer into a tree.
func buildSchemaTree(elems []format.SchemaElement) (*pqNode, error) {
	next, leaves := 0, 0
	var build func() (*pqNode, error)
	build = func() (*pqNode, error) {
		if next >= len(elems) {
			return nil, fmt.Errorf("parquet schema ends early")
		}
		e := &elems[next]
		next++
		n := &pqNode{elem: e, leaf: -1}
		if !e.NumChildren.Valid || e.NumChildren.V == 0 {
			if !e.Type.Valid {
				return nil, fmt.Errorf("parquet schema element %q has neither type nor children", e.Name)
			}
			n.leaf = leaves
			leaves++
			return n, nil
		}
		for range e.NumChildren.V {
			c, err := build()
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, c)
		}
		return n, nil
	}
	root, err := build()
	if err != nil {
		return nil, err
	}
	if next != len(elems) {
		return nil, fmt.Errorf("parquet schema has %d trailing elements", len(elems)-next)
	}
	return root, nil
}

// hasFieldIDs tells whether the file carries Paimon field ids. parquet-go
// reads an absent id as 0, and 0 is also a real Paimon id, so a file has ids
// when any element has a non-zero one; a file whose only id would be 0 (one
// column, id 0) is matched by name, which gives the same result.
func hasFieldIDs(root *pqNode) bool {
	var walk func(n *pqNode) bool
	walk = func(n *pqNode) bool {
		for _, c := range n.children {
			if c.elem.FieldID != 0 || walk(c) {
				return true
			}
		}
		return false
	}
	return walk(root)
}

// child finds the Parquet child of a group that holds field f.
func child(group *pqNode, f types.DataField, byID bool) *pqNode {
	for _, c := range group.children {
		if byID && int(c.elem.FieldID) == f.ID || !byID && c.name() == f.Name {
			return c
		}
	}
	return nil
}

// listElement returns the Parquet node holding the elements of a LIST-like
// group and whether that node is the repeated node itself (legacy 2-level
// lists) rather than the child of the repeated group (standard 3-level).
// The rules are the Parquet spec's backward-compatibility rules for lists.
func listElement(list *pqNode) (repeated, element *pqNode, err error) {
	if list.isLeaf() || len(list.children) != 1 || list.children[0].repetition() != format.Repeated {
		return nil, nil, fmt.Errorf("column %q is not a list (one repeated child expected)", list.name())
	}
	rep := list.children[0]
	if rep.isLeaf() || len(rep.children) != 1 || rep.name() == "array" || rep.name() == list.name()+"_tuple" {
		return rep, rep, nil
	}
	return rep, rep.children[0], nil
}

// mapKeyValue returns the repeated key_value group of a MAP-like group.
func mapKeyValue(m *pqNode) (*pqNode, error) {
	if m.isLeaf() || len(m.children) != 1 {
		return nil, fmt.Errorf("column %q is not a map (one repeated child expected)", m.name())
	}
	kv := m.children[0]
	if kv.repetition() != format.Repeated || kv.isLeaf() || len(kv.children) != 2 {
		return nil, fmt.Errorf("column %q is not a map (repeated key_value group expected)", m.name())
	}
	return kv, nil
}
