package sqlext

// go-mysql-server v0.20.0 reads every column of the tables of an EXISTS (SELECT * ...) subquery: the star keeps its column pruning from narrowing them.

import (
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// existsSelectsOne replaces the select list `*` of each EXISTS subquery in
// stmt with `1`. MySQL ignores the select list of an EXISTS subquery (its
// resolver replaces it with 1 too), so the answer is the same; but
// go-mysql-server keeps every column a star names, and once the subquery
// is a semi or anti join the rows of its tables are the join's build side:
// TPC-H Q21's NOT EXISTS (SELECT * FROM lineitem l3 ...) kept all sixteen
// columns of the lineitem rows it hashed, where four are read (at scale
// factor 1, most of the server's 4.3 GB). A subquery with DISTINCT or
// HAVING keeps its list: DISTINCT with OFFSET counts distinct rows, and
// HAVING may name a column the star brings.
func existsSelectsOne(stmt ast.Statement) {
	if e, ok := stmt.(*ast.Explain); ok {
		// Walk does not enter an EXPLAIN's statement.
		stmt = e.Statement
	}
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		exists, ok := node.(*ast.ExistsExpr)
		if !ok || exists.Subquery == nil {
			return true, nil
		}
		sel, ok := exists.Subquery.Select.(*ast.Select)
		if !ok || sel.QueryOpts.Distinct || sel.Having != nil || len(sel.SelectExprs) != 1 {
			return true, nil
		}
		if star, ok := sel.SelectExprs[0].(*ast.StarExpr); ok && star.TableName.IsEmpty() {
			sel.SelectExprs = ast.SelectExprs{&ast.AliasedExpr{Expr: ast.NewIntVal([]byte("1"))}}
		}
		return true, nil
	}, stmt)
}
