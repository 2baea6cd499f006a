package tests

import (
	"strings"
	"testing"
)

// ALTER TABLE SET/RESET write the next schema with the options changed, as
// Java's SchemaManager validates it; refused changes change nothing.
func TestAlterTableSetAndResetOptions(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE opt")
	mustQuery(t, e.db, "CREATE TABLE opt.t (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '2')")
	mustQuery(t, e.db, "ALTER TABLE opt.t SET ('snapshot.num-retained.max' = '20', 'owner' = 'it''s me')")
	opts := mustQuery(t, e.db, "SELECT `key`, `value` FROM opt.`t$options` ORDER BY `key`")
	sameRows(t, "options after SET", opts.rows, [][]string{{"bucket", "2"}, {"owner", "it's me"}, {"snapshot.num-retained.max", "20"}})
	mustQuery(t, e.db, "USE opt")
	mustQuery(t, e.db, "ALTER TABLE t RESET ('owner')")
	opts = mustQuery(t, e.db, "SELECT `key` FROM opt.`t$options` ORDER BY `key`")
	sameRows(t, "options after RESET", opts.rows, [][]string{{"bucket"}, {"snapshot.num-retained.max"}})
	schemas := mustQuery(t, e.db, "SELECT COUNT(*) FROM opt.`t$schemas`")
	sameRows(t, "schema versions", schemas.rows, [][]string{{"3"}})
	for q, want := range map[string]string{
		"ALTER TABLE opt.t SET ('snapshot.num-retained.max' = 'many')": "snapshot.num-retained.max",
		"ALTER TABLE opt.t SET (bucket = 3)":                           "quoted",
		"ALTER TABLE opt.t RESET (owner)":                              "quoted",
	} {
		if err := queryErr(t, e.db, q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error naming %q", q, err, want)
		}
	}
	sameRows(t, "no schema written by refused changes", mustQuery(t, e.db, "SELECT COUNT(*) FROM opt.`t$schemas`").rows, [][]string{{"3"}})
}
