package options

import (
	"fmt"
	"strings"
)

// Keys of compaction on write (Java's MergeTreeCompactManagerFactory,
// BucketedAppendFileStoreWrite and the sink writers).
const (
	NumSortedRunStopTrigger    = "num-sorted-run.stop-trigger"
	FullCompactionDeltaCommits = "full-compaction.delta-commits"
	LookupCompact              = "lookup-compact"
	LookupCompactMaxInterval   = "lookup-compact.max-interval"
	CompactionForceUpLevel0    = "compaction.force-up-level-0"
	ForceLookup                = "force-lookup"
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
	// FullDeltaCommits is full-compaction.delta-commits; 0 when unset.
	FullDeltaCommits int
	// ForceUpLevel0: every compaction takes all level-0 files along
	// (ForceUpLevel0Compaction): tables that need lookup (deletion vectors,
	// first-row, changelog-producer lookup, force-lookup) with
	// lookup-compact radical, or compaction.force-up-level-0.
	ForceUpLevel0 bool
}

// NeedLookup is CoreOptions.needLookup: compactions look the keys of
// level-0 files up in the deeper levels.
func (o Options) NeedLookup() (bool, error) {
	force, err := o.Bool(ForceLookup, false)
	if err != nil {
		return false, err
	}
	producer := strings.ToLower(strings.TrimSpace(o.Get(ChangelogProducer, "none")))
	return force || o.MergeEngine() == MergeEngineFirstRow || producer == "lookup" || o.DeletionVectors(), nil
}

// WriteCompaction reads the options of compaction on write, with Java's
// defaults and bounds.
func (o Options) WriteCompaction() (WriteCompaction, error) {
	var w WriteCompaction
	var err error
	if w.Off, err = o.WriteOnly(); err != nil {
		return w, err
	}
	if w.Trigger, err = o.Int(NumSortedRunTrigger, defaultNumSortedRunTrig); err != nil {
		return w, err
	}
	if w.Trigger < 1 {
		return w, fmt.Errorf("option '%s' = %d must be at least 1", NumSortedRunTrigger, w.Trigger)
	}
	if w.StopTrigger, err = o.Int(NumSortedRunStopTrigger, w.Trigger+3); err != nil {
		return w, err
	}
	w.StopTrigger = max(w.StopTrigger, w.Trigger)
	if w.FullDeltaCommits, err = o.Int(FullCompactionDeltaCommits, 0); err != nil {
		return w, err
	}
	if w.FullDeltaCommits < 0 {
		return w, fmt.Errorf("option '%s' = %d must not be negative", FullCompactionDeltaCommits, w.FullDeltaCommits)
	}
	if _, set := o[FullCompactionDeltaCommits]; set {
		// Java's sink counts at least one commit between full compactions.
		w.FullDeltaCommits = max(w.FullDeltaCommits, 1)
	}
	forceUp, err := o.Bool(CompactionForceUpLevel0, false)
	if err != nil {
		return w, err
	}
	lookup, err := o.NeedLookup()
	if err != nil {
		return w, err
	}
	radical := true
	switch strings.ToLower(strings.TrimSpace(o.Get(LookupCompact, "radical"))) {
	case "radical":
	case "gentle":
		// Gentle lookup compaction forces level 0 up every max-interval
		// triggers, counted by the writer; a writer lives for one commit
		// here (as a Java batch write), so only an interval of 1 is reached.
		interval, err := o.Int(LookupCompactMaxInterval, 2*w.Trigger)
		if err != nil {
			return w, err
		}
		radical = max(interval, w.Trigger) <= 1
	default:
		return w, fmt.Errorf("option '%s' = '%s' is not supported: use 'radical' or 'gentle'", LookupCompact, o[LookupCompact])
	}
	w.ForceUpLevel0 = forceUp || (lookup && radical)
	return w, nil
}

// WriteOnly is 'write-only' (or its older name 'write.compaction-skip'):
// the writer neither compacts nor maintains the table.
func (o Options) WriteOnly() (bool, error) {
	key := WriteOnly
	if _, ok := o[key]; !ok {
		if _, ok := o[WriteOnlyFallback]; ok {
			key = WriteOnlyFallback
		}
	}
	return o.Bool(key, false)
}
