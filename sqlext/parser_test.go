package sqlext

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

func TestRewriteQuery(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"CALL sys.p(`table` => 'db.t', retain_max => 5)", "CALL sys.p(`table` =  'db.t', `retain_max` =  5)"},
		{"call p(a=>1)", "call p(`a`= 1)"},
		{"/* c */ CALL p(a => 'x => y', b => \"=>\")", "/* c */ CALL p(`a` =  'x => y', `b` =  \"=>\")"},
		{"CALL p(a => 'it''s =>', b => 'x\\' =>')", "CALL p(`a` =  'it''s =>', `b` =  'x\\' =>')"},
		{"CALL sys.p(table => 't', where => 'a > 1')", "CALL sys.p(`table` =  't', `where` =  'a > 1')"},
		{"SELECT a => 1", ""},   // not a CALL: left for vitess to reject
		{"CALL p(a <=> 1)", ""}, // null-safe equality
		{"CALL p(a => 1); SELECT b => 2", "CALL p(`a` =  1); SELECT b => 2"}, // first statement only
		{"SELECT * FROM t$snapshots", "SELECT * FROM `t$snapshots`"},
		{"SELECT * FROM db.t$snapshots s", "SELECT * FROM db.`t$snapshots` s"},
		{"SELECT * FROM t$branch_b1$files", "SELECT * FROM `t$branch_b1$files`"},
		{"SELECT 'a$b', `c$d`, @v$x, 1$ -- t$x\n", ""},
		{"SELECT x FROM t$s # t$s\nWHERE y = 'a$b'", "SELECT x FROM `t$s` # t$s\nWHERE y = 'a$b'"},
	} {
		got, ok, _ := rewriteNames(context.Background(), tc.in)
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
	rw, _, _ := rewriteNames(context.Background(), q)
	next := strings.Index(rw.text, " SELECT 1")
	if got := rw.toQuery(next); q[got:] != " SELECT 1" {
		t.Errorf("offset %d maps to %q", next, q[got:])
	}
}

var echoParams = []string{"table", "retain_max", "mode"}

func TestParserNamedArgs(t *testing.T) {
	p := NewParser(ParserOptions{ProcedureParams: func(name string) ([]string, bool) {
		switch name {
		case "echo_args":
			return echoParams, true
		case "rename_tag":
			return []string{"table", "tag|tagName", "target_tag|targetTagName"}, true
		}
		return nil, false
	}})
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
		{in: "CALL other(x => 1)", err: `stored procedure "other" does not exist`},
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
	p := NewParser(ParserOptions{})
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

// statementCtx is the context of one statement of a session, as the
// server makes it.
func statementCtx(session uint32, pid uint64) *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(testSession(session)), sql.WithPid(pid))
}

var testSessions sync.Map // uint32 -> sql.Session

// testSession is the one session of the id, as a connection has one.
func testSession(id uint32) sql.Session {
	s, _ := testSessions.LoadOrStore(id, sql.NewBaseSessionWithClientServer("", sql.Client{}, id))
	return s.(sql.Session)
}

func TestCreateTableWithPaimonClauses(t *testing.T) {
	p := NewParser(ParserOptions{})
	q := "CREATE TABLE t (id INT NOT NULL, dt VARCHAR(10), v TEXT, PRIMARY KEY (id, dt)) COMMENT 'orders' " +
		"PARTITIONED BY (`dt`) WITH ('bucket' = '4', 'file.format' = 'parquet', 'note' = 'it''s; (x)');\nSELECT 1"
	ctx := statementCtx(1, 10)
	stmt, _, _, err := p.ParseWithOptions(ctx, q[:strings.LastIndex(q, ";")], ';', false, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range stmt.(*ast.DDL).TableSpec.TableOpts {
		if strings.EqualFold(o.Name, "comment") && o.Value != "orders" {
			t.Errorf("comment %q", o.Value)
		}
	}
	want := &CreateClauses{PartitionKeys: []string{"dt"}, Options: [][2]string{{"bucket", "4"}, {"file.format", "parquet"}, {"note", "it's; (x)"}}}
	if got := StatementOf(ctx).Create; !reflect.DeepEqual(got, want) {
		t.Fatalf("clauses %+v", got)
	}
	// Only the statement parsed sees them.
	if got := StatementOf(statementCtx(1, 11)).Create; got != nil {
		t.Fatalf("the next statement sees %+v", got)
	}
	// In a multi-statement query the offset of the next statement is kept.
	_, next, err := p.ParseOneWithOptions(statementCtx(1, 12), q, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rest := strings.TrimSpace(q[next:]); rest != "SELECT 1" && rest != ";\nSELECT 1" {
		t.Fatalf("remainder %q", q[next:])
	}
	for _, bad := range []string{
		"CREATE TABLE t (a INT) WITH (bucket = 4)",
		"CREATE TABLE t (a INT) PARTITIONED (a)",
		// Nothing would read them: parsed outside a client's statement.
		"CREATE TABLE t (a INT) WITH ('bucket' = '4')",
	} {
		if _, err := p.ParseSimple(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestInsertOverwriteSideChannel(t *testing.T) {
	p := NewParser(ParserOptions{})
	ctx := statementCtx(2, 20)
	stmt, _, _, err := p.ParseWithOptions(ctx, "INSERT OVERWRITE db.t PARTITION (dt = 'x') (a) VALUES (1)", ';', false, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := ast.String(stmt); got != "insert into db.t(a, dt) values (1, 'x')" {
		t.Errorf("statement %s", got)
	}
	o := StatementOf(ctx).Overwrite
	if o == nil || !o.Targets("other", "db", "T") || o.Targets("db", "db", "u") || !reflect.DeepEqual(o.Partition, [][2]string{{"dt", "x"}}) {
		t.Fatalf("overwrite %+v", o)
	}
	// A plain INSERT parsed later in the same statement (a view's
	// definition) leaves it; the next statement does not see it.
	if _, _, _, err := p.ParseWithOptions(ctx, "INSERT INTO db.t VALUES (1)", ';', false, ast.ParserOptions{}); err != nil || StatementOf(ctx).Overwrite == nil {
		t.Fatalf("overwrite lost: %v", err)
	}
	if StatementOf(statementCtx(2, 21)).Overwrite != nil {
		t.Fatal("seen by the next statement")
	}
	// PREPARE ... FROM: EXECUTE would run a plain INSERT.
	ctx = statementCtx(2, 22)
	if _, _, _, err := p.ParseWithOptions(ctx, "PREPARE s FROM 'INSERT OVERWRITE db.t VALUES (1)'", ';', false, ast.ParserOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.ParseOneWithOptions(ctx, "INSERT OVERWRITE db.t VALUES (1)", ast.ParserOptions{}); err != errPrepared {
		t.Fatalf("prepared overwrite: %v", err)
	}
	ForgetSession(testSession(2))
	if StatementOf(ctx).Overwrite != nil {
		t.Fatal("kept after the session")
	}
}

func TestRewriteGroupOrder(t *testing.T) {
	for _, tc := range []struct {
		rw      textRewrite
		in, out string
	}{
		{rewriteWithRollup, "SELECT d, COUNT(*) FROM w GROUP BY d WITH ROLLUP", "SELECT d, COUNT(*) FROM w GROUP BY ROLLUP(d)"},
		{rewriteWithRollup, "select a, b from t group by a, b with rollup having grouping(b) = 1 order by a", "select a, b from t group by ROLLUP(a, b) having grouping(b) = 1 order by a"},
		{rewriteWithRollup, "SELECT * FROM (SELECT a FROM t GROUP BY a WITH ROLLUP) x GROUP BY `with` WITH ROLLUP", "SELECT * FROM (SELECT a FROM t GROUP BY ROLLUP(a)) x GROUP BY ROLLUP(`with`)"},
		{rewriteWithRollup, "SELECT 'GROUP BY a WITH ROLLUP' /* GROUP BY b WITH ROLLUP */", ""},
		{rewriteWithRollup, "WITH ROLLUP AS (SELECT 1) SELECT * FROM ROLLUP", ""},
		{rewriteNullsOrder, "SELECT * FROM t ORDER BY x NULLS FIRST", "SELECT * FROM t ORDER BY (x) IS NULL DESC, x"},
		{rewriteNullsOrder, "SELECT * FROM t ORDER BY a, f(b, c) DESC NULLS LAST, d LIMIT 3", "SELECT * FROM t ORDER BY a, (f(b, c)) IS NULL ASC, f(b, c) DESC, d LIMIT 3"},
		{rewriteNullsOrder, "SELECT ROW_NUMBER() OVER (PARTITION BY g ORDER BY x ASC NULLS LAST) FROM t", "SELECT ROW_NUMBER() OVER (PARTITION BY g ORDER BY (x) IS NULL ASC, x ASC) FROM t"},
		{rewriteNullsOrder, "SELECT nulls, first FROM t ORDER BY 'x NULLS FIRST'", ""},
		// The passes skip a statement without the word, in any case.
		{rewriteNullsOrder, "select * from t order by x NuLLs last", "select * from t order by (x) IS NULL ASC, x"},
		{rewriteWithRollup, "select d from w group by d with RoLLuP", "select d from w group by ROLLUP(d)"},
	} {
		got, ok, err := tc.rw(context.Background(), tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if tc.out == "" {
			if ok {
				t.Errorf("%q: rewritten to %q, want unchanged", tc.in, got.text)
			}
			continue
		}
		if !ok || got.text != tc.out {
			t.Errorf("%q:\n got %q (%v)\nwant %q", tc.in, got.text, ok, tc.out)
		}
	}
	if _, _, err := rewriteNullsOrder(context.Background(), "SELECT a FROM t ORDER BY 1 NULLS LAST"); err == nil {
		t.Error("ORDER BY 1 NULLS LAST: no error")
	}
}
