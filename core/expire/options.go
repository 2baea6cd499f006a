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
func NewConfig(tableOptions map[string]string, o Overrides) (Config, error) {
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
	p := optionParser{o: merged}
	c := Config{
		RetainMin:             int64(get(&p, options.SnapshotNumRetainedMin)),
		RetainMax:             int64(get(&p, options.SnapshotNumRetainedMax)),
		TimeRetained:          get(&p, options.SnapshotTimeRetained),
		MaxDeletes:            int64(get(&p, options.SnapshotExpireLimit)),
		Threads:               get(&p, options.FileOperationThreadNum),
		CleanEmptyDirectories: get(&p, options.SnapshotCleanEmptyDirectories),
	}
	consumerChangelogOnly := get(&p, options.ConsumerChangelogOnly)
	producer := get(&p, options.ChangelogProducer)
	if p.err != nil {
		return Config{}, p.err
	}
	// The changelog.* settings fall back to the snapshot ones; decoupling
	// compares the effective values, as CoreOptions does.
	clMin, err := merged.ChangelogNumRetainedMin()
	p.keep(err)
	clMax, err := merged.ChangelogNumRetainedMax()
	p.keep(err)
	clTime, err := merged.ChangelogTimeRetained()
	p.keep(err)
	if p.err != nil {
		return Config{}, p.err
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
func NewProcedureConfig(tableOptions map[string]string, o Overrides) (Config, error) {
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

// optionParser reads options with Java's parsers and keeps the first error.
type optionParser struct {
	o   options.Options
	err error
}

// keep keeps the first error, worded as Java's Options.get words it.
func (p *optionParser) keep(err error) {
	if err == nil || p.err != nil {
		return
	}
	var v *options.ValueError
	if errors.As(err, &v) {
		p.err = fmt.Errorf("%w: Could not parse value '%s' for key '%s': %v", ErrInvalid, v.Value, v.Key, v.Reason)
		return
	}
	p.err = fmt.Errorf("%w: %w", ErrInvalid, err)
}

// get is d's value in p's options, or its default when unset or invalid
// (the error is kept).
func get[T any](p *optionParser, d *options.Option[T]) T {
	v, err := d.Get(p.o)
	p.keep(err)
	return v
}
