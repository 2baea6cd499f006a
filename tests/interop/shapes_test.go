package interop

import (
	"fmt"
	"strings"
	"testing"
)

// The table shapes of issue 27's independent comparison that the other
// scenarios do not have: the extremes of every type with NULLs nested at
// every level (in Parquet, ORC and Avro), a 300-column table, explicit-cast
// type changes by both sides, and mixed-case column names.
func init() {
	for _, format := range []string{"parquet", "orc", "avro"} {
		sc := extremes()
		sc.name += "_" + format
		sc.options["file.format"] = format
		scenarios = append(scenarios, sc)
	}
	scenarios = append(scenarios, wideTable(300), explicitCasts(), mixedCaseNames())
}

const featureExtremes = "extremes of every type, NULLs nested in rows, arrays and maps"

// extremes holds each type's smallest and largest values, empty strings
// and bytes, multi-byte text, and NULLs inside rows inside arrays, arrays
// inside maps and maps inside rows.
func extremes() scenario {
	row := func(fields ...any) map[string]any {
		out := make([]any, 0, len(fields)/3)
		for i := 0; i < len(fields); i += 3 {
			out = append(out, map[string]any{"id": fields[i], "name": fields[i+1], "type": fields[i+2]})
		}
		return map[string]any{"type": "ROW", "fields": out}
	}
	array := func(elem any) map[string]any { return map[string]any{"type": "ARRAY", "element": elem} }
	cols := []column{idCol, {"i", "INT"}, {"bi", "BIGINT"}, {"fl", "FLOAT"}, {"db", "DOUBLE"},
		{"dm", "DECIMAL(38, 0)"}, {"s", "STRING"}, {"vb", "BYTES"}, {"dt", "DATE"}, {"ts", "TIMESTAMP(6)"},
		{"arr", array(row(100, "a", "INT", 101, "b", array("STRING")))},
		{"mp", map[string]any{"type": "MAP", "key": "STRING NOT NULL", "value": array("INT")}},
		{"rw", row(102, "x", row(103, "y", "BIGINT"), 104, "m",
			map[string]any{"type": "MAP", "key": "INT NOT NULL", "value": "STRING"})}}
	allNull := func(id int) []any {
		v := make([]any, len(cols))
		v[0] = id
		return v
	}
	return scenario{name: "extremes", feature: featureExtremes, pk: []string{"id"}, cols: cols,
		options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(
				ins(1, -2147483648, int64(-9223372036854775808), 3.4028235e38, 4.9e-324,
					"99999999999999999999999999999999999999", "", "", "0001-01-01", "0001-01-01 00:00:00",
					[]any{nil, []any{nil, nil}, []any{1, []any{}}, []any{-2147483648, []any{nil, ""}}},
					map[string]any{"": nil, "e": []any{}, "n": []any{nil, 2147483647}},
					[]any{[]any{nil}, map[string]any{"1": nil, "-2147483648": ""}}),
				ins(2, 2147483647, int64(9223372036854775807), -3.4028235e38, 1.7976931348623157e308,
					"-99999999999999999999999999999999999999", "𝄞 ünï 中文 '\\", "AP8AAA==", "9999-12-31",
					"9999-12-31 23:59:59.999999", []any{}, map[string]any{}, []any{nil, nil}),
				ins(allNull(3)...)),
			sqlInserts(
				vals(4, 0, int64(0), 1.4e-45, -4.9e-324, "0", "'quoted' \\ back", "AA==", "1970-01-01",
					"1969-12-31 23:59:58.5", []any{[]any{nil, nil}}, map[string]any{"k": []any{nil}},
					// A JSON string: a JSON number this large is refused
					// (TestNestedBigNumbersExactOrRefused).
					[]any{[]any{"-9223372036854775808"}, map[string]any{}}),
				vals(5, -1, int64(-1), -1.4e-45, 2.2250738585072014e-308, "-1", "  ", "/w==", "0100-03-01",
					"0100-03-01 00:00:00.000001", []any{[]any{nil, []any{nil}}, nil}, map[string]any{"z": nil},
					[]any{nil, map[string]any{"0": nil}}),
				allNull(6)),
			sqlRuns("UPDATE {t} SET i = i - 1 WHERE id = 2", "DELETE FROM {t} WHERE id = 5"),
			javaCompacts(),
			javaWrites(ins(5, 7, int64(7), 0.5, -0.5, "1", "back", "", "1000-01-01", "1000-01-01 00:00:00.000001",
				[]any{[]any{nil, nil}}, map[string]any{"": []any{}}, []any{[]any{nil}, nil})),
		}}
}

// wideTable is a table of n columns (the id and n-1 of eight types,
// every 13th value NULL) written and updated by both sides.
func wideTable(n int) scenario {
	typesCycle := []string{"INT", "STRING", "DOUBLE", "DECIMAL(12, 3)", "BIGINT", "BOOLEAN", "DATE", "TIMESTAMP(3)"}
	cols := []column{idCol}
	for c := 1; c < n; c++ {
		cols = append(cols, column{fmt.Sprintf("c%03d", c), typesCycle[c%len(typesCycle)]})
	}
	value := func(r, c int) any {
		if (r+c)%13 == 0 {
			return nil
		}
		switch cols[c].typ {
		case "INT":
			return r*1000 + c
		case "STRING":
			return fmt.Sprintf("r%dc%d", r, c)
		case "DOUBLE":
			return float64(r) + float64(c)/4
		case "DECIMAL(12, 3)":
			return fmt.Sprintf("%d.%03d", r, c)
		case "BIGINT":
			return int64(r)<<40 + int64(c)
		case "BOOLEAN":
			return (r+c)%2 == 0
		case "DATE":
			return fmt.Sprintf("2024-01-%02d", c%28+1)
		}
		return fmt.Sprintf("2024-02-03 04:05:06.%03d", c)
	}
	rowOf := func(r int) []any {
		v := []any{r}
		for c := 1; c < n; c++ {
			v = append(v, value(r, c))
		}
		return v
	}
	var javaRows []row
	var sqlRows [][]any
	for r := 1; r <= 3; r++ {
		javaRows = append(javaRows, ins(rowOf(r)...))
		sqlRows = append(sqlRows, rowOf(r+3))
	}
	return scenario{name: fmt.Sprintf("wide_%d", n), feature: fmt.Sprintf("a table of %d columns", n),
		pk: []string{"id"}, cols: cols, options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(javaRows...),
			sqlInserts(sqlRows...),
			sqlRuns("UPDATE {t} SET c001 = 'updated', c299 = NULL WHERE id = 1", "DELETE FROM {t} WHERE id = 5"),
			javaCompacts(),
			javaWrites(ins(rowOf(7)...)),
		}}
}

// explicitCasts changes column types where Java allows only an explicit
// cast (strings to numbers, narrowing numbers, shorter strings, fewer
// decimal digits), by paimon-sql and by Java; both read the files of
// every schema, before and after compaction.
func explicitCasts() scenario {
	before := []column{idCol, {"s", "STRING"}, {"b", "BIGINT"}, {"d", "DOUBLE"}, {"v", "VARCHAR(20)"}, {"dc", "DECIMAL(10, 3)"}}
	afterSQL := []column{idCol, {"s", "INT"}, {"b", "INT"}, {"d", "BIGINT"}, {"v", "VARCHAR(2)"}, {"dc", "DECIMAL(5, 1)"}}
	afterJava := []column{idCol, {"s", "INT"}, {"b", "SMALLINT"}, {"d", "BIGINT"}, {"v", "VARCHAR(2)"}, {"dc", "DECIMAL(5, 1)"}}
	return scenario{name: "explicit_casts", feature: "schema evolution (explicit casts: strings to numbers, narrowing)",
		pk: []string{"id"}, cols: before, options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(ins(1, "42", int64(7), 2.75, "hello", "1.234"), ins(2, "-3", int64(-9), -0.5, "ab", "-9.876")),
			{sql: []string{"ALTER TABLE {t} MODIFY COLUMN s INT", "ALTER TABLE {t} MODIFY COLUMN b INT",
				"ALTER TABLE {t} MODIFY COLUMN d BIGINT", "ALTER TABLE {t} MODIFY COLUMN v VARCHAR(2)",
				"ALTER TABLE {t} MODIFY COLUMN dc DECIMAL(5, 1)"}, cols: afterSQL},
			sqlInserts(vals(3, 5, 6, int64(7), "xy", "2.5")),
			{alter: jstep{"modify": "b", "type": "SMALLINT"}, cols: afterJava},
			javaWrites(ins(4, 8, 9, int64(10), "zz", "3.1")),
			javaCompacts(),
			sqlRuns("UPDATE {t} SET b = b + 1 WHERE id = 1"),
		}}
}

// mixedCaseNames is a table paimon-sql creates with mixed-case column
// names that differ in more than case: Java reads them by their names.
func mixedCaseNames() scenario {
	return scenario{name: "mixed_case_names", feature: "mixed-case column names (case-only clashes refused)",
		pk:   []string{"Id"},
		cols: []column{{"Id", "INT NOT NULL"}, {"UserName", "STRING"}, {"aB", "INT"}},
		ddl:  "CREATE TABLE {t} (Id INT NOT NULL, UserName VARCHAR(20), aB INT, PRIMARY KEY (Id)) WITH ('bucket' = '1')",
		steps: []step{
			sqlInserts(vals(1, "Ann", 10)),
			javaWrites(ins(2, "Bob", 20)),
			sqlRuns("UPDATE {t} SET aB = aB + 1, UserName = 'ann' WHERE Id = 1"),
			{alter: jstep{"add": "Cd", "type": "INT"}, cols: []column{{"Id", "INT NOT NULL"}, {"UserName", "STRING"}, {"aB", "INT"}, {"Cd", "INT"}}},
			sqlInserts(vals(3, "Cy", 30, 3)),
			javaCompacts(),
		}}
}

// TestCaseOnlyColumnNamesMatchJava: Java creates and writes a table whose
// columns `a` and `A` differ only in case; paimon-sql refuses to read or
// write it (naming both) and refuses to create one, and Java still reads
// the table as it wrote it.
func TestCaseOnlyColumnNamesMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	cols := []column{idCol, {"a", "INT"}, {"A", "STRING"}}
	sc := scenario{name: "case_clash", cols: cols}
	j.must(t, dir, createStep(sc))
	j.must(t, dir, jstep{"op": "write", "table": "db.case_clash",
		"rows": []map[string]any{{"kind": "+I", "values": []any{1, 1, "upper"}}}})
	javaRows, err := javaRead(t, j, dir, "db.case_clash", nil, cols)
	if problem := differ([]string{"1 | 1 | upper"}, javaRows, err); problem != "" {
		t.Fatalf("Java does not read the table it wrote: %s", problem)
	}
	const feature = "mixed-case column names (case-only clashes refused)"
	for _, q := range []string{"SELECT * FROM db.case_clash", "SELECT `A` FROM db.case_clash",
		"INSERT INTO db.case_clash (id, a) VALUES (2, 2)"} {
		problem := ""
		if _, err := sqlRows(db, q); err == nil || !strings.Contains(err.Error(), "`a` and `A` differ only in case") {
			problem = fmt.Sprintf("%s: got %v, want the refusal naming both columns", q, err)
		}
		outcome(t, feature, dirJavaToSQL, "case_clash/"+strings.Fields(q)[0], problem)
	}
	problem := ""
	if err := sqlExec(db, "CREATE TABLE db.case_clash_sql (id INT, a INT, A VARCHAR(10))"); err == nil {
		problem = "paimon-sql creates a table whose columns differ only in case"
	}
	outcome(t, feature, dirSQLToJava, "case_clash/create", problem)
}

// TestNestedBigNumbersExactOrRefused: JSON numbers reach paimon-sql as
// doubles (go-mysql-server parses JSON so), so a nested BIGINT or DECIMAL
// beyond what a double keeps exactly is refused rather than stored
// rounded; written as JSON strings such values are stored exactly and Java
// reads them so.
func TestNestedBigNumbersExactOrRefused(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	cols := []column{idCol, {"bi", map[string]any{"type": "ARRAY", "element": "BIGINT"}},
		{"dm", map[string]any{"type": "ARRAY", "element": "DECIMAL(38, 0)"}}}
	j.must(t, dir, createStep(scenario{name: "big_numbers", cols: cols}))
	for _, lit := range []string{"'[9007199254740993]', NULL", "'[-9223372036854775808]', NULL",
		"NULL, '[12345678901234567890123]'", "NULL, '[1234567890123456]'"} {
		err := sqlExec(db, "INSERT INTO db.big_numbers VALUES (1, "+lit+")")
		if err == nil || !strings.Contains(err.Error(), "may have lost digits") {
			t.Errorf("%s: got %v, want the refusal of a JSON number a double cannot hold", lit, err)
		}
	}
	if err := sqlExec(db, `INSERT INTO db.big_numbers VALUES (2, '["9007199254740993", "-9223372036854775808", 9007199254740991]', `+
		`'["12345678901234567890123", 123456789012345]')`); err != nil {
		t.Fatal(err)
	}
	want := []string{`2 | ["9007199254740993","-9223372036854775808","9007199254740991"] | ["12345678901234567890123","123456789012345"]`}
	javaRows, err := javaRead(t, j, dir, "db.big_numbers", nil, cols)
	if problem := differ(want, javaRows, err); problem != "" {
		t.Errorf("Java reads: %s", problem)
	}
	ours, err := ourRead(db, "SELECT * FROM db.big_numbers", cols)
	if problem := differ(want, ours, err); problem != "" {
		t.Errorf("paimon-sql reads: %s", problem)
	}
}
