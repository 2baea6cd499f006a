package sqlext

import (
	"context"
	"testing"
)

func TestKeysContextMarksOnlyShowIndex(t *testing.T) {
	for q, want := range map[string]bool{
		"SHOW INDEX FROM t":                 true,
		"  show keys from db.t":             true,
		"/* tool */ SHOW INDEXES IN t":      true,
		"SHOW EXTENDED INDEX FROM t":        true,
		"SELECT * FROM t":                   false,
		"SHOW TABLES":                       false,
		"SHOW INDEXED FROM t":               false,
		"SELECT 'SHOW INDEX FROM t' FROM t": false,
	} {
		if got := IsDescribingKeys(KeysContext(context.Background(), q)); got != want {
			t.Errorf("%q: describing keys = %v, want %v", q, got, want)
		}
	}
}
