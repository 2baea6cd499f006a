package spec

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const fixtures = "../../testdata/java-written"

// Our form of every Java-written snapshot parses back to the same snapshot,
// and its bytes are the file's minus the two lines Java 1.4.2 no longer
// writes (all fixtures were written by Java <= 1.3).
func TestMarshalFixtureSnapshots(t *testing.T) {
	files, _ := filepath.Glob(fixtures + "/*/*/snapshot/snapshot-*")
	branches, _ := filepath.Glob(fixtures + "/*/*/branch/*/snapshot/snapshot-*")
	files = append(files, branches...)
	if len(files) < 40 {
		t.Fatalf("only %d fixture snapshots", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseSnapshot(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MarshalSnapshot(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseSnapshot(got)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, back) {
			t.Errorf("%s: re-parsed %+v, want %+v", f, back, s)
		}
		want := strings.ReplaceAll(string(data), "  \"changelogManifestList\" : null,\n", "")
		want = strings.ReplaceAll(want, "  \"logOffsets\" : { },\n", "")
		if string(got) != want {
			t.Errorf("%s:\n got %s\nwant %s", f, got, want)
		}
	}
}

// The 1.4.2 form as docs/design/format.md §3 describes it: no changelog list and no
// changelog record count without changelog, nextRowId last.
func TestMarshalJava142Form(t *testing.T) {
	size, total, delta, next := int64(990), int64(10), int64(-2), int64(0)
	idx := "index-manifest-1"
	got, err := MarshalSnapshot(&Snapshot{
		Version: 3, ID: 4, SchemaID: 0, BaseManifestList: "manifest-list-a-6", BaseManifestListSize: &size,
		DeltaManifestList: "manifest-list-a-7", DeltaManifestListSize: &size, IndexManifest: &idx,
		CommitUser: "u", CommitIdentifier: 2, CommitKind: KindCompact, TimeMillis: 1756116573267,
		TotalRecordCount: &total, DeltaRecordCount: &delta, NextRowID: &next,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version" : 3,
  "id" : 4,
  "schemaId" : 0,
  "baseManifestList" : "manifest-list-a-6",
  "baseManifestListSize" : 990,
  "deltaManifestList" : "manifest-list-a-7",
  "deltaManifestListSize" : 990,
  "indexManifest" : "index-manifest-1",
  "commitUser" : "u",
  "commitIdentifier" : 2,
  "commitKind" : "COMPACT",
  "timeMillis" : 1756116573267,
  "totalRecordCount" : 10,
  "deltaRecordCount" : -2,
  "nextRowId" : 0
}`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Jackson's forms of TagTest's expected values.
func TestTagTimeForms(t *testing.T) {
	arr := localDateTimeArray(time.Date(1969, 1, 1, 0, 0, 0, 123456789, time.UTC))
	if !reflect.DeepEqual(arr, []int{1969, 1, 1, 0, 0, 0, 123456789}) {
		t.Fatalf("%v", arr)
	}
	if arr := localDateTimeArray(time.Date(2024, 1, 2, 3, 4, 0, 0, time.UTC)); !reflect.DeepEqual(arr, []int{2024, 1, 2, 3, 4}) {
		t.Fatalf("%v", arr)
	}
	for d, want := range map[time.Duration]string{5 * time.Second: "5.000000000", 24 * time.Hour: "86400.000000000",
		1500 * time.Millisecond: "1.500000000", 0: "0.0"} {
		if got := durationSeconds(d); got != want {
			t.Errorf("%v: %s, want %s", d, got, want)
		}
	}
}

func TestTagFileWithRetention(t *testing.T) {
	data := []byte(`{"version":3,"id":5,"schemaId":0,"baseManifestList":"b","deltaManifestList":"d","commitUser":"u","commitIdentifier":1,"commitKind":"APPEND","timeMillis":1,"tagCreateTime":[2024,1,2,3,4],"tagTimeRetained":86400.000000000}`)
	tag, err := ParseTag("daily", data)
	if err != nil {
		t.Fatal(err)
	}
	if tag.ID != 5 || tag.CreateTime.Format("2006-01-02 15:04:05") != "2024-01-02 03:04:00" || tag.TimeRetained.Hours() != 24 {
		t.Fatalf("tag = %+v", tag)
	}
}

// java2Form turns a Java-written snapshot file into the form Java 2.x writes
// (Paimon's SnapshotTest and TagTest): "uuid" after "version",
// "writerVersion" after "commitUser", "operation" last, and without the two
// members Java 1.4.2 stopped writing.
func java2Form(t *testing.T, data string) string {
	t.Helper()
	data = strings.ReplaceAll(data, "  \"changelogManifestList\" : null,\n", "")
	data = strings.ReplaceAll(data, "  \"logOffsets\" : { },\n", "")
	lines := strings.Split(data, "\n")
	var out []string
	for _, l := range lines {
		out = append(out, l)
		switch {
		case strings.HasPrefix(l, "  \"version\" : "):
			out = append(out, `  "uuid" : "1b4e28ba-2fa1-11d2-883f-0016d3cca427",`)
		case strings.HasPrefix(l, "  \"commitUser\" : "):
			out = append(out, `  "writerVersion" : "java-2.1-SNAPSHOT-0123456789012345678901234567890123456789",`)
		}
	}
	data = strings.Join(out, "\n")
	if !strings.HasSuffix(data, "\n}") || len(out) != len(lines)+2 {
		t.Fatalf("not a snapshot file: %s", data)
	}
	return strings.TrimSuffix(data, "\n}") + ",\n  \"operation\" : \"MERGE\"\n}"
}

// Every Java-written snapshot, in the form of a Java 2.x writer, comes back
// byte for byte from ParseSnapshot and MarshalSnapshot, from a tag made of
// it (whose own fields follow "operation", as in Java's Tag) and from that
// tag's snapshot (Java's trimToSnapshot).
func TestSnapshotAndTagKeepJava2Fields(t *testing.T) {
	files, _ := filepath.Glob(fixtures + "/*/*/snapshot/snapshot-*")
	if len(files) < 40 {
		t.Fatalf("only %d fixture snapshots", len(files))
	}
	created := time.Date(1969, 1, 1, 0, 0, 0, 123456789, time.UTC)
	retained := 5 * time.Second
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := java2Form(t, string(data))
		s, err := ParseSnapshot([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := MarshalSnapshot(s); err != nil || string(got) != in {
			t.Fatalf("%s: snapshot\n got %s\nwant %s (%v)", f, got, in, err)
		}
		tagWant := strings.TrimSuffix(in, "\n}") + ",\n  \"tagCreateTime\" : [ 1969, 1, 1, 0, 0, 0, 123456789 ],\n  \"tagTimeRetained\" : 5.000000000\n}"
		tagData, err := MarshalTag(s, created, &retained)
		if err != nil || string(tagData) != tagWant {
			t.Fatalf("%s: tag\n got %s\nwant %s (%v)", f, tagData, tagWant, err)
		}
		tag, err := ParseTag("t", tagData)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := MarshalTag(&tag.Snapshot, *tag.CreateTime, tag.TimeRetained); err != nil || string(got) != tagWant {
			t.Fatalf("%s: tag again\n got %s\nwant %s (%v)", f, got, tagWant, err)
		}
		if got, err := MarshalSnapshot(&tag.Snapshot); err != nil || string(got) != in {
			t.Fatalf("%s: the tag's snapshot\n got %s\nwant %s (%v)", f, got, in, err)
		}
	}
}

// A field set on a snapshot read from a Java 2.x file goes where Java
// writes it, before the fields Java 2.x added after it; one cleared goes.
func TestSnapshotFieldSetAmongUnknownOnes(t *testing.T) {
	in := `{
  "version" : 3,
  "uuid" : "u-1",
  "id" : 2,
  "schemaId" : 0,
  "baseManifestList" : "m-0",
  "deltaManifestList" : "m-1",
  "commitUser" : "user",
  "writerVersion" : "java-2.1-SNAPSHOT-0123",
  "commitIdentifier" : 1,
  "commitKind" : "APPEND",
  "timeMillis" : 2000,
  "totalRecordCount" : 20,
  "deltaRecordCount" : 10,
  "watermark" : 7,
  "operation" : "MERGE"
}`
	s, err := ParseSnapshot([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	stats := "stat-1"
	s.Statistics, s.Watermark = &stats, nil
	got, err := MarshalSnapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(in, `  "watermark" : 7,`, `  "statistics" : "stat-1",`, 1)
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Java 1.4.2's tag files come back byte for byte: with a retention (its
// creation time and retention after the snapshot's fields), without one
// (the plain snapshot form), and in the form of Java 2.x (TagTest: its
// snapshot fields included, the tag's own after "operation").
func TestJavaWrittenTagsRoundTrip(t *testing.T) {
	for _, name := range []string{"daily", "plain"} {
		data, err := os.ReadFile("testdata/java-1.4.2/tag-" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{string(data), java2Tag(t, string(data))} {
			tag, err := ParseTag(name, []byte(in))
			if err != nil {
				t.Fatal(err)
			}
			created := time.Time{}
			if tag.CreateTime != nil {
				created = *tag.CreateTime
			}
			if (tag.TimeRetained != nil) != (name == "daily") {
				t.Fatalf("%s: retention %v", name, tag.TimeRetained)
			}
			if got, err := MarshalTag(&tag.Snapshot, created, tag.TimeRetained); err != nil || string(got) != in {
				t.Fatalf("%s:\n got %s\nwant %s (%v)", name, got, in, err)
			}
		}
	}
}

// java2Tag is a tag file in the form of Java 2.x: java2Form on its
// snapshot's fields, the tag's own fields after "operation".
func java2Tag(t *testing.T, data string) string {
	t.Helper()
	i := strings.Index(data, ",\n  \"tagCreateTime\"")
	if i < 0 {
		return java2Form(t, data)
	}
	return strings.TrimSuffix(java2Form(t, data[:i]+"\n}"), "\n}") + data[i:]
}
