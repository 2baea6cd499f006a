package options

import (
	"strings"
	"testing"
)

func TestWriteCompaction(t *testing.T) {
	for _, c := range []struct {
		opts Options
		// lookup is the merge engine's NeedsLookup (mergefunc.Engine).
		lookup bool
		want   WriteCompaction
	}{
		// Java's defaults: trigger 5, stop trigger trigger + 3; an append
		// table without lookup forces nothing up.
		{Options{}, false, WriteCompaction{Trigger: 5, StopTrigger: 8}},
		{Options{"num-sorted-run.compaction-trigger": "3"}, false, WriteCompaction{Trigger: 3, StopTrigger: 6}},
		// A stop trigger below the trigger is raised to it.
		{Options{"num-sorted-run.compaction-trigger": "4", "num-sorted-run.stop-trigger": "2"}, false, WriteCompaction{Trigger: 4, StopTrigger: 4}},
		{Options{"write.compaction-skip": "true"}, false, WriteCompaction{Off: true, Trigger: 5, StopTrigger: 8}},
		{Options{"write-only": "false", "write.compaction-skip": "true"}, false, WriteCompaction{Trigger: 5, StopTrigger: 8}},
		{Options{"full-compaction.delta-commits": "0"}, false, WriteCompaction{Trigger: 5, StopTrigger: 8, FullDeltaCommits: 1}},
		{Options{"full-compaction.delta-commits": "3"}, false, WriteCompaction{Trigger: 5, StopTrigger: 8, FullDeltaCommits: 3}},
		// Tables that need lookup force level 0 up with radical lookup
		// compaction; gentle reaches its interval only at 1.
		{Options{"deletion-vectors.enabled": "true"}, true, WriteCompaction{Trigger: 5, StopTrigger: 8, ForceUpLevel0: true}},
		{Options{"merge-engine": "first-row", "lookup-compact": "GENTLE"}, true, WriteCompaction{Trigger: 5, StopTrigger: 8}},
		{Options{"changelog-producer": "lookup", "lookup-compact": "gentle", "lookup-compact.max-interval": "1",
			"num-sorted-run.compaction-trigger": "1"}, true, WriteCompaction{Trigger: 1, StopTrigger: 4, ForceUpLevel0: true}},
		{Options{"compaction.force-up-level-0": "true"}, false, WriteCompaction{Trigger: 5, StopTrigger: 8, ForceUpLevel0: true}},
	} {
		got, err := c.opts.WriteCompaction(c.lookup)
		if err != nil {
			t.Errorf("%v: %v", c.opts, err)
			continue
		}
		if got != c.want {
			t.Errorf("%v: %+v, want %+v", c.opts, got, c.want)
		}
	}
	for msg, opts := range map[string]Options{
		"option 'num-sorted-run.compaction-trigger' = 0 must be at least 1": {"num-sorted-run.compaction-trigger": "0"},
		"option 'full-compaction.delta-commits' = -1 must not be negative":  {"full-compaction.delta-commits": "-1"},
		"option 'lookup-compact' = 'eager' is not valid":                    {"lookup-compact": "eager"},
		"option 'write.compaction-skip' = 'yes' is not a boolean":           {"write.compaction-skip": "yes"},
	} {
		if _, err := opts.WriteCompaction(false); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%v: error %v, want %q", opts, err, msg)
		}
	}
}

func TestLevelMap(t *testing.T) {
	m, err := Options{"file.format.per.level": " 0:avro, 5 : Parquet "}.LevelMap(FileFormatPerLevel)
	if err != nil || len(m) != 2 || m[0] != "avro" || m[5] != "Parquet" {
		t.Errorf("got %v, %v", m, err)
	}
	if m, err := (Options{}).LevelMap(FileCompressionPerLevel); err != nil || len(m) != 0 {
		t.Errorf("unset: %v, %v", m, err)
	}
	_, err = Options{"metadata.stats-mode.per.level": "0:none,x:full"}.LevelMap(MetadataStatsModePerLevel)
	if err == nil || !strings.Contains(err.Error(), `metadata.stats-mode.per.level: bad entry "x:full"`) {
		t.Errorf("bad entry: %v", err)
	}
}
