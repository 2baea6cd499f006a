package maintenance

import (
	"fmt"
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

// The partition expiration strategies paimon-sql implements.
const (
	strategyValuesTime = "values-time"
	strategyUpdateTime = "update-time"
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
func Parse(o options.Options, partitionKeys []string) (*Config, error) {
	c := &Config{}
	var err error
	if c.WriteOnly, err = options.WriteOnly.Get(o); err != nil {
		return nil, err
	}
	mode, err := options.SnapshotExpireExecutionMode.Get(o)
	if err != nil {
		return nil, err
	}
	c.Async = mode == options.ExpireAsync
	if c.Snapshots, err = expire.NewConfig(o, expire.Overrides{}); err != nil {
		return nil, err
	}
	if c.ConsumerExpiration, err = optional(o, options.ConsumerExpirationTime); err != nil {
		return nil, err
	}
	if c.Partitions, err = ParsePartitionConfig(o, len(partitionKeys) > 0); err != nil {
		return nil, err
	}
	if c.Tags, err = parseTagConfig(o); err != nil {
		return nil, err
	}
	return c, nil
}

// ParsePartitionConfig reads the partition.expiration-* options; it is nil
// when the table is not partitioned or sets no expiration time.
func ParsePartitionConfig(o options.Options, partitioned bool) (*PartitionConfig, error) {
	expiration, err := optional(o, options.PartitionExpirationTime)
	if err != nil {
		return nil, err
	}
	p := &PartitionConfig{
		Formatter: options.PartitionTimestampFormatter.Text(o),
		Pattern:   options.PartitionTimestampPattern.Text(o),
	}
	if p.Strategy, err = options.PartitionExpirationStrategy.Get(o); err != nil {
		return nil, err
	}
	if p.CheckInterval, err = options.PartitionExpirationCheckInterval.Get(o); err != nil {
		return nil, err
	}
	if p.MaxExpires, err = options.PartitionExpirationMaxNum.Get(o); err != nil {
		return nil, err
	}
	if p.BatchSize, err = options.PartitionExpirationBatchSize.Or(o, 0); err != nil {
		return nil, err
	}
	if p.CheckOnBatchEnd, err = options.EndInputCheckPartitionExpire.Get(o); err != nil {
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
		return fmt.Errorf("option '%s' = '%s': Unknown partitionExpireStrategy (use values-time or update-time)", options.PartitionExpirationStrategy.Key, p.Strategy)
	}
	if p.MaxExpires < 0 {
		return fmt.Errorf("option '%s' = %d must not be negative", options.PartitionExpirationMaxNum.Key, p.MaxExpires)
	}
	if p.Formatter != "" {
		if _, err := compileFormatter(p.Formatter); err != nil {
			return fmt.Errorf("option '%s' = '%s': %w", options.PartitionTimestampFormatter.Key, p.Formatter, err)
		}
	}
	return nil
}

// optional reads an option without a default: nil when unset.
func optional[T any](o options.Options, d *options.Option[T]) (*T, error) {
	v, ok, err := d.Lookup(o)
	if err != nil || !ok {
		return nil, err
	}
	return &v, nil
}
