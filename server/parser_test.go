package server

import (
	"context"
	"reflect"
	"strings"
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/catalog/clauses"
)

func TestRewriteQuery(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"CALL sys.p(`table` => 'db.t', retain_max => 5)", "CALL sys.p(`table` =  'db.t', retain_max =  5)"},
		{"call p(a=>1)", "call p(a= 1)"},
		{"/* c */ CALL p(a => 'x => y', b => \"=>\")", "/* c */ CALL p(a =  'x => y', b =  \"=>\")"},
		{"CALL p(a => 'it''s =>', b => 'x\\' =>')", "CALL p(a =  'it''s =>', b =  'x\\' =>')"},
		{"SELECT a => 1", ""},   // not a CALL: left for vitess to reject
		{"CALL p(a <=> 1)", ""}, // null-safe equality
		{"CALL p(a => 1); SELECT b => 2", "CALL p(a =  1); SELECT b => 2"}, // first statement only
		{"SELECT * FROM t$snapshots", "SELECT * FROM `t$snapshots`"},
		{"SELECT * FROM db.t$snapshots s", "SELECT * FROM db.`t$snapshots` s"},
		{"SELECT * FROM t$branch_b1$files", "SELECT * FROM `t$branch_b1$files`"},
		{"SELECT 'a$b', `c$d`, @v$x, 1$ -- t$x\n", ""},
		{"SELECT x FROM t$s # t$s\nWHERE y = 'a$b'", "SELECT x FROM `t$s` # t$s\nWHERE y = 'a$b'"},
	} {
		got, ok := rewriteQuery(tc.in)
		if tc.want == "" {
			if ok {
				t.Errorf("%q: rewritten to %q, want unchanged", tc.in, got.text)
			}
			continue
		}
		if !ok || got.text != tc.want {
			t.Errorf("%q:\n got %q (%v)\nwant %q", tc.in, got.text, ok, tc.want)
		}
	}
}

func TestRewriteOriginalOffset(t *testing.T) {
	q := "SELECT * FROM t$a; SELECT 1"
	rw, _ := rewriteQuery(q)
	next := strings.Index(rw.text, " SELECT 1")
	if got := rw.originalOffset(next); q[got:] != " SELECT 1" {
		t.Errorf("offset %d maps to %q", next, q[got:])
	}
}

func TestParserNamedArgs(t *testing.T) {
	p := NewParser(func(name string) ([]string, bool) {
		switch name {
		case "echo_args":
			return echoParams, true
		case "rename_tag":
			return []string{"table", "tag|tagName", "target_tag|targetTagName"}, true
		}
		return nil, false
	})
	for _, tc := range []struct{ in, want, err string }{
		{in: "CALL sys.echo_args(mode => 'm', `table` => 'db.t')", want: "call sys.echo_args('db.t', null, 'm')"},
		{in: "CALL sys.ECHO_ARGS(RETAIN_MAX = 3)", want: "call sys.ECHO_ARGS(null, 3, null)"},
		{in: "CALL sys.echo_args('db.t', 5, 'm')", want: "call sys.echo_args('db.t', 5, 'm')"},
		{in: "CALL sys.echo_args(@a = 1, 2, 3)", want: "call sys.echo_args(@a = 1, 2, 3)"},
		{in: "CALL sys.echo_args(`table` => 'db.t', bogus => 1)", err: `unknown argument "bogus"; the arguments are: table, retain_max, mode`},
		{in: "CALL sys.echo_args('db.t', mode => 'm')", err: "named and positional arguments cannot be mixed"},
		{in: "CALL sys.echo_args(mode => 'a', mode => 'b')", err: `argument "mode" is given twice`},
		{in: "CALL sys.rename_tag(`table` => 't', targettagname => 'b', TagName => 'a')", want: "call sys.rename_tag('t', 'a', 'b')"},
		{in: "CALL sys.rename_tag(`table` => 't', target_tag => 'b', tag => 'a')", want: "call sys.rename_tag('t', 'a', 'b')"},
		{in: "CALL sys.rename_tag(tag => 'a', tagname => 'b')", err: `argument "tagname" is given twice`},
		{in: "CALL sys.rename_tag(x => 'a')", err: `the arguments are: table, tag or tagName, target_tag or targetTagName`},
		{in: "CALL other(x => 1)", err: "only supported by the built-in procedures"},
	} {
		stmt, err := p.ParseSimple(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := ast.String(stmt); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, got, tc.want)
		}
		if call := stmt.(*ast.Call); call.Auth.TargetNames[2] != "3" {
			t.Errorf("%q: auth argument count %q", tc.in, call.Auth.TargetNames[2])
		}
	}
}

func TestParserAsOfPlaceholder(t *testing.T) {
	p := NewParser(nil)
	ctx := context.Background()
	for _, q := range []string{
		"SELECT * FROM t AS OF ?",
		"SELECT * FROM t FOR SYSTEM_TIME AS OF ? WHERE id = 1",
		"SELECT * FROM (SELECT * FROM t AS OF ?) x",
		"SELECT * FROM u WHERE id IN (SELECT id FROM t AS OF ?)",
		"SELECT * FROM u JOIN t AS OF ? ON u.id = t.id",
		"WITH c AS (SELECT * FROM t AS OF ?) SELECT * FROM c",
		"INSERT INTO u SELECT * FROM t AS OF ?",
		"SELECT 1 UNION SELECT id FROM t AS OF ?",
		"CALL p() AS OF ?",
		"SHOW TABLES AS OF ?",
	} {
		if _, _, err := p.ParseOneWithOptions(ctx, q, ast.ParserOptions{}); err != errAsOfPlaceholder {
			t.Errorf("%q: got %v, want the AS OF placeholder error", q, err)
		}
	}
	for _, q := range []string{"SELECT * FROM t AS OF 5 WHERE id = ?", "SELECT * FROM t AS OF 'tag'"} {
		if _, _, err := p.ParseOneWithOptions(ctx, q, ast.ParserOptions{}); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}

func TestNamedArgsOverTheWire(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	// Text protocol (go-sql-driver sends queries without arguments as text).
	wantRows(t, db, "db.t|5|", "CALL sys.echo_args(`table` => 'db.t', retain_max => 5)")
	wantRows(t, db, "a => b|0|x", "CALL sys.echo_args(mode => 'x', `table` => 'a => b')")
	wantRows(t, db, "db.t|7|", "CALL sys.echo_args(`table` = 'db.t', retain_max = 7)")
	wantErr(t, db, `unknown argument "retain"`, "CALL sys.echo_args(`table` => 'db.t', retain => 5)")
	// Server-side prepared statements: only the `=` form gets past vitess.
	wantRows(t, db, "db.t|3|", "CALL sys.echo_args(`table` = ?, retain_max = ?)", "db.t", 3)
	wantRows(t, db, "db.u|4|m", "CALL sys.echo_args(mode = ?, retain_max = ?, `table` = ?)", "m", 4, "db.u")
	wantErr(t, db, "syntax error", "CALL sys.echo_args(`table` => ?)", "db.t")
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

func TestCreateTableWithPaimonClauses(t *testing.T) {
	p := NewParser(nil)
	q := "CREATE TABLE t (id INT NOT NULL, dt VARCHAR(10), v TEXT, PRIMARY KEY (id, dt)) COMMENT 'orders' " +
		"PARTITIONED BY (`dt`) WITH ('bucket' = '4', 'file.format' = 'parquet', 'note' = 'it''s; (x)');\nSELECT 1"
	stmt, err := p.ParseSimple(q[:strings.LastIndex(q, ";")])
	if err != nil {
		t.Fatal(err)
	}
	ddl := stmt.(*ast.DDL)
	var comment string
	for _, o := range ddl.TableSpec.TableOpts {
		if strings.EqualFold(o.Name, "comment") {
			comment = o.Value
		}
	}
	user, c, err := clauses.Decode(comment)
	if err != nil {
		t.Fatal(err)
	}
	want := clauses.Clauses{PartitionKeys: []string{"dt"}, Options: [][2]string{{"bucket", "4"}, {"file.format", "parquet"}, {"note", "it's; (x)"}}}
	if user != "orders" || !reflect.DeepEqual(c, want) {
		t.Fatalf("comment %q clauses %+v", user, c)
	}
	// In a multi-statement query the offset of the next statement is kept.
	_, next, err := p.ParseOneWithOptions(context.Background(), q, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rest := strings.TrimSpace(q[next:]); rest != "SELECT 1" && rest != ";\nSELECT 1" {
		t.Fatalf("remainder %q", q[next:])
	}
	for _, bad := range []string{
		"CREATE TABLE t (a INT) WITH (bucket = 4)",
		"CREATE TABLE t (a INT) PARTITIONED (a)",
	} {
		if _, err := p.ParseSimple(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}
