package fs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// allowRoots allows external roots for one test.
func allowRoots(t *testing.T, roots ...string) {
	t.Helper()
	if err := AllowExternalRoots(roots); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = AllowExternalRoots(nil) })
}

// Catches (issue 12): external paths anywhere, endpoints and credentials
// chosen in table options, '..' escaping an allowed root.
func TestCheckExternalPath(t *testing.T) {
	if err := CheckExternalPath("file:/tmp/x"); err == nil || !strings.Contains(err.Error(), "--allow-external-path") {
		t.Errorf("no root allowed: %v", err)
	}
	allowRoots(t, "file:/data/ext", "s3://bkt/p?region=eu-west-1")
	for p, ok := range map[string]bool{
		"file:/data/ext":                  true,
		"file:///data/ext/t1":             true,
		"file://localhost/data//ext/t1/":  true,
		"FILE:/data/ext/t1":               true,
		"file:/data/extra":                false,
		"file:/data/ext/../../etc":        false,
		"file:/data/ext/%2e%2e/x":         false,
		"file:/etc":                       false,
		"s3://bkt/p/t1":                   true,
		"s3://bkt/p/t1?region=eu-west-1":  true,
		"s3://bkt/p/t1?region=us-east-1":  false,
		"s3://bkt/p/t1?endpoint=http://x": false,
		"s3://bkt/p/t1?profile=admin":     false,
		"s3://other/p/t1":                 false,
		"s3://bkt/q/t1":                   false,
	} {
		if err := CheckExternalPath(p); (err == nil) != ok {
			t.Errorf("%s: got %v, want allowed=%v", p, err, ok)
		}
	}
	if err := AllowExternalRoots([]string{"relative/dir"}); err == nil {
		t.Error("relative root accepted")
	}
}

// Catches (issue 12): file systems cached per bucket, so a location with
// another endpoint for the same bucket used the first one's.
func TestResolverPerURL(t *testing.T) {
	r := NewResolver()
	defer r.Close()
	ctx := context.Background()
	a, _, err := r.Resolve(ctx, "s3://bkt/x/f?region=us-east-1&endpoint=http://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := r.Resolve(ctx, "s3://bkt/x/f?region=us-east-1&endpoint=http://127.0.0.1:2")
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Error("two endpoints share one file system")
	}
	if again, _, _ := r.Resolve(ctx, "s3://bkt/y/g?region=us-east-1&endpoint=http://127.0.0.1:1"); again != a {
		t.Error("the same URL opened twice")
	}
}

// A location recorded without query is read with its allowed root's.
func TestWithRootQuery(t *testing.T) {
	allowRoots(t, "s3://bkt/p?region=eu-west-1", "file:/data")
	for in, want := range map[string]string{
		"s3://bkt/p/t/f":           "s3://bkt/p/t/f?region=eu-west-1",
		"s3://bkt/p/t/f?region=us": "s3://bkt/p/t/f?region=us",
		"s3://other/f":             "s3://other/f",
		"file:/data/f":             "file:/data/f",
	} {
		if got := withRootQuery(in); got != want {
			t.Errorf("withRootQuery(%s) = %s, want %s", in, got, want)
		}
	}
}

// Catches (issue 25, item 8): an external path through a symbolic link
// inside an allowed root, pointing at another table's directory, which a
// table then writes into and orphan cleanup lists.
func TestCheckExternalPathRefusesSymlinks(t *testing.T) {
	base := t.TempDir()
	secret := filepath.Join(base, "wh", "secret.db", "s")
	real := filepath.Join(base, "real-ext")
	for _, d := range []string{filepath.Join(secret, "bucket-0"), filepath.Join(real, "t", "p=1")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(base, "ext") // the allowed root is itself a link: the operator's choice
	if err := os.Symlink(real, root); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		filepath.Join(real, "link"):                 secret,
		filepath.Join(real, "t", "p=1", "bucket-0"): filepath.Join(secret, "bucket-0"),
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	allowRoots(t, "file:"+root)
	for p, ok := range map[string]bool{
		"file:" + root:        true,
		"file:" + root + "/t": true,
		"file:" + root + "/t/p=1/bucket-1/data-1.parquet": true, // not there yet: created as real directories
		"file:" + root + "/link":                          false,
		"file:" + root + "/link/bucket-0/data-1.parquet":  false,
		"file:" + root + "/t/p=1/bucket-0/data-1.parquet": false,
	} {
		err := CheckExternalPath(p)
		if ok != (err == nil) {
			t.Errorf("%s: %v, want allowed %v", p, err, ok)
		} else if err != nil && !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("%s: %v, want the link named", p, err)
		}
	}
}
