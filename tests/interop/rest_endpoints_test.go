package interop

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestRESTEndpoints calls every operation of the REST catalog API as the
// writer (all privileges) on a table paimon-sql wrote over MySQL, and
// holds each to the answer it must give: served (2xx), the API's "not
// implemented" (501) where paimon-sql does not implement it, or 404 where
// the catalog holds none (views, functions). The statuses go to
// docs/compatibility.md with those the real clients met.
func TestRESTEndpoints(t *testing.T) {
	rs := startREST(t, t.TempDir())
	if err := sqlExec(rs.db,
		"CREATE DATABASE IF NOT EXISTS db",
		"CREATE TABLE db.ep (id INT NOT NULL, dt VARCHAR(10), PRIMARY KEY (id, dt)) PARTITIONED BY (dt) WITH ('bucket' = '1')",
		"INSERT INTO db.ep VALUES (1, 'a'), (2, 'b')",
		"INSERT INTO db.ep VALUES (3, 'a')",
		"GRANT UPDATE ON *.* TO writer@'%'", // resetting a consumer, as sys.reset_consumer
	); err != nil {
		t.Fatal(err)
	}
	call := func(method, path string, body any) (int, map[string]any) {
		t.Helper()
		var rd io.Reader
		if body != nil {
			data, err := json.Marshal(body)
			if err != nil {
				t.Fatal(err)
			}
			rd = bytes.NewReader(data)
		}
		req, err := http.NewRequest(method, rs.url+path, rd)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+rs.writer)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		data, _ := io.ReadAll(resp.Body)
		// Numbers as written: a snapshot's int64 fields are posted back.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		_ = dec.Decode(&out)
		return resp.StatusCode, out
	}
	_, tbl := call("GET", "/v1/paimon/databases/db/tables/ep", nil)
	tableID, _ := tbl["id"].(string)
	_, snap := call("GET", "/v1/paimon/databases/db/tables/ep/snapshot", nil)
	latest := snap["snapshot"].(map[string]any)["snapshot"]

	ident := func(db, obj string) map[string]string { return map[string]string{"database": db, "object": obj} }
	specs := map[string]any{"specs": []map[string]string{{"dt": "a"}}}
	field := map[string]any{"id": 0, "name": "x", "type": "INT"}
	steps := []struct {
		op   string // method and path, {placeholders} filled
		body any
		want int
	}{
		{"GET /v1/config", nil, 200},
		{"GET /v1/paimon/databases", nil, 200},
		{"POST /v1/paimon/databases", map[string]any{"name": "other"}, 200},
		{"GET /v1/paimon/databases/db", nil, 200},
		{"POST /v1/paimon/databases/db", map[string]any{"updates": map[string]string{"k": "v"}}, 501},
		{"POST /v1/paimon/databases/db/register", map[string]any{"identifier": ident("db", "reg"), "path": "/tmp/x"}, 501},
		{"GET /v1/paimon/databases/db/tables", nil, 200},
		{"POST /v1/paimon/databases/other/tables", map[string]any{"identifier": ident("other", "t"),
			"schema": map[string]any{"fields": []any{field}, "options": map[string]string{}}}, 200},
		{"GET /v1/paimon/databases/db/table-details", nil, 200},
		{"GET /v1/paimon/tables", nil, 200},
		{"GET /v1/paimon/tables/id/" + tableID, nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep", map[string]any{"changes": []any{
			map[string]any{"action": "setOption", "key": "snapshot.num-retained.max", "value": "50"}}}, 200},
		{"POST /v1/paimon/tables/rename", map[string]any{"source": ident("db", "ep"), "destination": ident("db", "ep2")}, 200},
		{"POST /v1/paimon/tables/rename", map[string]any{"source": ident("db", "ep2"), "destination": ident("db", "ep")}, 200},
		// The latest snapshot again: its id is taken, so the commit is
		// answered success false (the client would prepare it again).
		{"POST /v1/paimon/databases/db/tables/ep/commit", map[string]any{"tableId": tableID, "snapshot": latest}, 200},
		{"POST /v1/paimon/databases/db/tables/ep/rollback-schema", map[string]any{"schemaId": 0}, 501},
		{"GET /v1/paimon/databases/db/tables/ep/token", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/auth", map[string]any{"select": []string{"id"}}, 501},
		{"GET /v1/paimon/databases/db/tables/ep/snapshot", nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep/snapshots/1", nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep/snapshots", nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep/partitions", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/partitions", map[string]any{"partitionSpecs": []map[string]string{{"dt": "c"}}}, 501},
		{"POST /v1/paimon/databases/db/tables/ep/partitions/drop", map[string]any{"partitionSpecs": []map[string]string{{"dt": "b"}}}, 501},
		{"POST /v1/paimon/databases/db/tables/ep/partitions/mark", specs, 200},
		{"POST /v1/paimon/databases/db/tables/ep/partitions/list-by-names", specs, 200},
		{"POST /v1/paimon/databases/db/tables/ep/partitions/list-by-filter", map[string]any{"filter": "{}"}, 200},
		{"POST /v1/paimon/databases/db/tables/ep/tags", map[string]any{"tagName": "t1", "snapshotId": 1}, 200},
		{"GET /v1/paimon/databases/db/tables/ep/tags", nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep/tags/t1", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/branches", map[string]any{"branch": "b1", "fromTag": "t1"}, 200},
		{"GET /v1/paimon/databases/db/tables/ep/branches", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/branches/b1/rename", map[string]any{"toBranch": "b2"}, 200},
		{"POST /v1/paimon/databases/db/tables/ep/branches/b2/forward", nil, 200},
		{"DELETE /v1/paimon/databases/db/tables/ep/branches/b2", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/rollback", map[string]any{"instant": map[string]any{"type": "tag", "tagName": "t1"}}, 200},
		{"DELETE /v1/paimon/databases/db/tables/ep/tags/t1", nil, 200},
		{"GET /v1/paimon/databases/db/tables/ep/consumers", nil, 200},
		{"POST /v1/paimon/databases/db/tables/ep/consumers/reset", map[string]any{"consumerId": "c1"}, 200},
		{"GET /v1/paimon/databases/db/views", nil, 200},
		{"POST /v1/paimon/databases/db/views", map[string]any{"identifier": ident("db", "v")}, 501},
		{"GET /v1/paimon/databases/db/view-details", nil, 200},
		{"GET /v1/paimon/views", nil, 200},
		{"GET /v1/paimon/databases/db/views/v", nil, 404},
		{"POST /v1/paimon/databases/db/views/v", map[string]any{"viewChanges": []any{}}, 404},
		{"DELETE /v1/paimon/databases/db/views/v", nil, 404},
		{"POST /v1/paimon/views/rename", map[string]any{"source": ident("db", "v"), "destination": ident("db", "w")}, 404},
		{"GET /v1/paimon/databases/db/functions", nil, 200},
		{"POST /v1/paimon/databases/db/functions", map[string]any{"name": "f"}, 501},
		{"GET /v1/paimon/databases/db/function-details", nil, 200},
		{"GET /v1/paimon/functions", nil, 200},
		{"GET /v1/paimon/databases/db/functions/f", nil, 404},
		{"POST /v1/paimon/databases/db/functions/f", map[string]any{"changes": []any{}}, 404},
		{"DELETE /v1/paimon/databases/db/functions/f", nil, 404},
		{"DELETE /v1/paimon/databases/other/tables/t", nil, 200},
		{"DELETE /v1/paimon/databases/other", nil, 200},
	}
	called := map[string]bool{}
	for _, s := range steps {
		method, path, _ := strings.Cut(s.op, " ")
		op := endpointOf(method, path)
		if op == "" {
			t.Fatalf("%s is no operation of the API", s.op)
		}
		called[op] = true
		if code, out := call(method, path, s.body); code != s.want {
			t.Errorf("%s: %d %v, want %d", s.op, code, out, s.want)
		}
	}
	for _, op := range openAPI {
		if !called[op] {
			t.Errorf("%s is not called", op)
		}
	}
	// The partition marked done, the rollback to t1 (two rows), the commit
	// that lost its id (nothing changed): seen over MySQL.
	rows, err := sqlRows(rs.db, "SELECT COUNT(*) FROM db.ep")
	if err != nil || *rows[0][0] != "2" {
		t.Errorf("rows after the rollback to t1: %v %v", rows, err)
	}
}
