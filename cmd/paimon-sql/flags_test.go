package main

import (
	"slices"
	"testing"
)

// --allow-external-path repeats; its variable holds a comma-separated list
// that the command line replaces.
func TestListFlag(t *testing.T) {
	t.Setenv("PAIMON_SQL_ALLOW_EXTERNAL_PATH", "file:/a, s3://b/p?region=x")
	f := newEnvFlags("t")
	roots := f.List("allow-external-path", "roots")
	if err := f.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if want := []string{"file:/a", "s3://b/p?region=x"}; !slices.Equal(*roots, want) {
		t.Errorf("from the environment: %q, want %q", *roots, want)
	}
	f = newEnvFlags("t")
	roots = f.List("allow-external-path", "roots")
	if err := f.Parse([]string{"--allow-external-path", "file:/c", "--allow-external-path", "file:/d"}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"file:/c", "file:/d"}; !slices.Equal(*roots, want) {
		t.Errorf("from the command line: %q, want %q", *roots, want)
	}
}
