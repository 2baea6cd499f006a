package interop

import (
	"context"
	gosql "database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/restcatalog"
)

const featureREST = "REST catalog (Java RESTCatalog through paimon-sql)"

// restServer is paimon-sql serving a warehouse over MySQL and its REST
// catalog, authorised by the server's accounts, counting the commits
// posted to it; writer and reader are bearer tokens made with SQL for an
// account with the DML and DDL privileges and one with SELECT only.
type restServer struct {
	db             *gosql.DB
	url            string
	commits        atomic.Int64
	writer, reader string
}

func startREST(t testing.TB, dir string) *restServer {
	t.Helper()
	return startRESTWith(t, dir, nil)
}

// startRESTWith is startREST with tokens issuing the table tokens.
func startRESTWith(t testing.TB, dir string, tokens restcatalog.TokenIssuer) *restServer {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := catalog.NewProvider(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	// One process: the REST side opens tables with the MySQL side's
	// runtime, as paimon-sql serve does.
	db, srv := serveProvider(t, provider, "+00:00", func() { _ = fsys.Close() })
	h, err := restcatalog.New(restcatalog.Config{FS: fsys, Runtime: provider.Runtime(), Auth: srv.Authorizer(), Tokens: tokens})
	if err != nil {
		t.Fatal(err)
	}
	rs := &restServer{db: db}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/commit") {
			rs.commits.Add(1)
		}
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(sw, r)
		recordEndpoint(r.Method, r.URL.Path, sw.code)
	}))
	t.Cleanup(hs.Close)
	rs.url = hs.URL
	if err := sqlExec(db,
		"CREATE USER writer@'%' IDENTIFIED BY 'writer-password'",
		"GRANT SELECT, INSERT, DELETE, CREATE, DROP, ALTER, EXECUTE ON *.* TO writer@'%'",
		"CREATE USER reader@'%' IDENTIFIED BY 'reader-password'",
		"GRANT SELECT ON db.* TO reader@'%'",
	); err != nil {
		t.Fatal(err)
	}
	rs.writer, rs.reader = newToken(t, db, "writer@%"), newToken(t, db, "reader@%")
	return rs
}

// newToken makes a bearer token for account with sys.create_token.
func newToken(t testing.TB, db *gosql.DB, account string) string {
	t.Helper()
	rows, err := db.Query("CALL sys.create_token('" + account + "')")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]gosql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if !rows.Next() {
		t.Fatalf("create_token('%s') returned no row: %v", account, rows.Err())
	}
	if err := rows.Scan(ptrs...); err != nil {
		t.Fatal(err)
	}
	for i, c := range cols {
		if c == "token" && vals[i].Valid {
			return vals[i].String
		}
	}
	t.Fatalf("create_token('%s'): no token column in %v", account, cols)
	return ""
}

// restJava is the Java driver opening the REST catalog at url with token,
// as Flink's and Spark's catalogs do ('metastore' = 'rest').
func restJava(j *javaDriver, url, token string) *javaDriver {
	return &javaDriver{lineProc: j.lineProc, catalog: map[string]string{
		"metastore": "rest", "uri": url, "token.provider": "bear", "token": token,
		"warehouse": "paimon",
	}}
}

// TestRESTCatalogJava: Java Paimon 1.4.2's RESTCatalog, opened through
// CatalogFactory with metastore=rest and a bearer token made with SQL,
// creates a database and tables through paimon-sql's REST catalog and
// commits its batch writes through it; paimon-sql reads them over MySQL, SQL writes are read by Java,
// concurrent Java and SQL writers lose nothing, and a token without INSERT
// (the reader: SELECT on db.*) cannot commit.
func TestRESTCatalogJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, sc := range []scenario{
		{name: "rest_append", feature: featureREST, cols: basicCols},
		{name: "rest_pk", feature: featureREST, cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "2", "write-only": "true"}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			rs := startREST(t, t.TempDir())
			runREST(t, rs.db, rs, restJava(j, rs.url, rs.writer), restJava(j, rs.url, rs.reader), sc)
		})
	}
}

func runREST(t *testing.T, db *gosql.DB, rs *restServer, writer, reader *javaDriver, sc scenario) {
	writer.must(t, "", createStep(sc))
	rows := []map[string]any{
		{"kind": "+I", "values": []any{1, "java", "1.00"}},
		{"kind": "+I", "values": []any{2, "java", "2.00"}},
	}
	writer.must(t, "", jstep{"op": "write", "table": sc.table(), "rows": rows})
	if rs.commits.Load() == 0 {
		t.Fatal("Java's write did not commit through the REST catalog")
	}
	javaRows, err := javaRead(t, writer, "", sc.table(), nil, sc.cols)
	ours, oerr := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	if err == nil && len(javaRows) != 2 {
		err = fmt.Errorf("Java reads %d rows, want 2", len(javaRows))
	}
	problem := differ(javaRows, ours, oerr)
	if err != nil {
		problem = err.Error()
	}
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/write", problem)

	if err := sqlExec(db, "INSERT INTO "+sc.table()+" VALUES (3, 'sql', 3.00)"); err != nil {
		t.Fatal(err)
	}
	javaRows, err = javaRead(t, writer, "", sc.table(), nil, sc.cols)
	ours, oerr = ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	problem = differ(javaRows, ours, oerr)
	if err != nil {
		problem = err.Error()
	} else if len(javaRows) != 3 {
		problem = fmt.Sprintf("Java reads %d rows after the SQL insert, want 3", len(javaRows))
	}
	outcome(t, sc.feature, dirSQLToJava, sc.name+"/sql_write", problem)

	outcome(t, sc.feature, dirPypaimon, sc.name+"/pypaimon", pypaimonREST(t, rs.url, rs.reader, sc, javaRows))
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/concurrent", concurrentREST(t, db, writer, sc, 10, 3))
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/denied", deniedCommit(t, db, reader, sc))
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/versions", versionsREST(t, db, writer, reader, sc))
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/alter", alterREST(t, db, writer, reader, sc))
}

// alterREST adds a column and sets an option through Java's alterTable on
// the REST catalog (Java's own SchemaChange JSON): paimon-sql sees both;
// the reader (no ALTER) is refused.
func alterREST(t *testing.T, db *gosql.DB, writer, reader *javaDriver, sc scenario) string {
	if r := reader.do(t, "", jstep{"op": "alter", "table": sc.table(), "add": "denied", "type": "INT"})[0]; r.OK || !strings.Contains(r.Error, "ALTER command denied") {
		return fmt.Sprintf("the reader's alter: ok %v, %s", r.OK, r.Error)
	}
	if r := writer.do(t, "", jstep{"op": "alter", "table": sc.table(), "add": "extra", "type": "BIGINT"})[0]; !r.OK {
		return "add column: " + r.Error
	}
	if r := writer.do(t, "", jstep{"op": "alter", "table": sc.table(), "set": "snapshot.num-retained.max", "value": "50"})[0]; !r.OK {
		return "set option: " + r.Error
	}
	rows, err := sqlRows(db, "SELECT COUNT(extra) FROM "+sc.table())
	if err != nil {
		return "the added column over MySQL: " + err.Error()
	}
	if *rows[0][0] != "0" {
		return "the added column is not NULL in the old rows: " + *rows[0][0]
	}
	opts, err := sqlRows(db, "SELECT value FROM db.`"+sc.name+"$options` WHERE `key` = 'snapshot.num-retained.max'")
	if err != nil || len(opts) != 1 || *opts[0][0] != "50" {
		return fmt.Sprintf("the option over MySQL: %v %v", opts, err)
	}
	return ""
}

// versionsREST makes a tag and a branch, renames the branch and rolls the
// table back through Java's Catalog API on the REST catalog: paimon-sql's
// $tags, $branches and rows show each, Java reads the renamed branch; the
// reader (no EXECUTE) is refused.
func versionsREST(t *testing.T, db *gosql.DB, writer, reader *javaDriver, sc scenario) string {
	version := func(j *javaDriver, args jstep) jresult {
		args["op"], args["table"] = "catalogVersion", sc.table()
		return j.do(t, "", args)[0]
	}
	query := func(q string) string {
		rows, err := sqlRows(db, q)
		if err != nil {
			return "error: " + err.Error()
		}
		var out []string
		for _, r := range rows {
			for _, c := range r {
				out = append(out, *c)
			}
		}
		return strings.Join(out, ",")
	}
	sys := func(name string) string { return "db.`" + sc.name + "$" + name + "`" }
	latest := query("SELECT MAX(snapshot_id) FROM " + sys("snapshots"))
	tagged, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	if err != nil {
		return err.Error()
	}
	if r := version(reader, jstep{"action": "createTag", "tag": "denied"}); r.OK || !strings.Contains(r.Error, "command denied") {
		return fmt.Sprintf("the reader's createTag: ok %v, %s", r.OK, r.Error)
	}
	if r := version(writer, jstep{"action": "createTag", "tag": "t1", "snapshot": latest}); !r.OK {
		return "createTag: " + r.Error
	}
	if got := query("SELECT tag_name, snapshot_id FROM " + sys("tags")); got != "t1,"+latest {
		return fmt.Sprintf("$tags after createTag: %s, want t1,%s", got, latest)
	}
	if r := version(writer, jstep{"action": "createBranch", "branch": "b1", "tag": "t1"}); !r.OK {
		return "createBranch: " + r.Error
	}
	if got := query("SELECT branch_name FROM " + sys("branches")); got != "b1" {
		return fmt.Sprintf("$branches after createBranch: %s", got)
	}
	if r := version(reader, jstep{"action": "renameBranch", "branch": "b1", "to": "b2"}); r.OK || !strings.Contains(r.Error, "command denied") {
		return fmt.Sprintf("the reader's renameBranch: ok %v, %s", r.OK, r.Error)
	}
	if r := version(writer, jstep{"action": "renameBranch", "branch": "b1", "to": "b2"}); !r.OK {
		return "renameBranch: " + r.Error
	}
	if got := query("SELECT branch_name FROM " + sys("branches")); got != "b2" {
		return fmt.Sprintf("$branches after renameBranch b1 to b2: %s", got)
	}
	onBranch, err := javaRead(t, writer, "", sc.table()+"$branch_b2", nil, sc.cols)
	if d := differ(tagged, onBranch, err); d != "" {
		return "Java reading the renamed branch b2: " + d
	}
	if err := sqlExec(db, "INSERT INTO "+sc.table()+" VALUES (5000, 'after the tag', 5.00)"); err != nil {
		return err.Error()
	}
	if r := version(writer, jstep{"action": "rollback", "tag": "t1"}); !r.OK {
		return "rollback: " + r.Error
	}
	rolled, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	if d := differ(tagged, rolled, err); d != "" {
		return "after the rollback to t1: " + d
	}
	if r := version(writer, jstep{"action": "dropBranch", "branch": "b2"}); !r.OK {
		return "dropBranch: " + r.Error
	}
	if r := version(writer, jstep{"action": "deleteTag", "tag": "t1"}); !r.OK {
		return "deleteTag: " + r.Error
	}
	if got := query("SELECT COUNT(*) FROM "+sys("tags")) + "/" + query("SELECT COUNT(*) FROM "+sys("branches")); got != "0/0" {
		return fmt.Sprintf("tags/branches left: %s", got)
	}
	return ""
}

// concurrentREST runs n one-row Java commits through the REST catalog and
// n SQL inserts at once on a table that holds `before` rows: both readers
// must see every row.
func concurrentREST(t *testing.T, db *gosql.DB, writer *javaDriver, sc scenario, n, before int) string {
	javaRows := make([]map[string]any, n)
	for i := range javaRows {
		javaRows[i] = map[string]any{"kind": "+I", "values": []any{1000 + i, "java", "1.00"}}
	}
	var wg sync.WaitGroup
	var javaErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		res, err := writer.try("", jstep{"op": "writeEach", "table": sc.table(), "rows": javaRows})
		if err == nil && !res[0].OK {
			err = fmt.Errorf("Java: %s", res[0].Error)
		}
		javaErr = err
	}()
	var sqlErr error
	for i := 0; i < n && sqlErr == nil; i++ {
		sqlErr = sqlExec(db, fmt.Sprintf("INSERT INTO %s VALUES (%d, 'sql', 2.00)", sc.table(), 2000+i))
	}
	wg.Wait()
	if javaErr != nil {
		return javaErr.Error()
	}
	if sqlErr != nil {
		return sqlErr.Error()
	}
	want := before + 2*n
	javaRows2, err := javaRead(t, writer, "", sc.table(), nil, sc.cols)
	if err != nil {
		return err.Error()
	}
	if len(javaRows2) != want {
		return fmt.Sprintf("Java reads %d rows, want %d: a commit was lost (%d of Java's %d rows read)",
			len(javaRows2), want, countContaining(javaRows2, "java")-2, n)
	}
	ours, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	return differ(javaRows2, ours, err)
}

// deniedCommit: a token holding SELECT only loads the table but its
// commit is refused (403), and nothing changes.
func deniedCommit(t *testing.T, db *gosql.DB, reader *javaDriver, sc scenario) string {
	before, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	if err != nil {
		return err.Error()
	}
	snaps, err := sqlRows(db, fmt.Sprintf("SELECT COUNT(*) FROM %s", "db.`"+sc.name+"$snapshots`"))
	if err != nil {
		return err.Error()
	}
	res := reader.do(t, "", jstep{"op": "write", "table": sc.table(),
		"rows": []map[string]any{{"kind": "+I", "values": []any{9, "denied", "9.00"}}}})[0]
	if res.OK {
		return "a token without INSERT committed"
	}
	if !strings.Contains(res.Error, "INSERT command denied") {
		return "the refused commit failed with another error: " + res.Error
	}
	after, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	if d := differ(before, after, err); d != "" {
		return "the refused commit changed the table: " + d
	}
	snapsAfter, err := sqlRows(db, fmt.Sprintf("SELECT COUNT(*) FROM %s", "db.`"+sc.name+"$snapshots`"))
	if err != nil {
		return err.Error()
	}
	if *snaps[0][0] != *snapsAfter[0][0] {
		return fmt.Sprintf("the refused commit changed the snapshots: %s, then %s", *snaps[0][0], *snapsAfter[0][0])
	}
	return ""
}

// pypaimonREST reads the table with pypaimon's REST catalog as token: the
// rows Java reads.
func pypaimonREST(t *testing.T, url, token string, sc scenario, want []string) string {
	opts, err := json.Marshal(map[string]string{"metastore": "rest", "uri": url, "warehouse": restcatalog.DefaultPrefix,
		"token.provider": "bear", "token": token})
	if err != nil {
		t.Fatal(err)
	}
	line, err := startPypaimon(t).ask([]byte(string(opts) + "\t" + sc.table()))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Rows  []json.RawMessage
		Error string
	}
	if err := json.Unmarshal(line, &res); err != nil {
		return fmt.Sprintf("pypaimon output %q: %v", line, err)
	}
	if res.Error != "" {
		return "pypaimon: " + res.Error
	}
	got, err := neutralRows(res.Rows, sc.cols)
	return differ(want, got, err)
}

// BenchmarkJavaWrite is one Java batch write of one row, catalog opening,
// table loading and commit included, through Java's filesystem catalog and
// through paimon-sql's REST catalog on a local warehouse (the goal:
// the REST commit within 2x the filesystem one).
func BenchmarkJavaWrite(b *testing.B) {
	requireTools(b)
	j := startJava(b)
	for _, mode := range []string{"filesystem", "rest"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			d := j
			if mode == "rest" {
				rs := startREST(b, dir)
				d = restJava(j, rs.url, rs.writer)
			}
			sc := scenario{name: "bench", cols: basicCols}
			d.must(b, dir, createStep(sc))
			row := []map[string]any{{"kind": "+I", "values": []any{1, "java", "1.00"}}}
			for b.Loop() {
				d.must(b, dir, jstep{"op": "write", "table": sc.table(), "rows": row})
			}
		})
	}
}

// statusWriter keeps the status of a response.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

// restCalls are the REST endpoints called in this run, by the clients
// and by TestRESTEndpoints, with the statuses answered: docs/compatibility.md
// lists them.
var (
	restCallsMu sync.Mutex
	restCalls   = map[string]map[int]bool{} // "GET /v1/{prefix}/databases/{database}" -> statuses
)

// openAPI are the operations of Paimon's REST catalog API
// (apache/paimon docs/static/rest-catalog-open-api.yaml, main of 2026-08),
// in its order.
var openAPI = []string{
	"GET /v1/config",
	"GET /v1/{prefix}/databases",
	"POST /v1/{prefix}/databases",
	"GET /v1/{prefix}/databases/{database}",
	"DELETE /v1/{prefix}/databases/{database}",
	"POST /v1/{prefix}/databases/{database}",
	"POST /v1/{prefix}/databases/{database}/register",
	"GET /v1/{prefix}/databases/{database}/tables",
	"POST /v1/{prefix}/databases/{database}/tables",
	"GET /v1/{prefix}/databases/{database}/table-details",
	"GET /v1/{prefix}/tables",
	"GET /v1/{prefix}/tables/id/{tableId}",
	"GET /v1/{prefix}/databases/{database}/tables/{table}",
	"POST /v1/{prefix}/databases/{database}/tables/{table}",
	"DELETE /v1/{prefix}/databases/{database}/tables/{table}",
	"POST /v1/{prefix}/tables/rename",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/commit",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/rollback",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/rollback-schema",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/token",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/auth",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/snapshot",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/snapshots/{version}",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/snapshots",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/partitions",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/partitions",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/partitions/drop",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/partitions/mark",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/partitions/list-by-names",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/partitions/list-by-filter",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/branches",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/branches",
	"DELETE /v1/{prefix}/databases/{database}/tables/{table}/branches/{branch}",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/branches/{branch}/rename",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/branches/{branch}/forward",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/tags",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/tags",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/tags/{tag}",
	"DELETE /v1/{prefix}/databases/{database}/tables/{table}/tags/{tag}",
	"GET /v1/{prefix}/databases/{database}/tables/{table}/consumers",
	"POST /v1/{prefix}/databases/{database}/tables/{table}/consumers/reset",
	"GET /v1/{prefix}/databases/{database}/views",
	"POST /v1/{prefix}/databases/{database}/views",
	"GET /v1/{prefix}/databases/{database}/view-details",
	"GET /v1/{prefix}/views",
	"GET /v1/{prefix}/databases/{database}/views/{view}",
	"POST /v1/{prefix}/databases/{database}/views/{view}",
	"DELETE /v1/{prefix}/databases/{database}/views/{view}",
	"POST /v1/{prefix}/views/rename",
	"GET /v1/{prefix}/databases/{database}/functions",
	"POST /v1/{prefix}/databases/{database}/functions",
	"GET /v1/{prefix}/databases/{database}/function-details",
	"GET /v1/{prefix}/functions",
	"GET /v1/{prefix}/databases/{database}/functions/{function}",
	"POST /v1/{prefix}/databases/{database}/functions/{function}",
	"DELETE /v1/{prefix}/databases/{database}/functions/{function}",
}

// endpointOf is the operation of openAPI a request is, "" for none: its
// literal segments equal, each {placeholder} any one segment.
func endpointOf(method, path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, op := range openAPI {
		m, tmpl, _ := strings.Cut(op, " ")
		ts := strings.Split(strings.Trim(tmpl, "/"), "/")
		if m != method || len(ts) != len(segs) {
			continue
		}
		match := true
		for i := range ts {
			if !strings.HasPrefix(ts[i], "{") && ts[i] != segs[i] {
				match = false
				break
			}
		}
		if match {
			return op
		}
	}
	return ""
}

// recordEndpoint records a call under its operation (or its own path when
// it is none of the API's).
func recordEndpoint(method, path string, code int) {
	key := endpointOf(method, path)
	if key == "" {
		key = method + " " + path + " (not in the API)"
	}
	restCallsMu.Lock()
	defer restCallsMu.Unlock()
	if restCalls[key] == nil {
		restCalls[key] = map[int]bool{}
	}
	restCalls[key][code] = true
}

// endpointStatuses are the statuses answered for an operation, sorted.
func endpointStatuses(op string) []string {
	var codes []string
	for c := range restCalls[op] {
		codes = append(codes, strconv.Itoa(c))
	}
	sort.Strings(codes)
	return codes
}

// writeRESTEndpoints lists every operation of the REST catalog API with
// the statuses paimon-sql answered in the run: to Java's and pypaimon's
// REST catalogs, and to TestRESTEndpoints' calls of the rest.
func writeRESTEndpoints(b *strings.Builder) {
	restCallsMu.Lock()
	defer restCallsMu.Unlock()
	if len(restCalls) == 0 {
		return
	}
	b.WriteString("\n## REST catalog endpoints\n\n")
	b.WriteString("Every operation of Paimon's REST catalog API (`docs/static/rest-catalog-open-api.yaml` in\n")
	b.WriteString("apache/paimon) with the statuses paimon-sql answered in this run: to Java's `RESTCatalog` and\n")
	b.WriteString("pypaimon's REST catalog (TestRESTCatalogJava, TestRESTCatalogPartitions, TestRESTCatalogJavaS3,\n")
	b.WriteString("TestRESTCatalogPypaimonWrites, TestRESTSoak) and to TestRESTEndpoints, which calls each\n")
	b.WriteString("operation as a granted client would.\n")
	b.WriteString("501 is the API's \"not implemented\" error (Java's client: `NotImplementedException`), answered\n")
	b.WriteString("with nothing changed; 401, 403 and 404 include the tests' refused calls. Why each 501:\n")
	b.WriteString("docs/operations.md §12.\n\n| operation | statuses | |\n|---|---|---|\n")
	for _, op := range openAPI {
		codes := endpointStatuses(op)
		what := "served"
		switch {
		case len(codes) == 0:
			what = "not called"
		case !slices.ContainsFunc(codes, func(c string) bool { return c[0] == '2' }) && slices.Contains(codes, "501"):
			what = "not supported (501)"
		case !slices.ContainsFunc(codes, func(c string) bool { return c[0] == '2' }):
			what = "none held (404)"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", op, strings.Join(codes, ", "), what)
	}
}
