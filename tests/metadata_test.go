package tests

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShowDatabasesListsEveryWarehouseDatabase(t *testing.T) {
	e := startServer(t, nil)
	res := mustQuery(t, e.db, "SHOW DATABASES")
	got := map[string]bool{}
	for _, d := range res.column(res.cols[0]) {
		got[d] = true
	}
	for _, name := range fixtureTables(t) {
		if !got[name] {
			t.Errorf("SHOW DATABASES lacks %s: %v", name, res.rows)
		}
		delete(got, name)
	}
	// Besides the warehouse's, only the server's own databases.
	for d := range got {
		switch d {
		case "information_schema", "mysql", "sys":
		default:
			t.Errorf("SHOW DATABASES has %q, which is not in the warehouse", d)
		}
	}
}

func TestShowTablesHidesSystemTablesAndBranches(t *testing.T) {
	e := startServer(t, func(dir string) {
		writeTag(t, tableDir(dir, "pk_09"), "t1", 1)
	})
	for _, name := range fixtureTables(t) {
		res := mustQuery(t, e.db, "SHOW TABLES FROM `"+name+"`")
		if got := strings.Join(res.column(res.cols[0]), ","); got != name {
			t.Errorf("SHOW TABLES FROM %s = %q, want %q", name, got, name)
		}
	}
	res := mustQuery(t, e.db, "SHOW FULL TABLES FROM append_table_with_append_pt_branch")
	sameRows(t, "SHOW FULL TABLES", res.rows, split("append_table_with_append_pt_branch|BASE TABLE"))
}

// wantColumns are the Field, Type, Null and Key of SHOW COLUMNS per the
// latest schema file and the type mapping: PRI for the primary key's
// columns, MUL for the first partition column if outside it.
func wantColumns(t *testing.T, root string) [][]string {
	t.Helper()
	sch := latestSchema(t, root)
	pk := map[string]bool{}
	for _, k := range sch.PrimaryKeys {
		pk[k] = true
	}
	var out [][]string
	for _, f := range sch.Fields {
		typ, nullable := mysqlColumnType(t, f.Type)
		null, key := "YES", ""
		if !nullable {
			null = "NO"
		}
		if pk[f.Name] {
			key = "PRI"
		} else if len(sch.PartitionKeys) > 0 && sch.PartitionKeys[0] == f.Name {
			// The partition keys are a non-unique index, which MySQL
			// shows on its first column.
			key = "MUL"
		}
		out = append(out, []string{f.Name, typ, null, key})
	}
	return out
}

func TestShowColumnsAndDescribeFollowSchemaAndTypeMapping(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		t.Run(name, func(t *testing.T) {
			want := wantColumns(t, tableDir(e.dir, name))
			for _, q := range []string{
				fmt.Sprintf("SHOW COLUMNS FROM `%s`.`%s`", name, name),
				fmt.Sprintf("DESCRIBE `%s`.`%s`", name, name),
			} {
				res := mustQuery(t, e.db, q)
				var got [][]string
				for _, r := range res.records() {
					got = append(got, []string{r["Field"], r["Type"], r["Null"], r["Key"]})
				}
				// Columns come in schema order.
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s:\n got %v\nwant %v", q, got, want)
				}
			}
		})
	}
}

func TestInformationSchemaColumnsFollowTypeMapping(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		t.Run(name, func(t *testing.T) {
			var want [][]string
			for i, c := range wantColumns(t, tableDir(e.dir, name)) {
				dataType := c[1]
				if j := strings.Index(dataType, "("); j >= 0 {
					dataType = dataType[:j]
				}
				want = append(want, []string{fmt.Sprint(i + 1), c[0], c[1], dataType, c[2], c[3]})
			}
			res := mustQuery(t, e.db, "SELECT ORDINAL_POSITION, COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, IS_NULLABLE, COLUMN_KEY "+
				"FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", name, name)
			if fmt.Sprint(res.rows) != fmt.Sprint(want) {
				t.Errorf("information_schema.COLUMNS:\n got %v\nwant %v", res.rows, want)
			}
		})
	}
}

func TestInformationSchemaTablesListsEveryTableEvenAnUnreadableOne(t *testing.T) {
	// append_09 (Paimon 0.9, ORC manifests) is a table of the warehouse
	// and must be listed like the others.
	e := startServer(t, nil)
	checkInformationSchemaTables(t, e, fixtureTables(t))
}

func TestInformationSchemaTablesListsEveryReadableTable(t *testing.T) {
	// The same listing over a warehouse without the Paimon 0.9 table.
	e := startServer(t, func(dir string) {
		if err := os.RemoveAll(filepath.Join(dir, "append_09.db")); err != nil {
			t.Fatal(err)
		}
	})
	var names []string
	for _, n := range fixtureTables(t) {
		if n != "append_09" {
			names = append(names, n)
		}
	}
	checkInformationSchemaTables(t, e, names)
}

func checkInformationSchemaTables(t *testing.T, e *env, names []string) {
	t.Helper()
	var want [][]string
	for _, n := range names {
		want = append(want, []string{n, n, "BASE TABLE"})
	}
	res, err := query(e.db, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES "+
		"WHERE TABLE_SCHEMA NOT IN ('information_schema', 'mysql', 'sys')")
	if err != nil {
		t.Fatalf("information_schema.TABLES: %v", err)
	}
	sameRows(t, "information_schema.TABLES", res.rows, want)
	for _, r := range res.rows {
		if strings.Contains(r[1], "$") {
			t.Errorf("information_schema.TABLES lists system table %s", r[1])
		}
	}
	// One schema alone.
	wantRows(t, e.db, split("pk_09|BASE TABLE"), "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'pk_09'")
}

func TestShowCreateTableHasPrimaryKeyPartitionsAndOptions(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		t.Run(name, func(t *testing.T) {
			sch := latestSchema(t, tableDir(e.dir, name))
			res := mustQuery(t, e.db, fmt.Sprintf("SHOW CREATE TABLE `%s`.`%s`", name, name))
			if len(res.rows) != 1 || len(res.rows[0]) < 2 {
				t.Fatalf("SHOW CREATE TABLE: %v", res.rows)
			}
			stmt := res.rows[0][1]
			quoted := func(keys []string) []string {
				out := make([]string, len(keys))
				for i, k := range keys {
					out[i] = "`" + k + "`"
				}
				return out
			}
			if len(sch.PrimaryKeys) > 0 {
				if w := "PRIMARY KEY (" + strings.Join(quoted(sch.PrimaryKeys), ",") + ")"; !strings.Contains(stmt, w) {
					t.Errorf("lacks %s:\n%s", w, stmt)
				}
			} else if strings.Contains(stmt, "PRIMARY KEY") {
				t.Errorf("append table with a PRIMARY KEY:\n%s", stmt)
			}
			if len(sch.PartitionKeys) > 0 {
				if w := "PARTITIONED BY (" + strings.Join(quoted(sch.PartitionKeys), ", ") + ")"; !strings.Contains(stmt, w) {
					t.Errorf("lacks %s:\n%s", w, stmt)
				}
			} else if strings.Contains(stmt, "PARTITIONED BY") {
				t.Errorf("unpartitioned table with PARTITIONED BY:\n%s", stmt)
			}
			if !strings.Contains(stmt, "WITH (") {
				t.Errorf("lacks WITH (...):\n%s", stmt)
			}
			for k, v := range sch.Options {
				if w := fmt.Sprintf("'%s' = '%s'", k, v); !strings.Contains(stmt, w) {
					t.Errorf("lacks option %s:\n%s", w, stmt)
				}
			}
			for _, f := range sch.Fields {
				typ, _ := mysqlColumnType(t, f.Type)
				// A type MySQL's would not read back as is printed as
				// Paimon's (docs/sql.md 2.2).
				var paimon string
				_ = json.Unmarshal(f.Type, &paimon)
				paimon = strings.ToLower(strings.TrimSuffix(paimon, " NOT NULL"))
				if strings.HasSuffix(paimon, "with local time zone") {
					typ = paimon
				} else if p, ok := strings.CutPrefix(paimon, "timestamp("); ok && p > "6)" {
					typ = paimon + " without time zone"
				}
				if w := "`" + f.Name + "` " + typ; !strings.Contains(stmt, w) {
					t.Errorf("lacks column %s:\n%s", w, stmt)
				}
			}
		})
	}
}
