package server

import (
	"context"
	"testing"
)

// The parser's extensions (package sqlext) over the wire.

func TestNamedArgsOverTheWire(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	// Text protocol (go-sql-driver sends queries without arguments as text).
	wantRows(t, db, "db.t|5|", "CALL sys.echo_args(`table` => 'db.t', retain_max => 5)")
	wantRows(t, db, "a => b|0|x", "CALL sys.echo_args(mode => 'x', `table` => 'a => b')")
	wantRows(t, db, "db.t|7|", "CALL sys.echo_args(`table` = 'db.t', retain_max = 7)")
	wantErr(t, db, `unknown argument "retain"`, "CALL sys.echo_args(`table` => 'db.t', retain => 5)")
	wantRows(t, db, "db.t|6|", "CALL sys.echo_args(table => 'db.t', retain_max => 6)")
	// Server-side prepared statements (go-sql-driver prepares on the server
	// when there are arguments): every form.
	wantRows(t, db, "db.t|3|", "CALL sys.echo_args(`table` = ?, retain_max = ?)", "db.t", 3)
	wantRows(t, db, "db.u|4|m", "CALL sys.echo_args(mode = ?, retain_max = ?, `table` = ?)", "m", 4, "db.u")
	wantRows(t, db, "db.t|8|", "CALL sys.echo_args(`table` => ?, retain_max => ?)", "db.t", 8)
	wantRows(t, db, "db.v|9|x", "CALL sys.echo_args(table => ?, mode => 'x', retain_max => ?)", "db.v", 9)
	wantErr(t, db, `unknown argument "retain"`, "CALL sys.echo_args(table => ?, retain => ?)", "db.t", 1)
}

func TestDollarIdentifiersOverTheWire(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	if _, err := db.Exec("CREATE TABLE db.`t$snapshots` (snapshot_id BIGINT PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("INSERT INTO db.`t$snapshots` VALUES (1), (2)"); err != nil {
		t.Fatal(err)
	}
	wantRows(t, db, "1\n2", "SELECT snapshot_id FROM db.t$snapshots ORDER BY snapshot_id")
	wantRows(t, db, "2|a$b", "SELECT count(*), 'a$b' FROM db.t$snapshots s WHERE 'x$y' = 'x$y'")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "USE db"); err != nil {
		t.Fatal(err)
	}
	wantRows(t, conn, "2", "SELECT max(snapshot_id) FROM t$snapshots")
}

func TestAsOfPlaceholderKeepsConnection(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	before := mustRows(t, conn, "SELECT CONNECTION_ID()")
	wantErr(t, conn, "AS OF does not accept a ? placeholder", "SELECT id FROM db.t AS OF ? LIMIT 1", "5")
	if after := mustRows(t, conn, "SELECT CONNECTION_ID()"); after[0] != before[0] {
		t.Errorf("connection changed from %s to %s", before[0], after[0])
	}
}
