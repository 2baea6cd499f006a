package maintenance

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// ExpiredPartition is one partition a partition expiration dropped, its
// values by key in key order (Java's LinkedHashMap).
type ExpiredPartition struct {
	Keys, Values []string
}

// String is Java's Map.toString without the braces: "dt=2024-01-01, h=10",
// what CALL sys.expire_partitions returns.
func (p ExpiredPartition) String() string {
	parts := make([]string, len(p.Keys))
	for i, k := range p.Keys {
		parts[i] = k + "=" + p.Values[i]
	}
	return strings.Join(parts, ", ")
}

// partitionCheck remembers when this process last checked a table's
// partitions (table.StateOf): the server is the long-lived writer whose
// partition.expiration-check-interval Java's PartitionExpire keeps.
type partitionCheck struct {
	mu      sync.Mutex
	started bool // last is set
	last    time.Time
}

// partitionsDue tells whether the check interval has passed, and marks
// the check. Like a new PartitionExpire, the first check of a table in a
// process is as if the last one was up to one interval ago, at random, so
// that writers started together do not all check at once.
func partitionsDue(pc *partitionCheck, c *PartitionConfig, now time.Time) bool {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if !pc.started {
		pc.started = true
		pc.last = now
		if secs := int64(c.CheckInterval / time.Second); secs > 0 {
			pc.last = now.Add(-time.Duration(rand.Int64N(secs)) * time.Second)
		}
	}
	if c.CheckInterval == 0 || c.CheckOnBatchEnd || now.After(pc.last.Add(c.CheckInterval)) {
		pc.last = now
		return true
	}
	return false
}

// ExpirePartitions drops the partitions of t that c says are expired at
// now, as PartitionExpire.expire does: the latest snapshot's partitions
// are judged by their values' time (values-time) or their newest file
// (update-time); the expired ones, sorted by their values and at most
// c.MaxExpires of them, are dropped by OVERWRITE commits that delete
// their files (c.BatchSize partitions per commit, else all in one). It
// returns what it dropped, in that order. A partition whose time cannot
// be read is kept, as in Java.
func ExpirePartitions(ctx context.Context, t *table.Table, sch *spec.TableSchema, c *PartitionConfig, now time.Time) ([]ExpiredPartition, []string, error) {
	var warnings []string
	if len(sch.PartitionKeys) == 0 {
		return nil, nil, fmt.Errorf("%s is not partitioned", t.FullName())
	}
	var formatter *javaFormatter
	if c.Formatter != "" {
		var err error
		if formatter, err = compileFormatter(c.Formatter); err != nil {
			return nil, nil, err
		}
	}
	latest, err := snapshot.NewManager(t.FS, snapshot.BranchRoot(t.Root, t.Branch)).Latest(ctx)
	if err != nil || latest == nil {
		return nil, nil, err
	}
	plan, err := scan.New(ctx, t, latest, sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		return nil, nil, err
	}
	types := make([]types.DataType, len(sch.PartitionKeys))
	for i, k := range sch.PartitionKeys {
		f, _, _ := sch.Field(k)
		types[i] = f.Type
	}
	defaultName := sch.Options.PartitionDefaultName()
	// The cutoff is a LocalDateTime in the JVM's zone: LocalDateTime.now()
	// minus the expiration time.
	cutoff := localDateTime(now.UnixMilli(), time.Local).Add(-c.Expiration)

	type candidate struct {
		row    []byte
		values []*string // Java's toString of each value; nil for null
		newest *time.Time
	}
	byRow := map[string]*candidate{}
	var order []*candidate
	for _, sp := range plan.Splits {
		cd, ok := byRow[string(sp.Partition)]
		if !ok {
			cd = &candidate{row: sp.Partition, values: make([]*string, len(types))}
			for i, v := range sp.PartitionValues {
				if v != nil {
					s := partition.LegacyString(types[i], v)
					cd.values[i] = &s
				}
			}
			byRow[string(sp.Partition)] = cd
			order = append(order, cd)
		}
		for _, f := range sp.Files {
			if f.CreationTime != nil && (cd.newest == nil || f.CreationTime.After(*cd.newest)) {
				ct := *f.CreationTime
				cd.newest = &ct
			}
		}
	}
	type expired struct {
		joined string
		values []string
		row    []byte
	}
	var selected []expired
	for _, cd := range order {
		switch c.Strategy {
		case strategyUpdateTime:
			// The newest file's creation time, a LocalDateTime in the
			// writer's zone; a partition without one is kept.
			if cd.newest == nil || !cutoff.After(*cd.newest) {
				continue
			}
		default:
			pt, err := extractTime(sch.PartitionKeys, cd.values, c.Pattern, formatter)
			if err != nil {
				warnings = append(warnings, fmt.Sprintf("partition %s is kept: its time cannot be read (%v); check the partition.timestamp-* options, drop it by hand or use partition.expiration-strategy = update-time", describe(sch.PartitionKeys, cd.values), err))
				continue
			}
			if !cutoff.After(pt) {
				continue
			}
		}
		values := make([]string, len(cd.values))
		for i, v := range cd.values {
			values[i] = defaultName
			if v != nil {
				values[i] = *v
			}
		}
		selected = append(selected, expired{strings.Join(values, ","), values, cd.row})
	}
	sort.SliceStable(selected, func(i, j int) bool { return selected[i].joined < selected[j].joined })
	if len(selected) > c.MaxExpires {
		selected = selected[:c.MaxExpires]
	}
	if len(selected) == 0 {
		return nil, warnings, nil
	}
	batch := len(selected)
	if c.BatchSize > 0 && c.BatchSize < batch {
		batch = c.BatchSize
	}
	var out []ExpiredPartition
	for start := 0; start < len(selected); start += batch {
		part := selected[start:min(start+batch, len(selected))]
		rows := make([][]byte, len(part))
		for i, p := range part {
			rows[i] = p.row
		}
		if err := dropPartitions(ctx, t, sch, rows); err != nil {
			return out, warnings, err
		}
		for _, p := range part {
			out = append(out, ExpiredPartition{Keys: sch.PartitionKeys, Values: p.values})
		}
	}
	return out, warnings, nil
}

// dropPartitions is FileStoreCommit.dropPartitions: one OVERWRITE
// snapshot that deletes every file of the partitions.
func dropPartitions(ctx context.Context, t *table.Table, sch *spec.TableSchema, rows [][]byte) error {
	c, err := commit.New(t, uuid.NewString(), sch.Options)
	if err != nil {
		return err
	}
	_, err = c.Commit(ctx, commit.Request{
		Identifier: commit.BatchIdentifier,
		SchemaID:   sch.ID,
		Overwrite:  &commit.Overwrite{Mode: commit.OverwritePartitions, Rows: rows},
	})
	return err
}

func describe(keys []string, values []*string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := "null"
		if values[i] != nil {
			v = *values[i]
		}
		parts[i] = k + ":" + v
	}
	return strings.Join(parts, ",")
}
