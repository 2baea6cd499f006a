package options

import (
	"testing"
	"time"
)

func TestParseDurationJavaSyntax(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"1 h": time.Hour, "1h": time.Hour, "30 min": 30 * time.Minute, "30min": 30 * time.Minute,
		"500": 500 * time.Millisecond, "2 d": 48 * time.Hour, "10 s": 10 * time.Second, "7days": 7 * 24 * time.Hour,
	} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "h", "1 fortnight", "-1 h", "1.5 h"} {
		if _, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) accepted", bad)
		}
	}
}

func TestTypedAccessors(t *testing.T) {
	o := Options{"bucket": "4", "deletion-vectors.enabled": "TRUE", "merge-engine": "first-row", "x": "nope"}
	if n, err := o.BucketCount(); n != 4 || err != nil {
		t.Fatalf("bucket = %d, %v", n, err)
	}
	if !o.DeletionVectors() || !o.BatchScanSkipLevel0() {
		t.Fatal("deletion vectors not seen")
	}
	if _, err := o.Bool("x", false); err == nil {
		t.Fatal("bad boolean accepted")
	}
	if _, err := o.Int("x", 0); err == nil {
		t.Fatal("bad integer accepted")
	}
	if (Options{}).NumLevels() != 6 || (Options{"num-sorted-run.compaction-trigger": "3"}).NumLevels() != 4 {
		t.Fatal("num-levels default")
	}
}
