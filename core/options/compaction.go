package options

import (
	"fmt"
)

// WriteCompaction is how a writer compacts the buckets it wrote before it
// commits.
type WriteCompaction struct {
	// Off: 'write-only' = true, the writer never compacts.
	Off bool
	// Trigger and StopTrigger are num-sorted-run.compaction-trigger and
	// num-sorted-run.stop-trigger (default trigger + 3, never below the
	// trigger).
	Trigger, StopTrigger int
	// FullDeltaCommits is full-compaction.delta-commits; 0 when unset,
	// but 1 on changelog-producer full-compaction tables.
	FullDeltaCommits int
	// ForceUpLevel0: every compaction takes all level-0 files along
	// (ForceUpLevel0Compaction): tables that need lookup (deletion vectors,
	// first-row, changelog-producer lookup, force-lookup) with
	// lookup-compact radical, or compaction.force-up-level-0.
	ForceUpLevel0 bool
}

// WriteCompaction reads the options of compaction on write, with Java's
// defaults and bounds; needsLookup is the merge engine's NeedsLookup.
func (o Options) WriteCompaction(needsLookup bool) (WriteCompaction, error) {
	var w WriteCompaction
	var err error
	if w.Off, err = WriteOnly.Get(o); err != nil {
		return w, err
	}
	if w.Trigger, err = NumSortedRunCompactionTrigger.Get(o); err != nil {
		return w, err
	}
	if w.Trigger < 1 {
		return w, fmt.Errorf("option '%s' = %d must be at least 1", NumSortedRunCompactionTrigger.Key, w.Trigger)
	}
	if w.StopTrigger, err = NumSortedRunStopTrigger.Or(o, w.Trigger+3); err != nil {
		return w, err
	}
	w.StopTrigger = max(w.StopTrigger, w.Trigger)
	if w.FullDeltaCommits, err = FullCompactionDeltaCommits.Or(o, 0); err != nil {
		return w, err
	}
	if w.FullDeltaCommits < 0 {
		return w, fmt.Errorf("option '%s' = %d must not be negative", FullCompactionDeltaCommits.Key, w.FullDeltaCommits)
	}
	if FullCompactionDeltaCommits.IsSet(o) {
		// Java's sink counts at least one commit between full compactions.
		w.FullDeltaCommits = max(w.FullDeltaCommits, 1)
	} else if producer, err := o.ChangelogProducer(); err != nil {
		return w, err
	} else if producer == ChangelogProducerFullCompaction {
		// Java's sink compacts a full-compaction table fully at every
		// commit unless told otherwise: its changelog comes from there.
		w.FullDeltaCommits = 1
	}
	forceUp, err := CompactionForceUpLevel0.Get(o)
	if err != nil {
		return w, err
	}
	mode, err := LookupCompact.Get(o)
	if err != nil {
		return w, err
	}
	radical := true
	if mode == LookupCompactGentle {
		// Gentle lookup compaction forces level 0 up every max-interval
		// triggers, counted by the writer; a writer lives for one commit
		// here (as a Java batch write), so only an interval of 1 is reached.
		interval, err := LookupCompactMaxInterval.Or(o, 2*w.Trigger)
		if err != nil {
			return w, err
		}
		radical = max(interval, w.Trigger) <= 1
	}
	w.ForceUpLevel0 = forceUp || (needsLookup && radical)
	return w, nil
}

// CompactionTuningKeys are what a compaction run takes as dynamic options ('k=v' of
// sys.compact's options): how it picks files, writes them and commits. Any
// other key would be ignored (a 'path', a read option) and is refused.
var CompactionTuningKeys = []string{
	"target-file-size", "num-levels", "num-sorted-run.compaction-trigger", "compaction.size-ratio",
	"compaction.max-size-amplification-percent", "compaction.min.file-num", "compaction.delete-ratio-threshold",
	"compaction.force-rewrite-all-files", "file.compression", "file.compression.zstd-level",
	"file.compression.per.level", "file.format.per.level", "metadata.stats-mode", "data-file.prefix",
	"data-file.external-paths", "data-file.external-paths.strategy", "data-file.external-paths.weights",
	"data-file.external-paths.specific-fs",
	"deletion-vector.index-file.target-size", "changelog-file.compression", "changelog-file.format",
	"changelog-file.stats-mode", "changelog-producer.row-deduplicate",
	"changelog-producer.row-deduplicate-ignore-fields", "manifest.target-file-size",
	"manifest.merge-min-count", "manifest.full-compaction-threshold-size", "manifest.compression",
	"commit.max-retries", "commit.timeout", "commit.min-retry-wait", "commit.max-retry-wait",
}
