package fs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Catches: splitting external URIs with net/url, which decodes the %XX
// escapes of partition directories; losing the query of an object store.
func TestSplitURI(t *testing.T) {
	for in, want := range map[string][2]string{
		"file:/tmp/x/a%3Ab=1/f":             {"file:///", "tmp/x/a%3Ab=1/f"},
		"file:///tmp/x/f":                   {"file:///", "tmp/x/f"},
		"FILE:/tmp/f":                       {"file:///", "tmp/f"},
		"s3://bucket/p/q=%2F/f.orc":         {"s3://bucket", "p/q=%2F/f.orc"},
		"s3://bucket/p/f.parquet?region=eu": {"s3://bucket?region=eu", "p/f.parquet"},
	} {
		root, key, err := SplitURI(in)
		if err != nil || root != want[0] || key != want[1] {
			t.Errorf("%s: %q %q %v", in, root, key, err)
		}
	}
	for _, bad := range []string{"relative/path", "file://host/x", "s3://bucket/", "db.db/t/bucket-0/f"} {
		if _, _, err := SplitURI(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// Catches: warehouse-relative paths taken for URIs (or the reverse).
func TestIsURI(t *testing.T) {
	for p, want := range map[string]bool{
		"file:/tmp/x": true, "s3://b/k": true, "oss://b/k": true, "hdfs://nn:8020/x": true,
		"db.db/t/bucket-0/data-1.parquet": false, "": false, ":x": false, "1a:/x": false,
	} {
		if IsURI(p) != want {
			t.Errorf("IsURI(%q) = %v", p, !want)
		}
	}
}

// Catches: At sending external files to the warehouse's file system, or a
// resolver reopening a file system per file.
func TestResolverAt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	wh, err := Open(ctx, filepath.Join(dir, "wh"))
	if err != nil {
		t.Fatal(err)
	}
	defer wh.Close()
	ext := filepath.ToSlash(filepath.Join(dir, "ext", "bucket-0", "f.parquet"))
	f, key, err := At(ctx, wh, "file:"+ext)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(ctx, key, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.FromSlash(ext)); err != nil {
		t.Fatalf("external file not at its path: %v", err)
	}
	g, _, err := At(ctx, wh, "file://"+ext)
	if err != nil || g != f {
		t.Fatalf("second resolve opened another file system: %v", err)
	}
	if h, k, _ := At(ctx, wh, "db.db/t/x"); h != wh || k != "db.db/t/x" {
		t.Fatalf("warehouse path resolved to %v %q", h, k)
	}
	if LocationOf(wh, "file:"+ext) != "file:"+ext {
		t.Fatal("LocationOf rewrote an external path")
	}
	if err := DeleteAt(ctx, wh, "file:"+ext); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.FromSlash(ext)); !os.IsNotExist(err) {
		t.Fatalf("external file not deleted: %v", err)
	}
}
