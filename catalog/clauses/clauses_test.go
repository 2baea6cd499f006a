package clauses

import (
	"reflect"
	"testing"
)

func TestEncodeDecode(t *testing.T) {
	c := Clauses{PartitionKeys: []string{"dt"}, Options: [][2]string{{"bucket", "4"}}}
	user, got, err := Decode(Encode("orders", c))
	if err != nil || user != "orders" || !reflect.DeepEqual(got, c) {
		t.Fatalf("%q %+v %v", user, got, err)
	}
	if user, got, _ := Decode("plain"); user != "plain" || !got.Empty() {
		t.Fatal("plain comment changed")
	}
}

func TestParseInsertOverwrite(t *testing.T) {
	o, ok := ParseInsertOverwrite("/* c */ INSERT OVERWRITE TABLE db.`t` PARTITION (dt = '2024-01-01', `h` = 3) VALUES (1)")
	if !ok {
		t.Fatal("not recognised")
	}
	if o.Table != "db.`t`" || !reflect.DeepEqual(o.Partition, [][2]string{{"dt", "2024-01-01"}, {"h", "3"}}) {
		t.Fatalf("%+v", o)
	}
	if o.Rewritten != "INSERT INTO db.`t` VALUES (1)" {
		t.Fatalf("rewritten %q", o.Rewritten)
	}
	o, ok = ParseInsertOverwrite("insert overwrite t select * from s")
	if !ok || o.Table != "t" || o.Partition != nil || o.Rewritten != "INSERT INTO t select * from s" {
		t.Fatalf("%+v %v", o, ok)
	}
	if _, ok := ParseInsertOverwrite("INSERT INTO t VALUES (1)"); ok {
		t.Fatal("plain insert recognised")
	}
}
