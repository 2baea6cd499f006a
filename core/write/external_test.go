package write

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// allowExternalRoots allows external roots for one test.
func allowExternalRoots(t *testing.T, roots ...string) {
	t.Helper()
	if err := fs.AllowExternalRoots(roots); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fs.AllowExternalRoots(nil) })
}

// Catches: a hash other than 32-bit murmur3 (seed 0), which would put
// entropy-inject files in other directories than Java's.
func TestMurmur3(t *testing.T) {
	for in, want := range map[string]uint32{
		"":      0,
		"hello": 0x248bfa47,
		"The quick brown fox jumps over the lazy dog": 0x2e4ff723,
	} {
		if got := murmur3x86_32([]byte(in)); got != want {
			t.Errorf("murmur3(%q) = %#x, want %#x", in, got, want)
		}
	}
	d := entropyDirs("data-1.parquet")
	parts := strings.Split(d, "/")
	if len(parts) != 4 || len(parts[0]) != 4 || len(parts[1]) != 4 || len(parts[2]) != 4 || len(parts[3]) != 8 || strings.Trim(d, "01/") != "" {
		t.Errorf("entropy dirs %q", d)
	}
}

// Catches: roots not normalized as Java's Path prints them, a relative
// bucket path lost, round-robin repeating a root, specific-fs not filtering.
func TestPathProviders(t *testing.T) {
	allowExternalRoots(t, "file:/tmp", "s3://bkt/p?region=eu")
	opts := map[string]string{
		options.DataFileExternalPaths.Key:         "file:///tmp/a/, file:/tmp//b,s3://bkt/p?region=eu",
		options.DataFileExternalPathsStrategy.Key: "round-robin",
	}
	p, err := newPathProvider(opts, "db.db/t", "db.db/t/f1=10/bucket-0")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	prev := ""
	for i := 0; i < 6; i++ {
		full, query := p.next("data-x.parquet")
		if full == prev {
			t.Errorf("round-robin repeated %s", full)
		}
		prev = full
		seen[full]++
		if strings.HasPrefix(full, "s3:") != (query == "region=eu") {
			t.Errorf("%s with query %q", full, query)
		}
	}
	for _, want := range []string{"file:/tmp/a/f1=10/bucket-0/data-x.parquet", "file:/tmp/b/f1=10/bucket-0/data-x.parquet", "s3://bkt/p/f1=10/bucket-0/data-x.parquet"} {
		if seen[want] != 2 {
			t.Errorf("%s chosen %d times of 6 (%v)", want, seen[want], seen)
		}
	}

	opts[options.DataFileExternalPathsStrategy.Key] = "specific-fs"
	opts[options.DataFileExternalPathsSpecificFS.Key] = "S3"
	p, _ = newPathProvider(opts, "db.db/t", "db.db/t/bucket-1")
	if full, _ := p.next("f"); full != "s3://bkt/p/bucket-1/f" {
		t.Errorf("specific-fs chose %s", full)
	}

	opts[options.DataFileExternalPathsStrategy.Key] = "entropy-inject"
	p, _ = newPathProvider(opts, "db.db/t", "db.db/t/bucket-0")
	// Java starts at the second root.
	if full, _ := p.next("f.parquet"); full != "file:/tmp/b/bucket-0/"+entropyDirs("f.parquet")+"/f.parquet" {
		t.Errorf("entropy-inject chose %s", full)
	}

	opts[options.DataFileExternalPathsStrategy.Key] = "weight-robin"
	opts[options.DataFileExternalPathsWeights.Key] = "1,0"
	if _, err := parseExternalConfig(opts); err == nil {
		t.Error("weight 0 accepted")
	}
	opts[options.DataFileExternalPathsWeights.Key] = "1, 3, 0"
	if _, err := parseExternalConfig(opts); err == nil {
		t.Error("weight 0 accepted")
	}
	opts[options.DataFileExternalPathsWeights.Key] = "1,1000000,1"
	p, _ = newPathProvider(opts, "db.db/t", "db.db/t/bucket-0")
	if _, ok := p.(*weightedProvider); !ok {
		t.Fatalf("weight-robin gave %T", p)
	}
	heavy := 0
	for i := 0; i < 200; i++ {
		if full, _ := p.next("f"); strings.HasPrefix(full, "file:/tmp/b/") {
			heavy++
		}
	}
	if heavy < 190 {
		t.Errorf("weighted provider chose the heavy root %d times of 200", heavy)
	}
	delete(opts, options.DataFileExternalPathsWeights.Key)
	p, _ = newPathProvider(opts, "db.db/t", "db.db/t/bucket-0")
	if _, ok := p.(*roundRobinProvider); !ok {
		t.Errorf("weight-robin without weights gave %T, want round-robin", p)
	}

	opts[options.DataFileExternalPathsStrategy.Key] = "none"
	if p, err := newPathProvider(opts, "db.db/t", "db.db/t/bucket-0"); p != nil || err != nil {
		t.Errorf("strategy none: %v %v", p, err)
	}
	if p, err := newPathProvider(map[string]string{}, "db.db/t", "db.db/t/bucket-0"); p != nil || err != nil {
		t.Errorf("no options: %v %v", p, err)
	}
}
