package spec

import (
	"strings"
	"testing"
)

// Paimon 0.8 and before defaulted to ORC: their schemas (version <= 2)
// without file.format read as file.format = orc, as in Java; later ones
// and explicit settings stay as they are.
func TestParseOldSchemaDefaultsToORC(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"id": 0, "fields": [], "options": {}}`, "orc"},
		{`{"version": 2, "id": 0, "fields": [], "options": {}}`, "orc"},
		{`{"version": 2, "id": 0, "fields": [], "options": {"file.format": "parquet"}}`, "parquet"},
		{`{"version": 3, "id": 0, "fields": [], "options": {}}`, ""},
	} {
		s, err := ParseTableSchema([]byte(c.json))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Options["file.format"]; got != c.want {
			t.Errorf("%s: file.format %q, want %q", c.json, got, c.want)
		}
	}
}

// A schema written by a newer Java keeps the fields this codec does not
// know, at their places, when it is written back.
func TestSchemaKeepsUnknownFields(t *testing.T) {
	in := `{
  "version" : 3,
  "id" : 1,
  "fields" : [ {
    "id" : 0,
    "name" : "k",
    "type" : "INT NOT NULL"
  } ],
  "highestFieldId" : 0,
  "partitionKeys" : [ ],
  "primaryKeys" : [ "k" ],
  "options" : {
    "bucket" : "2",
    "file.format" : "parquet"
  },
  "indexes" : [ "newer" ],
  "timeMillis" : 1700000000000,
  "owner" : {
    "name" : "java"
  }
}`
	s, err := ParseTableSchema([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := MarshalTableSchema(s, []string{"bucket", "file.format"})
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Fatalf("written back:\n%s\nwant:\n%s", out, in)
	}
	// A changed option and a comment land at Java's places among them.
	comment := "c"
	s.Comment = &comment
	s.Options["bucket"] = "4"
	out, err = MarshalTableSchema(s, []string{"bucket", "file.format"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(strings.Replace(in, `"bucket" : "2"`, `"bucket" : "4"`, 1),
		`  "indexes"`, "  \"comment\" : \"c\",\n  \"indexes\"", 1)
	if string(out) != want {
		t.Fatalf("changed:\n%s\nwant:\n%s", out, want)
	}
}

// The option order must name each option once: a key left out would
// otherwise be dropped from the file.
func TestMarshalSchemaNeedsEveryOptionInOrder(t *testing.T) {
	s := &TableSchema{Options: map[string]string{"bucket": "1", "file.format": "orc"}}
	for _, order := range [][]string{{"bucket"}, {"bucket", "x"}, {"bucket", "file.format", "x"}} {
		if _, err := MarshalTableSchema(s, order); err == nil {
			t.Errorf("order %v accepted", order)
		}
	}
	if _, err := MarshalTableSchema(s, []string{"file.format", "bucket"}); err != nil {
		t.Fatal(err)
	}
}
