package tests

import (
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/catalog"
)

// Two servers on one warehouse stand for two processes: what one commits,
// creates or drops, the other's next statement sees (a dropped database
// once catalog.DatabaseListTTL has passed), although each keeps its
// database listing and its parsed latest snapshots between statements.
func TestOtherProcessChangesAreSeen(t *testing.T) {
	dir := t.TempDir()
	a := serveDir(t, dir).open("UTC", true)
	bServer := serveDir(t, dir)
	b := bServer.open("UTC", true)
	rows := func(db querier, q string) string {
		t.Helper()
		var out []string
		for _, r := range mustQuery(t, db, q).rows {
			out = append(out, strings.Join(r, "|"))
		}
		return strings.Join(out, ",")
	}
	mustQuery(t, a, "CREATE DATABASE d1")
	mustQuery(t, a, "CREATE TABLE d1.t (id INT PRIMARY KEY, v INT)")
	mustQuery(t, a, "INSERT INTO d1.t VALUES (1, 10), (2, NULL)")
	if got := rows(b, "SELECT id, v FROM d1.t WHERE id = 2"); got != "2|NULL" {
		t.Fatalf("b looks up %q", got)
	}
	// b's lookups keep the parsed snapshot; a's commits still show.
	for i, q := range []string{"INSERT INTO d1.t VALUES (2, 20), (3, 30)", "DELETE FROM d1.t WHERE id = 1"} {
		mustQuery(t, a, q)
		if got, want := rows(b, "SELECT id, v FROM d1.t ORDER BY id"), []string{"1|10,2|20,3|30", "2|20,3|30"}[i]; got != want {
			t.Fatalf("after %q b reads %s, want %s", q, got, want)
		}
		if got, want := rows(b, "SELECT v FROM d1.t WHERE id = 2"), "20"; got != want {
			t.Fatalf("after %q b looks up %s, want %s", q, got, want)
		}
	}

	// A database a creates: b finds it at once, though b listed the
	// warehouse a moment ago.
	mustQuery(t, a, "CREATE DATABASE d2")
	mustQuery(t, a, "CREATE TABLE d2.u (id INT PRIMARY KEY)")
	mustQuery(t, a, "INSERT INTO d2.u VALUES (7)")
	if got := rows(b, "SELECT id FROM d2.u"); got != "7" {
		t.Fatalf("b reads d2.u: %q", got)
	}

	// Dropped by a: b's SHOW DATABASES lists anew; its lookups by name may
	// use the listing until it expires, which b's clock moves past.
	mustQuery(t, a, "DROP TABLE d2.u")
	mustQuery(t, a, "DROP DATABASE d2")
	if got := rows(b, "SHOW DATABASES"); strings.Contains(got, "d2") {
		t.Fatalf("b lists %s", got)
	}
	advanceMaintenanceClock(bServer, catalog.DatabaseListTTL+time.Millisecond)
	if err := queryErr(t, b, "SHOW TABLES FROM d2"); !strings.Contains(err.Error(), "database not found") {
		t.Fatalf("b finds a dropped database: %v", err)
	}
	// b creates one: its own change needs no waiting, nor does a.
	mustQuery(t, b, "CREATE DATABASE d3")
	mustQuery(t, b, "CREATE TABLE d3.u (id INT PRIMARY KEY)")
	if got := rows(b, "SHOW TABLES FROM d3"); got != "u" {
		t.Fatalf("b lists %q", got)
	}
	if got := rows(a, "SELECT COUNT(*) FROM d3.u"); got != "0" {
		t.Fatalf("a counts %q", got)
	}
}
