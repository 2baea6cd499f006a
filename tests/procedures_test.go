package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tag made by sys.create_tag is Java's tag file and reads as its snapshot.
func TestCreateTagPositionalAndNamed(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CALL sys.create_tag('pk_09.pk_09', 'at3', 3)")
	mustQuery(t, e.db, "CALL sys.create_tag(`table` => 'pk_09.pk_09', tag => 'kept', time_retained => '1 d')")
	tags := mustQuery(t, e.db, "SELECT tag_name, snapshot_id, time_retained FROM pk_09.`pk_09$tags` ORDER BY tag_name")
	sameRows(t, "tags", tags.rows, [][]string{{"at3", "3", "NULL"}, {"kept", "8", "PT24H"}})
	// The file is the snapshot's JSON (+ retention fields for 'kept').
	data, err := os.ReadFile(filepath.Join(e.dir, "pk_09.db/pk_09/tag/tag-at3"))
	if err != nil {
		t.Fatal(err)
	}
	var tag map[string]any
	if err := json.Unmarshal(data, &tag); err != nil || tag["id"] != float64(3) {
		t.Fatalf("tag file: %v %s", err, data)
	}
	if _, ok := tag["tagTimeRetained"]; ok {
		t.Fatal("a tag without retention has tagTimeRetained")
	}
	asTag := mustQuery(t, e.db, "SELECT COUNT(*) FROM pk_09.pk_09 AS OF 'at3'")
	asSnap := mustQuery(t, e.db, "SELECT COUNT(*) FROM pk_09.pk_09 AS OF 3")
	sameRows(t, "AS OF tag vs snapshot", asTag.rows, asSnap.rows)
	mustQuery(t, e.db, "CALL sys.delete_tag('pk_09.pk_09', 'at3,kept')")
	if left := mustQuery(t, e.db, "SELECT * FROM pk_09.`pk_09$tags`"); len(left.rows) != 0 {
		t.Fatalf("tags left: %v", left.rows)
	}
}

// Bad arguments are refused with the argument named, and nothing changes.
func TestProcedureArgumentErrors(t *testing.T) {
	e := startServer(t, nil)
	for q, want := range map[string]string{
		"CALL sys.create_tag('pk_09.pk_09', 'x', 'abc')":             "'snapshot_id' = 'abc' is not an integer",
		"CALL sys.create_tag('pk_09.pk_09', 'x', 99)":                "snapshot 99",
		"CALL sys.create_tag('pk_09.pk_09')":                         "'tag' is required",
		"CALL sys.create_tag('pk_09.nope', 'x')":                     "table not found",
		"CALL sys.create_tag('pk_09.pk_09', 'x', 1, 'forever')":      "'time_retained'",
		"CALL sys.create_tag(`table` => 'pk_09.pk_09', tagg => 'x')": "tagg",
		"CALL sys.rollback_to('pk_09.pk_09')":                        "give a 'tag' or a 'snapshot_id'",
		"CALL sys.reset_consumer('pk_09.pk_09', 'c', 0)":             "at least 1",
		"CALL sys.create_tag('pk_09.pk_09', 'x', 1, '1 d', 'extra')": "at most 4 arguments",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
	if tags := mustQuery(t, e.db, "SELECT * FROM pk_09.`pk_09$tags`"); len(tags.rows) != 0 {
		t.Fatalf("a failed call created tags: %v", tags.rows)
	}
}

// rollback_to removes newer snapshots; the table reads as it was.
func TestRollbackToSnapshotAndTag(t *testing.T) {
	e := startServer(t, nil)
	before := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 AS OF 5")
	mustQuery(t, e.db, "CALL sys.create_tag('pk_09.pk_09', 't5', 5)")
	mustQuery(t, e.db, "CALL sys.rollback_to('pk_09.pk_09', 't5')")
	sameRows(t, "after rollback to tag", mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09").rows, before.rows)
	ids := mustQuery(t, e.db, "SELECT MAX(snapshot_id) FROM pk_09.`pk_09$snapshots`")
	sameRows(t, "latest snapshot", ids.rows, [][]string{{"5"}})
	mustQuery(t, e.db, "CALL sys.rollback_to(`table` => 'pk_09.pk_09', snapshot_id => 3)")
	sameRows(t, "after rollback to 3", mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09").rows,
		mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 AS OF 3").rows)
}

// reset_consumer writes and removes consumer files, seen in $consumers.
func TestResetConsumer(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CALL sys.reset_consumer('pk_09.pk_09', 'job1', 4)")
	sameRows(t, "consumers", mustQuery(t, e.db, "SELECT * FROM pk_09.`pk_09$consumers`").rows, [][]string{{"job1", "4"}})
	data, _ := os.ReadFile(filepath.Join(e.dir, "pk_09.db/pk_09/consumer/consumer-job1"))
	if string(data) != "{\n  \"nextSnapshot\" : 4\n}" {
		t.Fatalf("consumer file %q", data)
	}
	mustQuery(t, e.db, "CALL sys.reset_consumer('pk_09.pk_09', 'job1')")
	if rows := mustQuery(t, e.db, "SELECT * FROM pk_09.`pk_09$consumers`").rows; len(rows) != 0 {
		t.Fatalf("consumer not removed: %v", rows)
	}
}

// CALL needs EXECUTE on sys, and a procedure that changes a table also
// needs the privilege on that table.
func TestProceduresCheckPrivileges(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE USER 'reader'@'%' IDENTIFIED BY 'pw'")
	mustQuery(t, e.db, "GRANT SELECT ON pk_09.* TO 'reader'@'%'")
	mustQuery(t, e.db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'")
	mustQuery(t, e.db, "GRANT EXECUTE ON sys.* TO 'ops'@'%'")
	mustQuery(t, e.db, "GRANT SELECT ON pk_09.* TO 'ops'@'%'")
	reader := e.openAs("reader", "pw")
	if err := queryErr(t, reader, "CALL sys.create_tag('pk_09.pk_09', 'r')"); err == nil {
		t.Fatal("a SELECT-only user created a tag")
	}
	ops := e.openAs("ops", "pw")
	if err := queryErr(t, ops, "CALL sys.create_tag('pk_09.pk_09', 'o')"); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Fatalf("EXECUTE without INSERT on the table: %v", err)
	}
	mustQuery(t, e.db, "GRANT INSERT ON pk_09.* TO 'ops'@'%'")
	ops = e.openAs("ops", "pw")
	mustQuery(t, ops, "CALL sys.create_tag('pk_09.pk_09', 'o')")
}
