package sqlext

import (
	"context"
	"strings"
	"testing"
)

func TestRewriteOptionHints(t *testing.T) {
	hint := func(k, v string) string {
		return " AS OF " + sqlString(EncodeHint(map[string]string{k: v})) + " "
	}
	for q, want := range map[string]string{
		"SELECT * FROM t /*+ OPTIONS('scan.snapshot-id'='1') */ WHERE a = 1":   "SELECT * FROM t " + hint("scan.snapshot-id", "1") + " WHERE a = 1",
		"SELECT * FROM `d`.`t`/*+ options ( 'scan.tag-name' = 'it''s' ) */":    "SELECT * FROM `d`.`t`" + hint("scan.tag-name", "it's"),
		"SELECT /*+ SET_VAR(x=1) */ * FROM t":                                  "SELECT /*+ SET_VAR(x=1) */ * FROM t",
		"SELECT '/*+ OPTIONS(1) */' FROM t":                                    "SELECT '/*+ OPTIONS(1) */' FROM t",
		"INSERT INTO u SELECT * FROM t /*+ OPTIONS('scan.snapshot-id'='1') */": "INSERT INTO u SELECT * FROM t " + hint("scan.snapshot-id", "1"),
	} {
		got, ok, err := rewriteOptionHints(context.Background(), q)
		if !ok {
			got.text = q
		}
		if err != nil || got.text != want {
			t.Errorf("%s:\n got %q, %v\nwant %q", q, got.text, err, want)
		}
	}
	for q, want := range map[string]string{
		"INSERT INTO t /*+ OPTIONS('sink.parallelism'='2') */ VALUES (1)": "on the table a statement writes",
		"UPDATE db.t /*+ OPTIONS('a'='b') */ SET x = 1":                   "on the table a statement writes",
		"SELECT * FROM t /*+ OPTIONS('a') */":                             "expected '='",
		"SELECT * FROM t /*+ OPTIONS('a'='1', 'a'='2') */":                "sets 'a' twice",
	} {
		if _, _, err := rewriteOptionHints(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
}
