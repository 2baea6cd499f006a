package compact

import (
	"context"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// Changelog produced by compaction, as Java's ChangelogMergeTreeRewriter
// subclasses produce it for primary-key tables whose changelog-producer is
// lookup or full-compaction. The changelog files are written beside the
// compaction's output (changelog-<uuid>-<n>, on the output level,
// _FILE_SOURCE = APPEND) and committed in the COMPACT snapshot's changelog
// manifest list.
//
//   - full-compaction (FullChangelogMergeTreeCompactRewriter): a compaction
//     whose output is the max level compares, per key, the record it had
//     on the max level with the merged result: +I for a new key, -D for a
//     deleted one, -U/+U for a changed one. A file moved up to the max
//     level unchanged gives +I for each of its records.
//   - lookup (LookupMergeTreeCompactRewriter with
//     LookupChangelogMergeFunctionWrapper): a compaction of level-0 files
//     compares, per key with level-0 records, the newest version above
//     level 0 — among the compacted files, else looked up in the levels
//     below the output — with the merged result. Level-0 files are always
//     rewritten (Java upgrades some of them, with the same changelog).
//     First-row tables give +I for the keys they keep that exist nowhere
//     above level 0.
//
// changelog-producer.row-deduplicate leaves out -U/+U pairs whose values
// are equal, but for changelog-producer.row-deduplicate-ignore-fields.

// producer is the changelog producer of a primary-key table's compaction.
type producer int

const (
	producerNone producer = iota
	producerLookup
	producerFull
)

// changelogSetup is how a compaction produces changelog.
type changelogSetup struct {
	producer producer
	// dedup: -U/+U pairs with equal values are left out; ignore are the
	// positions of the fields not compared.
	dedup  bool
	ignore map[int]bool
}

// readChangelogSetup reads the changelog options of c's table.
func (c *compactor) readChangelogSetup() error {
	if !c.pk {
		return nil
	}
	p, err := c.opts.ChangelogProducer()
	if err != nil {
		return err
	}
	switch p {
	case options.ChangelogProducerLookup:
		c.changelog.producer = producerLookup
	case options.ChangelogProducerFullCompaction:
		c.changelog.producer = producerFull
	default:
		return nil
	}
	if c.changelog.dedup, err = options.ChangelogRowDeduplicate.Get(c.opts); err != nil {
		return err
	}
	ignore, err := options.ChangelogRowDeduplicateIgnoreFields.Get(c.opts)
	if err != nil {
		return err
	}
	for _, name := range strings.Split(ignore, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		_, pos, ok := c.sch.Field(name)
		if !ok {
			return fmt.Errorf("option '%s': column %s is not in the schema", options.ChangelogRowDeduplicateIgnoreFields.Key, name)
		}
		if c.changelog.ignore == nil {
			c.changelog.ignore = map[int]bool{}
		}
		c.changelog.ignore[pos] = true
	}
	return nil
}

// produces tells whether rewriting group to level produces changelog.
func (c *compactor) produces(group []file, level, maxLevel int32) bool {
	switch c.changelog.producer {
	case producerFull:
		return level == maxLevel
	case producerLookup:
		if level == 0 {
			return false
		}
		for _, f := range group {
			if f.meta.Level == 0 {
				return true
			}
		}
	}
	return false
}

// sameValues is the row deduplication's comparison.
func (s *changelogSetup) sameValues(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !s.ignore[i] && types.CompareNullsFirst(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

// change is the changelog of one key: before is the key's previous
// version (nil for none), after its merged result (ok false for none).
func (s *changelogSetup) change(key []any, before *mergefunc.KeyValue, after mergefunc.KeyValue, ok bool) []mergefunc.KeyValue {
	as := func(kind mergefunc.RowKind, kv mergefunc.KeyValue) mergefunc.KeyValue {
		return mergefunc.KeyValue{Key: key, Sequence: kv.Sequence, Kind: kind, Value: kv.Value}
	}
	afterAdd := ok && !after.Kind.IsRetract()
	switch {
	case before == nil || before.Kind.IsRetract():
		if afterAdd {
			return []mergefunc.KeyValue{as(mergefunc.Insert, after)}
		}
	case !afterAdd:
		return []mergefunc.KeyValue{as(mergefunc.Delete, *before)}
	case !s.dedup || !s.sameValues(before.Value, after.Value):
		return []mergefunc.KeyValue{as(mergefunc.UpdateBefore, *before), as(mergefunc.UpdateAfter, after)}
	}
	return nil
}

// fullChange is FullChangelogMergeFunctionWrapper: the key's record on the
// max level, if the compaction read one, is the version before.
func (s *changelogSetup) fullChange(kv mergefunc.KeyValue, ok bool, in read.KeyRecords, maxLevel int32) []mergefunc.KeyValue {
	var top *mergefunc.KeyValue
	for i, l := range in.Levels {
		if l == maxLevel {
			top = &in.Records[i]
		}
	}
	if top != nil && len(in.Records)+len(in.Older) == 1 {
		return nil // the key's only record stays as it was
	}
	return s.change(kv.Key, top, kv, ok)
}

// lookupChange is LookupChangelogMergeFunctionWrapper: keys with level-0
// records only; the version before is the newest record above level 0 of
// the compaction, else deeper (the one a lookup found).
func (s *changelogSetup) lookupChange(kv mergefunc.KeyValue, ok bool, in read.KeyRecords, deeper *mergefunc.KeyValue) []mergefunc.KeyValue {
	level0 := false
	var high *mergefunc.KeyValue
	for i, l := range in.Levels {
		if l == 0 {
			level0 = true
		} else {
			high = &in.Records[i]
		}
	}
	if !level0 {
		return nil
	}
	if high == nil {
		high = deeper
		if n := len(in.Older); high == nil && n > 0 {
			high = &in.Older[n-1]
		}
	}
	return s.change(kv.Key, high, kv, ok)
}

// firstRowChange is FirstRowMergeFunctionWrapper: a key the compaction
// keeps, with no record above level 0, is new.
func firstRowChange(kv mergefunc.KeyValue, ok bool, in read.KeyRecords) []mergefunc.KeyValue {
	for _, l := range in.Levels {
		if l > 0 {
			return nil
		}
	}
	if !ok || kv.Kind.IsRetract() {
		return nil
	}
	kv.Kind = mergefunc.Insert
	return []mergefunc.KeyValue{kv}
}

// upgradeChangelog writes the changelog of a file moved up to the max
// level of a full-compaction table unchanged: +I for each record (nothing
// was on the max level for its keys).
func (c *compactor) upgradeChangelog(ctx context.Context, sp *scan.Split, f spec.DataFileMeta, level, maxLevel int32, res *bucketResult) error {
	cw, err := write.NewChangelogWriter(c.t, c.sch, c.opts, sp.Dir, level)
	if err != nil {
		return err
	}
	err = read.MergeKeyValuesRecords(ctx, sp, c.sch, []spec.DataFileMeta{f}, nil, func(kv mergefunc.KeyValue, ok bool, in read.KeyRecords) error {
		return writeChanges(ctx, cw, c.changelog.fullChange(kv, ok, in, maxLevel))
	})
	return res.changelogWritten(ctx, sp, cw, err)
}

func writeChanges(ctx context.Context, cw *write.RewriteWriter, changes []mergefunc.KeyValue) error {
	for _, ch := range changes {
		if err := cw.WriteKeyValue(ctx, ch); err != nil {
			return err
		}
	}
	return nil
}

// changelogWritten finishes the changelog writer cw and records its files;
// writeErr is the error its writing ended with, on which cw is aborted.
func (r *bucketResult) changelogWritten(ctx context.Context, sp *scan.Split, cw *write.RewriteWriter, writeErr error) error {
	var out []spec.DataFileMeta
	err := writeErr
	if err == nil {
		out, err = cw.Finish(ctx)
	}
	r.paths = append(r.paths, cw.Paths()...)
	if err != nil {
		cw.Abort(context.WithoutCancel(ctx))
		return err
	}
	for _, m := range out {
		r.changelog = append(r.changelog, addEntry(sp, m))
	}
	return nil
}
