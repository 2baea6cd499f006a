package expire

import (
	"errors"
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// fixedKeys are options a call may not change through dynamic options.
// Java refuses its immutable options the same way ("Change '<key>' is not
// supported yet."); we add the ones that decide where files are, because a
// wrong path here means leaked files at best.
var fixedKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []string{options.BucketKey.Key, options.BucketFunctionType.Key, options.MergeEngine.Key,
		options.PrimaryKey.Key, options.Partition.Key, options.RowTrackingEnabled.Key,
		options.DataEvolutionEnabled.Key, options.DataFilePathDirectory.Key, options.IndexFileInDataFileDir.Key,
		options.PartitionDefaultName.Key, options.PartitionLegacyName.Key, options.Branch.Key,
		options.ManifestFormat.Key} {
		m[k] = true
	}
	return m
}()

// NewConfig resolves the expiration settings of one call: the table's
// options with the dynamic options merged over them, then the explicit
// overrides. Invalid values fail instead of falling back to defaults.
func NewConfig(tableOptions options.Options, o Overrides) (Config, error) {
	merged := make(options.Options, len(tableOptions)+len(o.Options))
	for k, v := range tableOptions {
		merged[k] = v
	}
	keys := make([]string, 0, len(o.Options))
	for k := range o.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys) // report the same key first on every run
	for _, k := range keys {
		v := o.Options[k]
		if old, ok := tableOptions[k]; fixedKeys[k] && (!ok || old != v) {
			return Config{}, fmt.Errorf("%w: Change '%s' is not supported yet: it decides where the table's files are", ErrInvalid, k)
		}
		merged[k] = v
	}
	r := merged.Reader()
	c := Config{
		RetainMin:             int64(options.SnapshotNumRetainedMin.Read(r)),
		RetainMax:             int64(options.SnapshotNumRetainedMax.Read(r)),
		TimeRetained:          options.SnapshotTimeRetained.Read(r),
		MaxDeletes:            int64(options.SnapshotExpireLimit.Read(r)),
		Threads:               options.FileOperationThreadNum.Read(r),
		CleanEmptyDirectories: options.SnapshotCleanEmptyDirectories.Read(r),
	}
	consumerChangelogOnly := options.ConsumerChangelogOnly.Read(r)
	producer := options.ChangelogProducer.Read(r)
	if err := r.Err(); err != nil {
		return Config{}, invalidOption(err)
	}
	// The changelog.* settings fall back to the snapshot ones; decoupling
	// compares the effective values, as CoreOptions does.
	clMin, err := merged.ChangelogNumRetainedMin()
	r.Keep(err)
	clMax, err := merged.ChangelogNumRetainedMax()
	r.Keep(err)
	clTime, err := merged.ChangelogTimeRetained()
	r.Keep(err)
	if err := r.Err(); err != nil {
		return Config{}, invalidOption(err)
	}
	keyRetainMin, keyRetainMax := options.SnapshotNumRetainedMin.Key, options.SnapshotNumRetainedMax.Key
	keyChangelogRetainMin, keyChangelogRetainMax := options.ChangelogNumRetainedMin.Key, options.ChangelogNumRetainedMax.Key
	keyExpireLimit := options.SnapshotExpireLimit.Key
	// SchemaValidation's checks of the options themselves.
	switch {
	case c.RetainMin < 1:
		return Config{}, fmt.Errorf("%w: %s should be at least 1", ErrInvalid, keyRetainMin)
	case c.RetainMin > c.RetainMax:
		return Config{}, fmt.Errorf("%w: %s should not be larger than %s", ErrInvalid, keyRetainMin, keyRetainMax)
	case clMin < 1:
		return Config{}, fmt.Errorf("%w: %s should be at least 1", ErrInvalid, keyChangelogRetainMin)
	case clMin > clMax:
		return Config{}, fmt.Errorf("%w: %s should not be larger than %s", ErrInvalid, keyChangelogRetainMin, keyChangelogRetainMax)
	case c.MaxDeletes < 1:
		// Java lets a limit of 0 or less silently disable expiration.
		return Config{}, fmt.Errorf("%w: %s should be at least 1, got %d", ErrInvalid, keyExpireLimit, c.MaxDeletes)
	}
	c.ChangelogDecoupled = int64(clMax) > c.RetainMax || int64(clMin) > c.RetainMin || clTime > c.TimeRetained
	c.ConsumerChangelogOnly = consumerChangelogOnly && c.ChangelogDecoupled
	c.Changelog = ChangelogRetention{RetainMin: int64(clMin), RetainMax: int64(clMax), TimeRetained: clTime, MaxDeletes: c.MaxDeletes}
	c.ProduceChangelog = producer != options.ChangelogProducerNone

	if o.RetainMax != nil {
		c.RetainMax = int64(*o.RetainMax)
	}
	if o.RetainMin != nil {
		c.RetainMin = int64(*o.RetainMin)
	}
	if o.MaxDeletes != nil {
		c.MaxDeletes = int64(*o.MaxDeletes)
	}
	if o.OlderThan != nil {
		t := *o.OlderThan
		c.OlderThan = &t
	}
	if err := c.validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// NewProcedureConfig resolves the settings of CALL sys.expire_snapshots.
// Java's procedure builds its ExpireConfig from the snapshot settings only
// (ProcedureUtils.fillInSnapshotOptions), so the changelog retention copies
// them: a run is never changelog-decoupled nor consumer-changelog-only, and
// the changelog files of the snapshots it expires go with them. A table's
// decoupled changelog lifecycle is applied by expiry after a commit and by
// sys.expire_changelogs.
func NewProcedureConfig(tableOptions options.Options, o Overrides) (Config, error) {
	c, err := NewConfig(tableOptions, o)
	if err != nil {
		return Config{}, err
	}
	c.ChangelogDecoupled = false
	c.ConsumerChangelogOnly = false
	c.Changelog = ChangelogRetention{RetainMin: c.RetainMin, RetainMax: c.RetainMax, TimeRetained: c.TimeRetained,
		OlderThan: c.OlderThan, MaxDeletes: c.MaxDeletes}
	return c, nil
}

// invalidOption words an option error as Java's Options.get words it.
func invalidOption(err error) error {
	var v *options.ValueError
	if errors.As(err, &v) {
		return fmt.Errorf("%w: Could not parse value '%s' for key '%s': %v", ErrInvalid, v.Value, v.Key, v.Reason)
	}
	return fmt.Errorf("%w: %w", ErrInvalid, err)
}
