package spec

import "testing"

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
