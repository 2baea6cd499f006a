package schema

import (
	"strings"
	"testing"
)

func TestOptionRanges(t *testing.T) {
	ok := map[string]string{
		"num-sorted-run.compaction-trigger": "1", "num-levels": "2", "compaction.offpeak.start.hour": "-1",
		"compaction.offpeak.end.hour": "23", "dynamic-bucket.max-buckets": "-1", "commit.max-retries": "0",
		"dynamic-bucket.target-row-num": "9223372036854775807", "snapshot.num-retained.max": "2147483647",
	}
	if err := ValidateOptionValues(ok); err != nil {
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
		err := ValidateOptionValues(map[string]string{k: v})
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
