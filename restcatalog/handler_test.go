package restcatalog

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// testAuth: tokens of accounts holding global privileges.
type testAuth map[string][]Privilege // token -> privileges; the token is the user

func (a testAuth) Authenticate(_ context.Context, token string) (Account, error) {
	if _, ok := a[token]; !ok {
		return Account{}, ErrUnauthenticated
	}
	return Account{User: token, Host: "%"}, nil
}

func (a testAuth) Allowed(_ context.Context, acc Account, p Privilege, _, _ string) bool {
	for _, q := range a[acc.User] {
		if q == p {
			return true
		}
	}
	return false
}

var allPrivileges = []Privilege{PrivSelect, PrivInsert, PrivDelete, PrivCreate, PrivDrop, PrivAlter, PrivExecute, PrivUpdate}

type fixture struct {
	t   *testing.T
	srv *httptest.Server
	fs  *fs.FS
}

func newFixture(t *testing.T) *fixture { return newFixtureAt(t, t.TempDir()) }

func newFixtureAt(t *testing.T, warehouse string) *fixture { return newFixtureWith(t, warehouse, nil) }

func newFixtureWith(t *testing.T, warehouse string, tokens TokenIssuer) *fixture {
	t.Helper()
	fsys, err := fs.Open(context.Background(), warehouse)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(Config{FS: fsys, Auth: testAuth{"admin": allPrivileges, "reader": {PrivSelect},
		"writer": {PrivSelect, PrivInsert, PrivDelete}, "inserter": {PrivSelect, PrivInsert}}, Tokens: tokens})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); _ = fsys.Close() })
	return &fixture{t: t, srv: srv, fs: fsys}
}

// call sends a request as token ("" for none) and returns the status and
// the decoded body.
func (f *fixture) call(token, method, path string, body any) (int, map[string]any) {
	f.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			f.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, f.srv.URL+path, rd)
	if err != nil {
		f.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	if len(data) > 0 {
		if err := json.Unmarshal(data, &out); err != nil {
			f.t.Fatalf("%s %s: body %q: %v", method, path, data, err)
		}
	}
	return resp.StatusCode, out
}

// must is call expecting status want.
func (f *fixture) must(want int, token, method, path string, body any) map[string]any {
	f.t.Helper()
	code, out := f.call(token, method, path, body)
	if code != want {
		f.t.Fatalf("%s %s as %q: status %d, want %d: %v", method, path, token, code, want, out)
	}
	if code >= 400 && int(out["code"].(float64)) != code {
		f.t.Fatalf("%s %s: error body code %v, status %d", method, path, out["code"], code)
	}
	return out
}

var appendSchema = map[string]any{
	"fields": []any{
		map[string]any{"id": 0, "name": "id", "type": "INT NOT NULL"},
		map[string]any{"id": 1, "name": "name", "type": "STRING"},
	},
	"partitionKeys": []string{}, "primaryKeys": []string{}, "options": map[string]string{"bucket": "-1"},
}

func TestAuthentication(t *testing.T) {
	f := newFixture(t)
	f.must(401, "", "GET", "/v1/config", nil)
	f.must(401, "nobody", "GET", "/v1/paimon/databases", nil)
	cfg := f.must(200, "reader", "GET", "/v1/config", nil)
	if cfg["defaults"].(map[string]any)["prefix"] != DefaultPrefix {
		t.Fatalf("config %v: no prefix", cfg)
	}
	f.must(404, "reader", "GET", "/v1/config?warehouse=s3://elsewhere", nil)
}

func TestDatabasesAndTables(t *testing.T) {
	f := newFixture(t)
	for _, db := range []string{"a", "b", "c"} {
		f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": db})
	}
	e := f.must(409, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	if e["resourceType"] != resourceDatabase {
		t.Fatalf("duplicate database: %v", e)
	}
	page := f.must(200, "admin", "GET", "/v1/paimon/databases?maxResults=2", nil)
	if got := page["databases"].([]any); len(got) != 2 || page["nextPageToken"] != "b" {
		t.Fatalf("first page: %v", page)
	}
	page = f.must(200, "admin", "GET", "/v1/paimon/databases?maxResults=2&pageToken=b", nil)
	if got := page["databases"].([]any); len(got) != 1 || got[0] != "c" || page["nextPageToken"] != nil {
		t.Fatalf("second page: %v", page)
	}
	f.must(403, "reader", "POST", "/v1/paimon/databases", map[string]any{"name": "d"})
	f.must(404, "admin", "GET", "/v1/paimon/databases/d", nil)
	// Names from the URL never leave the warehouse's layout.
	f.must(400, "admin", "DELETE", "/v1/paimon/databases/..", nil)
	f.must(400, "admin", "DELETE", "/v1/paimon/databases/a/tables/..%2F..%2Fb.db", nil)

	create := map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema}
	f.must(403, "reader", "POST", "/v1/paimon/databases/a/tables", create)
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables", create)
	f.must(409, "admin", "POST", "/v1/paimon/databases/a/tables", create)
	e = f.must(404, "admin", "GET", "/v1/paimon/databases/a/tables/missing", nil)
	if e["resourceType"] != resourceTable {
		t.Fatalf("missing table: %v", e)
	}
	tbl := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t", nil)
	if byID := f.must(200, "reader", "GET", "/v1/paimon/tables/id/"+tbl["id"].(string), nil); byID["name"] != "t" || byID["id"] != tbl["id"] {
		t.Fatalf("table by id: %v", byID)
	}
	f.must(404, "reader", "GET", "/v1/paimon/tables/id/a.t-0000000000000000", nil)
	if tbl["name"] != "t" || !strings.HasSuffix(tbl["path"].(string), "/a.db/t") || tbl["schemaId"].(float64) != 0 {
		t.Fatalf("table: %v", tbl)
	}
	list := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables", nil)
	if got := list["tables"].([]any); len(got) != 1 || got[0] != "t" {
		t.Fatalf("tables: %v", list)
	}
	details := f.must(200, "reader", "GET", "/v1/paimon/databases/a/table-details", nil)
	if got := details["tableDetails"].([]any); len(got) != 1 {
		t.Fatalf("table details: %v", details)
	}

	alter := map[string]any{"changes": []any{
		map[string]any{"action": "addColumn", "fieldNames": []string{"price"}, "dataType": "DECIMAL(10, 2)"},
		map[string]any{"action": "setOption", "key": "snapshot.num-retained.max", "value": "20"},
	}}
	f.must(403, "reader", "POST", "/v1/paimon/databases/a/tables/t", alter)
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables/t", alter)
	tbl = f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t", nil)
	sch := tbl["schema"].(map[string]any)
	if tbl["schemaId"].(float64) != 1 || len(sch["fields"].([]any)) != 3 || sch["options"].(map[string]any)["snapshot.num-retained.max"] != "20" {
		t.Fatalf("altered table: %v", tbl)
	}
	e = f.must(404, "admin", "POST", "/v1/paimon/databases/a/tables/t", map[string]any{"changes": []any{
		map[string]any{"action": "dropColumn", "fieldNames": []string{"nope"}},
	}})
	if e["resourceType"] != resourceColumn || e["resourceName"] != "nope" {
		t.Fatalf("drop of a missing column: %v", e)
	}
	f.must(501, "admin", "POST", "/v1/paimon/databases/a/tables/t", map[string]any{"changes": []any{
		map[string]any{"action": "dropPrimaryKey"},
	}})

	f.must(403, "reader", "DELETE", "/v1/paimon/databases/a/tables/t", nil)
	f.must(200, "admin", "DELETE", "/v1/paimon/databases/a/tables/t", nil)
	f.must(404, "admin", "GET", "/v1/paimon/databases/a/tables/t", nil)
	f.must(200, "admin", "DELETE", "/v1/paimon/databases/a", nil)
	f.must(404, "admin", "GET", "/v1/paimon/databases/a", nil)

	// A database with tables is dropped with them, as by Java's server
	// (its client asks only when the caller cascades); DROP is needed.
	f.must(200, "admin", "POST", "/v1/paimon/databases/b/tables",
		map[string]any{"identifier": map[string]string{"database": "b", "object": "t"}, "schema": appendSchema})
	f.must(403, "reader", "DELETE", "/v1/paimon/databases/b", nil)
	f.must(200, "reader", "GET", "/v1/paimon/databases/b/tables/t", nil)
	f.must(200, "admin", "DELETE", "/v1/paimon/databases/b", nil)
	f.must(404, "admin", "GET", "/v1/paimon/databases/b/tables/t", nil)
	f.must(404, "admin", "GET", "/v1/paimon/databases/b", nil)
	if ok, err := f.fs.Exists(context.Background(), "b.db/t/schema/schema-0"); err != nil || ok {
		t.Fatalf("the dropped database's table is still on disk: %v %v", ok, err)
	}
}

func TestNotServedIs501(t *testing.T) {
	f := newFixture(t)
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	for _, c := range []struct{ method, path string }{
		{"POST", "/v1/paimon/databases/a/tables/t/partitions"},
		{"POST", "/v1/paimon/databases/a/tables/t/partitions/drop"},
		{"POST", "/v1/paimon/databases/a/views"},
		{"POST", "/v1/paimon/databases/a/functions"},
	} {
		f.must(501, "admin", c.method, c.path, map[string]any{})
	}
	// A local warehouse's table token is empty: the client reaches the
	// path as it is.
	tok := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t/token", nil)
	if m, ok := tok["token"].(map[string]any); !ok || len(m) != 0 || tok["expiresAtMillis"].(float64) <= 0 {
		t.Fatalf("local token: %v", tok)
	}
	// Creating a view is refused for want of CREATE before it is for want
	// of a place to keep it.
	f.must(403, "reader", "POST", "/v1/paimon/databases/a/views", map[string]any{})
}

// TestViewsFunctionsRename: the catalog holds no views or functions
// (empty listings, 404 by name, as Java's client expects of a catalog
// without them), and a table rename is checked (grants, names) before the
// table's directory is renamed.
func TestViewsFunctionsRename(t *testing.T) {
	f := newFixture(t)
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	for _, name := range []string{"t", "u"} {
		f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
			map[string]any{"identifier": map[string]string{"database": "a", "object": name}, "schema": appendSchema})
	}
	for path, field := range map[string]string{"views": "views", "view-details": "viewDetails",
		"functions": "functions", "function-details": "functionDetails"} {
		got := f.must(200, "reader", "GET", "/v1/paimon/databases/a/"+path, nil)
		if list, ok := got[field].([]any); !ok || len(list) != 0 {
			t.Fatalf("%s: %v", path, got)
		}
		f.must(404, "reader", "GET", "/v1/paimon/databases/missing/"+path, nil)
	}
	for _, path := range []string{"views/v", "functions/f"} {
		e := f.must(404, "reader", "GET", "/v1/paimon/databases/a/"+path, nil)
		if rt := e["resourceType"]; rt != resourceView && rt != resourceFunction {
			t.Fatalf("%s: %v", path, e)
		}
		f.must(404, "admin", "DELETE", "/v1/paimon/databases/a/"+path, nil)
	}
	for _, path := range []string{"views", "functions"} {
		if got := f.must(200, "reader", "GET", "/v1/paimon/"+path, nil); len(got[path].([]any)) != 0 {
			t.Fatalf("global %s: %v", path, got)
		}
	}
	global := f.must(200, "reader", "GET", "/v1/paimon/tables?maxResults=1", nil)
	if got := global["tables"].([]any); len(got) != 1 || got[0].(map[string]any)["object"] != "t" || global["nextPageToken"] != "a.t" {
		t.Fatalf("global tables: %v", global)
	}
	global = f.must(200, "reader", "GET", "/v1/paimon/tables?pageToken=a.t", nil)
	if got := global["tables"].([]any); len(got) != 1 || got[0].(map[string]any)["object"] != "u" {
		t.Fatalf("global tables, second page: %v", global)
	}

	rename := func(from, to string) map[string]any {
		return map[string]any{"source": map[string]string{"database": "a", "object": from},
			"destination": map[string]string{"database": "a", "object": to}}
	}
	f.must(403, "reader", "POST", "/v1/paimon/tables/rename", rename("t", "v"))
	f.must(404, "admin", "POST", "/v1/paimon/tables/rename", rename("missing", "v"))
	f.must(409, "admin", "POST", "/v1/paimon/tables/rename", rename("t", "u"))
	f.must(409, "admin", "POST", "/v1/paimon/tables/rename", rename("t", "U")) // the same name to MySQL
	f.must(200, "admin", "POST", "/v1/paimon/tables/rename", rename("t", "v"))
	f.must(404, "reader", "GET", "/v1/paimon/databases/a/tables/t", nil)
	if got := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/v", nil); got["name"] != "v" {
		t.Fatalf("the renamed table: %v", got)
	}
}

// TestRenameOnObjectStore: an object store has no directory rename, so a
// table or branch rename is refused with 501 after its checks, and the
// table and branch stay where they were.
func TestRenameOnObjectStore(t *testing.T) {
	f := newFixtureAt(t, "mem://")
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables/t/branches", map[string]any{"branch": "b"})
	f.must(501, "admin", "POST", "/v1/paimon/tables/rename", map[string]any{
		"source": map[string]string{"database": "a", "object": "t"}, "destination": map[string]string{"database": "a", "object": "u"}})
	f.must(501, "admin", "POST", "/v1/paimon/databases/a/tables/t/branches/b/rename", map[string]any{"toBranch": "c"})
	f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t", nil)
	f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t$branch_b", nil)
}

// TestRenameBranch: a branch is renamed with its directory (snapshots,
// tags, schemas), as Java's FileSystemBranchManager renames it, by a
// caller who may drop it (EXECUTE, INSERT, DELETE); main, a missing
// branch, a taken or invalid name and a branch the table's reads fall
// back to are refused.
func TestRenameBranch(t *testing.T) {
	f := newFixture(t)
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	for _, b := range []string{"b", "c"} {
		f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables/t/branches", map[string]any{"branch": b})
	}
	path := func(b string) string { return "/v1/paimon/databases/a/tables/t/branches/" + b + "/rename" }
	to := func(b string) map[string]any { return map[string]any{"toBranch": b} }
	f.must(403, "writer", "POST", path("b"), to("d")) // no EXECUTE
	f.must(404, "admin", "POST", path("missing"), to("d"))
	f.must(404, "admin", "POST", path("main"), to("d"))
	f.must(409, "admin", "POST", path("b"), to("c"))
	f.must(400, "admin", "POST", path("b"), to("main"))
	f.must(400, "admin", "POST", path("b"), to("123"))
	f.must(200, "admin", "POST", path("b"), to("d"))
	got := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t/branches", nil)
	if names := got["branches"].([]any); len(names) != 2 || names[0] != "c" || names[1] != "d" {
		t.Fatalf("branches after renaming b to d: %v", got)
	}
	f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t$branch_d", nil)
	f.must(404, "reader", "GET", "/v1/paimon/databases/a/tables/t$branch_b", nil)

	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables/t", map[string]any{"changes": []any{
		map[string]any{"action": "setOption", "key": "scan.fallback-branch", "value": "d"}}})
	f.must(400, "admin", "POST", path("d"), to("e"))
}

// TestPartitionsOfEmptyTable: a partitioned table without a snapshot has
// no partitions; marking one done needs INSERT and a value for each
// partition key, and writes Java's _SUCCESS file.
func TestPartitionsOfEmptyTable(t *testing.T) {
	f := newFixture(t)
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	sch := map[string]any{
		"fields": []any{
			map[string]any{"id": 0, "name": "id", "type": "INT NOT NULL"},
			map[string]any{"id": 1, "name": "dt", "type": "STRING"},
		},
		"partitionKeys": []string{"dt"}, "primaryKeys": []string{}, "options": map[string]string{"bucket": "-1"},
	}
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "p"}, "schema": sch})
	got := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/p/partitions", nil)
	if list := got["partitions"].([]any); len(list) != 0 {
		t.Fatalf("partitions: %v", got)
	}
	mark := map[string]any{"partitionSpecs": []map[string]string{{"dt": "2026-12/07"}}}
	f.must(403, "reader", "POST", "/v1/paimon/databases/a/tables/p/partitions/mark", mark)
	f.must(400, "inserter", "POST", "/v1/paimon/databases/a/tables/p/partitions/mark",
		map[string]any{"partitionSpecs": []map[string]string{{"id": "1"}}})
	// A body without specs (or with another field name) is no silent success.
	f.must(400, "inserter", "POST", "/v1/paimon/databases/a/tables/p/partitions/mark", map[string]any{"partitions": mark["partitionSpecs"]})
	f.must(200, "inserter", "POST", "/v1/paimon/databases/a/tables/p/partitions/mark", mark)
	if ok, err := f.fs.Exists(context.Background(), "a.db/p/dt=2026-12%2F07/_SUCCESS"); err != nil || !ok {
		t.Fatalf("no _SUCCESS file in the escaped partition directory: %v %v", ok, err)
	}
	f.must(400, "reader", "POST", "/v1/paimon/databases/a/tables/p/partitions/list-by-filter", map[string]any{})
	got = f.must(200, "reader", "POST", "/v1/paimon/databases/a/tables/p/partitions/list-by-filter", map[string]any{"filter": "{}"})
	if list := got["partitions"].([]any); len(list) != 0 {
		t.Fatalf("partitions by filter: %v", got)
	}
}

// TestCommit posts prepared snapshots: a new id commits, a taken id or a
// missing base answers success false, what would break the table is
// refused, and a caller without INSERT is refused.
func TestCommit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tbl, first, id := f.tableWithSnapshot()
	post := func(token string, s spec.Snapshot, tableID string) (int, map[string]any) {
		return f.call(token, "POST", "/v1/paimon/databases/a/tables/t/commit", map[string]any{"tableId": tableID, "snapshot": s, "statistics": []any{}})
	}
	next := *first
	next.ID, next.CommitUser = 2, "java"
	if code, out := post("reader", next, id); code != 403 {
		t.Fatalf("commit without INSERT: %d %v", code, out)
	}
	overwrite := next
	overwrite.CommitKind = spec.KindOverwrite
	if code, out := post("inserter", overwrite, id); code != 403 {
		t.Fatalf("an overwrite without DELETE: %d %v", code, out)
	}
	if code, out := post("admin", next, "another-id"); code != 404 {
		t.Fatalf("commit to a table of another id: %d %v", code, out)
	}
	if code, out := post("admin", next, id); code != 200 || out["success"] != true {
		t.Fatalf("commit of snapshot 2: %d %v", code, out)
	}
	if s, err := tbl.Snapshots.Latest(ctx); err != nil || s.ID != 2 || s.CommitUser != "java" {
		t.Fatalf("latest after the commit: %+v, %v", s, err)
	}
	// The same snapshot posted again (a client's retry whose reply was
	// lost) is the one committed: success, and nothing new.
	if code, out := post("admin", next, id); code != 200 || out["success"] != true {
		t.Fatalf("the same commit again: %d %v", code, out)
	}
	if ok, err := tbl.Snapshots.Exists(ctx, 3); err != nil || ok {
		t.Fatalf("the same commit again made snapshot 3: %v %v", ok, err)
	}
	taken := next
	taken.DeltaManifestList = first.BaseManifestList // another commit's snapshot 2
	if code, out := post("admin", taken, id); code != 200 || out["success"] != false {
		t.Fatalf("commit of a taken id: %d %v", code, out)
	}
	gap := next
	gap.ID = 5
	if code, out := post("admin", gap, id); code != 200 || out["success"] != false {
		t.Fatalf("commit above a missing base: %d %v", code, out)
	}
	broken := next
	broken.ID, broken.DeltaManifestList = 3, "manifest-list-missing"
	if code, out := post("admin", broken, id); code != 400 {
		t.Fatalf("commit naming a missing manifest list: %d %v", code, out)
	}
	if ok, _ := tbl.Snapshots.Exists(ctx, 3); ok {
		t.Fatal("a refused commit created snapshot 3")
	}
	// A field of a newer Paimon (pypaimon 2.1 posts 2.0's "uuid") is
	// written into the snapshot file as posted.
	withUUID, err := spec.MarshalSnapshot(&spec.Snapshot{Version: 3, ID: 3, SchemaID: next.SchemaID, BaseManifestList: next.BaseManifestList,
		DeltaManifestList: next.DeltaManifestList, CommitUser: "py", CommitKind: spec.KindAppend, TimeMillis: next.TimeMillis})
	if err != nil {
		t.Fatal(err)
	}
	withUUID = bytes.Replace(withUUID, []byte(`"id"`), []byte(`"uuid" : "u-1", "id"`), 1)
	if code, out := f.call("admin", "POST", "/v1/paimon/databases/a/tables/t/commit",
		map[string]any{"tableId": id, "snapshot": json.RawMessage(withUUID)}); code != 200 || out["success"] != true {
		t.Fatalf("commit of a snapshot with a uuid: %d %v", code, out)
	}
	if data, err := tbl.FS.ReadFile(ctx, tbl.Snapshots.Path(3)); err != nil || !bytes.Contains(data, []byte(`"u-1"`)) {
		t.Fatalf("snapshot 3 lost its uuid: %s %v", data, err)
	}
	latest := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t/snapshot", nil)
	if latest["snapshot"].(map[string]any)["snapshot"].(map[string]any)["id"].(float64) != 3 {
		t.Fatalf("latest snapshot: %v", latest)
	}
	list := f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t/snapshots?maxResults=1", nil)
	if got := list["snapshots"].([]any); len(got) != 1 || list["nextPageToken"] != "3" {
		t.Fatalf("snapshots page: %v", list)
	}
	f.must(404, "reader", "GET", "/v1/paimon/databases/a/tables/t/snapshots/7", nil)
}

// tableWithSnapshot creates a.t with snapshot 1 (empty manifest lists,
// which posted snapshots may reuse) and returns it with its REST id.
func (f *fixture) tableWithSnapshot() (*table.Table, *spec.Snapshot, string) {
	t, ctx := f.t, context.Background()
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	tbl, err := table.Open(ctx, f.fs, "a", "t", "")
	if err != nil {
		t.Fatal(err)
	}
	c, err := commit.New(tbl, "go", options.Options{"snapshot.ignore-empty-commit": "false"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := c.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier})
	if err != nil || first == nil {
		t.Fatalf("first commit: %v", err)
	}
	return tbl, first, f.must(200, "admin", "GET", "/v1/paimon/databases/a/tables/t", nil)["id"].(string)
}

// TestTagsBranchesRollback: tags and branches are made, listed and
// dropped, the table rolled back, each with the procedures' privileges.
func TestTagsBranchesRollback(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tbl, first, id := f.tableWithSnapshot()
	next := *first
	next.ID = 2
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables/t/commit", map[string]any{"tableId": id, "snapshot": next})
	base := "/v1/paimon/databases/a/tables/t"
	tag := map[string]any{"tagName": "v1", "snapshotId": 1, "timeRetained": "1 h"}
	f.must(403, "writer", "POST", base+"/tags", tag) // no EXECUTE
	f.must(403, "reader", "POST", base+"/tags", tag)
	f.must(200, "admin", "POST", base+"/tags", tag)
	f.must(409, "admin", "POST", base+"/tags", tag)
	e := f.must(404, "admin", "POST", base+"/tags", map[string]any{"tagName": "v9", "snapshotId": 9})
	if e["resourceType"] != resourceSnapshot {
		t.Fatalf("tag of a missing snapshot: %v", e)
	}
	got := f.must(200, "reader", "GET", base+"/tags/v1", nil)
	if got["snapshot"].(map[string]any)["id"].(float64) != 1 || got["tagTimeRetained"] != "PT3600S" {
		t.Fatalf("tag: %v", got)
	}
	if list := f.must(200, "reader", "GET", base+"/tags", nil); len(list["tags"].([]any)) != 1 {
		t.Fatalf("tags: %v", list)
	}
	f.must(200, "admin", "POST", base+"/branches", map[string]any{"branch": "b", "fromTag": "v1"})
	if list := f.must(200, "reader", "GET", base+"/branches", nil); len(list["branches"].([]any)) != 1 {
		t.Fatalf("branches: %v", list)
	}
	f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t$branch_b", nil)
	f.must(404, "admin", "POST", base+"/rollback", map[string]any{"instant": map[string]any{"type": "tag", "tagName": "nope"}})
	f.must(500, "admin", "POST", base+"/rollback", map[string]any{"instant": map[string]any{"type": "snapshot", "snapshotId": 1}, "fromSnapshot": 1})
	f.must(403, "reader", "POST", base+"/rollback", map[string]any{"instant": map[string]any{"type": "snapshot", "snapshotId": 1}})
	f.must(200, "admin", "POST", base+"/rollback", map[string]any{"instant": map[string]any{"type": "snapshot", "snapshotId": 1}, "fromSnapshot": 2})
	if latest, ok, err := tbl.Snapshots.LatestID(ctx); err != nil || !ok || latest != 1 {
		t.Fatalf("latest after the rollback: %d %v %v", latest, ok, err)
	}
	f.must(200, "admin", "DELETE", base+"/branches/b", nil)
	f.must(404, "admin", "DELETE", base+"/branches/b", nil)
	f.must(200, "admin", "DELETE", base+"/tags/v1", nil)
	f.must(404, "reader", "GET", base+"/tags/v1", nil)

	f.must(403, "writer", "POST", base+"/consumers/reset", map[string]any{"consumerId": "c1", "nextSnapshotId": 1})
	f.must(200, "admin", "POST", base+"/consumers/reset", map[string]any{"consumerId": "c1", "nextSnapshotId": 1})
	list := f.must(200, "reader", "GET", base+"/consumers", nil)
	if got := list["consumers"].([]any); len(got) != 1 || got[0].(map[string]any)["nextSnapshot"].(float64) != 1 {
		t.Fatalf("consumers: %v", list)
	}
	f.must(200, "admin", "POST", base+"/consumers/reset", map[string]any{"consumerId": "c1"})
	if list := f.must(200, "reader", "GET", base+"/consumers", nil); len(list["consumers"].([]any)) != 0 {
		t.Fatalf("consumers after the delete: %v", list)
	}
}

// TestEmptyDatabaseOnObjectStore: an object store has no empty
// directories; a database created through the API still exists until
// dropped, and takes tables.
func TestEmptyDatabaseOnObjectStore(t *testing.T) {
	f := newFixtureAt(t, "mem://")
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(409, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "GET", "/v1/paimon/databases/a", nil)
	if list := f.must(200, "admin", "GET", "/v1/paimon/databases", nil); len(list["databases"].([]any)) != 1 {
		t.Fatalf("databases: %v", list)
	}
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	f.must(200, "reader", "GET", "/v1/paimon/databases/a/tables/t", nil)
	// No table token on an object store: the server's keys are not handed out.
	f.must(501, "reader", "GET", "/v1/paimon/databases/a/tables/t/token", nil)
	f.must(200, "admin", "DELETE", "/v1/paimon/databases/a/tables/t", nil)
	f.must(200, "admin", "DELETE", "/v1/paimon/databases/a", nil)
	f.must(404, "admin", "GET", "/v1/paimon/databases/a", nil)
}

// recordingIssuer is a TokenIssuer that answers what it was asked.
type recordingIssuer struct{}

func (recordingIssuer) TableToken(_ context.Context, location string, write bool, user string) (map[string]string, time.Time, error) {
	return map[string]string{"location": location, "write": strconv.FormatBool(write), "user": user}, time.UnixMilli(4102444800000), nil
}

// TestTableTokenOnObjectStore: on an object store the token comes from the
// issuer, for the table's directory, able to write only for a caller with
// INSERT on the table; without an issuer it is refused (501).
func TestTableTokenOnObjectStore(t *testing.T) {
	f := newFixtureWith(t, "mem://", recordingIssuer{})
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	for user, write := range map[string]string{"reader": "false", "inserter": "true"} {
		got := f.must(200, user, "GET", "/v1/paimon/databases/a/tables/t/token", nil)
		tok := got["token"].(map[string]any)
		if !strings.HasSuffix(tok["location"].(string), "/a.db/t") || tok["write"] != write || tok["user"] != user || got["expiresAtMillis"].(float64) != 4102444800000 {
			t.Errorf("%s's token: %v", user, got)
		}
	}
	f.must(404, "reader", "GET", "/v1/paimon/databases/a/tables/missing/token", nil)
	plain := newFixtureAt(t, "mem://")
	plain.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	plain.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	plain.must(501, "reader", "GET", "/v1/paimon/databases/a/tables/t/token", nil)
}

// otherCatalog stands for a JDBC or Hive catalog: not the filesystem's.
type otherCatalog struct{ *metastore.Filesystem }

// TestRenameRefusedOverAnotherCatalog: over a catalog that keeps its own
// record of a table (JDBC, Hive), a directory rename would leave the record
// at the old place: the REST rename is refused (501), nothing changed.
func TestRenameRefusedOverAnotherCatalog(t *testing.T) {
	fsys, err := fs.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(Config{FS: fsys, Auth: testAuth{"admin": allPrivileges}, Metastore: otherCatalog{metastore.NewFilesystem(fsys)}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); _ = fsys.Close() })
	f := &fixture{t: t, srv: srv, fs: fsys}
	f.must(200, "admin", "POST", "/v1/paimon/databases", map[string]any{"name": "a"})
	f.must(200, "admin", "POST", "/v1/paimon/databases/a/tables",
		map[string]any{"identifier": map[string]string{"database": "a", "object": "t"}, "schema": appendSchema})
	e := f.must(501, "admin", "POST", "/v1/paimon/tables/rename", map[string]any{
		"source": map[string]string{"database": "a", "object": "t"}, "destination": map[string]string{"database": "a", "object": "u"}})
	if !strings.Contains(e["message"].(string), "RENAME TABLE over MySQL") {
		t.Fatalf("refusal: %v", e)
	}
	f.must(200, "admin", "GET", "/v1/paimon/databases/a/tables/t", nil)
}
