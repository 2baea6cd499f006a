// Package compact is paimon-sql's compaction of Paimon tables, mirroring
// what a Java compaction job (Flink's CompactAction, Spark's
// CompactProcedure) commits for a batch run:
//
//   - primary-key tables: per (partition, bucket), Java's full compaction
//     (CompactStrategy.pickFullCompaction) or universal compaction
//     (UniversalCompaction.pick) picks sorted runs; MergeTreeCompactTask's
//     rules then rewrite overlapping or small files by merging them with the
//     table's merge engine into files of the output level, and "upgrade"
//     large non-overlapping files by moving them to that level unchanged
//     (docs/design/format.md §7.2, §9.4);
//   - append tables: small files are rewritten into fewer files in sequence
//     order (BucketedAppendCompactManager for fixed buckets,
//     AppendCompactCoordinator for bucket-unaware tables).
//
// Everything is committed as one COMPACT snapshot: DELETE entries of the
// inputs with the identifiers they were added with, ADD entries of the
// outputs (_FILE_SOURCE = COMPACT), and the deletion-vector index entries
// of the rewritten files replaced. Minor compaction of deletion-vector
// tables marks the older versions of the compacted keys in the deeper
// levels deleted instead of rewriting them (lookup.go).
package compact

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// The compact_strategy values (Java's ActionFactory.FULL / MINOR).
const (
	StrategyFull  = "full"
	StrategyMinor = "minor"
)

// Options configure one compaction run.
type Options struct {
	// Strategy is StrategyFull or StrategyMinor; "" means full, the default
	// of a batch run in Java.
	Strategy string
	// Partitions restricts the run to these partitions, each given as
	// column -> value text (Java's 'k1=v1,k2=v2;k1=v3'); a partition may
	// name only some partition columns. nil compacts every partition.
	Partitions []map[string]string
	// Dynamic are table options for this run only ('k=v' of the options
	// argument), e.g. target-file-size or num-sorted-run.compaction-trigger.
	Dynamic map[string]string
	// CommitUser is the snapshot's commit user; "" draws a random UUID, as
	// a Java job does.
	CommitUser string
	// Parallelism bounds the buckets compacted at once; 0 means GOMAXPROCS.
	Parallelism int
	// Progress, when set, is told each time a bucket is compacted, with
	// the buckets done and the total; it may be called concurrently.
	Progress func(done, total int)
}

// Result tells what a run did.
type Result struct {
	// Snapshot is the COMPACT snapshot committed; nil when nothing needed
	// compaction.
	Snapshot *spec.Snapshot
	// Buckets is the number of (partition, bucket) pairs changed.
	Buckets int
	// Rewritten counts input files merged into new files, Written the new
	// files, Upgraded the files moved to another level unchanged.
	Rewritten, Written, Upgraded int
	// Rows counts the records written.
	Rows int64
}

// String summarises r for a procedure's result.
func (r Result) String() string {
	if r.Snapshot == nil {
		return "nothing to compact"
	}
	return fmt.Sprintf("snapshot %d: %d buckets compacted, %d files rewritten into %d, %d files upgraded, %d records written",
		r.Snapshot.ID, r.Buckets, r.Rewritten, r.Written, r.Upgraded, r.Rows)
}

// fixedOptions cannot be changed by dynamic options: they decide how the
// existing files are laid out and read (Java refuses to change them with
// ALTER TABLE, and a compaction must read the files as they were written).
var fixedOptions = []string{
	options.Bucket.Key, options.BucketKey.Key, options.MergeEngine.Key, options.SequenceField.Key,
	options.DeletionVectorsEnabled.Key, options.FileFormat.Key, options.ChangelogProducer.Key,
	options.PrimaryKey.Key, options.Partition.Key, options.DataFilePathDirectory.Key, options.IndexFileInDataFileDir.Key,
}

// CheckDynamic refuses the dynamic options a run would not use: unknown
// keys (with the nearest known one), and known ones that are neither
// options.CompactionTuningKeys nor fixedOptions (which newCompactor checks are unchanged).
func CheckDynamic(opts options.Options) error {
	if err := options.CheckKeys(opts); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(opts))
	for _, k := range keys {
		if !slices.Contains(options.CompactionTuningKeys, k) && !slices.Contains(fixedOptions, k) && !options.IsEngineJobOption(k) {
			return fmt.Errorf("option '%s' is not one a compaction uses; it takes %s", k, strings.Join(options.CompactionTuningKeys, ", "))
		}
	}
	return options.Validate(opts)
}

// compactor holds what a run needs of its table.
type compactor struct {
	t        *table.Table
	sch      *spec.TableSchema
	opts     options.Options
	full     bool
	pk       bool
	buckets  int
	keyTypes []types.DataType
	dv       bool
	dvIndex  *deletionvector.IndexWriter
	engine   *mergefunc.Engine
	// forceUpLevel0: a minor compaction that universal compaction would
	// not start takes every level-0 file up (ForceUpLevel0Compaction).
	forceUpLevel0 bool
	// changelog is the changelog the compaction produces (changelog.go).
	changelog changelogSetup
}

// Compact runs one compaction of the latest snapshot of t and commits it.
// A run that finds nothing to compact commits nothing. On error nothing is
// committed and every file written is deleted.
func Compact(ctx context.Context, t *table.Table, o Options) (Result, error) {
	// Orphan-file cleanup must not take the files written here for
	// orphans before the commit references them.
	defer t.BeginWrite()()
	c, err := newCompactor(ctx, t, o)
	if err != nil {
		return Result{}, err
	}
	snap, err := t.Snapshots.Latest(ctx)
	if err != nil {
		return Result{}, err
	}
	if snap == nil {
		if len(o.Partitions) > 0 {
			return Result{}, fmt.Errorf("%s: partition %s does not exist (the table has no snapshot)", t.FullName(), describePartition(o.Partitions[0]))
		}
		return Result{}, nil
	}
	plan, err := scan.New(ctx, t, snap, c.sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		return Result{}, err
	}
	splits, err := c.selectPartitions(plan.Splits, o.Partitions)
	if err != nil {
		return Result{}, err
	}
	res, changes, abort, err := c.compactSplits(ctx, snap, splits, o.Parallelism, o.Progress)
	if err != nil || res.Buckets == 0 {
		return res, err
	}
	user := o.CommitUser
	if user == "" {
		user = uuid.NewString()
	}
	committer, err := commit.New(t, user, c.opts)
	if err != nil {
		abort()
		return Result{}, err
	}
	s, err := committer.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier, SchemaID: c.sch.ID, Compact: changes})
	if err != nil {
		// A commit whose reply was lost may still have happened; its files
		// must then stay. Only a commit known to have failed is cleaned up.
		var conflict *commit.ConflictError
		if errors.As(err, &conflict) {
			abort()
		}
		return Result{}, fmt.Errorf("%s: commit compaction: %w", t.FullName(), err)
	}
	res.Snapshot = s
	return res, nil
}

// compactSplits compacts the buckets splits of snap, in parallel (at most
// par at once; 0 means GOMAXPROCS), and returns the changes to commit and
// a function deleting every file written, for a commit that fails.
func (c *compactor) compactSplits(ctx context.Context, snap *spec.Snapshot, splits []scan.Split, par int, progress func(done, total int)) (Result, commit.Changes, func(), error) {
	t := c.t
	dvIndex, err := c.dvEntries(ctx, snap)
	if err != nil {
		return Result{}, commit.Changes{}, nil, err
	}
	results := make([]*bucketResult, len(splits))
	g, gctx := errgroup.WithContext(ctx)
	if par <= 0 {
		par = runtime.GOMAXPROCS(0)
	}
	g.SetLimit(par)
	var done atomic.Int64
	for i := range splits {
		sp := &splits[i]
		g.Go(func() (err error) {
			res := &bucketResult{}
			results[i] = res
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("%s: compacting bucket %s: internal error: %v", t.FullName(), sp.Dir, p)
				}
			}()
			if c.pk {
				err = c.compactPK(gctx, sp, res)
			} else {
				err = c.compactAppend(gctx, sp, res)
			}
			if err == nil {
				err = c.replaceDVs(gctx, sp, dvIndex[splitKey(sp.Partition, sp.Bucket)], res)
			}
			if err == nil && progress != nil {
				progress(int(done.Add(1)), len(splits))
			}
			return err
		})
	}
	abort := func() {
		for _, r := range results {
			if r != nil {
				r.abort(context.WithoutCancel(ctx), t)
			}
		}
	}
	if err := g.Wait(); err != nil {
		abort()
		return Result{}, commit.Changes{}, nil, err
	}
	var res Result
	var changes commit.Changes
	for _, r := range results {
		if len(r.files) == 0 && len(r.index) == 0 && len(r.changelog) == 0 {
			continue
		}
		res.Buckets++
		res.Rewritten += r.rewritten
		res.Written += r.written
		res.Upgraded += r.upgraded
		res.Rows += r.rows
		changes.Files = append(changes.Files, r.files...)
		changes.Index = append(changes.Index, r.index...)
		changes.Changelog = append(changes.Changelog, r.changelog...)
	}
	return res, changes, abort, nil
}

func newCompactor(ctx context.Context, t *table.Table, o Options) (*compactor, error) {
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	opts := options.Options{}
	for k, v := range sch.Options {
		opts[k] = v
	}
	for k, v := range o.Dynamic {
		for _, f := range fixedOptions {
			if k == f && opts[k] != v {
				return nil, fmt.Errorf("%s: option '%s' cannot be changed for a compaction", t.FullName(), k)
			}
		}
		opts[k] = v
	}
	if err := refusal(t, sch, opts); err != nil {
		return nil, err
	}
	engine, err := mergefunc.NewEngine(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	c, err := newCompactorWith(t, sch, opts, engine)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(strings.TrimSpace(o.Strategy)) {
	case "", StrategyFull:
		c.full = true
	case StrategyMinor:
	default:
		return nil, fmt.Errorf("compact_strategy '%s' is not supported: use 'full' or 'minor'", o.Strategy)
	}
	// A minor run of a table whose batch reads skip level 0 takes every
	// level-0 file up, so that none stays invisible.
	c.forceUpLevel0 = engine.SkipsLevel0()
	return c, nil
}

// refusal tells why paimon-sql cannot compact t with the options opts; nil
// when it can.
func refusal(t *table.Table, sch *spec.TableSchema, opts options.Options) error {
	if err := scan.CheckSupported(t, sch); err != nil {
		return err
	}
	if n, err := opts.Bucket(); err == nil && n == bucket.Postpone {
		return fmt.Errorf("%s: compaction of postpone-bucket tables (bucket = -2) is not supported by paimon-sql", t.FullName())
	}
	for _, d := range []*options.Option[bool]{options.RowTrackingEnabled, options.DataEvolutionEnabled} {
		if on, err := d.Get(opts); err != nil {
			return err
		} else if on {
			return fmt.Errorf("%s: compaction of tables with '%s' = 'true' is not supported by paimon-sql", t.FullName(), d.Key)
		}
	}
	if v := options.RecordLevelExpireTime.Text(opts); v != "" {
		return fmt.Errorf("%s: compaction of tables with '%s' is not supported by paimon-sql", t.FullName(), options.RecordLevelExpireTime.Key)
	}
	return nil
}

// newCompactorWith prepares compactions of t, read with schema sch, under
// the options opts and their merge engine.
func newCompactorWith(t *table.Table, sch *spec.TableSchema, opts options.Options, engine *mergefunc.Engine) (*compactor, error) {
	if err := options.CheckCounts(opts); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	c := &compactor{t: t, sch: sch, opts: opts, pk: len(sch.PrimaryKeys) > 0, dv: opts.DeletionVectorsEnabled(), engine: engine}
	var err error
	if c.dvIndex, err = deletionvector.NewIndexWriter(t, opts); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if c.buckets, err = opts.Bucket(); err != nil {
		return nil, err
	}
	if err := c.readChangelogSetup(); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if c.pk {
		for _, k := range sch.TrimmedPrimaryKeys() {
			f, _, ok := sch.Field(k)
			if !ok {
				return nil, fmt.Errorf("%s: primary key column %s is not in the schema", t.FullName(), k)
			}
			c.keyTypes = append(c.keyTypes, f.Type)
		}
	}
	return c, nil
}

// bucketResult is what compacting one (partition, bucket) produced.
type bucketResult struct {
	files     []spec.ManifestEntry
	changelog []spec.ManifestEntry // ADD entries of changelog files
	index     []spec.IndexManifestEntry
	written   int
	rewritten int
	upgraded  int
	rows      int64
	paths     []string // new files, deleted if the run fails
	// deletions are the row positions, by data file, that the compaction
	// newly marks deleted in files it leaves in place.
	deletions map[string][]int64
}

// replaced finishes w, which rewrote the files old of sp into rows rows,
// and records the replacement; writeErr is the error the rewrite ended
// with, on which (or on a failing finish) w's files are aborted.
func (r *bucketResult) replaced(ctx context.Context, sp *scan.Split, w *write.RewriteWriter, writeErr error, old []spec.DataFileMeta, rows int64) error {
	var out []spec.DataFileMeta
	err := writeErr
	if err == nil {
		out, err = w.Finish(ctx)
	}
	r.paths = append(r.paths, w.Paths()...)
	if err != nil {
		w.Abort(context.WithoutCancel(ctx))
		return err
	}
	for _, m := range old {
		r.files = append(r.files, deleteEntry(sp, m))
	}
	for _, m := range out {
		r.files = append(r.files, addEntry(sp, m))
	}
	r.rewritten += len(old)
	r.written += len(out)
	r.rows += rows
	return nil
}

func (r *bucketResult) abort(ctx context.Context, t *table.Table) {
	for _, p := range r.paths {
		fs.DeleteAt(ctx, t.FS, p)
	}
}

// deleteEntry is the DELETE of a live file of sp, with the identifier it
// was added with.
func deleteEntry(sp *scan.Split, f spec.DataFileMeta) spec.ManifestEntry {
	return spec.ManifestEntry{Kind: spec.FileDelete, Partition: sp.Partition, Bucket: sp.Bucket, TotalBuckets: sp.TotalBuckets, File: f}
}

func addEntry(sp *scan.Split, f spec.DataFileMeta) spec.ManifestEntry {
	return spec.ManifestEntry{Kind: spec.FileAdd, Partition: sp.Partition, Bucket: sp.Bucket, TotalBuckets: sp.TotalBuckets, File: f}
}

func splitKey(part []byte, bucket int32) string { return fmt.Sprintf("%x/%d", part, bucket) }
