package compact

import (
	"fmt"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/scan"
)

// ParsePartitions reads Java's partitions argument: partitions separated by
// ';', each a comma list of 'column=value' (ParameterUtils.getPartitions).
func ParsePartitions(s string) ([]map[string]string, error) {
	var out []map[string]string
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		spec, err := options.ParseKeyValues(part)
		if err != nil {
			return nil, fmt.Errorf("partition '%s': %w", strings.TrimSpace(part), err)
		}
		if len(spec) == 0 {
			continue
		}
		out = append(out, spec)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("'%s' names no partition: write 'k1=v1,k2=v2;k1=v3'", s)
	}
	return out, nil
}

func describePartition(spec map[string]string) string {
	keys := make([]string, 0, len(spec))
	for k := range spec {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + spec[k]
	}
	return "'" + strings.Join(parts, ",") + "'"
}

// selectPartitions keeps the splits of the requested partitions. A value
// matches as its directory text (what $partitions and the paths show) or
// as CAST(value AS STRING), so a DATE partition is found as '2024-01-01'
// even under partition.legacy-name. A requested partition that has no live
// file is an error: a typo must not look like a compaction that had
// nothing to do.
func (c *compactor) selectPartitions(splits []scan.Split, specs []map[string]string) ([]scan.Split, error) {
	if len(specs) == 0 {
		return splits, nil
	}
	if len(c.sch.PartitionKeys) == 0 {
		return nil, fmt.Errorf("%s is not partitioned: the 'partitions' argument does not apply", c.t.FullName())
	}
	legacy, err := options.PartitionLegacyName.Get(c.opts)
	if err != nil {
		return nil, err
	}
	ps := partition.Spec{Keys: c.sch.PartitionKeys, DefaultName: c.opts.PartitionDefaultName(), LegacyName: legacy}
	for _, k := range c.sch.PartitionKeys {
		f, _, _ := c.sch.Field(k)
		ps.Types = append(ps.Types, f.Type)
	}
	index := map[string]int{}
	for i, k := range ps.Keys {
		index[k] = i
	}
	for _, spec := range specs {
		for k := range spec {
			if _, ok := index[k]; !ok {
				return nil, fmt.Errorf("%s: partition %s: '%s' is not a partition column (partition columns: %s)",
					c.t.FullName(), describePartition(spec), k, strings.Join(ps.Keys, ", "))
			}
		}
	}
	matches := func(spec map[string]string, values []any) bool {
		for k, want := range spec {
			i := index[k]
			if ps.Value(i, values[i]) == want {
				continue
			}
			if values[i] != nil && partition.CastString(ps.Types[i], values[i]) == want {
				continue
			}
			return false
		}
		return true
	}
	found := make([]bool, len(specs))
	var out []scan.Split
	for _, sp := range splits {
		keep := false
		for i, spec := range specs {
			if matches(spec, sp.PartitionValues) {
				found[i], keep = true, true
			}
		}
		if keep {
			out = append(out, sp)
		}
	}
	for i, ok := range found {
		if !ok {
			return nil, fmt.Errorf("%s: partition %s does not exist", c.t.FullName(), describePartition(specs[i]))
		}
	}
	return out, nil
}
