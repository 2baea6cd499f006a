package fs

import (
	"context"
	"testing"
)

// Local reads and existence checks bypass the bucket: they must answer
// as the bucket does (mem:// here) for files, missing files, directories
// and paths through a file.
func TestLocalReadsMatchBucket(t *testing.T) {
	ctx := context.Background()
	local, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	mem, err := Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	for _, f := range []*FS{local, mem} {
		if err := f.WriteNew(ctx, "d/a", []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"d/a", "d/missing", "d", "d/a/below", "nodir/a"} {
		for _, f := range []*FS{local, mem} {
			ok, err := f.Exists(ctx, p)
			if err != nil || ok != (p == "d/a") {
				t.Errorf("%s Exists(%s) = %v, %v", f.Location(""), p, ok, err)
			}
			data, err := f.ReadFile(ctx, p)
			if p == "d/a" {
				if err != nil || string(data) != "x" {
					t.Errorf("%s ReadFile(%s) = %q, %v", f.Location(""), p, data, err)
				}
			} else if !IsNotExist(err) {
				t.Errorf("%s ReadFile(%s): %v, want a missing file", f.Location(""), p, err)
			}
		}
	}
}
