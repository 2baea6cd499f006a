package interop

import (
	"maps"
	"strings"
)

// The scenarios of file formats other than Java's defaults: Avro and ORC
// data files and Parquet and ORC manifests, each over the table kinds of the
// Parquet scenarios (append, primary key, partitioned, deletion vectors,
// every type), tables whose format changes between writes, and Avro's
// codecs (ORC's are in scenarios_test.go).
func init() { scenarios = append(scenarios, formatScenarios()...) }

func formatScenarios() []scenario {
	avro := map[string]string{"file.format": "avro"}
	parquetManifests := map[string]string{"manifest.format": "parquet"}
	orc := map[string]string{"file.format": "orc"}
	orcManifests := map[string]string{"manifest.format": "orc"}
	out := []scenario{
		variant("append_unaware", "avro_append", "Avro data files", avro),
		variant("append_fixed", "avro_append_fixed", "Avro data files", avro),
		variant("pk_dedup", "avro_pk", "Avro data files", avro),
		variant("pk_dv", "avro_pk_dv", "Avro data files", avro),
		variant("pk_partitioned", "avro_pk_partitioned", "Avro data files", avro),
		variant("partition_nulls", "avro_partition_nulls", "Avro data files", avro),
		variant("nested", "avro_nested", "Avro data files", avro),
		variant("nested_values", "avro_nested_values", "Avro data files", avro),
		variant("schema_evolution", "avro_schema_evolution", "Avro data files", avro),
		withoutColumn(variant("data_types", "avro_data_types", "Avro data files", avro), "t9",
			", t9 = '2024-01-01 00:00:00.5'"),
		variant("pk_dedup", "manifest_parquet_pk", "Parquet manifests", parquetManifests),
		variant("append_unaware", "manifest_parquet_append", "Parquet manifests", parquetManifests),
		variant("pk_dv", "manifest_parquet_dv", "Parquet manifests", parquetManifests),
		variant("pk_partitioned", "manifest_parquet_partitioned", "Parquet manifests", parquetManifests),
		variant("pk_dedup", "avro_files_parquet_manifests", "Avro data files",
			map[string]string{"file.format": "avro", "manifest.format": "parquet"}),
		variant("pk_dv", "orc_pk_dv", "ORC data files", orc),
		variant("pk_partitioned", "orc_pk_partitioned", "ORC data files", orc),
		variant("partition_nulls", "orc_partition_nulls", "ORC data files", orc),
		variant("schema_evolution", "orc_schema_evolution", "ORC data files", orc),
		variant("pk_dedup", "manifest_orc_pk", "ORC manifests", orcManifests),
		variant("append_unaware", "manifest_orc_append", "ORC manifests", orcManifests),
		variant("pk_dv", "manifest_orc_dv", "ORC manifests", orcManifests),
		variant("pk_partitioned", "manifest_orc_partitioned", "ORC manifests", orcManifests),
		variant("pk_dedup", "orc_files_orc_manifests", "ORC manifests",
			map[string]string{"file.format": "orc", "manifest.format": "orc"}),
		{name: "format_change", feature: "data files of several formats (ALTER TABLE SET file.format)",
			cols: basicCols, pk: []string{"id"}, options: map[string]string{"bucket": "1"},
			steps: []step{
				javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'avro')"),
				sqlInserts(vals(3, "c", "3.30"), vals(1, "a2", "1.11")),
				javaWrites(ins(4, "d", "4.40")),
				// Not manifest.format: Java reads every manifest in the
				// current one, so a table whose manifest.format changed
				// is unreadable for Java (paimon-sql reads either).
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'parquet')"),
				sqlInserts(vals(5, "e", "5.50")),
				javaWrites(del(2, "b", "2.20")),
				javaCompacts(),
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'avro')", "CALL sys.compact('{t}')"),
			}},
		{name: "format_change_orc", feature: "data files of several formats (ALTER TABLE SET file.format)",
			cols: basicCols, pk: []string{"id"}, options: map[string]string{"bucket": "1"},
			steps: []step{
				javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'orc')"),
				sqlInserts(vals(3, "c", "3.30"), vals(1, "a2", "1.11")),
				javaWrites(ins(4, "d", "4.40")),
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'avro')"),
				sqlInserts(vals(5, "e", "5.50")),
				javaWrites(del(2, "b", "2.20")),
				sqlRuns("ALTER TABLE {t} SET ('file.format' = 'orc')", "CALL sys.compact('{t}')"),
				javaWrites(ins(6, "f", "6.60")),
			}},
		{name: "format_per_level", feature: "data files of several formats (file.format.per.level)",
			cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "1", "file.format.per.level": "0:avro", "num-levels": "3"},
			steps: []step{
				javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
				javaCompacts(),
				javaWrites(ins(3, "c", "3.30")),
			}},
		{name: "format_per_level_orc", feature: "data files of several formats (file.format.per.level)",
			cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "1", "file.format": "orc", "file.format.per.level": "0:avro,2:parquet", "num-levels": "3"},
			steps: []step{
				javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
				javaCompacts(),
				sqlInserts(vals(3, "c", "3.30")),
				sqlRuns("CALL sys.compact('{t}')"),
				javaWrites(ins(4, "d", "4.40")),
			}},
	}
	for _, codec := range []string{"snappy", "deflate", "null"} {
		out = append(out, scenario{name: "avro_" + codec, feature: "Avro data files", cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "1", "file.format": "avro", "file.compression": codec},
			steps:   compressionSteps})
	}
	return out
}

// variant is the scenario named from under another name and feature, with
// options added.
func variant(from, name, feature string, options map[string]string) scenario {
	for _, sc := range scenarios {
		if sc.name != from {
			continue
		}
		sc.name, sc.feature = name, feature
		sc.options = maps.Clone(sc.options)
		if sc.options == nil {
			sc.options = map[string]string{}
		}
		maps.Copy(sc.options, options)
		return sc
	}
	panic("no scenario " + from)
}

// withoutColumn drops a column from a scenario's table, its rows and
// (removing cut) its statements.
func withoutColumn(sc scenario, col, cut string) scenario {
	idx := -1
	var cols []column
	for i, c := range sc.cols {
		if c.name == col {
			idx = i
			continue
		}
		cols = append(cols, c)
	}
	drop := func(v []any) []any {
		return append(append([]any(nil), v[:idx]...), v[idx+1:]...)
	}
	sc.cols = cols
	steps := make([]step, len(sc.steps))
	for i, st := range sc.steps {
		if st.java != nil {
			rows := make([]row, len(st.java))
			for j, r := range st.java {
				rows[j] = row{r.kind, drop(r.values)}
			}
			st.java = rows
		}
		if st.insert != nil {
			rows := make([][]any, len(st.insert))
			for j, r := range st.insert {
				rows[j] = drop(r)
			}
			st.insert = rows
		}
		if st.sql != nil {
			stmts := make([]string, len(st.sql))
			for j, s := range st.sql {
				stmts[j] = strings.ReplaceAll(s, cut, "")
			}
			st.sql = stmts
		}
		steps[i] = st
	}
	sc.steps = steps
	return sc
}
