// paimon-sql: EXPLAIN FORMAT=TREE and EXPLAIN ANALYZE in MySQL 8's form,
// which go-mysql-server v0.20.0 lacks (its FORMAT=TREE was EXPLAIN PLAN's
// tree, and its ANALYZE counted only joins' rows).

package plan

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// ExplainTree is MySQL 8's EXPLAIN FORMAT=TREE text of the plan n: an
// operator a line, "-> " and four more spaces of indentation a level, the
// inputs of an operator below it (a hash join's probe side first, then
// "Hash" over its build side, as MySQL prints them). Projections and the
// engine's wrappers are left out, as MySQL leaves them out. With stats
// (EXPLAIN ANALYZE), each line ends with the operator's actual time to
// its first and its last row in milliseconds and its rows, each averaged
// over its loops (the times an iterator was built for it: a nested loop's
// inner side once per outer row), or "(never executed)".
func ExplainTree(ctx *sql.Context, n sql.Node, stats *sql.ExecStats) string {
	var sb strings.Builder
	explainNode(ctx, &sb, n, stats, 0)
	return strings.TrimSuffix(sb.String(), "\n")
}

func explainNode(ctx *sql.Context, sb *strings.Builder, n sql.Node, stats *sql.ExecStats, depth int) {
	line, children := explainLine(ctx, n)
	line, children = withMarks(line, children)
	inputs := depth + 1
	if line == "" { // a node MySQL does not show: its inputs take its place
		inputs = depth
	} else {
		sb.WriteString(strings.Repeat("    ", depth))
		sb.WriteString("-> ")
		sb.WriteString(line)
		if stats != nil {
			sb.WriteString("  ")
			sb.WriteString(actualStats(stats, n))
		}
		sb.WriteString("\n")
	}
	for _, c := range children {
		explainNode(ctx, sb, c, stats, inputs)
	}
	for _, sq := range subqueriesOf(n) {
		sb.WriteString(strings.Repeat("    ", inputs))
		sb.WriteString("-> Select (subquery")
		if sq.Correlated().Len() > 0 {
			sb.WriteString("; dependent")
		}
		sb.WriteString(")\n")
		explainNode(ctx, sb, sq.Query, stats, inputs+1)
	}
}

// withMarks (paimon-sql) adds the marks among a node's inputs (sql.ParentMark) to its
// line, their own inputs in their places.
func withMarks(line string, children []sql.Node) (string, []sql.Node) {
	var out []sql.Node
	for _, c := range children {
		if m, ok := c.(sql.ParentMark); ok && line != "" {
			line += " (" + m.MarkParent() + ")"
			out = append(out, c.Children()...)
			continue
		}
		out = append(out, c)
	}
	return line, out
}

// actualStats is MySQL's "(actual time=first..last rows=r loops=l)".
func actualStats(stats *sql.ExecStats, n sql.Node) string {
	st, ok := stats.Of(n)
	if !ok || st.Loops == 0 {
		return "(never executed)"
	}
	loops := float64(st.Loops)
	rows := fmt.Sprint(st.Rows / st.Loops)
	if st.Rows%st.Loops != 0 {
		rows = fmt.Sprintf("%.2f", float64(st.Rows)/loops)
	}
	return fmt.Sprintf("(actual time=%.3f..%.3f rows=%s loops=%d)",
		float64(st.First.Microseconds())/1000/loops, float64(st.Total.Microseconds())/1000/loops, rows, st.Loops)
}

// explainLine is n's line ("" for a node not shown) and its inputs.
func explainLine(ctx *sql.Context, n sql.Node) (string, []sql.Node) {
	if d, ok := n.(sql.TreeDescriber); ok {
		return d.DescribeTree(ctx), n.Children()
	}
	switch n := n.(type) {
	case *Project, *StripRowNode, *Into:
		return "", n.Children()
	case *Limit:
		return fmt.Sprintf("Limit: %s row(s)", n.Limit), n.Children()
	case *Offset:
		return fmt.Sprintf("Offset: %s row(s)", n.Offset), n.Children()
	case *Sort:
		return "Sort: " + sortFieldsText(n.SortFields), n.Children()
	case *TopN:
		return fmt.Sprintf("Sort: %s, limit input to %s row(s) per chunk", sortFieldsText(n.Fields), n.Limit), n.Children()
	case *Filter:
		return "Filter: " + n.Expression.String(), n.Children()
	case *Having:
		return "Filter: " + n.Cond.String(), n.Children()
	case *GroupBy:
		return groupByLine(n), n.Children()
	case *Window:
		return "Window aggregate: " + exprsText(n.SelectExprs), n.Children()
	case *Distinct, *OrderedDistinct:
		return "Remove duplicates", n.Children()
	case *JoinNode:
		return joinLine(n), n.Children()
	case *HashLookup:
		return "Hash", n.Children()
	case *CachedResults:
		return "Materialize", n.Children()
	case *Max1Row:
		return "Single row", n.Children()
	case *SetOp:
		return setOpLine(n), n.Children()
	case *SubqueryAlias:
		return "Table scan on " + n.Name() + " (derived table)", n.Children()
	case *RecursiveCte:
		return "Recursive CTE " + n.Name(), n.Children()
	case *RecursiveTable:
		return "Scan new records on " + n.Name(), nil
	case *EmptyTable:
		return "Zero rows", nil
	case *TableAlias:
		return aliasLine(ctx, n)
	case *ResolvedTable:
		if IsDualTable(n.Table) {
			return "Rows fetched before execution", nil
		}
		return "Table scan on " + n.Name() + scanText(ctx, n.Table), nil
	case *IndexedTableAccess:
		return lookupLine(ctx, n.Name(), n), nil
	}
	// Any other node: its own name, the first line of its description.
	line, _, _ := strings.Cut(n.String(), "\n")
	return strings.TrimSpace(line), n.Children()
}

// aliasLine names a table by its alias, as MySQL does.
func aliasLine(ctx *sql.Context, n *TableAlias) (string, []sql.Node) {
	switch c := n.Child.(type) {
	case *ResolvedTable:
		return "Table scan on " + n.Name() + scanText(ctx, c.Table), nil
	case *IndexedTableAccess:
		return lookupLine(ctx, n.Name(), c), nil
	}
	return "", n.Children()
}

// lookupLine is an index lookup into table name, with the lookup's key
// expressions (a lookup join's) or its ranges.
func lookupLine(ctx *sql.Context, name string, n *IndexedTableAccess) string {
	idx := n.Index()
	line := "Index lookup on " + name
	if idx != nil {
		line += " using " + idx.ID()
	}
	switch {
	case n.lb != nil && len(n.lb.keyExprs) > 0 && idx != nil:
		cols := idx.Expressions()
		pairs := make([]string, len(n.lb.keyExprs))
		for i, e := range n.lb.keyExprs {
			col := "?"
			if i < len(cols) {
				col = cols[i]
			}
			pairs[i] = col + " = " + e.String()
		}
		line += " (" + strings.Join(pairs, ", ") + ")"
	case !n.lookup.IsEmpty() && n.lookup.Ranges != nil && n.lookup.Ranges.Len() > 0:
		line += " over " + rangesText(idx, n.lookup.Ranges)
	}
	return line
}

// scanText is what the integrator's table says of its scan, in
// parentheses after the table's name ("" when it says nothing).
func scanText(ctx *sql.Context, t sql.Table) string {
	for t != nil {
		if d, ok := t.(sql.ScanDescriber); ok {
			if s := d.DescribeScan(ctx); s != "" {
				return " (" + s + ")"
			}
			return ""
		}
		w, ok := t.(sql.TableWrapper)
		if !ok {
			return ""
		}
		t = w.Underlying()
	}
	return ""
}

func joinLine(n *JoinNode) string {
	op := n.Op
	kind := "inner join"
	switch {
	case op.IsSemi():
		kind = "semijoin"
	case op.IsAnti():
		kind = "antijoin"
		if op == JoinTypeAntiIncludeNulls || op == JoinTypeAntiHashIncludeNulls ||
			op == JoinTypeAntiLookupIncludeNulls || op == JoinTypeAntiMergeIncludeNulls {
			kind = "antijoin (NOT EXISTS)"
		}
	case op.IsFullOuter():
		kind = "full outer join"
	case op.IsLeftOuter():
		kind = "left join"
	case op.IsRightOuter():
		kind = "right join"
	}
	var line string
	switch {
	case op.IsHash():
		line = "Hash " + kind
	case op.IsMerge():
		line = "Merge " + kind
	case op.IsRange():
		line = "Range heap " + kind
	case op.IsLookup():
		line = "Nested loop " + kind + " (index lookup)"
	case op.IsLateral():
		line = "Nested loop lateral " + kind
	case op.IsCross():
		line = "Nested loop inner join (cross)"
	default:
		line = "Nested loop " + kind
	}
	if n.Filter != nil && n.Filter.String() != "true" {
		line += " " + parenthesized(n.Filter.String())
	}
	return line
}

func parenthesized(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s
	}
	return "(" + s + ")"
}

func groupByLine(n *GroupBy) string {
	line := "Aggregate"
	if n.Rollup {
		line = "Aggregate with rollup"
	}
	if len(n.GroupByExprs) > 0 {
		line += " using hash table (group by " + exprsText(n.GroupByExprs) + ")"
	}
	return line + ": " + exprsText(n.SelectedExprs)
}

func setOpLine(n *SetOp) string {
	var line string
	switch n.SetOpType {
	case UnionType:
		line = "Union"
	case IntersectType:
		line = "Intersect"
	default:
		line = "Except"
	}
	if n.Distinct {
		return line + " with deduplication"
	}
	return line + " all"
}

func sortFieldsText(fields sql.SortFields) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Column.String()
		if f.Order == sql.Descending {
			out[i] += " DESC"
		}
	}
	return strings.Join(out, ", ")
}

func exprsText(es []sql.Expression) string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.String()
	}
	return strings.Join(out, ", ")
}

// subqueriesOf are the subqueries in n's own expressions (not its
// inputs'), each shown under n.
func subqueriesOf(n sql.Node) []*Subquery {
	ex, ok := n.(sql.Expressioner)
	if !ok {
		return nil
	}
	var out []*Subquery
	var walk func(e sql.Expression)
	walk = func(e sql.Expression) {
		if sq, ok := e.(*Subquery); ok {
			out = append(out, sq)
			return
		}
		for _, c := range e.Children() {
			walk(c)
		}
	}
	for _, e := range ex.Expressions() {
		walk(e)
	}
	return out
}

// aliasCopies has stats count the nodes of run, a copy of the plan orig
// made to run it (PrependRowInPlan's, with PrependNode wrappers), for the
// nodes of orig they copy; it returns the copies, for Unalias.
func aliasCopies(stats *sql.ExecStats, run, orig sql.Node) []sql.Node {
	if stats == nil || run == orig {
		return nil
	}
	if p, ok := run.(*PrependNode); ok {
		return aliasCopies(stats, p.Child, orig)
	}
	if fmt.Sprintf("%T", run) != fmt.Sprintf("%T", orig) {
		return nil
	}
	stats.Alias(run, orig)
	copies := []sql.Node{run}
	rc, oc := run.Children(), orig.Children()
	if len(rc) == len(oc) {
		for i := range rc {
			copies = append(copies, aliasCopies(stats, rc[i], oc[i])...)
		}
	}
	return copies
}

// rangesText is an index lookup's ranges, as MySQL writes them: "(id = 1)
// OR (id = 5)", a range that is not one value in the cuts' own notation.
func rangesText(idx sql.Index, rc sql.RangeCollection) string {
	ranges, ok := rc.(sql.MySQLRangeCollection)
	if !ok || idx == nil {
		return rc.String()
	}
	cols := idx.Expressions()
	out := make([]string, len(ranges))
	for i, r := range ranges {
		conds := make([]string, 0, len(r))
		for c, ce := range r {
			col := "?"
			if c < len(cols) {
				col = cols[c]
			}
			lo, isLo := ce.LowerBound.(sql.Below)
			hi, isHi := ce.UpperBound.(sql.Above)
			if isLo && isHi && fmt.Sprint(lo.Key) == fmt.Sprint(hi.Key) {
				conds = append(conds, fmt.Sprintf("%s = %v", col, lo.Key))
			} else if !(isAll(ce.LowerBound) && isAll(ce.UpperBound)) {
				conds = append(conds, fmt.Sprintf("%s in %s", col, ce.String()))
			}
		}
		out[i] = "(" + strings.Join(conds, " AND ") + ")"
	}
	return strings.Join(out, " OR ")
}

func isAll(c sql.MySQLRangeCut) bool {
	switch c.(type) {
	case sql.AboveAll, sql.BelowNull:
		return true
	}
	return false
}
