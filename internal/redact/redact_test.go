package redact

import (
	"strings"
	"testing"
)

// Each form of issue 25's item 7, and the forms around them.
func TestStatement(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"CREATE USER u IDENTIFIED BY 'pw'", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED /*c*/ BY 'pw'", "CREATE USER u IDENTIFIED /*c*/ BY <secret>"},
		{"CREATE USER u IDENTIFIED -- c\n BY 'pw'", "CREATE USER u IDENTIFIED -- c\n BY <secret>"},
		{"CREATE USER u IDENTIFIED#c\nBY'pw'", "CREATE USER u IDENTIFIED#c\nBY<secret>"},
		{"CREATE USER u /*!80000 IDENTIFIED BY 'pw' */", "CREATE USER u /*!80000 IDENTIFIED BY <secret> */"},
		{"CREATE USER u IDENTIFIED BY _utf8mb4'pw'", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY _utf8mb4 'pw'", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY N'pw'", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY 'p' 'w'", "CREATE USER u IDENTIFIED BY <secret>"},
		{`CREATE USER u IDENTIFIED BY "p\"w"`, "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY 'p''w', v IDENTIFIED BY 'x'", "CREATE USER u IDENTIFIED BY <secret>, v IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY 'pw", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY pw", "CREATE USER u IDENTIFIED BY <secret>"},
		{"CREATE USER u IDENTIFIED BY RANDOM PASSWORD", "CREATE USER u IDENTIFIED BY RANDOM PASSWORD"},
		{"ALTER USER u IDENTIFIED WITH caching_sha2_password BY 'pw'", "ALTER USER u IDENTIFIED WITH caching_sha2_password BY <secret>"},
		{"ALTER USER u IDENTIFIED WITH 'mysql_native_password' AS '*ABC'", "ALTER USER u IDENTIFIED WITH 'mysql_native_password' AS <secret>"},
		{"ALTER USER u IDENTIFIED BY 'new' REPLACE 'oldpw'", "ALTER USER u IDENTIFIED BY <secret> REPLACE <secret>"},
		{"ALTER USER u IDENTIFIED BY 'new' REPLACE _utf8mb4'oldpw' RETAIN CURRENT PASSWORD", "ALTER USER u IDENTIFIED BY <secret> REPLACE <secret> RETAIN CURRENT PASSWORD"},
		{"SET PASSWORD = 'pw'", "SET PASSWORD = <secret>"},
		{"set password='pw'", "set password=<secret>"},
		{"SET PASSWORD FOR 'u'@'%' = 'pw'", "SET PASSWORD FOR 'u'@'%' = <secret>"},
		{"SET PASSWORD FOR u = 'pw' REPLACE 'old'", "SET PASSWORD FOR u = <secret> REPLACE <secret>"},
		{"SET PASSWORD = PASSWORD('pw')", "SET PASSWORD = PASSWORD(<secret>)"},
		{"CREATE TABLE t (a INT) WITH ('parquet.crypto.key' = 'k1', 'bucket' = '1')", "CREATE TABLE t (a INT) WITH ('parquet.crypto.key' = <secret>, 'bucket' = '1')"},
		{"ALTER TABLE t SET ('s3.secret-key'='abc')", "ALTER TABLE t SET ('s3.secret-key'=<secret>)"},
		{"CREATE TABLE t (a INT) TBLPROPERTIES (\"fs.s3a.access.key\" = 'A', `s3.access-key` = 'AKIA')", "CREATE TABLE t (a INT) TBLPROPERTIES (\"fs.s3a.access.key\" = 'A', `s3.access-key` = <secret>)"},
		{"CALL sys.compact(table => 't', options => 'parquet.crypto.key=abc,bucket=2')", "CALL sys.compact(table => 't', options => 'parquet.crypto.key=<secret>,bucket=2')"},
		{"CALL sys.x(secret_token => 'v')", "CALL sys.x(secret_token => <secret>)"},
		{"CALL sys.create_token('alice@%', 'flink')", "CALL sys.create_token('alice@%', 'flink')"},
		{"CALL sys.revoke_token(id => '0123456789abcdef', account => 'bob')", "CALL sys.revoke_token(id => '0123456789abcdef', account => 'bob')"},
		{"CALL sys.list_tokens('bob')", "CALL sys.list_tokens('bob')"},
		{"CALL sys.revoke_token('paimonsql_0123456789abcdef_s3-cr_t')", "CALL sys.revoke_token(<secret>)"},
		{"SELECT * FROM t WHERE v = 'Bearer PaimonSQL_0123456789abcdef_s3-cr_t' OR 1", "SELECT * FROM t WHERE v = <secret> OR 1"},
		{"SELECT paimonsql_0123456789abcdef_s3-cr-t, 2", "SELECT <secret>, 2"},
		{"REPLACE INTO t VALUES (1, 'a')", "REPLACE INTO t VALUES (1, 'a')"},
		{"SELECT REPLACE('a', 'b', 'c')", "SELECT REPLACE('a', 'b', 'c')"},
		{"SELECT 'identified by' FROM t", "SELECT 'identified by' FROM t"},
		{"SELECT 1", "SELECT 1"},
		{"INSERT INTO t VALUES ('IDENTIFIED BY x')", "INSERT INTO t VALUES ('IDENTIFIED BY x')"},
	} {
		got, secrets := Statement(c.query)
		if got != c.want {
			t.Errorf("Statement(%q) = %q, want %q", c.query, got, c.want)
		}
		for _, s := range secrets {
			if strings.Contains(got, s) && s != "" {
				t.Errorf("Statement(%q): secret %q still in %q", c.query, s, got)
			}
		}
	}
}

// An error message about a statement (a syntax error quotes the text near
// the fault) loses the secrets Statement found.
func TestText(t *testing.T) {
	q := "ALTER USER u IDENTIFIED BY 'new' REPLACE 'oldpw' NONSENSE"
	_, secrets := Statement(q)
	msg := "syntax error at position 49 near 'oldpw'"
	if got := Text(msg, secrets); strings.Contains(got, "oldpw") {
		t.Errorf("Text(%q) = %q", msg, got)
	}
	q = "CREATE USER u IDENTIFIED BY _utf8mb4'hunter2' FOO"
	_, secrets = Statement(q)
	if got := Text("near '_utf8mb4'hunter2' FOO'", secrets); strings.Contains(got, "hunter2") {
		t.Errorf("Text kept the password: %q", got)
	}
}

func TestNamesSecretWordAsLowerCaseSearch(t *testing.T) {
	for _, q := range []string{
		"INSERT INTO t VALUES (1, 'a')", "CREATE USER u IDENTIFIED BY 'x'", "SET PassWord = 'x'",
		"ALTER TABLE t SET ('s3.ACCESS_KEY' = 'k')", "x access-ke", "PASSWOR", "tokens", "crédential Token",
		"\u212Aey", "ÀSECRET", "", "secre\u0074", "account-KEY", "ACCESS-key", "rEpLaCe",
	} {
		lower := strings.ToLower(q)
		want := false
		for _, w := range triggerWords {
			want = want || strings.Contains(lower, w)
		}
		if got := namesSecretWord(q); got != want {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
	}
}

// A bulk INSERT without secrets costs one pass over its bytes.
func BenchmarkStatementBulkInsert(b *testing.B) {
	q := "INSERT INTO t VALUES " + strings.Repeat("(1, 'abcdef', 2.5),", 2000) + "(2, 'x', 1)"
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		Statement(q)
	}
}
