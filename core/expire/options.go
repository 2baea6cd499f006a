package expire

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Option keys expiration reads, with Java's names (CoreOptions).
const (
	keyRetainMin              = options.SnapshotNumRetainedMin
	keyRetainMax              = options.SnapshotNumRetainedMax
	keyTimeRetained           = options.SnapshotTimeRetained
	keyExpireLimit            = options.SnapshotExpireLimit
	keyThreadNum              = options.FileOperationThreadNum
	keyThreadNumFallback      = "delete-file.thread-num"
	keyCleanEmptyDirs         = "snapshot.clean-empty-directories"
	keyCleanEmptyDirsFallback = "snapshot.expire.clean-empty-directories"
	keyChangelogRetainMin     = "changelog.num-retained.min"
	keyChangelogRetainMax     = "changelog.num-retained.max"
	keyChangelogTimeRetained  = "changelog.time-retained"
	keyConsumerChangelogOnly  = "consumer.changelog-only"
)

// fixedKeys are options a call may not change through dynamic options.
// Java refuses its immutable options the same way ("Change '<key>' is not
// supported yet."); we add the ones that decide where files are, because a
// wrong path here means leaked files at best.
var fixedKeys = map[string]bool{
	"bucket-key": true, "bucket-function.type": true, "merge-engine": true, "primary-key": true,
	"partition": true, "row-tracking.enabled": true, "data-evolution.enabled": true,
	options.DataFilePathDirectory: true, options.IndexFileInDataFileDir: true,
	options.PartitionDefaultName: true, options.PartitionLegacyName: true,
	options.Branch: true, options.ManifestFormat: true,
}

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
		RetainMin:             p.int(keyRetainMin, DefaultRetainMin),
		RetainMax:             p.int(keyRetainMax, DefaultRetainMax),
		TimeRetained:          p.duration(keyTimeRetained, DefaultTimeRetained),
		MaxDeletes:            p.int(keyExpireLimit, DefaultMaxDeletes),
		Threads:               int(p.int(p.fallback(keyThreadNum, keyThreadNumFallback), 0)),
		CleanEmptyDirectories: p.bool(p.fallback(keyCleanEmptyDirs, keyCleanEmptyDirsFallback), false),
	}
	consumerChangelogOnly := p.bool(keyConsumerChangelogOnly, false)
	// The changelog.* settings fall back to the snapshot ones; decoupling
	// compares the effective values, as CoreOptions does.
	clMin := p.int(keyChangelogRetainMin, c.RetainMin)
	clMax := p.int(keyChangelogRetainMax, c.RetainMax)
	clTime := p.duration(keyChangelogTimeRetained, c.TimeRetained)
	c.Changelog = ChangelogRetention{RetainMin: clMin, RetainMax: clMax, TimeRetained: clTime, MaxDeletes: c.MaxDeletes}
	c.ProduceChangelog = !strings.EqualFold(merged.Get(options.ChangelogProducer, "none"), "none")
	if p.err != nil {
		return Config{}, p.err
	}
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
	c.ChangelogDecoupled = clMax > c.RetainMax || clMin > c.RetainMin || clTime > c.TimeRetained
	c.ConsumerChangelogOnly = consumerChangelogOnly && c.ChangelogDecoupled

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

// optionParser reads options with Java's parsers and keeps the first error.
type optionParser struct {
	o   options.Options
	err error
}

// fallback returns key, or its deprecated fallback key when only that one
// is set (Java's withFallbackKeys).
func (p *optionParser) fallback(key, old string) string {
	if _, ok := p.o[key]; !ok {
		if _, ok := p.o[old]; ok {
			return old
		}
	}
	return key
}

func (p *optionParser) fail(key, raw string, why string) {
	if p.err == nil {
		p.err = fmt.Errorf("%w: Could not parse value '%s' for key '%s': %s", ErrInvalid, raw, key, why)
	}
}

// int parses like Java's Integer.parseInt: an optional sign and decimal
// digits, no blanks, within 32 bits.
func (p *optionParser) int(key string, def int64) int64 {
	raw, ok := p.o[key]
	if !ok {
		return def
	}
	n, err := strconv.ParseInt(raw, 10, 32)
	if err != nil {
		p.fail(key, raw, "expected an integer between -2147483648 and 2147483647")
		return def
	}
	return n
}

// bool accepts true and false in any case, and nothing else.
func (p *optionParser) bool(key string, def bool) bool {
	raw, ok := p.o[key]
	if !ok {
		return def
	}
	switch strings.ToLower(raw) {
	case "true":
		return true
	case "false":
		return false
	}
	p.fail(key, raw, "expected true or false")
	return def
}

// duration parses TimeUtils syntax ("1 h", "30 min", "500" = 500 ms).
func (p *optionParser) duration(key string, def time.Duration) time.Duration {
	raw, ok := p.o[key]
	if !ok {
		return def
	}
	d, err := options.ParseDuration(raw)
	if err != nil {
		p.fail(key, raw, err.Error())
		return def
	}
	return d
}
