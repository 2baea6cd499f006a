package options

import (
	"strings"
	"testing"
	"time"
)

func TestParseDurationJavaSyntax(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"1 h": time.Hour, "1h": time.Hour, "30 min": 30 * time.Minute, "30min": 30 * time.Minute,
		"500": 500 * time.Millisecond, "2 d": 48 * time.Hour, "10 s": 10 * time.Second, "7days": 7 * 24 * time.Hour,
		" 3 MIN ": 3 * time.Minute, "5µs": 5 * time.Microsecond, "2 Hours": 2 * time.Hour, "4 secs": 4 * time.Second,
	} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	// "us" is not one of Java's labels (it spells micro-seconds "µs").
	for _, bad := range []string{"", "h", "1 fortnight", "-1 h", "1.5 h", "3 us", "99999999999999999999"} {
		if _, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) accepted", bad)
		}
	}
}

func TestParseMemorySizeJavaSyntax(t *testing.T) {
	for in, want := range map[string]int64{"1B": 1, "64 mb": 64 << 20, "2g": 2 << 30, "100": 100, " 3 KB ": 3 << 10,
		"8mb": 8 << 20, "8 MB": 8 << 20, "16 kb": 16 << 10, "3 bytes": 3, "1 Tebibytes": 1 << 40} {
		got, err := ParseMemorySize(in)
		if err != nil || got != want {
			t.Errorf("ParseMemorySize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "mb", "1 xb", "-1", "1.5 mb", "9999999 tb"} {
		if _, err := ParseMemorySize(in); err == nil {
			t.Errorf("ParseMemorySize(%q) accepted", in)
		}
	}
}

func TestTypedAccessors(t *testing.T) {
	o := Options{"bucket": "4", "deletion-vectors.enabled": "TRUE", "merge-engine": "First-Row",
		"file.format": "ORC", "target-file-size": "8 mb", "write.compaction-skip": "true"}
	if n, err := o.Bucket(); n != 4 || err != nil {
		t.Fatalf("bucket = %d, %v", n, err)
	}
	if e, err := MergeEngine.Get(o); !o.DeletionVectorsEnabled() || e != MergeEngineFirstRow || err != nil {
		t.Fatal("deletion vectors or first-row not seen")
	}
	if f, err := o.FileFormat(); f != "orc" || err != nil {
		t.Fatalf("file.format = %q, %v", f, err)
	}
	if n, err := o.TargetFileSize(true); n != 8<<20 || err != nil {
		t.Fatalf("target-file-size = %d, %v", n, err)
	}
	if n, _ := (Options{}).TargetFileSize(true); n != 128<<20 {
		t.Fatalf("primary-key default target-file-size = %d", n)
	}
	if n, _ := (Options{}).TargetFileSize(false); n != 256<<20 {
		t.Fatalf("append default target-file-size = %d", n)
	}
	if b, err := WriteOnly.Get(o); !b || err != nil {
		t.Fatalf("write-only from its fallback key = %v, %v", b, err)
	}
	if (Options{}).NumLevels() != 6 || (Options{"num-sorted-run.compaction-trigger": "3"}).NumLevels() != 4 {
		t.Fatal("num-levels default")
	}
	bad := Options{"bucket": "x", "snapshot.time-retained": "1 fortnight", "file.format": "xls"}
	if _, err := o.FileFormat(); err != nil {
		t.Fatal(err)
	}
	for name, get := range map[string]func() error{
		"bucket":                 func() error { _, err := bad.Bucket(); return err },
		"snapshot.time-retained": func() error { _, err := bad.SnapshotTimeRetained(); return err },
		"file.format":            func() error { _, err := bad.FileFormat(); return err },
	} {
		if err := get(); err == nil || !strings.Contains(err.Error(), "option '"+name+"'") {
			t.Errorf("%s: error %v, want one naming the option", name, err)
		}
	}
}

func TestChangelogRetentionFallsBackToSnapshot(t *testing.T) {
	o := Options{"snapshot.num-retained.min": "3", "snapshot.time-retained": "2 h", "changelog.num-retained.max": "7"}
	if n, _ := o.ChangelogNumRetainedMin(); n != 3 {
		t.Errorf("changelog min = %d, want the snapshot one", n)
	}
	if n, _ := o.ChangelogNumRetainedMax(); n != 7 {
		t.Errorf("changelog max = %d", n)
	}
	if d, _ := o.ChangelogTimeRetained(); d != 2*time.Hour {
		t.Errorf("changelog time = %v", d)
	}
}

func TestBucketMode(t *testing.T) {
	for _, c := range []struct {
		bucket    string
		pk, parts []string
		want      BucketMode
	}{
		{"4", []string{"id"}, nil, BucketFixed},
		{"-2", []string{"id"}, nil, BucketPostpone},
		{"-1", nil, []string{"dt"}, BucketUnaware},
		{"-1", []string{"id", "dt"}, []string{"dt"}, BucketDynamic},
		{"-1", []string{"id"}, []string{"dt"}, BucketKeyDynamic},
	} {
		got, err := Options{"bucket": c.bucket}.BucketMode(c.pk, c.parts)
		if err != nil || got != c.want {
			t.Errorf("bucket %s pk %v partitions %v: %v %v, want %v", c.bucket, c.pk, c.parts, got, err, c.want)
		}
	}
}

func TestFieldOptions(t *testing.T) {
	o := Options{"fields.price.aggregate-function": "sum", "fields.default-aggregate-function": "last_value",
		"fields.a,b.sequence-group": "c", "fields.price.ignore-retract": "yes"}
	if o.FieldAggregateFunction("price") != "sum" || o.FieldAggregateFunction("qty") != "last_value" {
		t.Fatal("aggregate function or its default")
	}
	if _, err := o.FieldBool("price", FieldIgnoreRetract); err == nil {
		t.Fatal("bad field boolean accepted")
	}
	if cols, s, ok := ParseFieldKey("fields.a,b.sequence-group"); !ok || cols != "a,b" || s != FieldSequenceGroup {
		t.Fatalf("ParseFieldKey = %q %q %v", cols, s, ok)
	}
	if _, _, ok := ParseFieldKey("fields.default-aggregate-function"); ok {
		t.Fatal("the default aggregate function is not field-scoped")
	}
}

func TestOptionRanges(t *testing.T) {
	ok := map[string]string{
		"num-sorted-run.compaction-trigger": "1", "num-levels": "2", "compaction.offpeak.start.hour": "-1",
		"compaction.offpeak.end.hour": "23", "dynamic-bucket.max-buckets": "-1", "commit.max-retries": "0",
		"dynamic-bucket.target-row-num": "9223372036854775807", "snapshot.num-retained.max": "2147483647",
	}
	if err := Validate(ok); err != nil {
		t.Errorf("in range: %v", err)
	}
	for kv, want := range map[string]string{
		"num-sorted-run.compaction-trigger=0":          "= 0 is out of range: use at least 1",
		"num-sorted-run.compaction-trigger=2147483648": "is not an integer",
		"num-levels=1":                     "use at least 2",
		"compaction.offpeak.start.hour=24": "use from 0 to 23, or -1",
		"dynamic-bucket.max-buckets=0":     "use at least 1, or -1",
		"commit.max-retries=-1":            "use at least 0",
		"dynamic-bucket.target-row-num=0":  "use at least 1",
	} {
		k, v, _ := strings.Cut(kv, "=")
		err := Validate(map[string]string{k: v})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", kv, err, want)
		}
		// Stored options are checked by CheckCounts, ranges only.
		if err := CheckCounts(map[string]string{k: v}); err == nil {
			t.Errorf("CheckCounts(%s) accepted it", kv)
		}
	}
	if err := CheckCounts(map[string]string{"bucket": "x", "deletion-vectors.enabled": "maybe"}); err != nil {
		t.Errorf("CheckCounts looked beyond the counts: %v", err)
	}
}

func TestValidateValues(t *testing.T) {
	for kv, want := range map[string]string{
		"merge-engine=dedup":                  "use one of deduplicate",
		"deletion-vectors.enabled=maybe":      "is not a boolean",
		"snapshot.time-retained=1 century":    "is not a duration",
		"target-file-size=big":                "is not a memory size",
		"delete-file.thread-num=x":            "is not an integer",
		"compaction.delete-ratio-threshold=a": "is not a number",
	} {
		k, v, _ := strings.Cut(kv, "=")
		err := Validate(map[string]string{k: v})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "'"+k+"'") {
			t.Errorf("%s: error %v, want %q naming the key", kv, err, want)
		}
	}
	if err := Validate(map[string]string{"merge-engine": "Partial-Update", "file.format": "ORC", "my.own": "x"}); err != nil {
		t.Errorf("valid values refused: %v", err)
	}
}

// Every declared key must be one Java knows, so a declaration cannot
// invent a key CREATE TABLE would then refuse.
func TestDeclaredKeysAreKnown(t *testing.T) {
	for k := range registry {
		if err := CheckKey(k); err != nil {
			t.Errorf("declared key %s: %v", k, err)
		}
	}
}
