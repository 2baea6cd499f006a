package tests

import (
	"strings"
	"testing"
)

// A procedure whose target (tag, snapshot, consumer) does not exist fails
// with the target named, and the table keeps its snapshots.
func TestProcedureMissingTargets(t *testing.T) {
	e := startServer(t, nil)
	before := mustQuery(t, e.db, "SELECT snapshot_id FROM pk_09.`pk_09$snapshots` ORDER BY snapshot_id")
	for q, want := range map[string]string{
		"CALL sys.rollback_to('pk_09.pk_09', 'nosuchtag')":                  "tag 'nosuchtag' does not exist",
		"CALL sys.rollback_to('pk_09.pk_09', '99')":                         "99",
		"CALL sys.rollback_to(`table` => 'pk_09.pk_09', snapshot_id => 99)": "99",
		"CALL sys.delete_tag('pk_09.pk_09', 'nosuchtag')":                   "nosuchtag",
		"CALL sys.reset_consumer('pk_09.pk_09', 'nosuchconsumer')":          "consumer 'nosuchconsumer' does not exist",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
	after := mustQuery(t, e.db, "SELECT snapshot_id FROM pk_09.`pk_09$snapshots` ORDER BY snapshot_id")
	sameRows(t, "snapshots after failed calls", after.rows, before.rows)
}
