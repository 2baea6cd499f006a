package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/vector"
)

// ExecBuilder returns the engine's node executor with Paimon's additions:
// SHOW CREATE TABLE of a Paimon table ends with its PARTITIONED BY and WITH
// clauses, the same clauses CREATE TABLE accepts; nested loops over a Paimon
// table read it once (nestedLoopIter); hash joins, and the aggregation of
// their rows, run in package vector.
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
	if j, ok := n.(*plan.JoinNode); ok {
		if innerScanOnce(j) {
			return newNestedLoopIter(ctx, o.all, j, row)
		}
		if it, ok, err := vector.HashJoin(ctx, o.all, j, row, scanRows(ctx), vectorSource); ok {
			return it, err
		}
	}
	if it, ok, err := vector.JoinAggregate(ctx, o.all, n, row); ok {
		return it, err
	}
	if it, ok, err := vector.ScanFilter(ctx, o.all, n, row, vectorSource); ok {
		return it, err
	}
	if it, ok, err := vector.TopN(ctx, o.all, n, row, vectorSource); ok {
		return it, err
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
	return &suffixIter{RowIter: iter, columnTypes: tbl.paimonColumnTypes(), suffix: tbl.createClauses()}, nil
}

// paimonColumnTypes are the columns whose MySQL type in SHOW CREATE TABLE
// would not be read back as their Paimon type (TIMESTAMP_LTZ and
// TIMESTAMP(7..9) are shown as datetime, long VARCHARs as longtext): by the
// column's text as go-mysql-server prints it, "  `name` <mysql type>", the
// same with the Paimon type, which CREATE TABLE reads the same in every DDL
// dialect (sqlext/flinktypes.go). Nested types stay JSON.
func (t *Table) paimonColumnTypes() [][2]string {
	var out [][2]string
	for _, f := range t.schema.Fields {
		if f.Type.IsNested() || f.Type.Kind == types.Blob {
			continue
		}
		shown := SQLType(f.Type)
		if back, err := paimonType(shown); err == nil && back.WithNullable(true).SQL() == f.Type.WithNullable(true).SQL() {
			continue
		}
		shownText := shown.String()
		if c, ok := shown.(sql.TypeWithCollation); ok {
			shownText = c.StringWithTableCollation(t.Collation())
		}
		// Lower case as MySQL prints types: tools that parse the statement
		// (SQLAlchemy) look the type name up in lower case.
		paimon := strings.ToLower(f.Type.WithNullable(true).SQL())
		if f.Type.Kind == types.Timestamp {
			// Bare TIMESTAMP(p) is an instant in the MySQL and Spark dialects.
			paimon += " without time zone"
		}
		col := "  " + sql.QuoteIdentifier(f.Name) + " "
		out = append(out, [2]string{col + shownText, col + paimon})
	}
	return out
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

// replaceColumnTypes rewrites the lines of stmt that begin with a column's
// printed text (followed by the end of the line, a comma or a space: not a
// longer type) to the text meant.
func replaceColumnTypes(stmt string, columnTypes [][2]string) string {
	lines := strings.Split(stmt, "\n")
	for i, line := range lines {
		for _, c := range columnTypes {
			if rest, ok := strings.CutPrefix(line, c[0]); ok && (rest == "" || rest[0] == ',' || rest[0] == ' ') {
				lines[i] = c[1] + rest
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}

// suffixIter rewrites the statement column of SHOW CREATE TABLE: column
// types (each pair the text printed and the text meant, see
// paimonColumnTypes), and a suffix appended.
type suffixIter struct {
	sql.RowIter
	columnTypes [][2]string
	suffix      string
}

func (s *suffixIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := s.RowIter.Next(ctx)
	if err != nil || len(row) < 2 {
		return row, err
	}
	if stmt, ok := row[1].(string); ok {
		if len(s.columnTypes) > 0 {
			stmt = replaceColumnTypes(stmt, s.columnTypes)
		}
		row = append(sql.Row{}, row...)
		row[1] = stmt + s.suffix
	}
	return row, nil
}
