package maintenance

import (
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// Config is what a table's options ask of the maintenance after a commit.
type Config struct {
	// WriteOnly turns every step off (write-only, or its fallback key
	// write.compaction-skip).
	WriteOnly bool
	// Async runs the maintenance in the background after the commit
	// returned (snapshot.expire.execution-mode = async).
	Async bool
	// Snapshots is the snapshot (and changelog) expiration.
	Snapshots expire.Config
	// ConsumerExpiration, when set, deletes consumers not updated for that
	// long (consumer.expiration-time).
	ConsumerExpiration *time.Duration
	// Partitions is nil unless the table is partitioned and sets
	// partition.expiration-time.
	Partitions *PartitionConfig
	// Tags is the automatic tag creation and tag expiry.
	Tags TagConfig
}

// Java's defaults (CoreOptions 1.4.2).
const (
	defaultPartitionCheckInterval = time.Hour
	defaultPartitionMaxExpires    = 100
	strategyValuesTime            = "values-time"
	strategyUpdateTime            = "update-time"
)

// PartitionConfig is partition expiration (PartitionExpire).
type PartitionConfig struct {
	// Expiration is how old a partition must be (partition.expiration-time).
	Expiration time.Duration
	// CheckInterval is how often a long-running writer checks
	// (partition.expiration-check-interval); 0 checks on every commit.
	CheckInterval time.Duration
	// Strategy is values-time (the time is read from the partition values)
	// or update-time (the newest file's creation time).
	Strategy string
	// Formatter and Pattern read the time of values-time
	// (partition.timestamp-formatter, partition.timestamp-pattern); empty
	// for Java's defaults.
	Formatter, Pattern string
	// MaxExpires bounds the partitions one run drops
	// (partition.expiration-max-num).
	MaxExpires int
	// BatchSize, when above 0, drops the partitions of a run in commits of
	// that many (partition.expiration-batch-size).
	BatchSize int
	// CheckOnBatchEnd checks on every batch commit whatever the interval
	// (end-input.check-partition-expire).
	CheckOnBatchEnd bool
}

// Parse reads the maintenance options of a table with partition columns
// partitionKeys. Invalid values fail: Java refuses them too, at the latest
// when its writer starts.
func Parse(opts map[string]string, partitionKeys []string) (*Config, error) {
	o := options.Options(opts)
	c := &Config{}
	var err error
	if c.WriteOnly, err = o.WriteOnly(); err != nil {
		return nil, err
	}
	switch mode := strings.ToLower(strings.TrimSpace(o.Get(options.SnapshotExpireExecutionMode, "sync"))); mode {
	case "sync":
	case "async":
		c.Async = true
	default:
		return nil, fmt.Errorf("option '%s' = '%s' is not one of sync, async", options.SnapshotExpireExecutionMode, o[options.SnapshotExpireExecutionMode])
	}
	if c.Snapshots, err = expire.NewConfig(opts, expire.Overrides{}); err != nil {
		return nil, err
	}
	if c.ConsumerExpiration, err = optionalDuration(o, options.ConsumerExpirationTime); err != nil {
		return nil, err
	}
	if c.Partitions, err = ParsePartitionConfig(opts, len(partitionKeys) > 0); err != nil {
		return nil, err
	}
	if c.Tags, err = parseTagConfig(o); err != nil {
		return nil, err
	}
	return c, nil
}

// ParsePartitionConfig reads the partition.expiration-* options; it is nil
// when the table is not partitioned or sets no expiration time.
func ParsePartitionConfig(opts map[string]string, partitioned bool) (*PartitionConfig, error) {
	o := options.Options(opts)
	expiration, err := optionalDuration(o, options.PartitionExpirationTime)
	if err != nil {
		return nil, err
	}
	p := &PartitionConfig{
		Strategy:  o.Get(options.PartitionExpirationStrategy, strategyValuesTime),
		Formatter: o[options.PartitionTimestampFormatter],
		Pattern:   o[options.PartitionTimestampPattern],
	}
	if p.CheckInterval, err = o.Duration(options.PartitionExpirationInterval, defaultPartitionCheckInterval); err != nil {
		return nil, err
	}
	if p.MaxExpires, err = o.Int(options.PartitionExpirationMaxNum, defaultPartitionMaxExpires); err != nil {
		return nil, err
	}
	if p.BatchSize, err = o.Int(options.PartitionExpirationBatchSize, 0); err != nil {
		return nil, err
	}
	if p.CheckOnBatchEnd, err = o.Bool(options.EndInputCheckPartitionExpire, false); err != nil {
		return nil, err
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	if expiration == nil || !partitioned {
		// Java builds no PartitionExpire then; the other settings are
		// still checked above.
		return nil, nil
	}
	p.Expiration = *expiration
	return p, nil
}

// validate checks what the strategy and the time parsing need.
func (p *PartitionConfig) validate() error {
	switch p.Strategy {
	case strategyValuesTime, strategyUpdateTime:
	default:
		return fmt.Errorf("option '%s' = '%s': Unknown partitionExpireStrategy (use values-time or update-time)", options.PartitionExpirationStrategy, p.Strategy)
	}
	if p.MaxExpires < 0 {
		return fmt.Errorf("option '%s' = %d must not be negative", options.PartitionExpirationMaxNum, p.MaxExpires)
	}
	if p.Formatter != "" {
		if _, err := compileFormatter(p.Formatter); err != nil {
			return fmt.Errorf("option '%s' = '%s': %w", options.PartitionTimestampFormatter, p.Formatter, err)
		}
	}
	return nil
}

// optionalDuration reads a duration option without a default.
func optionalDuration(o options.Options, key string) (*time.Duration, error) {
	if _, ok := o[key]; !ok {
		return nil, nil
	}
	d, err := o.Duration(key, 0)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// optionalInt reads an integer option without a default.
func optionalInt(o options.Options, key string) (*int, error) {
	if _, ok := o[key]; !ok {
		return nil, nil
	}
	n, err := o.Int(key, 0)
	if err != nil {
		return nil, err
	}
	return &n, nil
}
