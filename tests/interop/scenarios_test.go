package interop

import "fmt"

// Columns used by several scenarios.
var (
	idCol    = column{"id", "INT NOT NULL"}
	nameCol  = column{"name", "STRING"}
	priceCol = column{"price", "DECIMAL(10, 2)"}
)

// pkAlternation is the usual alternation on a primary-key table of
// (id, name, price): each side writes, updates, deletes and compacts on
// top of the other's changes.
var pkAlternation = []step{
	javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20"), ins(3, "c", "3.30")),
	sqlInserts(vals(4, "d", "4.40"), vals(2, "b2", "2.22")),
	javaWrites(ins(5, "e", "5.50"), del(1, "a", "1.10"), ins(3, "c3", "3.33")),
	sqlRuns("UPDATE {t} SET price = price * 2 WHERE id >= 3", "DELETE FROM {t} WHERE id = 2"),
	javaCompacts(),
	sqlRuns("INSERT INTO {t} VALUES (6, NULL, NULL)", "CALL sys.compact('{t}')"),
	javaWrites(ins(6, "f", "6.60"), ins(7, "g", "7.70")),
	sqlRuns("INSERT OVERWRITE {t} SELECT id, name, price FROM {t} WHERE id <> 5"),
	javaWrites(ins(8, "h", "8.80")),
	sqlRuns("TRUNCATE TABLE {t}"),
	javaWrites(ins(9, "i", "9.90")),
	sqlInserts(vals(10, "j", "10.00")),
}

// appendAlternation is the alternation for append tables.
var appendAlternation = []step{
	javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
	sqlInserts(vals(3, "c", "3.30"), vals(1, "a", "1.10")),
	javaWrites(ins(4, "d", "4.40")),
	sqlInserts(vals(5, NULL, NULL)),
	javaCompacts(),
	sqlRuns("INSERT INTO {t} VALUES (6, 'f', 6.6)", "CALL sys.compact('{t}')"),
	javaWrites(ins(7, "g", "7.70")),
	sqlRuns("INSERT OVERWRITE {t} SELECT id, name, price FROM {t} WHERE id > 2"),
	javaWrites(ins(8, "h", "8.80")),
	sqlRuns("TRUNCATE TABLE {t}"),
	javaWrites(ins(9, "i", "9.90")),
}

// compressionSteps write, compact and read files of one codec.
var compressionSteps = []step{
	javaWrites(generated(0, 500)...),
	sqlInserts(vals(1000, "x", "1.00"), vals(3, "y", "2.00")),
	javaCompacts(),
	// Pages (and dictionaries) of more than 128 KiB: several LZ4 blocks.
	{insert: generatedValues(2000, 14000)},
	javaCompacts(),
}

// dvMergeSteps alternate writes of the rows (id, a, b) with minor and
// full compactions by both sides, where lookup compaction merges level-0
// rows with deeper ones and marks the deeper ones deleted.
func dvMergeSteps(first, second, third, fourth []any) []step {
	return []step{
		javaWrites(ins(first...)),
		javaCompacts(),
		sqlInserts(second, third),
		sqlRuns("CALL sys.compact(`table` => '{t}', compact_strategy => 'minor')"),
		javaWrites(ins(fourth...)),
		sqlRuns("CALL sys.compact('{t}')"),
		sqlInserts(first),
		javaCompacts(),
	}
}

// generated are Java rows (id, name, price) for ids [from, to).
func generated(from, to int) []row {
	out := make([]row, 0, to-from)
	for _, v := range generatedValues(from, to) {
		out = append(out, ins(v...))
	}
	return out
}

// generatedValues are the values of rows (id, name, price) for ids [from, to).
func generatedValues(from, to int) [][]any {
	out := make([][]any, 0, to-from)
	for id := from; id < to; id++ {
		out = append(out, vals(id, fmt.Sprintf("name-%d-%x", id, id*7919), fmt.Sprintf("%d.%02d", id%1000, id%100)))
	}
	return out
}

// NULL is a NULL cell in a row.
var NULL any

var basicCols = []column{idCol, nameCol, priceCol}

var scenarios = []scenario{
	{name: "append_unaware", feature: "append table (bucket -1)", cols: basicCols,
		steps: appendAlternation},
	{name: "append_fixed", feature: "append table (fixed buckets)", cols: basicCols,
		options: map[string]string{"bucket": "3", "bucket-key": "id"}, steps: appendAlternation},
	{name: "append_sql_created", feature: "append table (bucket -1)", cols: basicCols,
		ddl: "CREATE TABLE {t} (id INT NOT NULL, name TEXT, price DECIMAL(10,2))", steps: appendAlternation},
	{name: "pk_dedup", feature: "primary key, deduplicate", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "2"}, steps: pkAlternation, auditLog: true},
	{name: "pk_sql_created", feature: "primary key, deduplicate", cols: basicCols,
		ddl:   "CREATE TABLE {t} (id INT NOT NULL PRIMARY KEY, name TEXT, price DECIMAL(10,2)) WITH ('bucket' = '3')",
		steps: pkAlternation},
	{name: "pk_dynamic_bucket", feature: "dynamic bucket (bucket -1)", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "-1", "dynamic-bucket.target-row-num": "3"}, steps: pkAlternation},
	{name: "pk_dv", feature: "deletion vectors", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "2", "deletion-vectors.enabled": "true"}, steps: pkAlternation},
	{name: "pk_bucket_mod", feature: "bucket-function.type", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "3", "bucket-function.type": "mod"}, steps: pkAlternation},
	{name: "pk_bucket_hive", feature: "bucket-function.type", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "3", "bucket-function.type": "hive"}, steps: pkAlternation},
	{name: "pk_input_changelog", feature: "changelog-producer input", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "input"}, steps: pkAlternation, auditLog: true},
	{name: "partial_update", feature: "partial-update", pk: []string{"id"},
		cols:    []column{idCol, {"a", "STRING"}, {"b", "INT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "partial-update"},
		steps: []step{
			javaWrites(ins(1, "a1", NULL), ins(2, NULL, 20)),
			sqlInserts(vals(1, NULL, 10), vals(3, "c", NULL)),
			javaWrites(ins(2, "b2", NULL), ins(3, NULL, 30)),
			sqlRuns("UPDATE {t} SET b = 11 WHERE id = 1"),
			javaCompacts(),
			sqlInserts(vals(2, NULL, 22)),
		}},
	{name: "partial_update_seq_group", feature: "partial-update", pk: []string{"id"},
		cols: []column{idCol, {"a", "STRING"}, {"ga", "INT"}, {"b", "STRING"}, {"gb", "INT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "partial-update",
			"fields.ga.sequence-group": "a", "fields.gb.sequence-group": "b"},
		steps: []step{
			javaWrites(ins(1, "a1", 5, "b1", 5)),
			sqlInserts(vals(1, "a0", 4, "b2", 6)),
			javaWrites(ins(1, "a3", 7, "b0", 1)),
			sqlRuns("CALL sys.compact('{t}')"),
			javaWrites(ins(1, NULL, NULL, "b9", 9)),
		}},
	{name: "aggregation", feature: "aggregation", pk: []string{"id"},
		cols: []column{idCol, {"s", "BIGINT"}, {"mx", "INT"}, {"mn", "DECIMAL(10, 2)"}, {"lnn", "STRING"},
			{"fv", "STRING"}, {"la", "STRING"}, {"bo", "BOOLEAN"}, {"ba", "BOOLEAN"}, {"pr", "DOUBLE"}, {"lv", "INT"}, {"fnn", "STRING"}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation",
			"fields.s.aggregate-function": "sum", "fields.mx.aggregate-function": "max",
			"fields.mn.aggregate-function": "min", "fields.lnn.aggregate-function": "last_non_null_value",
			"fields.fv.aggregate-function": "first_value", "fields.la.aggregate-function": "listagg",
			"fields.bo.aggregate-function": "bool_or", "fields.ba.aggregate-function": "bool_and",
			"fields.pr.aggregate-function": "product", "fields.lv.aggregate-function": "last_value",
			"fields.fnn.aggregate-function": "first_non_null_value"},
		steps: []step{
			javaWrites(ins(1, 10, 3, "2.50", "x", "f1", "p", false, true, 2.0, 1, NULL), ins(2, 1, 1, "1.00", NULL, NULL, "q", true, true, 1.5, 1, "n")),
			sqlInserts(vals(1, 5, 7, "1.25", NULL, "f2", "r", true, false, 3.0, NULL, "m")),
			javaWrites(ins(1, -3, 1, "9.99", "y", "f3", "s", false, true, 0.5, 3, "o")),
			sqlRuns("CALL sys.compact('{t}')"),
			sqlInserts(vals(2, 2, 0, "0.10", "z", "g", "t", false, false, 4.0, 2, NULL)),
			javaCompacts(),
		}},
	{name: "aggregation_retract", feature: "aggregation", pk: []string{"id"},
		cols: []column{idCol, {"s", "BIGINT"}, {"p", "DOUBLE"}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation",
			"fields.s.aggregate-function": "sum", "fields.p.aggregate-function": "product"},
		steps: []step{
			javaWrites(ins(1, 10, 2.0), ins(2, 5, 3.0), ins(3, 1, 1.0)),
			sqlInserts(vals(1, 5, 4.0)),
			javaWrites(row{"-U", vals(1, 3, 2.0)}, row{"+U", vals(1, 4, 0.5)}),
			// Row-level DELETE and UPDATE of an aggregation table are refused by
			// paimon-sql as by Java's engines (tests/options_refusal_test.go);
			// retractions come from Java's writer.
			javaWrites(del(2, 5, 3.0)),
			javaWrites(row{"-U", vals(3, 1, 1.0)}, row{"+U", vals(3, 100, 1.0)}),
			sqlInserts(vals(2, 7, 2.0)),
			sqlInserts(vals(3, 100, 0.5)),
			javaWrites(del(1, 1, 1.0)),
			sqlRuns("CALL sys.compact('{t}')"),
		}},
	{name: "aggregation_remove_on_delete", feature: "aggregation", pk: []string{"id"},
		cols: []column{idCol, {"s", "BIGINT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation",
			"fields.s.aggregate-function": "sum", "aggregation.remove-record-on-delete": "true"},
		steps: []step{
			javaWrites(ins(1, 10), ins(2, 5)),
			sqlRuns("DELETE FROM {t} WHERE id = 2"),
			javaWrites(del(1, 0)),
			sqlInserts(vals(1, 7)),
		}},
	{name: "partial_update_remove_on_delete", feature: "partial-update", pk: []string{"id"},
		cols: []column{idCol, {"a", "STRING"}, {"b", "INT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "partial-update",
			"partial-update.remove-record-on-delete": "true"},
		steps: []step{
			javaWrites(ins(1, "a", NULL), ins(2, "b", 2)),
			sqlRuns("DELETE FROM {t} WHERE id = 1"),
			javaWrites(ins(2, NULL, 3), del(2, NULL, NULL)),
			sqlInserts(vals(2, "c", NULL)),
		}},
	{name: "dedup_ignore_delete", feature: "primary key, deduplicate", pk: []string{"id"}, cols: basicCols,
		options: map[string]string{"bucket": "1", "ignore-delete": "true"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			sqlRuns("DELETE FROM {t} WHERE id = 1"),
			javaWrites(del(2, "b", "2.00")),
			sqlInserts(vals(3, "c", "3.00")),
		}},
	{name: "first_row", feature: "first-row", pk: []string{"id"}, cols: basicCols,
		options: map[string]string{"bucket": "1", "merge-engine": "first-row"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00")),
			javaCompacts(),
			sqlInserts(vals(1, "a2", "1.50"), vals(2, "b", "2.00")),
			sqlRuns("CALL sys.compact('{t}')"),
			javaWrites(ins(2, "b2", "2.50"), ins(3, "c", "3.00")),
			javaCompacts(),
		}},
	{name: "partition_nulls", feature: "partitions with NULL and empty values",
		cols: []column{idCol, {"p", "STRING"}, {"q", "INT"}}, parts: []string{"p", "q"},
		steps: []step{
			javaWrites(ins(1, "x", 1), ins(2, NULL, 1), ins(3, "", NULL), ins(4, NULL, NULL)),
			sqlInserts(vals(5, NULL, 2), vals(6, "x", NULL), vals(7, "", 3)),
			sqlRuns("INSERT OVERWRITE {t} PARTITION (p = NULL, q = 1) (id) VALUES (8)"),
			javaWrites(ins(9, NULL, 1)),
		}},
	{name: "pk_partitioned", feature: "partitioned primary-key table", pk: []string{"dt", "id"}, parts: []string{"dt"},
		cols:    []column{idCol, {"dt", "DATE NOT NULL"}, nameCol},
		options: map[string]string{"bucket": "2"},
		steps: []step{
			javaWrites(ins(1, "2024-01-01", "a"), ins(1, "2024-01-02", "b")),
			sqlInserts(vals(2, "2024-01-01", "c"), vals(1, "2024-01-02", "b2")),
			sqlRuns("INSERT OVERWRITE {t} PARTITION (dt = '2024-01-01') (id, name) VALUES (3, 'd')"),
			javaWrites(del(1, "2024-01-02", "b2"), ins(4, "2024-01-03", "e")),
			sqlRuns("DELETE FROM {t} WHERE dt = '2024-01-03'"),
		}},
	{name: "data_types", feature: "data types (numbers, decimals, strings, binary, date, time, timestamps 0/3/6/9, local time zone)",
		pk: []string{"id"}, options: map[string]string{"bucket": "1"},
		cols: []column{idCol, {"ti", "TINYINT"}, {"si", "SMALLINT"}, {"bi", "BIGINT"}, {"bo", "BOOLEAN"},
			{"fl", "FLOAT"}, {"db", "DOUBLE"}, {"d1", "DECIMAL(1, 0)"}, {"d2", "DECIMAL(9, 4)"}, {"d3", "DECIMAL(18, 6)"},
			{"d4", "DECIMAL(19, 2)"}, {"d5", "DECIMAL(38, 10)"}, {"ch", "CHAR(5)"}, {"vc", "VARCHAR(20)"},
			{"bn", "BINARY(3)"}, {"vb", "VARBINARY(10)"}, {"by", "BYTES"}, {"dt", "DATE"}, {"tm", "TIME"},
			{"t0", "TIMESTAMP(0)"}, {"t3", "TIMESTAMP(3)"}, {"t6", "TIMESTAMP(6)"}, {"t9", "TIMESTAMP(9)"},
			{"l3", "TIMESTAMP(3) WITH LOCAL TIME ZONE"}, {"l6", "TIMESTAMP(6) WITH LOCAL TIME ZONE"}},
		steps: []step{
			javaWrites(ins(1, -128, -32768, int64(-9223372036854775808), true, 1.5, -2.25, "9", "12345.6789",
				"123456789012.345678", "12345678901234567.89", "1234567890123456789012345678.0123456789",
				"abcde", "hello", "AQID", "AAEC/w==", "", "1970-01-01", "23:59:59.999",
				"2024-02-29 12:00:00", "1969-12-31 23:59:59.999", "2000-01-01 00:00:00.000001",
				"2024-06-30 01:02:03.123456789", "2024-01-01 00:00:00.001", "1999-12-31 23:59:59.999999"),
				ins(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
					NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)),
			sqlInserts(vals(3, 127, 32767, int64(9223372036854775807), false, -0.25, 1e-300, "-9", "-0.0001",
				"-0.000001", "-99999999999999999.99", "-0.0000000001",
				"z", "", "AAAA", "", "AP8=", "9999-12-31", "00:00:00",
				"1900-01-01 00:00:00", "2262-04-11 23:47:16.854", "1677-09-21 00:12:43.145225",
				"2024-06-30 01:02:03.000000001", "1970-01-01 00:00:00", "2038-01-19 03:14:08.123456")),
			sqlRuns("UPDATE {t} SET d5 = d5 + 1, t9 = '2024-01-01 00:00:00.5' WHERE id = 1"),
			javaCompacts(),
		}},
	// IEEE infinities and NaN, which MySQL columns cannot hold but Java
	// writes: read as stored, in FLOAT as in DOUBLE.
	{name: "float_specials", feature: "data types (numbers, decimals, strings, binary, date, time, timestamps 0/3/6/9, local time zone)",
		pk: []string{"id"}, options: map[string]string{"bucket": "1"},
		cols: []column{idCol, {"fl", "FLOAT"}, {"db", "DOUBLE"}},
		steps: []step{
			javaWrites(ins(1, "Infinity", "-Infinity"), ins(2, "-Infinity", "Infinity"), ins(3, "NaN", "NaN"),
				ins(4, 3.4028235e38, -1.7976931348623157e308)),
		}},
	{name: "nested", feature: "nested types (ARRAY, MAP, ROW)", pk: []string{"id"},
		options: map[string]string{"bucket": "1"},
		cols: []column{idCol,
			{"arr", map[string]any{"type": "ARRAY", "element": "INT"}},
			{"mp", map[string]any{"type": "MAP", "key": "STRING NOT NULL", "value": "BIGINT"}},
			{"rw", map[string]any{"type": "ROW", "fields": []any{
				map[string]any{"id": 10, "name": "x", "type": "INT"},
				map[string]any{"id": 11, "name": "y", "type": "STRING"}}}}},
		steps: []step{
			javaWrites(ins(1, []any{1, nil, 3}, map[string]any{"k": 1, "n": nil}, []any{5, "five"}),
				ins(2, []any{}, map[string]any{}, []any{nil, nil}), ins(3, nil, nil, nil)),
			sqlInserts(vals(4, []any{7}, map[string]any{"z": 26}, []any{1, "one"})),
			javaCompacts(),
		}},
	{name: "nested_values", feature: "nested types (ARRAY, MAP, ROW)", pk: []string{"id"},
		options: map[string]string{"bucket": "1"},
		cols: []column{idCol,
			{"decs", map[string]any{"type": "ARRAY", "element": "DECIMAL(10, 2)"}},
			{"times", map[string]any{"type": "ARRAY", "element": "TIMESTAMP(3)"}},
			{"r", map[string]any{"type": "ROW", "fields": []any{
				map[string]any{"id": 10, "name": "d", "type": "DATE"},
				map[string]any{"id": 11, "name": "b", "type": "BYTES"},
				map[string]any{"id": 12, "name": "f", "type": "DOUBLE"},
				map[string]any{"id": 13, "name": "a", "type": map[string]any{"type": "ARRAY", "element": "STRING"}}}}},
			{"im", map[string]any{"type": "MAP", "key": "INT NOT NULL", "value": "BOOLEAN"}}},
		steps: []step{
			javaWrites(ins(1, []any{"1.50", nil, "-0.01"}, []any{"2024-01-02 03:04:05.006", "1970-01-01 00:00:00"},
				[]any{"2024-02-29", "AP8=", 0.25, []any{"x", nil}}, map[string]any{"1": true, "-2": false})),
			sqlInserts(vals(2, []any{"2.00"}, []any{"2000-01-01 00:00:00.5"}, []any{"1999-12-31", "AQ==", -1.5, []any{}}, map[string]any{"7": nil})),
			javaCompacts(),
		}},
	{name: "variant", feature: "VARIANT", pk: []string{"id"}, options: map[string]string{"bucket": "1"},
		cols: []column{idCol, {"v", "VARIANT"}},
		steps: []step{
			javaWrites(ins(1, `{"a": 1, "b": [true, null, "x"], "c": {"d": 2.5}}`), ins(2, `"text"`), ins(3, nil)),
			sqlInserts(vals(4, nil)),
			javaCompacts(),
		}},
	{name: "schema_evolution", feature: "schema evolution (add, rename, drop, widen, reorder)", pk: []string{"id"},
		options: map[string]string{"bucket": "1"},
		cols:    []column{idCol, {"a", "INT"}, {"b", "STRING"}},
		steps: []step{
			javaWrites(ins(1, 10, "x"), ins(2, 20, "y")),
			{sql: []string{"ALTER TABLE {t} ADD COLUMN c TEXT"}, cols: []column{idCol, {"a", "INT"}, {"b", "STRING"}, {"c", "STRING"}}},
			javaWrites(ins(3, 30, "z", "c3")),
			sqlRuns("ALTER TABLE {t} MODIFY COLUMN a BIGINT", "ALTER TABLE {t} RENAME COLUMN b TO bb"),
			sqlInserts(vals(4, 40, "w", "c4")),
			{alter: jstep{"add": "d", "type": "DOUBLE"}, cols: []column{idCol, {"a", "BIGINT"}, {"bb", "STRING"}, {"c", "STRING"}, {"d", "DOUBLE"}}},
			javaWrites(ins(1, 11, "x1", "c1", 1.5)),
			{alter: jstep{"drop": "c"}, cols: []column{idCol, {"a", "BIGINT"}, {"bb", "STRING"}, {"d", "DOUBLE"}}},
			sqlInserts(vals(5, 50, "v", 2.5)),
			{alter: jstep{"rename": "bb", "to": "b2"}},
			{sql: []string{"ALTER TABLE {t} ADD COLUMN e INT FIRST"}, cols: []column{{"e", "INT"}, idCol, {"a", "BIGINT"}, {"b2", "STRING"}, {"d", "DOUBLE"}}},
			javaWrites(ins(6, 7, 70, "u", 3.5)),
			javaCompacts(),
			sqlRuns("UPDATE {t} SET a = a + 1, e = 1 WHERE id = 2"),
		}},
	{name: "tags", feature: "tags", pk: []string{"id"}, cols: basicCols,
		options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00")),
			javaTags("j1"),
			sqlInserts(vals(2, "b", "2.00")),
			sqlRuns("CALL sys.create_tag('{t}', 's1')"),
			javaWrites(ins(1, "a2", "1.50")),
			javaTags("j2"),
			sqlRuns("CALL sys.delete_tag('{t}', 'j1')"),
			sqlInserts(vals(3, "c", "3.00")),
		}},
	{name: "pk_lookup_changelog", feature: "changelog-producer lookup", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "lookup"}, auditLog: true, steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			javaWrites(ins(1, "a2", "1.50")),
			sqlInserts(vals(3, "c", "3.00")),
			javaCompacts(),
		}},
	{name: "pk_full_compaction_changelog", feature: "changelog-producer full-compaction", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "full-compaction"}, auditLog: true, steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			javaCompacts(),
			javaWrites(ins(1, "a2", "1.50")),
			sqlInserts(vals(3, "c", "3.00")),
		}},
	{name: "append_dv", feature: "deletion vectors", cols: basicCols,
		options: map[string]string{"deletion-vectors.enabled": "true"}, steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00"), ins(3, "c", "3.00")),
			sqlRuns("DELETE FROM {t} WHERE id = 2"),
			javaWrites(ins(4, "d", "4.00")),
			sqlRuns("UPDATE {t} SET name = 'x' WHERE id IN (1, 4)"),
			javaCompacts(),
			sqlInserts(vals(5, "e", "5.00")),
		}},
	{name: "append_fixed_dv", feature: "deletion vectors", cols: basicCols,
		options: map[string]string{"bucket": "2", "bucket-key": "id", "deletion-vectors.enabled": "true"}, steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00"), ins(3, "c", "3.00")),
			sqlRuns("DELETE FROM {t} WHERE id >= 2"),
			javaWrites(ins(4, "d", "4.00")),
			sqlRuns("UPDATE {t} SET price = 0 WHERE id = 4"),
		}},
	{name: "row_tracking", feature: "row tracking", cols: basicCols,
		options: map[string]string{"row-tracking.enabled": "true"}, steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			sqlInserts(vals(3, "c", "3.00")),
			javaWrites(ins(4, "d", "4.00")),
		}},
	{name: "branches", feature: "branches", pk: []string{"id"}, cols: basicCols,
		options: map[string]string{"bucket": "1"},
		steps: []step{
			javaWrites(ins(1, "a", "1.00"), ins(2, "b", "2.00")),
			sqlRuns("CALL sys.create_tag('{t}', 'base')"),
			{javaOp: jstep{"op": "createBranch", "branch": "dev", "tag": "base"}},
			{branch: "dev", insert: [][]any{vals(3, "c", "3.00"), vals(1, "a-dev", "1.10")}},
			{branch: "dev", java: []row{ins(4, "d", "4.00"), del(2, "b", "2.00")}},
			javaWrites(ins(5, "e", "5.00")),
			{branch: "dev", sql: []string{"UPDATE {t} SET price = 9 WHERE id = 3"}},
			{branch: "dev", compact: true},
			sqlInserts(vals(6, "f", "6.00")),
		}},
	{name: "aggregation_nested", feature: "aggregation (collect, merge_map)", pk: []string{"id"},
		cols: []column{idCol, {"c", map[string]any{"type": "ARRAY", "element": "INT"}},
			{"m", map[string]any{"type": "MAP", "key": "STRING NOT NULL", "value": "INT"}},
			{"d", map[string]any{"type": "ARRAY", "element": "STRING"}}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation",
			"fields.c.aggregate-function": "collect", "fields.m.aggregate-function": "merge_map",
			"fields.d.aggregate-function": "collect", "fields.d.distinct": "true"},
		steps: []step{
			javaWrites(ins(1, []any{1}, map[string]any{"a": 1}, []any{"x", "y"})),
			javaWrites(ins(1, []any{2, 3}, map[string]any{"b": 2}, []any{"y", "z", "banana"}), ins(2, nil, nil, nil)),
			sqlInserts(vals(1, []any{4, nil}, map[string]any{"a": 5, "c": nil}, []any{"cherry", "x", nil}),
				vals(2, []any{}, map[string]any{}, []any{"q", "q"})),
			javaCompacts(),
			javaWrites(ins(1, []any{5}, map[string]any{"d": 7}, []any{"apple", "y"})),
			sqlRuns("CALL sys.compact('{t}')"),
			javaWrites(ins(2, []any{6}, map[string]any{"e": 8}, []any{"r"})),
		}},
	{name: "aggregation_nested_rows", feature: "aggregation (merge_map_with_keytime, nested_update, nested_partial_update, rbm32)",
		pk: []string{"id"},
		cols: []column{idCol,
			{"nu", map[string]any{"type": "ARRAY", "element": map[string]any{"type": "ROW", "fields": []any{
				map[string]any{"id": 10, "name": "k", "type": "INT"},
				map[string]any{"id": 11, "name": "v", "type": "STRING"}}}}},
			{"np", map[string]any{"type": "ARRAY", "element": map[string]any{"type": "ROW", "fields": []any{
				map[string]any{"id": 12, "name": "k", "type": "INT"},
				map[string]any{"id": 13, "name": "a", "type": "STRING"},
				map[string]any{"id": 14, "name": "b", "type": "INT"}}}}},
			{"mk", map[string]any{"type": "MAP", "key": "STRING NOT NULL", "value": map[string]any{"type": "ROW", "fields": []any{
				map[string]any{"id": 15, "name": "v", "type": "INT"},
				map[string]any{"id": 16, "name": "ts", "type": "STRING"}}}}},
			{"rb", "BYTES"}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation",
			"fields.nu.aggregate-function": "nested_update", "fields.nu.nested-key": "k",
			"fields.np.aggregate-function": "nested_partial_update", "fields.np.nested-key": "k",
			"fields.mk.aggregate-function": "merge_map_with_keytime", "fields.rb.aggregate-function": "rbm32"},
		steps: []step{
			javaWrites(ins(1, []any{[]any{5, "a"}, []any{1, "b"}, []any{17, "c"}}, []any{[]any{1, "a", nil}, []any{2, nil, 5}},
				map[string]any{"a": []any{1, "2024-01-01"}, "b": []any{2, nil}, "c": []any{3, "2024-05-05"}},
				"OjAAAAIAAAAAAAIAAQAAABgAAAAeAAAAAQACAAMAoIY=")),
			sqlInserts(vals(1, []any{[]any{1, "x"}, []any{33, "y"}, nil, []any{2, "z"}},
				[]any{[]any{1, nil, 7}, []any{3, "c", nil}, []any{2, "b", nil}},
				map[string]any{"a": []any{9, "2024-02-01"}, "b": []any{8, "2023"}, "d": []any{4, nil}, "e": []any{5, "x"}},
				"OzABAAEAALMLAQAAAAEABACzC3AR"),
				vals(2, []any{[]any{7, "q"}}, nil, nil, "OzABAAEAALMLAQAAAAEABACzC3AR")),
			javaCompacts(),
			javaWrites(ins(2, []any{[]any{7, "r"}, []any{8, "s"}}, []any{[]any{4, "d", 4}}, map[string]any{"z": []any{0, "1"}}, nil),
				ins(1, nil, []any{[]any{3, nil, 3}}, map[string]any{"a": []any{10, "2024-01-15"}}, nil)),
			sqlRuns("CALL sys.compact('{t}')"),
		}},
	{name: "sequence_field", feature: "sequence.field", pk: []string{"id"},
		cols:    []column{idCol, nameCol, {"ts", "BIGINT"}},
		options: map[string]string{"bucket": "1", "sequence.field": "ts"},
		steps: []step{
			javaWrites(ins(1, "a5", 5), ins(2, "b5", 5)),
			sqlInserts(vals(1, "a3", 3), vals(2, "b7", 7), vals(3, "c1", 1)),
			javaWrites(ins(3, "c0", 0), ins(1, "a6", 6)),
			sqlRuns("UPDATE {t} SET name = 'upd', ts = 4 WHERE id = 2"),
			javaCompacts(),
			sqlRuns("CALL sys.compact('{t}')"),
		}},
	{name: "pk_dynamic_partitioned", feature: "dynamic bucket (bucket -1)", pk: []string{"dt", "id"}, parts: []string{"dt"},
		cols:    []column{idCol, {"dt", "STRING NOT NULL"}, nameCol},
		options: map[string]string{"bucket": "-1", "dynamic-bucket.target-row-num": "2"},
		steps: []step{
			javaWrites(ins(1, "a", "x"), ins(2, "a", "y"), ins(3, "a", "z"), ins(1, "b", "w")),
			sqlInserts(vals(4, "a", "q"), vals(1, "a", "x2"), vals(2, "b", "r")),
			javaWrites(ins(5, "a", "s"), ins(4, "a", "q2"), ins(2, "b", "r2")),
			javaCompacts(),
			sqlRuns("DELETE FROM {t} WHERE id = 3", "UPDATE {t} SET name = 'u' WHERE dt = 'b'"),
		}},
	{name: "many_rows", feature: "large files (many rows, pages and row groups)", pk: []string{"id"},
		cols: basicCols, options: map[string]string{"bucket": "2"},
		steps: []step{
			javaWrites(generated(0, 30000)...),
			{insert: generatedValues(25000, 35000)},
			javaCompacts(),
			sqlRuns("DELETE FROM {t} WHERE id % 7 = 0"),
		}},
	{name: "compression_snappy", feature: "file.compression", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "file.compression": "snappy"}, steps: compressionSteps},
	{name: "compression_gzip", feature: "file.compression", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "file.compression": "gzip"}, steps: compressionSteps},
	{name: "compression_lz4", feature: "file.compression", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "file.compression": "lz4"}, steps: compressionSteps},
	{name: "compression_none", feature: "file.compression", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "file.compression": "none"}, steps: compressionSteps},
	{name: "partial_update_dv", feature: "deletion vectors", pk: []string{"id"},
		cols:    []column{idCol, {"a", "STRING"}, {"b", "INT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "partial-update", "deletion-vectors.enabled": "true"},
		steps:   dvMergeSteps(vals(1, "a", NULL), vals(1, NULL, 5), vals(2, "b", 2), vals(1, "a2", NULL)),
	},
	{name: "aggregation_dv", feature: "deletion vectors", pk: []string{"id"},
		cols: []column{idCol, {"a", "STRING"}, {"b", "INT"}},
		options: map[string]string{"bucket": "1", "merge-engine": "aggregation", "deletion-vectors.enabled": "true",
			"fields.a.aggregate-function": "listagg", "fields.b.aggregate-function": "sum"},
		steps: dvMergeSteps(vals(1, "a", 1), vals(1, "x", 5), vals(2, "b", 2), vals(1, "y", 10)),
	},
	{name: "sequence_field_dv", feature: "deletion vectors", pk: []string{"id"},
		cols:    []column{idCol, {"a", "STRING"}, {"b", "INT"}},
		options: map[string]string{"bucket": "1", "sequence.field": "b", "deletion-vectors.enabled": "true"},
		steps:   dvMergeSteps(vals(1, "a", 5), vals(1, "x", 3), vals(2, "b", 2), vals(1, "y", 10)),
	},
	{name: "orc", feature: "ORC data files", cols: basicCols, options: map[string]string{"file.format": "orc"},
		steps: appendAlternation},
	{name: "orc_pk", feature: "ORC data files", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"file.format": "orc", "bucket": "2"}, steps: pkAlternation},
	{name: "orc_many_rows", feature: "ORC data files", pk: []string{"id"},
		cols: basicCols, options: map[string]string{"file.format": "orc", "bucket": "1", "orc.stripe.size": "65536"},
		steps: []step{
			javaWrites(generated(0, 30000)...),
			{insert: generatedValues(25000, 35000)},
			javaCompacts(),
			sqlRuns("DELETE FROM {t} WHERE id % 7 = 0"),
		}},
}

// The ORC variants of the type scenarios and of every codec: Java and
// paimon-sql write ORC files of the same tables and read each other's.
func init() {
	for _, sc := range scenarios {
		if sc.name != "data_types" && sc.name != "nested" && sc.name != "nested_values" {
			continue
		}
		sc.name, sc.feature = "orc_"+sc.name, "ORC data files"
		sc.options = withOption(sc.options, "file.format", "orc")
		scenarios = append(scenarios, sc)
	}
	for _, c := range []string{"zlib", "snappy", "lz4", "none"} {
		scenarios = append(scenarios, scenario{name: "orc_" + c, feature: "ORC data files", cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "1", "file.format": "orc", "file.compression": c}, steps: compressionSteps})
	}
}

func withOption(opts map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for key, val := range opts {
		out[key] = val
	}
	return out
}
