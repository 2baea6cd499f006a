package sqlext

// go-mysql-server v0.20.0 lacks Spark's TRUNCATE TABLE t PARTITION (...),
// INSERT ... BY NAME, and has a MySQL ANALYZE TABLE that answers "OK"
// without keeping anything a Paimon reader sees.

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

var (
	truncatePartitionRE = regexp.MustCompile(`(?is)^\s*TRUNCATE\s+TABLE\s+` + nameRE + `\s+(PARTITION\s*\([^)]*\))\s*;?\s*$`)
	insertByNameRE      = regexp.MustCompile(`(?is)^(\s*INSERT\s+INTO\s+(?:TABLE\s+)?` + nameRE + `(?:\s*PARTITION\s*\([^)]*\))?)\s+BY\s+NAME\b`)
	analyzeTableRE      = regexp.MustCompile(`(?is)^\s*ANALYZE\s+(?:NO_WRITE_TO_BINLOG\s+|LOCAL\s+)?TABLES?\s+(` + nameRE + `(?:\s*,\s*` + nameRE + `)*)\s*;?\s*$`)
	tableNameRE         = regexp.MustCompile(nameRE)
)

// rewriteTruncatePartition runs Spark's TRUNCATE TABLE t PARTITION (k = v,
// ...) as Paimon's Spark integration does (truncatePartitions, an
// OVERWRITE commit of the partitions matching the spec with nothing): as
// the static INSERT OVERWRITE of no rows, with its privileges (INSERT and
// DELETE) and its checks of the spec.
func rewriteTruncatePartition(ctx context.Context, q string) (rewritten, bool, error) {
	m := truncatePartitionRE.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	if !strings.Contains(m[2], "=") {
		return rewritten{}, true, fmt.Errorf("TRUNCATE TABLE %s %s: give each partition column a value, PARTITION (k = 'v', ...)", m[1], m[2])
	}
	text := "INSERT OVERWRITE " + m[1] + " " + m[2] + " SELECT * FROM " + m[1] + " WHERE 1 = 0"
	return rewritten{text: text, toQuery: func(int) int { return len(q) }}, true, nil
}

// rewriteInsertByName reads Spark's INSERT INTO t BY NAME SELECT ... (and
// INSERT OVERWRITE's, after rewriteOverwrite) as the INSERT with the
// column list the query's column names make, which Spark matches by name.
func rewriteInsertByName(ctx context.Context, q string) (rewritten, bool, error) {
	m := insertByNameRE.FindStringSubmatchIndex(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	r := replaced(q, m[3], m[1], "")
	r.bind = func(side *Statement, stmt ast.Statement) error {
		ins, ok := stmt.(*ast.Insert)
		if !ok || len(ins.Columns) > 0 {
			return fmt.Errorf("INSERT ... BY NAME: write the query without a column list")
		}
		sel, ok := ins.Rows.(*ast.Select)
		if !ok {
			return fmt.Errorf("INSERT ... BY NAME takes a SELECT whose columns have names (not VALUES or a UNION): name the columns instead: INSERT INTO t (a, b) SELECT")
		}
		for i, e := range sel.SelectExprs {
			name := ""
			if ae, ok := e.(*ast.AliasedExpr); ok {
				if !ae.As.IsEmpty() {
					name = ae.As.String()
				} else if c, ok := ae.Expr.(*ast.ColName); ok {
					name = c.Name.String()
				}
			}
			if name == "" {
				return fmt.Errorf("INSERT ... BY NAME: column %d of the query has no name: give it one with AS, or name the columns: INSERT INTO t (a, b) SELECT", i+1)
			}
			ins.Columns = append(ins.Columns, ast.NewColIdent(name))
		}
		if side.Overwrite != nil {
			fillStaticPartition(ins, side.Overwrite.Partition)
		}
		return nil
	}
	return r, true, nil
}

// rewriteAnalyze answers MySQL's ANALYZE TABLE t, ... as MySQL answers for
// InnoDB, a row "status OK" per table: the statistics the join planner
// reads (catalog/estimates.go) are the manifests of the snapshot a query
// reads, always up to date, so there is nothing to gather. Reading the
// table (no row of it) keeps its checks: the table must exist and be
// readable.
func rewriteAnalyze(ctx context.Context, q string) (rewritten, bool, error) {
	m := analyzeTableRE.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	var parts []string
	for _, name := range tableNameRE.FindAllString(m[1], -1) {
		db, table := splitName(name)
		qualified := "CONCAT(DATABASE(), '.', " + sqlString(table) + ")"
		from := quoteIdent(table)
		if db != "" {
			qualified, from = sqlString(db+"."+table), quoteIdent(db)+"."+quoteIdent(table)
		}
		parts = append(parts, "SELECT "+qualified+" AS `Table`, 'analyze' AS `Op`, 'status' AS `Msg_type`, 'OK'"+
			" AS `Msg_text` FROM (SELECT 1 AS one) AS paimon_sql_analyze WHERE (SELECT COUNT(*) FROM "+from+" WHERE 1 = 0) = 0")
	}
	return rewritten{text: strings.Join(parts, " UNION ALL "), toQuery: func(int) int { return len(q) }}, true, nil
}

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
