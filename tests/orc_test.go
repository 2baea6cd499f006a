package tests

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// ORC tables ('file.format' = 'orc') are written and read in every codec
// paimon-sql writes ORC with: primary keys merged across files, nested
// updates, deletes and compaction; every data file is ORC.
func TestORCTablesOverTheWire(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE o")
	for _, c := range []string{"", "zlib", "snappy", "lz4", "none"} {
		name := "t_" + c
		if c == "" {
			name = "t_default"
		}
		with := "'bucket' = '1', 'file.format' = 'orc'"
		if c != "" {
			with += fmt.Sprintf(", 'file.compression' = '%s'", c)
		}
		rows := make([]string, 3000)
		for i := range rows {
			rows[i] = fmt.Sprintf("(%d, 'v%d', %d.25, TIMESTAMP '2024-01-02 03:04:05.123456', DATE '2024-02-29', 0x%02x)", i, i%10, i, i%256)
		}
		sqlRun(t, e.db,
			"CREATE TABLE o."+name+" (id INT NOT NULL, s VARCHAR(20), d DECIMAL(12, 2), ts TIMESTAMP(6), dt DATE, "+
				"b VARBINARY(10), PRIMARY KEY (id)) WITH ("+with+")",
			"INSERT INTO o."+name+" VALUES "+strings.Join(rows, ", "),
			"INSERT INTO o."+name+" VALUES (5, 'five', -1.50, NULL, NULL, 0xff00ff)",
			"UPDATE o."+name+" SET s = 'updated' WHERE id = 7",
			"DELETE FROM o."+name+" WHERE id >= 2990",
			"CALL sys.compact('o."+name+"')")
		wantRows(t, e.db, [][]string{{"2990", "five", "-1.50", "ff00ff", "updated", "2024-01-02 03:04:05.123456", "2024-02-29", "12.25"}},
			"SELECT COUNT(*), MAX(CASE WHEN id = 5 THEN s END), MAX(CASE WHEN id = 5 THEN d END), "+
				"MAX(CASE WHEN id = 5 THEN LOWER(HEX(b)) END), MAX(CASE WHEN id = 7 THEN s END), "+
				"MAX(CASE WHEN id = 12 THEN ts END), MAX(dt), MAX(CASE WHEN id = 12 THEN d END) FROM o."+name)
		files, _ := filepath.Glob(filepath.Join(dir, "o.db", name, "bucket-0", "data-*"))
		if len(files) == 0 {
			t.Fatalf("%s: no data files", name)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(f, ".orc") || string(b[:3]) != "ORC" {
				t.Errorf("%s: %s is not an ORC file", name, filepath.Base(f))
			}
		}
	}
}

// Stripes are skipped by their statistics only where no row can match:
// filters over a table of many small stripes count exactly.
func TestORCStripeFilters(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = fmt.Sprintf("(%d, 'n%05d', %d)", i, i, i%3)
	}
	sqlRun(t, e.db, "CREATE DATABASE o",
		"CREATE TABLE o.a (id INT, name VARCHAR(10), k INT) WITH ('file.format' = 'orc', 'orc.stripe.size' = '16384')",
		"INSERT INTO o.a VALUES "+strings.Join(rows, ", "))
	wantRows(t, e.db, [][]string{{"101", "1000", "1100"}}, "SELECT COUNT(*), MIN(id), MAX(id) FROM o.a WHERE id BETWEEN 1000 AND 1100")
	wantRows(t, e.db, [][]string{{"1", "n19999"}}, "SELECT COUNT(*), MAX(name) FROM o.a WHERE name > 'n19998'")
	wantRows(t, e.db, [][]string{{"0"}}, "SELECT COUNT(*) FROM o.a WHERE id > 20000")
}

// A Parquet table switched to ORC, then to Avro, with its manifests
// switched to ORC on the way, writes each file in the format of its time
// and reads them all, before and after compaction; what ORC cannot be
// written with is refused up front.
func TestORCFormatChangesAndRefusals(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE o",
		"CREATE TABLE o.m (id INT NOT NULL, v VARCHAR(10), PRIMARY KEY (id)) WITH ('bucket' = '1')",
		"INSERT INTO o.m VALUES (1, 'parquet'), (2, 'parquet'), (4, 'parquet')",
		"ALTER TABLE o.m SET ('file.format' = 'orc', 'manifest.format' = 'orc')",
		"INSERT INTO o.m VALUES (2, 'orc'), (3, 'orc')",
		"ALTER TABLE o.m SET ('file.format' = 'avro')",
		"INSERT INTO o.m VALUES (4, 'avro')")
	want := [][]string{{"1", "parquet"}, {"2", "orc"}, {"3", "orc"}, {"4", "avro"}}
	wantRows(t, e.db, want, "SELECT * FROM o.m ORDER BY id")
	wantRows(t, e.db, [][]string{{"avro"}, {"orc"}, {"parquet"}}, "SELECT DISTINCT file_format FROM o.`m$files` ORDER BY 1")
	for _, ext := range []string{"parquet", "orc", "avro"} {
		if files, _ := filepath.Glob(filepath.Join(dir, "o.db", "m", "bucket-0", "data-*."+ext)); len(files) == 0 {
			t.Errorf("no .%s data file", ext)
		}
	}
	wantRows(t, e.db, [][]string{{"1", "parquet"}, {"2", "parquet"}, {"4", "parquet"}}, "SELECT * FROM o.m AS OF 1 ORDER BY id")
	sqlRun(t, e.db, "CALL sys.compact('o.m')")
	wantRows(t, e.db, want, "SELECT * FROM o.m ORDER BY id")
	wantRows(t, e.db, [][]string{{"avro"}}, "SELECT DISTINCT file_format FROM o.`m$files`")
	for stmt, want := range map[string]string{
		"CREATE TABLE o.g (id INT) WITH ('file.format' = 'orc', 'file.compression' = 'gzip')":          "ORC files with none, zlib, snappy, lz4 or zstd",
		"CREATE TABLE o.x (id INT) WITH ('file.format' = 'lance')":                                     "avro, orc, parquet",
		"CREATE TABLE o.d (id INT) WITH ('file.format' = 'orc', 'orc.dictionary.key.threshold' = '2')": "orc.dictionary.key.threshold",
	} {
		err := sqlRunErr(t, e.db, stmt)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error naming %q", stmt, err, want)
		}
	}
}

// A timestamp in the last second before 1970 with a fraction of a
// millisecond or more cannot be stored in ORC exactly (every ORC reader,
// Java's included, shows it one second later): writing one to an ORC file
// is refused with MySQL's 1292, by INSERT as by a compaction that would
// move it into ORC, and nothing is committed. Other pre-epoch values, and
// the same value in Parquet, read back exactly.
func TestORCRefusesTimestampsItCannotHold(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE o",
		"CREATE TABLE o.t (id INT, ts TIMESTAMP(6)) WITH ('file.format' = 'orc')",
		"CREATE TABLE o.p (id INT NOT NULL, ts TIMESTAMP(3), PRIMARY KEY (id)) WITH ('bucket' = '1')")
	refused := func(stmt, value string) {
		t.Helper()
		err := sqlRunErr(t, e.db, stmt)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1292 || string(me.SQLState[:]) != "22007" ||
			!strings.Contains(me.Message, "timestamp "+value) || !strings.Contains(me.Message, "'file.format' = 'parquet'") {
			t.Errorf("%s: got %v, want error 1292 (22007) naming %s and Parquet", stmt, err, value)
		}
	}
	refused("INSERT INTO o.t VALUES (1, '1969-12-31 23:59:59.999')", "1969-12-31 23:59:59.999")
	refused("INSERT INTO o.t VALUES (2, '1969-12-31 23:59:59.001'), (3, '2024-01-01 00:00:00')", "1969-12-31 23:59:59.001")
	wantRows(t, e.db, [][]string{{"0", "0"}}, "SELECT (SELECT COUNT(*) FROM o.t), (SELECT COUNT(*) FROM o.`t$snapshots`)")
	// Sub-millisecond fractions and earlier seconds survive ORC's encoding.
	sqlRun(t, e.db, "INSERT INTO o.t VALUES (4, '1969-12-31 23:59:59.000999'), (5, '1969-12-31 23:59:58.5'), "+
		"(6, '1969-12-31 23:59:59'), (7, '1900-06-01 12:00:00.25')")
	wantRows(t, e.db, [][]string{
		{"4", "1969-12-31 23:59:59.000999"}, {"5", "1969-12-31 23:59:58.500000"},
		{"6", "1969-12-31 23:59:59.000000"}, {"7", "1900-06-01 12:00:00.250000"},
	}, "SELECT id, ts FROM o.t ORDER BY id")

	// Parquet holds the value; compacting it into ORC is refused and
	// leaves the table as it was.
	sqlRun(t, e.db, "INSERT INTO o.p VALUES (1, '1969-12-31 23:59:59.999')",
		"INSERT INTO o.p VALUES (2, '2000-01-01 00:00:00')",
		"ALTER TABLE o.p SET ('file.format' = 'orc')")
	refused("CALL sys.compact('o.p')", "1969-12-31 23:59:59.999")
	refused("INSERT INTO o.p VALUES (3, '1969-12-31 23:59:59.5')", "1969-12-31 23:59:59.5")
	wantRows(t, e.db, [][]string{{"1", "1969-12-31 23:59:59.999"}, {"2", "2000-01-01 00:00:00.000"}}, "SELECT * FROM o.p ORDER BY id")
}
