package write

import (
	"context"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// dynamicBuckets places the rows of a dynamic-bucket primary-key table
// (bucket = -1, primary key holding every partition key: HASH_DYNAMIC) and
// maintains its hash index: every partition's index is loaded from the
// base snapshot when the partition is first written, new keys are given
// buckets as Java's assigners give them (dynamicbucket_assign.go), and at
// commit each bucket that received new keys gets a new hash index file,
// its old ints followed by the new ones, replacing the old file in the
// index manifest (DELETE of the old entry, ADD of the new).
//
// Java runs P assigner tasks (P = dynamic-bucket.assigner-parallelism, or
// the job's parallelism, at most max-buckets), of which the first
// min(initial-buckets, P) own buckets. paimon-sql writes in one process and
// takes the job's parallelism to be dynamic-bucket.initial-buckets (1 when
// unset), so a table written by paimon-sql spreads new keys over
// initial-buckets buckets, as a Java job of that parallelism does.
type dynamicBuckets struct {
	target     int64
	maxBuckets int
	channels   int32 // Java's numChannels: assigner parallelism
	assigners  int32 // Java's numAssigners
	inDataDir  bool

	loaded bool
	base   map[string][]spec.IndexManifestEntry // live HASH entries by partition, manifest order
	parts  map[string]*dynPartition
	states map[int32]*assignerState
	// journal lists the assignments that changed the state (a new key, or
	// a known key raising its assigner's highest bucket), in order: what a
	// statement rollback replays up to its mark.
	journal []dynAssignment

	indexUUID string
	indexNext int
}

// dynPartition is the hash index of one partition: its files in the base
// snapshot and the keys added since.
type dynPartition struct {
	part   []byte
	values []any
	hash   int32 // hashCode of the partition row
	files  []hashFileInts
	old    map[int32]spec.IndexManifestEntry // live entry by bucket
	known  map[int32]int32                   // every hash of the partition -> bucket
	added  map[int32][]int32                 // bucket -> new hashes, in order
}

type assignerState struct {
	maxBucketID int32
	parts       map[string]*partitionIndex
}

type dynAssignment struct {
	part   string
	hash   int32
	bucket int32
}

// newDynamicBuckets reads the options of a bucket = -1 primary-key table;
// tables whose primary key misses a partition key (KEY_DYNAMIC,
// cross-partition upserts) are refused.
func newDynamicBuckets(t *table.Table, sch *spec.TableSchema, opts options.Options) (*dynamicBuckets, error) {
	for _, p := range sch.PartitionKeys {
		found := false
		for _, k := range sch.PrimaryKeys {
			found = found || k == p
		}
		if !found {
			return nil, fmt.Errorf("%s: cross-partition upsert tables (bucket = -1, primary key without partition column %s) are not writable by paimon-sql yet", t.FullName(), p)
		}
	}
	if options.GlobalIndexExternalPath.Text(opts) != "" {
		return nil, fmt.Errorf("%s: dynamic-bucket tables with '%s' are not writable by paimon-sql yet", t.FullName(), options.GlobalIndexExternalPath.Key)
	}
	d := &dynamicBuckets{indexUUID: uuid.NewString()}
	var err error
	if d.target, err = options.DynamicBucketTargetRowNum.Get(opts); err != nil {
		return nil, err
	}
	if d.target <= 0 {
		return nil, fmt.Errorf("option %s = %d: want a positive number", options.DynamicBucketTargetRowNum.Key, d.target)
	}
	if d.maxBuckets, err = options.DynamicBucketMaxBuckets.Get(opts); err != nil {
		return nil, err
	}
	if d.maxBuckets == 0 || d.maxBuckets < -1 {
		return nil, fmt.Errorf("option %s = %d: want -1 (unlimited) or a number > 0", options.DynamicBucketMaxBuckets.Key, d.maxBuckets)
	}
	initial, set, err := options.DynamicBucketInitialBuckets.Lookup(opts)
	if err != nil {
		return nil, err
	}
	if set && initial <= 0 {
		return nil, fmt.Errorf("option %s = %d: want a number > 0", options.DynamicBucketInitialBuckets.Key, initial)
	}
	// Java: assignerParallelism = assigner-parallelism, else the job's
	// (here initial-buckets, else 1), capped by max-buckets; numAssigners
	// = min(initial-buckets, assignerParallelism) when set.
	parallelism := max(initial, 1)
	if p, err := options.DynamicBucketAssignerParallelism.Get(opts); err != nil {
		return nil, err
	} else if p > 0 {
		parallelism = p
	}
	if d.maxBuckets != -1 {
		parallelism = min(parallelism, d.maxBuckets)
	}
	numAssigners := parallelism
	if initial > 0 {
		numAssigners = min(initial, parallelism)
	}
	d.channels, d.assigners = int32(parallelism), int32(numAssigners)
	if d.inDataDir, err = options.IndexFileInDataFileDir.Get(opts); err != nil {
		return nil, err
	}
	return d, nil
}

// bucketOf is the bucket of a row: Java's bucket function for fixed-bucket
// tables, the hash index for dynamic-bucket tables.
func (w *TableWriter) bucketOf(ctx context.Context, part []byte, partValues, row []any) (int32, error) {
	if w.dyn == nil {
		return w.Bucket(row)
	}
	key, err := binrow.Encode(project(row, w.keyIdx), w.keyTypes)
	if err != nil {
		return 0, fmt.Errorf("%s: primary key: %w", w.t.FullName(), err)
	}
	return w.dynAssign(ctx, part, partValues, binrow.HashCode(key), -1, true)
}

// loadBase reads, once, the live HASH entries of the base snapshot.
func (w *TableWriter) loadDynamicBase(ctx context.Context) error {
	d := w.dyn
	if d.loaded {
		return nil
	}
	d.base, d.parts, d.states = map[string][]spec.IndexManifestEntry{}, map[string]*dynPartition{}, map[int32]*assignerState{}
	if w.base != nil && w.base.IndexManifest != nil {
		entries, err := scan.ReadIndexManifest(ctx, w.t, *w.base.IndexManifest)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Kind == spec.FileAdd && e.IndexType == scan.IndexHash {
				d.base[string(e.Partition)] = append(d.base[string(e.Partition)], e)
			}
		}
	}
	d.loaded = true
	return nil
}

func (w *TableWriter) bucketDir(values []any, bucket int32) string {
	return fmt.Sprintf("%s/%sbucket-%d", w.dataDir(), w.spec.Path(values), bucket)
}

// dynPartitionOf returns the partition's index, reading its hash files
// when first asked.
func (w *TableWriter) dynPartitionOf(ctx context.Context, part []byte, values []any) (*dynPartition, error) {
	d := w.dyn
	if err := w.loadDynamicBase(ctx); err != nil {
		return nil, err
	}
	if dp, ok := d.parts[string(part)]; ok {
		return dp, nil
	}
	dp := &dynPartition{part: part, values: values, hash: binrow.HashCode(part[4:]),
		old: map[int32]spec.IndexManifestEntry{}, known: map[int32]int32{}, added: map[int32][]int32{}}
	for _, e := range d.base[string(part)] {
		if _, dup := dp.old[e.Bucket]; dup {
			return nil, fmt.Errorf("%s: two hash index files for bucket %d of one partition", w.t.FullName(), e.Bucket)
		}
		hashes, err := w.readHashIndex(ctx, e, w.bucketDir(values, e.Bucket))
		if err != nil {
			return nil, err
		}
		dp.old[e.Bucket] = e
		dp.files = append(dp.files, hashFileInts{bucket: e.Bucket, hashes: hashes})
	}
	dp.reset()
	d.parts[string(part)] = dp
	return dp, nil
}

// reset forgets the keys added since the base snapshot.
func (dp *dynPartition) reset() {
	dp.known, dp.added = map[int32]int32{}, map[int32][]int32{}
	for _, f := range dp.files {
		for _, h := range f.hashes {
			if _, ok := dp.known[h]; !ok {
				dp.known[h] = f.bucket
			}
		}
	}
}

// dynAssign gives a key hash its bucket. pick replaces the random choice
// of an assigner out of buckets (a replay); record journals a new key.
func (w *TableWriter) dynAssign(ctx context.Context, part []byte, values []any, hash int32, pick int32, record bool) (int32, error) {
	d := w.dyn
	dp, err := w.dynPartitionOf(ctx, part, values)
	if err != nil {
		return 0, err
	}
	id := assignerOf(dp.hash, hash, d.channels, d.assigners)
	st, ok := d.states[id]
	if !ok {
		st = &assignerState{parts: map[string]*partitionIndex{}}
		d.states[id] = st
	}
	myBucket := func(b int32) bool { return isMyBucket(b, d.assigners, id) }
	pi, ok := st.parts[string(part)]
	if !ok {
		mine := func(h int32) bool { return assignerOf(dp.hash, h, d.channels, d.assigners) == id }
		pi = loadPartitionIndex(dp.files, d.target, mine, myBucket)
		st.parts[string(part)] = pi
	}
	if b, ok := pi.hash2Bucket[hash]; ok {
		// Java's assigner tracks the highest bucket it returned, known
		// keys included.
		if b > st.maxBucketID {
			st.maxBucketID = b
			if record {
				d.journal = append(d.journal, dynAssignment{part: string(part), hash: hash, bucket: b})
			}
		}
		return b, nil
	}
	// A key indexed by another assigner (the table was written with
	// another parallelism) keeps its bucket: a Java writer would give it a
	// second one and break the key's uniqueness.
	if b, ok := dp.known[hash]; ok {
		return b, nil
	}
	b, err := pi.assign(hash, myBucket, d.maxBuckets, st.maxBucketID, pick)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", w.t.FullName(), err)
	}
	st.maxBucketID = max(st.maxBucketID, b)
	dp.known[hash] = b
	dp.added[b] = append(dp.added[b], hash)
	if record {
		d.journal = append(d.journal, dynAssignment{part: string(part), hash: hash, bucket: b})
	}
	return b, nil
}

// mark is the journal position of a statement's start.
func (d *dynamicBuckets) mark() int {
	if d == nil {
		return 0
	}
	return len(d.journal)
}

// dynRollbackTo forgets the keys assigned after mark n: the assigners are
// rebuilt from the base index and the journal replayed up to n.
func (w *TableWriter) dynRollbackTo(n int) {
	d := w.dyn
	if d == nil || n >= len(d.journal) {
		return
	}
	replay := d.journal[:n]
	d.journal = nil
	d.states = map[int32]*assignerState{}
	for _, dp := range d.parts {
		dp.reset()
	}
	for _, a := range replay {
		dp := d.parts[a.part]
		// Replays touch loaded partitions only: no I/O, no error.
		if _, err := w.dynAssign(context.Background(), dp.part, dp.values, a.hash, a.bucket, true); err != nil {
			panic(fmt.Sprintf("replaying a bucket assignment: %v", err))
		}
	}
}

// IndexEntries writes the hash index files of the buckets that received
// new keys and returns the index changes to commit with Entries: per such
// bucket a DELETE of its old hash file, if any, and an ADD of the new one
// (its old ints, then the new). An overwrite commit deletes the old index
// files of the partitions it overwrites: with overwrite set, every bucket
// that received rows gets a new file. Call it once, after the last Flush;
// tables without a hash index have none. Abort deletes the files.
func (w *TableWriter) IndexEntries(ctx context.Context, overwrite bool) ([]spec.IndexManifestEntry, error) {
	d := w.dyn
	if d == nil {
		return nil, nil
	}
	touched := map[string]map[int32]bool{}
	for k, dp := range d.parts {
		for b := range dp.added {
			if touched[k] == nil {
				touched[k] = map[int32]bool{}
			}
			touched[k][b] = true
		}
	}
	if overwrite {
		for _, e := range w.entries {
			k := string(e.Partition)
			if _, ok := d.parts[k]; !ok {
				continue
			}
			if touched[k] == nil {
				touched[k] = map[int32]bool{}
			}
			touched[k][e.Bucket] = true
		}
	}
	keys := make([]string, 0, len(touched))
	for k := range touched {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []spec.IndexManifestEntry
	for _, k := range keys {
		dp := d.parts[k]
		buckets := make([]int32, 0, len(touched[k]))
		for b := range touched[k] {
			buckets = append(buckets, b)
		}
		sort.Slice(buckets, func(i, j int) bool { return buckets[i] < buckets[j] })
		for _, b := range buckets {
			var hashes []int32
			old, hasOld := dp.old[b]
			if hasOld {
				for _, f := range dp.files {
					if f.bucket == b {
						hashes = append(hashes, f.hashes...)
					}
				}
			}
			hashes = append(hashes, dp.added[b]...)
			e, err := w.writeHashIndex(ctx, dp.part, b, w.bucketDir(dp.values, b), hashes)
			if err != nil {
				return nil, err
			}
			if hasOld {
				old.Kind = spec.FileDelete
				out = append(out, old)
			}
			out = append(out, e)
		}
	}
	return out, nil
}
