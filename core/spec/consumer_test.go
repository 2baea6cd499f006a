package spec

import (
	"os"
	"strings"
	"testing"
)

// A consumer file keeps a field it does not know, at its place; one written
// in Go has Java's form.
func TestConsumerKeepsUnknownFields(t *testing.T) {
	in := "{\n  \"nextSnapshot\" : 6,\n  \"future\" : [ 1, 2 ]\n}"
	c, err := ParseConsumer("job1", []byte(in))
	if err != nil || c.ID != "job1" || c.NextSnapshot != 6 {
		t.Fatalf("%+v %v", c, err)
	}
	c.NextSnapshot = 7
	got, err := MarshalConsumer(c)
	if want := "{\n  \"nextSnapshot\" : 7,\n  \"future\" : [ 1, 2 ]\n}"; err != nil || string(got) != want {
		t.Fatalf("got %s, want %s (%v)", got, want, err)
	}
	got, err = MarshalConsumer(&Consumer{ID: "job1", NextSnapshot: 6})
	if want := "{\n  \"nextSnapshot\" : 6\n}"; err != nil || string(got) != want {
		t.Fatalf("got %s, want %s (%v)", got, want, err)
	}
	if _, err := ParseConsumer("x", []byte(`{"next":1}`)); err == nil {
		t.Fatal("a file without nextSnapshot parsed")
	}
}

// Java 1.4.2's consumer file comes back byte for byte, also with a field
// of a newer Java.
func TestJavaWrittenConsumerRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/java-1.4.2/consumer-job1")
	if err != nil {
		t.Fatal(err)
	}
	newer := strings.Replace(string(data), "\n}", ",\n  \"future\" : {\n    \"a\" : 1\n  }\n}", 1)
	for _, in := range []string{string(data), newer} {
		c, err := ParseConsumer("job1", []byte(in))
		if err != nil || c.NextSnapshot != 3 {
			t.Fatalf("%+v %v", c, err)
		}
		if got, err := MarshalConsumer(c); err != nil || string(got) != in {
			t.Fatalf("got\n%s\nwant\n%s (%v)", got, in, err)
		}
	}
}
