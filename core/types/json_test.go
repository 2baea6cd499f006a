package types

import (
	"encoding/json"
	"testing"
)

func TestAtomicRoundTrip(t *testing.T) {
	for _, s := range []string{
		"BOOLEAN", "TINYINT", "SMALLINT", "INT NOT NULL", "BIGINT", "FLOAT", "DOUBLE",
		"DATE", "STRING", "STRING NOT NULL", "BYTES", "CHAR(5)", "VARCHAR(10)",
		"BINARY(16)", "VARBINARY(16)", "DECIMAL(10, 2)", "TIME(0)", "TIMESTAMP(6)",
		"TIMESTAMP(9)", "TIMESTAMP(3) WITH LOCAL TIME ZONE", "VARIANT", "BLOB",
	} {
		dt, err := ParseAtomic(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if dt.SQL() != s {
			t.Errorf("ParseAtomic(%q).SQL() = %q", s, dt.SQL())
		}
	}
	dt, err := ParseAtomic("TIMESTAMP_LTZ(3)")
	if err != nil || dt.Kind != TimestampLTZ || dt.Precision != 3 {
		t.Fatalf("TIMESTAMP_LTZ(3) = %+v, %v", dt, err)
	}
	if _, err := ParseAtomic("NOPE"); err == nil {
		t.Fatal("unknown type accepted")
	}
}

func TestNestedJSON(t *testing.T) {
	src := `{"type":"ROW","fields":[{"id":5,"name":"f0","type":"STRING"},{"id":7,"name":"f2","type":{"type":"ARRAY NOT NULL","element":"INT"}},{"id":8,"name":"m","type":{"type":"MAP","key":"INT NOT NULL","value":"DOUBLE"}}]}`
	var dt DataType
	if err := json.Unmarshal([]byte(src), &dt); err != nil {
		t.Fatal(err)
	}
	if dt.Kind != Row || len(dt.Fields) != 3 || dt.Fields[1].Type.Kind != Array || dt.Fields[1].Type.Nullable {
		t.Fatalf("bad parse: %+v", dt)
	}
	if got := dt.SQL(); got != "ROW<`f0` STRING, `f2` ARRAY<INT> NOT NULL, `m` MAP<INT NOT NULL, DOUBLE>>" {
		t.Fatalf("SQL = %s", got)
	}
	out, err := json.Marshal(dt)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Fatalf("round trip:\n got %s\nwant %s", out, src)
	}
}
