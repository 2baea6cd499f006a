package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
)

// The engine's rules leave go-mysql-server's node in the plan (a Filter, a
// TopN, a GroupBy, a join) and put a mark over its input, so that
// go-mysql-server's later rules see the plan they expect and any executor
// but the catalog's runs the node as it is. The marks differ only in their
// EXPLAIN lines and in what the catalog's executor does with them;
// inputMark is what they share.

// inputMark is a one-child node that stands for its child: same schema,
// same rows under go-mysql-server's executor.
type inputMark struct {
	child sql.Node
	title string // EXPLAIN PLAN's line for the mark
	note  string // what EXPLAIN FORMAT=TREE adds to the parent's line
}

// markedNode is any of the engine's marks.
type markedNode interface {
	sql.Node
	input() sql.Node
}

// input is the node marked.
func (m *inputMark) input() sql.Node { return m.child }

// Resolved implements sql.Node.
func (m *inputMark) Resolved() bool { return m.child.Resolved() }

// IsReadOnly implements sql.Node.
func (m *inputMark) IsReadOnly() bool { return true }

// Schema implements sql.Node: the input's.
func (m *inputMark) Schema() sql.Schema { return m.child.Schema() }

// Children implements sql.Node.
func (m *inputMark) Children() []sql.Node { return []sql.Node{m.child} }

// RowIter implements sql.ExecSourceRel for an executor other than the
// catalog's: the input's rows, for the node above to process as usual.
func (m *inputMark) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	return rowexec.DefaultBuilder.Build(ctx, m.child, row)
}

// String implements sql.Node (EXPLAIN PLAN).
func (m *inputMark) String() string {
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("%s", m.title)
	_ = pr.WriteChildren(m.child.String())
	return pr.String()
}

// MarkParent implements sql.ParentMark: EXPLAIN FORMAT=TREE's line of the
// marked input's parent ends with the note in parentheses.
func (m *inputMark) MarkParent() string { return m.note }

// remark is WithChildren of a mark m: the same mark, made by mark, over
// the one child given.
func remark[M markedNode](m M, children []sql.Node, mark func(sql.Node) M) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(m, len(children), 1)
	}
	return mark(children[0]), nil
}

// MarkedInput is the node under one of the engine's marks (a join's rows
// it aggregates, a scan it filters, a probe or build side, a TopN's
// input), for code that looks through plans for the scans under them; ok
// is false for any other node.
func MarkedInput(n sql.Node) (sql.Node, bool) {
	if m, ok := n.(markedNode); ok {
		return m.input(), true
	}
	return nil, false
}
