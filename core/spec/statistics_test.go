package spec

import (
	"strings"
	"testing"
)

// A statistics file in Java's form (Statistics and ColStats, NON_NULL
// members left out) comes back byte for byte, a field it does not know
// included.
func TestStatisticsKeepsUnknownFields(t *testing.T) {
	in := `{
  "snapshotId" : 3,
  "schemaId" : 0,
  "mergedRecordCount" : 10,
  "colStats" : {
    "k" : {
      "colId" : 0,
      "distinctCount" : 10,
      "min" : "1",
      "max" : "10",
      "nullCount" : 0,
      "avgLen" : 4,
      "maxLen" : 4
    }
  },
  "future" : "x"
}`
	s, err := ParseStatistics([]byte(in))
	if err != nil || s.SnapshotID != 3 || s.MergedRecordSize != nil || *s.MergedRecordCount != 10 {
		t.Fatalf("%+v %v", s, err)
	}
	got, err := MarshalStatistics(s)
	if err != nil || string(got) != in {
		t.Fatalf("got\n%s\nwant\n%s (%v)", got, in, err)
	}
	size := int64(400)
	s.MergedRecordSize = &size
	got, _ = MarshalStatistics(s)
	if want := strings.Replace(in, "\"mergedRecordCount\" : 10,\n", "\"mergedRecordCount\" : 10,\n  \"mergedRecordSize\" : 400,\n", 1); string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
