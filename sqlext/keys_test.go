package sqlext

import (
	"context"
	"testing"
)

func TestKeysContextMarksOnlyStatementsDescribingKeys(t *testing.T) {
	for q, want := range map[string]bool{
		"SHOW INDEX FROM t":                 true,
		"  show keys from db.t":             true,
		"/* tool */ SHOW INDEXES IN t":      true,
		"SHOW EXTENDED INDEX FROM t":        true,
		"SELECT * FROM t":                   false,
		"SHOW TABLES":                       false,
		"SHOW INDEXED FROM t":               false,
		"SELECT 'SHOW INDEX FROM t' FROM t": false,
		"SHOW COLUMNS FROM t":               true,
		"show full fields in db.t":          true,
		"DESCRIBE db.t":                     true,
		"desc `t`":                          true,
		"DESCRIBE t c":                      true,
		"EXPLAIN t;":                        true,
		"DESCRIBE SELECT * FROM t":          false,
		"EXPLAIN FORMAT=TREE SELECT 1":      false,
		"DESC t JOIN u":                     false,
	} {
		if got := IsDescribingKeys(KeysContext(context.Background(), q)); got != want {
			t.Errorf("%q: describing keys = %v, want %v", q, got, want)
		}
	}
}
