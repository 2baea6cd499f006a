package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Server-side prepared statements with parameters answer what the text
// protocol answers (go-sql-driver prepares on the server unless
// interpolateParams is set).
func TestClientPreparedStatementsMatchTextProtocol(t *testing.T) {
	e := startServer(t, nil)
	text := e.open("+00:00", true) // the driver substitutes ? itself
	for _, c := range []struct {
		q    string
		args []any
	}{
		{"SELECT * FROM pk_09.pk_09 WHERE f2 = ? ORDER BY f0", []any{1}},
		{"SELECT * FROM pk_09.pk_09 WHERE f0 = ?", []any{"Alice"}},
		{"SELECT f0, f3 FROM pk_09.pk_09 WHERE f1 = ? AND f3 > ? ORDER BY f0", []any{10, 15.5}},
		{"SELECT COUNT(*) FROM pk_09.pk_09 WHERE f1 IN (?, ?)", []any{10, 20}},
		{"SELECT * FROM append_complex_build_in_fieldid.append_complex_build_in_fieldid WHERE f6 > ? ORDER BY f5", []any{"0.1"}},
		{"SELECT * FROM append_with_multiple_ts_precision_and_timezone.append_with_multiple_ts_precision_and_timezone WHERE ts_sec >= ? ORDER BY ts_sec", []any{"1970-01-01 00:00:00"}},
		{"SELECT snapshot_id, commit_kind, commit_time FROM pk_09.`pk_09$snapshots` WHERE snapshot_id > ? ORDER BY snapshot_id", []any{3}},
		{"SELECT * FROM pk_09.pk_09 AS OF 2 WHERE f2 = ? ORDER BY f0", []any{1}},
		{"SELECT ? + 1 AS a, ? AS b, CONCAT(?, 'x') AS c", []any{41, nil, "a"}},
	} {
		prepared, err := query(e.db, c.q, c.args...)
		if err != nil {
			t.Errorf("prepared %s %v: %v", c.q, c.args, err)
			continue
		}
		interpolated, err := query(text, c.q, c.args...)
		if err != nil {
			t.Errorf("text %s %v: %v", c.q, c.args, err)
			continue
		}
		if len(prepared.rows) == 0 {
			t.Errorf("%s %v: no rows", c.q, c.args)
		}
		wantCols(t, c.q, prepared, interpolated.cols...)
		if p, i := fmt.Sprint(canon(prepared.rows)), fmt.Sprint(canon(interpolated.rows)); p != i {
			t.Errorf("%s %v:\nprepared: %s\n    text: %s", c.q, c.args, p, i)
		}
	}
}

// AS OF ? in a server-side prepared statement is a clear error, and the
// connection stays usable (GMS v0.20.0 panics there and drops it).
func TestClientAsOfPlaceholderIsAnErrorNotACrash(t *testing.T) {
	e := startServer(t, nil)
	conn, err := e.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{
		"SELECT * FROM pk_09.pk_09 AS OF ? LIMIT 1",
		"SELECT * FROM pk_09.pk_09 FOR SYSTEM_TIME AS OF ?",
		"SELECT snapshot_id FROM pk_09.`pk_09$files` AS OF ?",
	} {
		err := queryErr(t, conn, q, 2)
		if !strings.Contains(err.Error(), "AS OF does not accept a ? placeholder") {
			t.Errorf("%s: %v", q, err)
		}
		// The same connection answers the next statement.
		wantRows(t, conn, split("1"), "SELECT 1")
	}
	// Interpolated by the client, the same query works.
	text := e.open("+00:00", true)
	if res := mustQuery(t, text, "SELECT * FROM pk_09.pk_09 AS OF ? WHERE f2 = 1", 2); len(res.rows) == 0 {
		t.Error("AS OF 2, interpolated: no rows")
	}
}
