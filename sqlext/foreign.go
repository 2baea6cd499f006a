package sqlext

// go-mysql-server v0.20.0 lacks the Spark and Flink statements around
// tables that users of Paimon write: SHOW PARTITIONS, DESCRIBE EXTENDED,
// and for the forms paimon-sql does not support, a message naming what to
// write instead of vitess's "syntax error".

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// nameRE matches a possibly qualified, possibly quoted table name.
const nameRE = "((?:`[^`]+`|[\\w$]+)(?:\\s*\\.\\s*(?:`[^`]+`|[\\w$]+))?)"

var (
	showPartitionsRE   = regexp.MustCompile(`(?is)^\s*SHOW\s+PARTITIONS\s+` + nameRE + `\s*;?\s*$`)
	describeExtendedRE = regexp.MustCompile(`(?is)^\s*(?:DESC|DESCRIBE)\s+(?:TABLE\s+)?(?:EXTENDED|FORMATTED)\s+` + nameRE + `\s*;?\s*$`)
)

// splitName splits db.table (quotes removed); db is "" when unqualified.
func splitName(name string) (db, table string) {
	parts := strings.SplitN(name, ".", 2)
	if len(parts) == 1 {
		return "", unquoteIdent(strings.TrimSpace(parts[0]))
	}
	return unquoteIdent(strings.TrimSpace(parts[0])), unquoteIdent(strings.TrimSpace(parts[1]))
}

// systemTable names table's system table suffix, e.g. db.`t$partitions`.
func systemTable(db, table, suffix string) string {
	name := "`" + strings.ReplaceAll(table+"$"+suffix, "`", "``") + "`"
	if db != "" {
		return "`" + strings.ReplaceAll(db, "`", "``") + "`." + name
	}
	return name
}

// rewriteShowPartitions answers Spark's SHOW PARTITIONS t from t$partitions,
// one row k1=v1/k2=v2 per partition, as Spark prints them.
func rewriteShowPartitions(ctx context.Context, q string) (rewritten, bool, error) {
	m := showPartitionsRE.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	db, table := splitName(m[1])
	text := "SELECT `partition` FROM " + systemTable(db, table, "partitions") + " ORDER BY `partition`"
	return rewritten{text: text, toQuery: func(int) int { return len(q) }}, true, nil
}

// describeExtended answers Spark's DESCRIBE EXTENDED t: the columns
// (col_name, data_type, comment), then "# Detailed Table Information" with
// the table's name, location, latest snapshot, partition and primary keys
// and options.
func (p *Parser) describeExtended(ctx context.Context) textRewrite {
	return func(_ context.Context, q string) (rewritten, bool, error) {
		m := describeExtendedRE.FindStringSubmatch(q)
		sqlCtx, ok := ctx.(*sql.Context)
		if m == nil || !ok || p.tables == nil {
			return rewritten{}, false, nil
		}
		db, table := splitName(m[1])
		if db == "" {
			db = sqlCtx.GetCurrentDatabase()
		}
		location, ok := p.tables.TableLocation(sqlCtx, db, table)
		if !ok {
			return rewritten{}, true, sql.ErrTableNotFound.New(table)
		}
		detail := func(pos int, name, value string) string {
			return fmt.Sprintf(" UNION ALL SELECT %s, %s, '', %d", sqlString(name), value, 1000000+pos)
		}
		latestSchema := "(SELECT %s FROM " + systemTable(db, table, "schemas") + " ORDER BY schema_id DESC LIMIT 1)"
		text := "SELECT col_name, data_type, comment FROM (" +
			"SELECT column_name AS col_name, column_type AS data_type, column_comment AS comment, ordinal_position AS pos " +
			"FROM information_schema.columns WHERE table_schema = " + sqlString(db) + " AND table_name = " + sqlString(table) +
			detail(1, "", "''") +
			detail(2, "# Detailed Table Information", "''") +
			detail(3, "Name", sqlString(db+"."+table)) +
			detail(4, "Provider", "'paimon'") +
			detail(5, "Location", sqlString(location)) +
			detail(6, "Snapshot", "COALESCE((SELECT CAST(MAX(snapshot_id) AS CHAR) FROM "+systemTable(db, table, "snapshots")+"), '')") +
			detail(7, "Partition Columns", fmt.Sprintf(latestSchema, "partition_keys")) +
			detail(8, "Primary Keys", fmt.Sprintf(latestSchema, "primary_keys")) +
			detail(9, "Comment", "COALESCE("+fmt.Sprintf(latestSchema, "comment")+", '')") +
			detail(10, "Table Properties", "COALESCE((SELECT CONCAT('[', GROUP_CONCAT(CONCAT(`key`, '=', `value`) ORDER BY `key` SEPARATOR ', '), ']') FROM "+systemTable(db, table, "options")+"), '[]')") +
			") AS paimon_sql_describe ORDER BY pos"
		return rewritten{text: text, toQuery: func(int) int { return len(q) }}, true, nil
	}
}

// foreignForm is a Flink or Spark statement paimon-sql does not run, and
// what to write instead.
type foreignForm struct {
	re      *regexp.Regexp
	message string
}

var foreignForms = []foreignForm{
	{regexp.MustCompile(`(?is)^\s*CREATE\s+CATALOG\b`), "CREATE CATALOG is Flink's: paimon-sql serves one warehouse (--warehouse); its databases are that catalog's (CREATE DATABASE, USE db)"},
	{regexp.MustCompile(`(?is)^\s*USE\s+CATALOG\b`), "USE CATALOG is Flink's: paimon-sql serves one warehouse (--warehouse); write USE db"},
	{regexp.MustCompile(`(?is)^\s*(?:SET|RESET)\s+(?:'[^']*'|[\w]+(?:\.[\w]+)+)`), "SET of a Flink or Spark setting: paimon-sql has MySQL session variables only; table options are set with ALTER TABLE t SET ('key' = 'value'); INSERT OVERWRITE without PARTITION replaces the whole table under SET ddl_dialect = 'spark' (Spark's static mode), only the partitions written under SET ddl_dialect = 'flink' (the table's 'dynamic-partition-overwrite')"},
	{regexp.MustCompile(`(?is)^\s*MERGE\s+INTO\b`), "MERGE INTO is not supported: INSERT INTO a primary-key table replaces the rows with the same key (merge-engine decides how); use UPDATE and DELETE for the rest"},
	{regexp.MustCompile(`(?is)^\s*ALTER\s+TABLE\s+\S+\s+(?:CREATE|REPLACE|DELETE|RENAME)\b.*\bTAG\b`), "ALTER TABLE t CREATE [OR REPLACE] TAG: write Paimon's Spark form, ALTER TABLE t CREATE TAG [IF NOT EXISTS] `name` [AS OF VERSION n] [RETAIN n DAYS|HOURS|MINUTES], REPLACE TAG ..., DELETE TAG [IF EXISTS] `a,b`, RENAME TAG `a` TO `b`; or CALL sys.create_tag(`table` => 'db.t', tag => 'name')"},
	{regexp.MustCompile(`(?is)^\s*ALTER\s+TABLE\s+\S+\s+(?:ADD|DROP)\s+PARTITION\b`), "partitions come and go with their rows: write INSERT INTO t ... to add one, DELETE FROM t WHERE <partition columns> = ... to drop one"},
	{regexp.MustCompile(`(?is)^\s*(?:CREATE\s+OR\s+)?REPLACE\s+TABLE\b`), "REPLACE TABLE and CREATE OR REPLACE TABLE are not supported (Paimon's Spark integration truncates the table and commits the new schema): write DROP TABLE t, then CREATE TABLE t ... [AS SELECT ...] (the old snapshots go with the table), or change the table with ALTER TABLE"},
	{regexp.MustCompile(`(?is)^\s*MSCK\s+REPAIR\s+TABLE\b`), "MSCK REPAIR TABLE registers partitions in a metastore; paimon-sql reads a table's partitions from its snapshots (SHOW PARTITIONS t), so there is nothing to repair"},
	{regexp.MustCompile(`(?is)^\s*ANALYZE\s+TABLE\b.*\bCOMPUTE\s+STATISTICS\b`), "ANALYZE TABLE ... COMPUTE STATISTICS is not supported: paimon-sql does not write table statistics; run it from Spark (Paimon's Spark integration writes them), and t$statistics shows them"},
	{regexp.MustCompile(`(?is)^\s*CREATE\s+TEMPORARY\s+TABLE\b`), "CREATE TEMPORARY TABLE (a Flink connector table) is not supported: paimon-sql reads the warehouse's Paimon tables; create a Paimon table with CREATE TABLE"},
}

var errIncrementalFunction = errors.New("the paimon_incremental_* functions are Spark's: SELECT ... FROM t /*+ OPTIONS('incremental-between' = 'start,end') */")

// checkTableFunctions refuses Spark's table functions, which vitess parses
// and GMS does not know.
func checkTableFunctions(stmt ast.Statement) error {
	return ast.Walk(func(node ast.SQLNode) (bool, error) {
		if f, ok := node.(*ast.TableFuncExpr); ok && strings.HasPrefix(strings.ToLower(f.Name), "paimon_incremental_") {
			return false, errIncrementalFunction
		}
		return true, nil
	}, stmt)
}

// refuseForeign fails a statement GMS's parser rejected when it is a Flink
// or Spark form paimon-sql does not support, naming the alternative.
func refuseForeign(ctx context.Context, q string) (rewritten, bool, error) {
	for _, f := range foreignForms {
		if f.re.MatchString(q) {
			return rewritten{}, true, fmt.Errorf("%s", f.message)
		}
	}
	return rewritten{}, false, nil
}
