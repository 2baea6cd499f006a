package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
)

// ExecBuilder returns the engine's node executor with Paimon's additions:
// SHOW CREATE TABLE of a Paimon table ends with its PARTITIONED BY and WITH
// clauses, the same clauses CREATE TABLE accepts; nested loops over a Paimon
// table read it once (nestedLoopIter).
func (p *Provider) ExecBuilder() sql.NodeExecBuilder {
	o := &overrideBuilder{}
	o.all = rowexec.NewOverrideBuilder(o)
	return o.all
}

// overrideBuilder builds the nodes paimon-sql executes its own way; for
// every other node it returns nil so that the default executor runs.
type overrideBuilder struct {
	all sql.NodeExecBuilder // the whole executor, for children
}

func (o *overrideBuilder) Build(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	if j, ok := n.(*plan.JoinNode); ok && innerScanOnce(j) {
		return newNestedLoopIter(ctx, o.all, j, row)
	}
	return showCreate(ctx, n, row)
}

// showCreate decorates SHOW CREATE TABLE of Paimon tables.
func showCreate(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	sc, ok := n.(*plan.ShowCreateTable)
	if !ok || sc.IsView {
		return nil, nil
	}
	rt, _ := resolvedTable(sc.Child)
	if rt == nil {
		return nil, nil
	}
	tbl, ok := unwrap(rt.Table).(*Table)
	if !ok {
		return nil, nil
	}
	if _, clash := caseClash(tbl.schema.Fields); tbl.schemaUnread() || (clash != nil && tbl.unusable != nil) {
		// A table whose columns clash shows only the first of them: its
		// CREATE TABLE would be another table's.
		return nil, tbl.unusable
	}
	iter, err := rowexec.DefaultBuilder.Build(ctx, n, row)
	if err != nil {
		return nil, err
	}
	return &suffixIter{RowIter: iter, suffix: tbl.createClauses()}, nil
}

// unwrap removes the engine's wrappers (process tracking) from a table.
func unwrap(t sql.Table) sql.Table {
	for {
		w, ok := t.(sql.TableWrapper)
		if !ok {
			return t
		}
		t = w.Underlying()
	}
}

// createClauses are the Paimon clauses of the table's CREATE TABLE.
func (t *Table) createClauses() string {
	var b strings.Builder
	if len(t.schema.PartitionKeys) > 0 {
		quoted := make([]string, len(t.schema.PartitionKeys))
		for i, k := range t.schema.PartitionKeys {
			quoted[i] = "`" + strings.ReplaceAll(k, "`", "``") + "`"
		}
		fmt.Fprintf(&b, "\nPARTITIONED BY (%s)", strings.Join(quoted, ", "))
	}
	if len(t.schema.Options) > 0 {
		keys := make([]string, 0, len(t.schema.Options))
		for k := range t.schema.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		// One line: tools that parse SHOW CREATE TABLE line by line
		// (SQLAlchemy) skip it with one warning.
		pairs := make([]string, len(keys))
		for i, k := range keys {
			pairs[i] = quote(k) + " = " + quote(t.schema.Options[k])
		}
		fmt.Fprintf(&b, "\nWITH (%s)", strings.Join(pairs, ", "))
	}
	return b.String()
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// suffixIter appends a suffix to the statement column of SHOW CREATE TABLE.
type suffixIter struct {
	sql.RowIter
	suffix string
}

func (s *suffixIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := s.RowIter.Next(ctx)
	if err != nil || len(row) < 2 {
		return row, err
	}
	if stmt, ok := row[1].(string); ok {
		row = append(sql.Row{}, row...)
		row[1] = stmt + s.suffix
	}
	return row, nil
}
