package tests

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

func TestUnknownDatabaseTableColumnGiveMySQLErrorNumbers(t *testing.T) {
	e := startServer(t, nil)
	cases := []struct {
		q     string
		want  uint16
		state string // MySQL's SQLSTATE for the number
	}{
		{"SELECT * FROM no_such_db.t", 1049, "42000"},
		{"USE no_such_db", 1049, "42000"},
		{"SELECT * FROM pk_09.no_such_table", 1146, "42S02"},
		{"SELECT * FROM pk_09.`no_such_table$snapshots`", 1146, "42S02"},
		{"SELECT * FROM pk_09.`pk_09$branch_nosuch`", 1146, "42S02"},
		{"SELECT * FROM pk_09.`pk_09$nosuch`", 1146, "42S02"},
		{"SELECT no_such_column FROM pk_09.pk_09", 1054, "42S22"},
		{"SELECT * FROM pk_09.pk_09 WHERE no_such_column = 1", 1054, "42S22"},
		{"SELECT t.no_such_column FROM pk_09.pk_09 t", 1054, "42S22"},
		// A procedure naming a tag or snapshot that is not there: MySQL's
		// "Incorrect arguments".
		{"CALL sys.delete_tag('pk_09.pk_09', 'no_such_tag')", 1210, "HY000"},
		{"CALL sys.rollback_to('pk_09.pk_09', '', 999999)", 1210, "HY000"},
		{"CALL sys.create_tag('pk_09.pk_09', 'x', 999999)", 1210, "HY000"},
		// A procedure's bad arguments, given by position or by name.
		{"CALL sys.expire_snapshots('pk_09.pk_09', 'abc')", 1210, "HY000"},
		{"CALL sys.expire_snapshots()", 1210, "HY000"},
		{"CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', nosuch => 1)", 1210, "HY000"},
		{"CALL sys.expire_snapshots('pk_09.pk_09', 1, 2, 3, 4, 5, 6, 7, 8)", 1210, "HY000"},
		{"CALL sys.expire_snapshots('pk_09.pk_09', retain_max => 1)", 1210, "HY000"},
		{"CALL sys.compact(`table` => 'pk_09.pk_09', compact_strategy => 'bogus')", 1210, "HY000"},
		{"CALL sys.expire_partitions('pk_09.pk_09')", 1210, "HY000"},
		{"CALL sys.nosuch('x')", 1305, "42000"},
		// AS OF a snapshot, tag or time there is not.
		{"SELECT * FROM pk_09.pk_09 FOR SYSTEM_TIME AS OF 99999", 1210, "HY000"},
		{"SELECT * FROM pk_09.pk_09 VERSION AS OF 'notatag'", 1210, "HY000"},
		// go-mysql-server's errors with MySQL's numbers.
		{"SELEC 1", 1064, "42000"},
		{"SELECT * FROM pk_09.pk_09 WHERE", 1064, "42000"},
		{"INSERT INTO pk_09.pk_09 VALUES (1)", 1136, "21S01"},
		{"CREATE TABLE pk_09.pk_09 (a INT)", 1050, "42S01"},
		{"ALTER TABLE pk_09.pk_09 ADD COLUMN f0 INT", 1060, "42S21"},
		{"CREATE DATABASE pk_09", 1007, "HY000"},
		{"CREATE INDEX i ON pk_09.pk_09 (f3)", 1235, "42000"},
		// A table option its parser refuses.
		{"CREATE TABLE pk_09.bad_opt (a INT) WITH ('bucket' = 'two')", 1525, "HY000"},
		{"ALTER TABLE pk_09.pk_09 SET ('snapshot.num-retained.max' = 'many')", 1525, "HY000"},
	}
	// Server-side prepared statements (the tests' connection) and text
	// queries (interpolated by the client) alike.
	for _, db := range []querier{e.db, e.open("+00:00", true)} {
		for _, c := range cases {
			err := queryErr(t, db, c.q)
			if n := mysqlErrNumber(err); n != c.want {
				t.Errorf("%s: error %d (%v), want %d", c.q, n, err, c.want)
			}
			var me *mysql.MySQLError
			if errors.As(err, &me) && string(me.SQLState[:]) != c.state {
				t.Errorf("%s: SQLSTATE %s (%v), want %s", c.q, me.SQLState[:], err, c.state)
			}
			// A sentence for the user: no internal codes, no Go formatting.
			for _, artefact := range []string{"Code: ", "unknown error", "%!", "(MISSING)", "(errno "} {
				if me != nil && strings.Contains(me.Message, artefact) {
					t.Errorf("%s: message %q has %q", c.q, me.Message, artefact)
				}
			}
		}
	}
}

// damaged starts a server over a copy where break_ damages a file of one
// table, and returns the server and the damaged file's base name.
func damaged(t *testing.T, table string, break_ func(t *testing.T, root string) string) (*env, string) {
	t.Helper()
	var name string
	e := startServer(t, func(dir string) {
		name = break_(t, tableDir(dir, table))
	})
	return e, name
}

// checkDamageReported runs q on one connection: it must fail naming the
// damaged file, and the connection, the other tables and the server must
// keep working.
func checkDamageReported(t *testing.T, e *env, q, file string) {
	t.Helper()
	ctx := context.Background()
	conn, err := e.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for i := 0; i < 2; i++ { // the same error again, not a cached state
		err := queryErr(t, conn, q)
		if !strings.Contains(err.Error(), file) {
			t.Errorf("%s: error %q does not name %s", q, err, file)
		}
	}
	mustQuery(t, conn, "SELECT 1")
	wantRows(t, conn, split(bitmapDVLatestRows...), "SELECT * FROM pk_with_bitmap_dv.pk_with_bitmap_dv")
	// A new connection: the server is still up.
	fresh := e.open("+00:00", false)
	wantRows(t, fresh, split(morLatestRows...), "SELECT * FROM pk_table_with_mor.pk_table_with_mor")
}

func TestDeletedDataFileIsAClearErrorAndServerKeepsWorking(t *testing.T) {
	e, file := damaged(t, "pk_dv_index_not_in_data_no_external", func(t *testing.T, root string) string {
		all := snapshots(t, root)
		files := liveFiles(t, root, all[len(all)-1])
		f := files[0]
		if err := os.Remove(f.path); err != nil {
			t.Fatal(err)
		}
		return f.name
	})
	checkDamageReported(t, e, "SELECT * FROM pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external", file)
}

func TestCorruptedManifestIsAClearErrorAndServerKeepsWorking(t *testing.T) {
	e, file := damaged(t, "pk_dv_index_in_data_no_external", func(t *testing.T, root string) string {
		all := snapshots(t, root)
		ms := snapshotManifests(t, root, all[len(all)-1])
		m := ms[0].name
		if err := os.WriteFile(filepath.Join(root, "manifest", m), []byte("this is not an avro file"), 0o644); err != nil {
			t.Fatal(err)
		}
		return m
	})
	checkDamageReported(t, e, "SELECT * FROM pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external", file)
}

func TestCorruptedSnapshotFileIsAClearErrorAndServerKeepsWorking(t *testing.T) {
	e, file := damaged(t, "pk_table_with_dv_cardinality", func(t *testing.T, root string) string {
		all := snapshots(t, root)
		name := fmt.Sprintf("snapshot-%d", all[len(all)-1].ID)
		if err := os.WriteFile(filepath.Join(root, "snapshot", name), []byte(`{"id": 4, "schemaId": `), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	})
	checkDamageReported(t, e, "SELECT * FROM pk_table_with_dv_cardinality.pk_table_with_dv_cardinality", file)
}
