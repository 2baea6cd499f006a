// Package scan plans the read of one snapshot: the live data files grouped
// by partition and bucket, pruned by partition values and file statistics,
// with the deletion vectors that apply to them.
package scan

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Index types of the index manifest.
const (
	IndexDeletionVectors = deletionvector.IndexType
	IndexHash            = "HASH"
)

// DeletionFile locates one data file's deletion vector.
type DeletionFile struct {
	Path        string // index file path in the warehouse
	Offset      int32
	Length      int32
	Cardinality *int64
}

// Split is the live files of one (partition, bucket).
type Split struct {
	// Table is the table or branch whose metadata the files belong to: their
	// schema ids refer to its schemas (a fallback branch has its own).
	Table           *table.Table
	Partition       []byte // serialized BinaryRow
	PartitionValues []any
	Bucket          int32
	TotalBuckets    int32
	// Dir is the bucket directory, relative to the warehouse.
	Dir   string
	Files []spec.DataFileMeta
	// DeletionFiles maps a data file name to its deletion vector.
	DeletionFiles map[string]DeletionFile
	// Delta marks the files of an incremental read: each is read as
	// written, never merged (Java's streaming split).
	Delta bool
	// Diff marks a split of a diff read (see Diff): Files are the end
	// snapshot's files the start lacks, DiffBefore (nil for none) the
	// start's files the end lacks.
	Diff       bool
	DiffBefore *Split
	// KeyFilter, when not nil, is what of the scan's filter this split can
	// hold: the bucket-key tuples of a key lookup that hash to its bucket.
	// Reads may skip rows and pages by it as by the scan's filter.
	KeyFilter predicate.Predicate
}

// Plan is what a read of one snapshot needs.
type Plan struct {
	Table    *table.Table
	Snapshot *spec.Snapshot // nil when the table has no snapshot yet
	Schema   *spec.TableSchema
	Splits   []Split
	// Pruning is what the filter left of the listed files (EXPLAIN shows
	// it).
	Pruning Pruning
}

// Pruning counts the data files and partitions a plan listed in the
// manifests it read (a manifest whose partition statistics cannot match the
// filter is not read, and its files are not counted), and those left to read
// after pruning by partition, bucket, key range, value statistics and file
// indexes.
type Pruning struct {
	Files, FilesRead           int
	Partitions, PartitionsRead int
}

// add counts o's files and partitions too (a fallback branch's plan).
func (p *Pruning) add(o Pruning) {
	p.Files += o.Files
	p.FilesRead += o.FilesRead
	p.Partitions += o.Partitions
	p.PartitionsRead += o.PartitionsRead
}

// Options tune planning.
type Options struct {
	// Filter prunes partitions and files; nil reads everything.
	Filter predicate.Predicate
	// KeepLevel0 keeps level-0 files even where batch reads skip them
	// (system tables that list files).
	KeepLevel0 bool
	// NoFallback ignores scan.fallback-branch (system tables list the
	// table's own files).
	NoFallback bool
	// ReadOptimized reads only the top level (num-levels - 1) of a
	// primary-key table, whose files need no merging with newer ones: Java's
	// ReadOptimizedTable, t$ro. Append tables are read whole.
	ReadOptimized bool
}

// New plans the read of snap (nil: an empty plan) with the read schema sch.
func New(ctx context.Context, t *table.Table, snap *spec.Snapshot, sch *spec.TableSchema, opts Options) (*Plan, error) {
	p := &Plan{Table: t, Snapshot: snap, Schema: sch}
	if err := CheckSupported(t, sch); err != nil {
		return nil, err
	}
	partitions := map[string]bool{}
	if snap != nil {
		splits, err := planSnapshot(ctx, t, snap, sch, opts, partitions, &p.Pruning)
		if err != nil {
			return nil, err
		}
		p.Splits = splits
	}
	fallback := options.ScanFallbackBranch.Text(sch.Options)
	if fallback == "" || opts.NoFallback || t.Branch != snapshot.MainBranch {
		return p, checkFiles(p.Splits)
	}
	// Java's fallback read: partitions the table lacks are read from the branch.
	fb, err := t.OnBranch(ctx, fallback)
	if err != nil {
		return nil, fmt.Errorf("%s: scan.fallback-branch '%s': %w", t.FullName(), fallback, err)
	}
	fbSnap, err := fb.Snapshots.Latest(ctx)
	if err != nil || fbSnap == nil {
		return p, err
	}
	var fbPruning Pruning
	fbSplits, err := planSnapshot(ctx, fb, fbSnap, sch, opts, nil, &fbPruning)
	if err != nil {
		return nil, err
	}
	for _, s := range fbSplits {
		if !partitions[string(s.Partition)] {
			p.Splits = append(p.Splits, s)
		}
	}
	p.Pruning.add(fbPruning)
	return p, checkFiles(p.Splits)
}

// planSnapshot lists the splits of one snapshot of t, read with the schema
// sch. It records every partition that has live files in partitions (before
// file pruning), when not nil, and counts the pruning in pr.
func planSnapshot(ctx context.Context, t *table.Table, snap *spec.Snapshot, sch *spec.TableSchema, opts Options, partitions map[string]bool, pr *Pruning) ([]Split, error) {
	pl := newPlanner(t, sch, opts.Filter)
	entries, err := pl.liveEntries(ctx, snap)
	if err != nil {
		return nil, err
	}
	// Java skips level 0 only for primary-key tables (DataTableBatchScan).
	skipLevel0 := false
	if len(sch.PrimaryKeys) > 0 && !opts.KeepLevel0 {
		engine, err := mergefunc.NewEngine(sch.Options)
		if err != nil {
			return nil, err
		}
		skipLevel0 = engine.SkipsLevel0()
	}
	onlyLevel := -1
	if opts.ReadOptimized && len(sch.PrimaryKeys) > 0 {
		onlyLevel = sch.Options.NumLevels() - 1
	}
	if dataEvolution, _ := options.DataEvolutionEnabled.Get(sch.Options); skipLevel0 && !dataEvolution &&
		sch.Options.DeletionVectorsEnabled() && opts.Filter != nil {
		// With deletion vectors and level 0 left out, every live row is in
		// one file, read as written: a file none of whose rows matches can
		// be skipped on any column, as in an append table (Java's scan
		// filters such files by value statistics and file indexes too).
		pl.fileFilter = opts.Filter
	}
	var cands []candidate
	listed := map[string]bool{}
	for i, e := range entries {
		if e.Bucket == bucket.Postpone || (skipLevel0 && e.File.Level == 0) || (onlyLevel >= 0 && int(e.File.Level) != onlyLevel) {
			continue
		}
		pr.Files++
		listed[string(e.Partition)] = true
		if partitions != nil {
			partitions[string(e.Partition)] = true
		}
		values, ok, err := pl.partitionMatches(e.Partition)
		if err != nil {
			return nil, err
		}
		if !ok {
			stats.FilesPruned.Add(1)
			continue
		}
		if !pl.keys.bucketMayMatch(e.Bucket, e.TotalBuckets) || (len(sch.PrimaryKeys) > 0 && !pl.keys.fileMayMatch(e.File)) {
			stats.FilesPruned.Add(1)
			continue
		}
		cands = append(cands, candidate{&entries[i], values})
	}
	keep, err := pl.keepFiles(ctx, cands)
	if err != nil {
		return nil, err
	}
	groups := map[string]*Split{}
	read := map[string]bool{}
	for i, c := range cands {
		if !keep[i] {
			continue
		}
		e := c.e
		pr.FilesRead++
		read[string(e.Partition)] = true
		key := splitKey(e.Partition, e.Bucket)
		s, found := groups[key]
		if !found {
			s = &Split{
				Table: t, Partition: e.Partition, PartitionValues: c.values, Bucket: e.Bucket,
				TotalBuckets: e.TotalBuckets, Dir: pl.bucketDir(c.values, e.Bucket),
			}
			groups[key] = s
		}
		s.Files = append(s.Files, e.File)
	}
	pr.Partitions, pr.PartitionsRead = len(listed), len(read)
	for _, s := range groups {
		s.KeyFilter = pl.keys.splitFilter(s.Bucket, s.TotalBuckets)
	}
	if len(groups) > 0 && snap.IndexManifest != nil {
		if err := pl.attachDeletionVectors(ctx, *snap.IndexManifest, groups, heldFiles(entries, groups)); err != nil {
			return nil, err
		}
	}
	return sortedSplits(groups), nil
}

// CheckSupported fails clearly for table settings paimon-sql cannot read.
func CheckSupported(t *table.Table, sch *spec.TableSchema) error {
	opts := sch.Options
	if err := options.CheckRead(opts); err != nil {
		return fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if err := manifest.CheckFormat(options.ManifestFormat.Text(opts)); err != nil {
		return fmt.Errorf("table %s: %w", t.FullName(), err)
	}
	// The data file format is judged per file (checkFiles): 'file.format'
	// may have changed since older files were written.
	return nil
}

// planner holds what pruning needs while planning one scan.
type planner struct {
	t          *table.Table
	sch        *spec.TableSchema
	spec       partition.Spec
	partFilter predicate.Predicate
	fileFilter predicate.Predicate
	dataDir    string
	partCache  map[string]partResult
	keys       *keyPruner // nil: the filter fixes no key
}

type partResult struct {
	values []any
	ok     bool
}

func newPlanner(t *table.Table, sch *spec.TableSchema, filter predicate.Predicate) *planner {
	opts := sch.Options
	legacy, err := options.PartitionLegacyName.Get(opts)
	if err != nil {
		legacy = true
	}
	spec := partition.Spec{Keys: sch.PartitionKeys, DefaultName: opts.PartitionDefaultName(), LegacyName: legacy}
	for _, k := range sch.PartitionKeys {
		f, _, _ := sch.Field(k)
		spec.Types = append(spec.Types, f.Type)
	}
	pl := &planner{t: t, sch: sch, spec: spec, partCache: map[string]partResult{}, dataDir: t.Root}
	if d := options.DataFilePathDirectory.Text(opts); d != "" {
		pl.dataDir = t.Root + "/" + strings.Trim(d, "/")
	}
	if filter != nil {
		parts := map[string]bool{}
		for _, k := range sch.PartitionKeys {
			parts[k] = true
		}
		pl.partFilter = predicate.Only(filter, parts)
		pl.keys = newKeyPruner(sch, filter)
		dataEvolution, _ := options.DataEvolutionEnabled.Get(opts)
		switch {
		case dataEvolution:
			// A file's statistics cover the columns it wrote, and a newer
			// file may replace them: only a merged row can be judged.
		case len(sch.PrimaryKeys) == 0:
			pl.fileFilter = filter
		default:
			// Merging makes value statistics unsafe for non-key columns: a
			// file may hold an old version of a row that a newer file updates.
			keys := map[string]bool{}
			for _, k := range sch.PrimaryKeys {
				keys[k] = true
			}
			pl.fileFilter = predicate.Only(filter, keys)
		}
	}
	return pl
}

func (pl *planner) bucketDir(values []any, bucket int32) string {
	return fmt.Sprintf("%s/%sbucket-%d", pl.dataDir, pl.spec.Path(values), bucket)
}

// liveEntries reads base and delta manifests (in parallel, keeping their
// order) and merges them into the live ADD entries. The entries of the
// snapshots planned last whole are cached (entryCache); a plan that prunes
// manifests by partition reads its manifests when the cache misses.
func (pl *planner) liveEntries(ctx context.Context, snap *spec.Snapshot) ([]spec.ManifestEntry, error) {
	key := cacheKey(pl.t, snap)
	if entries, ok := liveCache.get(key); ok {
		return entries, nil
	}
	if pl.partFilter != nil && len(pl.spec.Keys) > 0 {
		return pl.readLive(ctx, snap)
	}
	live, err := pl.readLive(ctx, snap)
	if err != nil {
		return nil, err
	}
	liveCache.put(key, live)
	return live, nil
}

func (pl *planner) readLive(ctx context.Context, snap *spec.Snapshot) ([]spec.ManifestEntry, error) {
	var metas []spec.ManifestFileMeta
	lists := []struct {
		name string
		size *int64
	}{{snap.BaseManifestList, snap.BaseManifestListSize}, {snap.DeltaManifestList, snap.DeltaManifestListSize}}
	for _, list := range lists {
		m, err := readManifestList(ctx, pl.t, list.name, list.size)
		if err != nil {
			return nil, err
		}
		metas = append(metas, m...)
	}
	all, err := pl.readMatching(ctx, metas)
	if err != nil {
		return nil, err
	}
	merged, err := manifest.MergeEntries(all)
	if err != nil {
		return nil, fmt.Errorf("%s snapshot %d: %w", pl.t.FullName(), snap.ID, err)
	}
	live := merged[:0]
	for _, e := range merged {
		if e.Kind == spec.FileAdd {
			live = append(live, e)
		}
	}
	return live, nil
}

// ReadManifestList reads one manifest list of the table.
func ReadManifestList(ctx context.Context, t *table.Table, name string) ([]spec.ManifestFileMeta, error) {
	return readManifestList(ctx, t, name, nil)
}

// readManifestList reads a manifest list whose size the snapshot may
// record (nil: unknown, as in snapshots of Paimon before 1.0).
func readManifestList(ctx context.Context, t *table.Table, name string, size *int64) ([]spec.ManifestFileMeta, error) {
	data, err := t.FS.ReadFile(ctx, t.ManifestPath(name))
	if err != nil {
		return nil, fmt.Errorf("%s: manifest list: %w", t.FullName(), err)
	}
	if size != nil {
		if err := CheckSize(t, "manifest list "+name, int64(len(data)), *size); err != nil {
			return nil, err
		}
	}
	metas, err := manifest.ReadManifestList(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: manifest list %s: %w", t.FullName(), name, err)
	}
	return metas, nil
}

// CheckSize fails when a file's length differs from the size its parent
// recorded: an Avro file cut between blocks, or a Parquet file cut anywhere,
// can otherwise read as a valid file with fewer rows.
func CheckSize(t *table.Table, what string, got, want int64) error {
	if got != want {
		return fmt.Errorf("%s: %s is %d bytes, %d recorded when it was written: the file is damaged", t.FullName(), what, got, want)
	}
	return nil
}

// ReadManifest reads one manifest of the table.
func ReadManifest(ctx context.Context, t *table.Table, name string) (_ []spec.ManifestEntry, err error) {
	return readManifest(ctx, t, name, -1)
}

// readManifest reads a manifest of size bytes (-1: unknown).
func readManifest(ctx context.Context, t *table.Table, name string, size int64) (_ []spec.ManifestEntry, err error) {
	// A panic in a reading goroutine would end the process: a corrupt
	// manifest must only fail this statement.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: manifest %s: cannot decode: %v", t.FullName(), name, p)
		}
	}()
	data, err := t.FS.ReadFile(ctx, t.ManifestPath(name))
	if err != nil {
		return nil, fmt.Errorf("%s: manifest: %w", t.FullName(), err)
	}
	if size >= 0 {
		if err := CheckSize(t, "manifest "+name, int64(len(data)), size); err != nil {
			return nil, err
		}
	}
	entries, err := manifest.ReadManifest(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: manifest %s: %w", t.FullName(), name, err)
	}
	return entries, nil
}

// ReadManifests reads the manifests metas in parallel and returns their
// entries in the order of metas.
func ReadManifests(ctx context.Context, t *table.Table, metas []spec.ManifestFileMeta) ([]spec.ManifestEntry, error) {
	parts := make([][]spec.ManifestEntry, len(metas))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0) * 2)
	for i, m := range metas {
		g.Go(func() (err error) {
			parts[i], err = readManifest(gctx, t, m.FileName, m.FileSize)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var all []spec.ManifestEntry
	for _, p := range parts {
		all = append(all, p...)
	}
	return all, nil
}

// ReadIndexManifest reads one index manifest of the table.
func ReadIndexManifest(ctx context.Context, t *table.Table, name string) ([]spec.IndexManifestEntry, error) {
	data, err := t.FS.ReadFile(ctx, t.ManifestPath(name))
	if err != nil {
		return nil, fmt.Errorf("%s: index manifest: %w", t.FullName(), err)
	}
	entries, err := manifest.ReadIndexManifest(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: index manifest %s: %w", t.FullName(), name, err)
	}
	return entries, nil
}

func (pl *planner) partitionTypes() []types.DataType { return pl.spec.Types }

// readMatching reads the entries of the manifests in metas that the
// planner's filter may match; metas is reused.
func (pl *planner) readMatching(ctx context.Context, metas []spec.ManifestFileMeta) ([]spec.ManifestEntry, error) {
	wanted := metas[:0]
	for _, m := range metas {
		if pl.manifestMayMatch(m) {
			wanted = append(wanted, m)
		}
	}
	return ReadManifests(ctx, pl.t, wanted)
}

// manifestMayMatch prunes a whole manifest by its partition statistics.
func (pl *planner) manifestMayMatch(m spec.ManifestFileMeta) bool {
	if pl.partFilter == nil || len(pl.spec.Keys) == 0 {
		return true
	}
	stats, ok := decodeStats(m.PartitionStats, pl.partitionTypes(), -1)
	if !ok {
		return true
	}
	return pl.partFilter.MayMatch(func(field string) (predicate.Stats, bool) {
		for i, k := range pl.spec.Keys {
			if k == field {
				return stats[i], true
			}
		}
		return predicate.Stats{}, false
	})
}

// partitionMatches decodes a partition and tests the partition filter on it.
func (pl *planner) partitionMatches(part []byte) ([]any, bool, error) {
	if r, ok := pl.partCache[string(part)]; ok {
		return r.values, r.ok, nil
	}
	values, err := binrow.Decode(part, pl.partitionTypes())
	if err != nil {
		return nil, false, fmt.Errorf("%s: decode partition: %w", pl.t.FullName(), err)
	}
	ok := pl.partFilter == nil || pl.partFilter.Test(func(field string) (any, bool) {
		for i, k := range pl.spec.Keys {
			if k == field {
				return values[i], true
			}
		}
		return nil, false
	})
	pl.partCache[string(part)] = partResult{values, ok}
	return values, ok, nil
}

// fileMayMatch prunes a data file by its value statistics, mapped from the
// file's schema to the read schema by field id.
func (pl *planner) fileMayMatch(ctx context.Context, f spec.DataFileMeta) (bool, error) {
	if pl.fileFilter == nil {
		return true, nil
	}
	stats, err := fileStats(ctx, pl.t, pl.sch, f)
	if err != nil || stats == nil {
		return stats == nil && err == nil, err // stats we cannot interpret never prune
	}
	return pl.fileFilter.MayMatch(stats), nil
}

// fileStats gives the value statistics of a data file's columns by their
// names in the read schema sch, mapped from the file's schema by field id;
// nil when the file's statistics cannot be interpreted. A column unknown to
// the file, or of another type there, has no statistics.
func fileStats(ctx context.Context, t *table.Table, sch *spec.TableSchema, f spec.DataFileMeta) (func(field string) (predicate.Stats, bool), error) {
	fileSchema, err := t.Schemas.Schema(ctx, f.SchemaID)
	if err != nil {
		return nil, err
	}
	cols := f.ValueStatsCols
	if cols == nil {
		cols = fileSchema.FieldNames()
	}
	colTypes := make([]types.DataType, len(cols))
	for i, c := range cols {
		fd, _, ok := fileSchema.Field(c)
		if !ok {
			return nil, nil
		}
		colTypes[i] = fd.Type.WithNullable(true)
	}
	stats, ok := decodeStats(f.ValueStats, colTypes, f.RowCount)
	if !ok {
		return nil, nil
	}
	return func(field string) (predicate.Stats, bool) {
		cur, _, ok := sch.Field(field)
		if !ok {
			return predicate.Stats{}, false
		}
		for i, c := range cols {
			fd, _, _ := fileSchema.Field(c)
			if fd.ID == cur.ID {
				if fd.Type.SQL() != cur.Type.SQL() && fd.Type.WithNullable(true).SQL() != cur.Type.WithNullable(true).SQL() {
					return predicate.Stats{}, false // evolved type: stats are of another type
				}
				return stats[i], true
			}
		}
		if fileSchema.HighestFieldID < cur.ID {
			// Added after the file was written: every value is NULL.
			n := f.RowCount
			return predicate.Stats{NullCount: &n, RowCount: f.RowCount}, true
		}
		return predicate.Stats{}, false
	}, nil
}

// decodeStats decodes SimpleStats over columns of the given types. Nested
// columns have no min/max. ok is false when the rows cannot be decoded.
func decodeStats(s spec.SimpleStats, colTypes []types.DataType, rowCount int64) ([]predicate.Stats, bool) {
	if len(colTypes) == 0 {
		return nil, false
	}
	flat := make([]types.DataType, len(colTypes))
	for i, t := range colTypes {
		flat[i] = t
		if t.IsNested() {
			flat[i] = types.New(types.BigInt) // never compared: min/max of nested columns are null
		}
	}
	mins, err1 := binrow.Decode(s.MinValues, flat)
	maxs, err2 := binrow.Decode(s.MaxValues, flat)
	if err1 != nil || err2 != nil || len(mins) != len(colTypes) || len(maxs) != len(colTypes) {
		return nil, false
	}
	out := make([]predicate.Stats, len(colTypes))
	for i := range colTypes {
		if colTypes[i].IsNested() {
			out[i] = predicate.Stats{RowCount: rowCount}
			continue
		}
		out[i] = predicate.Stats{Min: mins[i], Max: maxs[i], RowCount: rowCount}
		if i < len(s.NullCounts) && rowCount >= 0 {
			out[i].NullCount = s.NullCounts[i]
		}
	}
	return out, true
}

// heldFiles is every live data file (name: row count), pruned or not, of
// each planned (partition, bucket): what its deletion vectors may name.
func heldFiles(entries []spec.ManifestEntry, groups map[string]*Split) map[string]map[string]int64 {
	held := map[string]map[string]int64{}
	for _, e := range entries {
		key := splitKey(e.Partition, e.Bucket)
		if groups[key] == nil {
			continue
		}
		if held[key] == nil {
			held[key] = map[string]int64{}
		}
		held[key][e.File.FileName] = e.File.RowCount
	}
	return held
}

// splitKey identifies a (partition, bucket).
func splitKey(partition []byte, bucket int32) string { return fmt.Sprintf("%x/%d", partition, bucket) }

// attachDeletionVectors finds the deletion vector of every planned file.
// A planned file must have one deletion vector at most, with no more
// deleted rows than the file has: an index manifest of another snapshot (a
// swapped or overwritten file) would else bring deleted rows back or hide
// live ones without a word. A vector of a file the plan does not read is
// passed over: Java's writers keep vectors of files that a batch read
// skips (level 0) or that the filter pruned. A vector of a file the
// snapshot does not hold at all is what an index manifest of another
// snapshot shows, but Java's compaction leaves such vectors in later index
// manifests too (its commit ties vectors to live files only for
// unaware-bucket tables, in ConflictDetection; docs/sql.md), and refusing
// them failed reads of Java-written tables: it is logged
// (warnStrayVectors), once per index manifest.
func (pl *planner) attachDeletionVectors(ctx context.Context, name string, groups map[string]*Split, held map[string]map[string]int64) error {
	entries, err := ReadIndexManifest(ctx, pl.t, name)
	if err != nil {
		return err
	}
	var stray []string // data files the vectors name and the snapshot does not hold
	defer func() { warnStrayVectors(pl.t, pl.t.ManifestPath(name), stray) }()
	for _, e := range entries {
		if e.Kind != spec.FileAdd || e.IndexType != IndexDeletionVectors {
			continue
		}
		key := splitKey(e.Partition, e.Bucket)
		s, ok := groups[key]
		if !ok {
			continue
		}
		path := pl.indexFilePath(e, s)
		for _, r := range e.DVRanges {
			rows, ok := held[key][r.DataFileName]
			damaged := func(what string) error {
				return fmt.Errorf("%s: index manifest %s is damaged or belongs to another snapshot: deletion vector in %s for data file %s (bucket %d, %s): %s",
					pl.t.FullName(), pl.t.ManifestPath(name), path, r.DataFileName, e.Bucket, s.Dir, what)
			}
			if !ok {
				stray = append(stray, s.Dir+"/"+r.DataFileName)
				continue
			}
			switch _, twice := s.DeletionFiles[r.DataFileName]; {
			case twice:
				return damaged("the file has a second deletion vector")
			case r.Cardinality != nil && *r.Cardinality > rows:
				return damaged(fmt.Sprintf("it deletes %d rows of the file's %d", *r.Cardinality, rows))
			}
			if s.DeletionFiles == nil {
				s.DeletionFiles = map[string]DeletionFile{}
			}
			s.DeletionFiles[r.DataFileName] = DeletionFile{Path: path, Offset: r.Offset, Length: r.Length, Cardinality: r.Cardinality}
		}
	}
	return nil
}

// strayWarned holds the index manifests warnStrayVectors logged, so that a
// table read by every query logs once per process.
var strayWarned sync.Map

// warnStrayVectors logs the deletion vectors of an index manifest that name
// data files its snapshot does not hold (see attachDeletionVectors).
func warnStrayVectors(t *table.Table, manifestPath string, files []string) {
	if len(files) == 0 {
		return
	}
	if _, seen := strayWarned.LoadOrStore(manifestPath, true); seen {
		return
	}
	const shown = 5
	slog.Warn("deletion vectors name data files the snapshot does not hold: Java's compaction leaves such vectors, but so does an index manifest of another snapshot (damaged), whose rows to delete would be read",
		"table", t.FullName(), "index_manifest", manifestPath, "vectors", len(files), "files", files[:min(len(files), shown)])
}

// indexFilePath resolves an index file: index/ by default, the bucket
// directory with index-file-in-data-file-dir, or its external path.
func (pl *planner) indexFilePath(e spec.IndexManifestEntry, s *Split) string {
	inDataDir, _ := options.IndexFileInDataFileDir.Get(pl.sch.Options)
	if e.ExternalPath != nil && !inDataDir {
		return *e.ExternalPath
	}
	if inDataDir || e.ExternalPath != nil {
		return s.Dir + "/" + e.FileName
	}
	return pl.t.IndexPath(e.FileName)
}

// FilePath is the warehouse path of a data file of the split.
func (s Split) FilePath(f spec.DataFileMeta) string {
	if f.ExternalPath != nil {
		return *f.ExternalPath
	}
	return s.Dir + "/" + f.FileName
}

// RowCount sums the rows of the planned files: the exact row count of an
// append table without deletion vectors. exact tells when it is the
// table's row count: append tables, and primary-key tables whose files
// need no merging (deletion vectors subtracted).
func (p *Plan) RowCount() (count int64, exact bool) {
	pk := len(p.Schema.PrimaryKeys) > 0
	// A table whose merge options do not parse has no exact count.
	engine, err := mergefunc.NewEngine(p.Schema.Options)
	skipsLevel0 := err == nil && engine.SkipsLevel0()
	exact = err == nil || !pk
	for _, s := range p.Splits {
		for _, f := range rowGroupHeads(s.Files) {
			count += f.RowCount
			if dv, ok := s.DeletionFiles[f.FileName]; ok {
				if dv.Cardinality == nil {
					exact = false
				} else {
					count -= *dv.Cardinality
				}
			}
		}
		if pk && (s.Delta || s.Diff || !RawConvertible(s, skipsLevel0)) {
			// Merged splits, and raw files with retractions, drop rows.
			exact = false
		}
	}
	return count, exact
}

// RawConvertible tells whether a primary-key split can be read file by file
// without merging (Java's MergeTreeSplitGenerator): no level-0 file, no
// retraction rows, and either one level or an engine whose batch reads
// skip level 0 (deletion vectors, first-row: skipsLevel0 is the engine's
// SkipsLevel0), whose deeper levels hold one version of each key.
func RawConvertible(s Split, skipsLevel0 bool) bool {
	if len(s.Files) == 0 {
		return true
	}
	level := s.Files[0].Level
	oneLevel := true
	for _, f := range s.Files {
		if f.Level == 0 || (f.DeleteRowCount != nil && *f.DeleteRowCount > 0) {
			return false
		}
		if f.Level != level {
			oneLevel = false
		}
	}
	return skipsLevel0 || oneLevel
}

// NewSplit is the split of one bucket of t, laid out as a scan of a
// snapshot would give it, with no file yet: a writer's new bucket.
func NewSplit(t *table.Table, sch *spec.TableSchema, partition []byte, bucket, totalBuckets int32) (Split, error) {
	pl := newPlanner(t, sch, nil)
	values, _, err := pl.partitionMatches(partition)
	if err != nil {
		return Split{}, err
	}
	return Split{Table: t, Partition: partition, PartitionValues: values, Bucket: bucket,
		TotalBuckets: totalBuckets, Dir: pl.bucketDir(values, bucket)}, nil
}
