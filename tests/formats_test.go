package tests

import (
	"fmt"
	"strings"
	"testing"
)

// Tables in the formats besides Java's defaults (Avro and ORC data files,
// Parquet and ORC manifests, and tables whose format changes between writes) behave as
// their Parquet twins: the same statements on each leave the same rows
// after every step, including compaction, overwrite and time travel.

// formatVariant is one twin: the options its CREATE TABLE adds, and the
// file format its data files must end up in.
type formatVariant struct {
	name, with, files string
}

var formatVariants = []formatVariant{
	{"pq", "", "parquet"},
	{"av", "'file.format' = 'avro'", "avro"},
	{"avm", "'file.format' = 'avro', 'manifest.format' = 'parquet'", "avro"},
	{"pqm", "'manifest.format' = 'parquet'", "parquet"},
	{"avs", "'file.format' = 'avro', 'file.compression' = 'snappy'", "avro"},
	{"oc", "'file.format' = 'orc'", "orc"},
	{"ocm", "'file.format' = 'orc', 'manifest.format' = 'orc'", "orc"},
	{"pqo", "'manifest.format' = 'orc', 'manifest.compression' = 'snappy'", "parquet"},
	{"ocz", "'file.format' = 'orc', 'file.compression' = 'zlib'", "orc"},
}

// formatScript is a table kind: its columns and options, and statements
// ({t} is the table) whose results are compared across variants.
type formatScript struct {
	name, cols, with string
	steps            []string
}

var formatScripts = []formatScript{
	{name: "append", cols: "id BIGINT, msg TEXT, amount DECIMAL(10,2), ts DATETIME(3), d DATE, ok BOOLEAN, f DOUBLE, b VARBINARY(10)",
		steps: []string{
			"INSERT INTO {t} VALUES (1, 'one', 1.50, '2024-01-02 03:04:05.678', '2024-01-02', true, 0.5, x'00ff'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
			"INSERT INTO {t} VALUES (3, 'three', -2.25, '1999-12-31 23:59:59.999', '1999-12-31', false, -1e10, x'')",
			"INSERT INTO {t} SELECT id + 10, msg, amount, ts, d, ok, f, b FROM {t}",
			"CALL sys.compact('{t}')",
			"INSERT OVERWRITE {t} SELECT * FROM {t} WHERE id <> 11",
		}},
	{name: "pk", cols: "id INT NOT NULL, name VARCHAR(50), score BIGINT, PRIMARY KEY (id)", with: "'bucket' = '2'",
		steps: []string{
			"INSERT INTO {t} VALUES (1, 'ann', 10), (2, 'bob', 20), (3, 'cid', 30), (4, 'dan', 40)",
			"UPDATE {t} SET score = score + 1 WHERE id IN (1, 3)",
			"DELETE FROM {t} WHERE id = 2",
			"INSERT INTO {t} VALUES (4, 'dora', 44), (5, 'eve', 50)",
			"CALL sys.compact('{t}')",
			"UPDATE {t} SET id = 6 WHERE id = 5",
		}},
	{name: "pkdv", cols: "id INT NOT NULL, v TEXT, PRIMARY KEY (id)", with: "'bucket' = '1', 'deletion-vectors.enabled' = 'true'",
		steps: []string{
			"INSERT INTO {t} VALUES (1, 'a'), (2, 'b'), (3, 'c')",
			"CALL sys.compact('{t}')",
			"INSERT INTO {t} VALUES (2, 'b2'), (4, 'd')",
			"CALL sys.compact(`table` => '{t}', compact_strategy => 'minor')",
			"DELETE FROM {t} WHERE id = 1",
		}},
	{name: "parted", cols: "dt TEXT, region TEXT, amount INT", with: "",
		steps: []string{
			"INSERT INTO {t} VALUES ('2024-01-01', 'eu', 1), ('2024-01-01', 'us', 2), ('2024-01-02', 'eu', 3), (NULL, 'xx', 9)",
			"INSERT OVERWRITE {t} PARTITION (dt = '2024-01-01') VALUES ('2024-01-01', 'asia', 100)",
			"INSERT OVERWRITE {t} /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES ('2024-01-02', 'sa', 7), ('2024-01-03', 'af', 8)",
		}},
	{name: "partial", cols: "id INT NOT NULL, a TEXT, b INT, PRIMARY KEY (id)", with: "'bucket' = '1', 'merge-engine' = 'partial-update'",
		steps: []string{
			"INSERT INTO {t} VALUES (1, 'a1', NULL), (2, NULL, 20)",
			"INSERT INTO {t} VALUES (1, NULL, 10), (3, 'c', NULL)",
			"CALL sys.compact('{t}')",
			"INSERT INTO {t} VALUES (2, 'b2', NULL)",
		}},
}

func TestFormatsBehaveAsParquet(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE fm")
	for _, sc := range formatScripts {
		t.Run(sc.name, func(t *testing.T) {
			tables := make([]string, len(formatVariants))
			for i, v := range formatVariants {
				tables[i] = fmt.Sprintf("fm.%s_%s", sc.name, v.name)
				with := strings.Trim(strings.Join([]string{sc.with, v.with}, ", "), ", ")
				ddl := fmt.Sprintf("CREATE TABLE %s (%s)", tables[i], sc.cols)
				if sc.name == "parted" {
					ddl += " PARTITIONED BY (dt)"
				}
				if with != "" {
					ddl += " WITH (" + with + ")"
				}
				sqlRun(t, w.db, ddl)
			}
			for n, step := range sc.steps {
				var want [][]string
				for i, tbl := range tables {
					sqlRun(t, w.db, strings.ReplaceAll(step, "{t}", tbl))
					got := mustQuery(t, w.db, "SELECT * FROM "+tbl).rows
					if i == 0 {
						want = got
						continue
					}
					sameRows(t, fmt.Sprintf("%s after step %d (%s)", tbl, n+1, step), got, want)
				}
			}
			// Every snapshot reads the same, and the files are in the
			// variant's format.
			for i, tbl := range tables {
				v := formatVariants[i]
				for id := 1; id <= len(sc.steps); id++ {
					q := fmt.Sprintf("SELECT * FROM %s AS OF %d", tbl, id)
					base := fmt.Sprintf("SELECT * FROM %s AS OF %d", tables[0], id)
					if _, err := query(w.db, base); err != nil {
						continue // the snapshot numbering differs after a no-op step
					}
					sameRows(t, q, mustQuery(t, w.db, q).rows, mustQuery(t, w.db, base).rows)
				}
				files := mustQuery(t, w.db, fmt.Sprintf("SELECT DISTINCT file_format FROM `%s$files`", strings.ReplaceAll(tbl, ".", "`.`")))
				if len(files.rows) != 1 || files.rows[0][0] != v.files {
					t.Errorf("%s: file formats %v, want %s", tbl, files.rows, v.files)
				}
				if !strings.Contains(v.with, "manifest.format") {
					name := tbl[strings.IndexByte(tbl, '.')+1:]
					checkStorage(t, w.fs, "fm", name)
				}
			}
		})
	}
}

// A table whose file.format changes reads every file in its own format,
// and compaction rewrites the mix into the current one.
func TestFormatChangeReadsEveryFile(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE fc",
		"CREATE TABLE fc.t (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1')",
		"INSERT INTO fc.t VALUES (1, 'a'), (2, 'b')",
		"ALTER TABLE fc.t SET ('file.format' = 'avro')",
		"INSERT INTO fc.t VALUES (2, 'b2'), (3, 'c')",
		"ALTER TABLE fc.t SET ('file.format' = 'parquet', 'manifest.format' = 'parquet')",
		"INSERT INTO fc.t VALUES (4, 'd')")
	want := split("1|a", "2|b2", "3|c", "4|d")
	wantRows(t, w.db, want, "SELECT * FROM fc.t")
	wantRows(t, w.db, split("avro", "parquet"), "SELECT DISTINCT file_format FROM fc.`t$files`")
	sqlRun(t, w.db, "ALTER TABLE fc.t SET ('file.format' = 'avro', 'manifest.format' = 'avro')", "CALL sys.compact('fc.t')")
	wantRows(t, w.db, want, "SELECT * FROM fc.t")
	wantRows(t, w.db, split("avro"), "SELECT DISTINCT file_format FROM fc.`t$files`")
	wantRows(t, w.db, split("1|a", "2|b"), "SELECT * FROM fc.t AS OF 1")

	// Per level: new files in Avro (ORC for lo, which has ORC manifests
	// too), rewritten ones in the table's format. As in Java, a full
	// compaction moves a lone level-0 file up unchanged, except where
	// lookup compaction (deletion vectors) rewrites level-0 files whose
	// level changes format. The tables are write-only, so that only
	// sys.compact compacts (a deletion-vector table otherwise compacts
	// level 0 at each commit).
	for _, c := range []struct{ table, with, level0, top, compacted string }{
		{"l", "'file.format.per.level' = '0:avro', 'file.compression.per.level' = '0:deflate'", "avro", "parquet", "avro|5"},
		{"ldv", "'file.format.per.level' = '0:avro', 'file.compression.per.level' = '0:deflate', 'deletion-vectors.enabled' = 'true'", "avro", "parquet", "parquet|5"},
		{"lo", "'file.format' = 'avro', 'file.format.per.level' = '0:orc', 'file.compression.per.level' = '0:zlib', 'manifest.format' = 'orc'", "orc", "avro", "orc|5"},
	} {
		table := c.table
		sqlRun(t, w.db, "CREATE TABLE fc."+table+" (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'write-only' = 'true', "+c.with+")",
			"INSERT INTO fc."+table+" VALUES (1, 'a'), (2, 'b')")
		files := "SELECT file_format, level FROM fc.`" + table + "$files`"
		wantRows(t, w.db, split(c.level0+"|0"), files)
		sqlRun(t, w.db, "CALL sys.compact('fc."+table+"')", "INSERT INTO fc."+table+" VALUES (3, 'c')")
		wantRows(t, w.db, split(c.level0+"|0", c.compacted), files)
		sqlRun(t, w.db, "INSERT INTO fc."+table+" VALUES (4, 'd')", "CALL sys.compact('fc."+table+"')")
		wantRows(t, w.db, split(c.top+"|5"), files)
		wantRows(t, w.db, split("1|a", "2|b", "3|c", "4|d"), "SELECT * FROM fc."+table)
		if !strings.Contains(c.with, "manifest.format") {
			checkStorage(t, w.fs, "fc", table)
		}
	}

	// What Avro cannot hold, and codecs it has not, are refused up front.
	for stmt, msg := range map[string]string{
		"CREATE TABLE fc.bad (t TIMESTAMP(9)) WITH ('file.format' = 'avro')":                           "precision",
		"CREATE TABLE fc.bad2 (i INT) WITH ('file.format' = 'avro', 'file.compression' = 'lz4')":       "avro files with",
		"CREATE TABLE fc.bad5 (i INT) WITH ('file.format' = 'avro', 'avro.codec' = 'bzip2')":           "avro.codec=bzip2",
		"CREATE TABLE fc.bad3 (i INT) WITH ('manifest.format' = 'csv')":                                "manifest.format=csv",
		"CREATE TABLE fc.bad4 (i INT NOT NULL PRIMARY KEY) WITH ('file.format.per.level' = '1:lance')": "lance",
	} {
		if err := sqlRunErr(t, w.db, stmt); !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want an error naming %q", stmt, err, msg)
		}
	}
}
