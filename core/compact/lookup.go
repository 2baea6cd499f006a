package compact

import (
	"bytes"
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
)

// Minor compaction of a deletion-vector table, as Java's
// MergeTreeCompactManager with a DeletionVectorsMaintainer and
// LookupMergeTreeCompactRewriter does it: the picked runs are merged into
// the output level, and each merged key is looked up in the levels below
// (LookupLevels); the older version found there is marked deleted in its
// file's deletion vector instead of being rewritten. Readers of such a
// table skip level 0 and read every other level with its vectors, so each
// key is then seen once. Engines whose merged record depends on the older
// version (partial-update, aggregation, sequence.field) merge it into the
// output before marking it, and first-row tables drop the new records of
// keys that exist below (see lookupMode).
//
// Java looks keys up in per-file lookup files (sorted key -> position
// stores built on demand); paimon-sql builds, per bucket, one in-memory map
// of the live keys of every deeper file. That costs memory in proportion
// to the keys of the bucket's deeper levels.

// lookupMode is how minor compaction treats the older versions, on levels
// below the output, of the keys it merges (Java's
// LookupMergeTreeCompactRewriter and its merge function wrappers).
type lookupMode int

const (
	// lookupNone: no lookup; such tables are compacted fully whenever
	// Java would compact them, so that no older version remains.
	lookupNone lookupMode = iota
	// lookupDeduplicate: the merged record is the key's newest
	// (deduplicate without sequence.field); older versions are marked
	// deleted, and a level-0 file without retractions may be upgraded.
	lookupDeduplicate
	// lookupMerge: the older version is fed to the merge function with the
	// new records, in merge order, the result written to the output level
	// and the older version marked deleted (partial-update, aggregation,
	// deduplicate with sequence.field:
	// LookupChangelogMergeFunctionWrapper). Level-0 files are rewritten.
	lookupMerge
	// lookupFirstRow: a key found below keeps its older row and its new
	// records are dropped; nothing is marked (FirstRowMergeFunctionWrapper).
	// Level-0 files are rewritten.
	lookupFirstRow
)

// lookupMode tells how the table's minor compactions look keys up:
// first-row tables (which batch reads skip level 0 of, deletion vectors or
// not) and deletion-vector tables of the other engines.
//
// Tables with changelog-producer lookup and no deletion vectors merge the
// deeper version into the output as lookupMerge does, and leave it where
// it is (nothing marks it deleted); readers then merge only the newest
// version above level 0 (read's LookupMergeFunction).
func (c *compactor) lookupMode() lookupMode {
	switch {
	case c.engine.KeepsFirstRow():
		return lookupFirstRow
	case !c.dv && c.changelog.producer == producerLookup:
		return lookupMerge
	case !c.dv:
		return lookupNone
	case c.engine.NewestWins():
		return lookupDeduplicate
	}
	return lookupMerge
}

// lookupRewriter tells whether Java compacts the table with its
// LookupMergeTreeCompactRewriter (KeyValueFileStoreWrite: lookup is needed
// with deletion vectors, the first-row engine, changelog-producer lookup
// or force-lookup), whose upgrade rules differ from the default rewriter's.
func (c *compactor) lookupRewriter() bool { return c.engine.NeedsLookup() }

// location is a row of a data file; rec is the record stored there when
// the index keeps records (lookupMerge).
type location struct {
	file  string
	level int32
	pos   int64
	rec   *mergefunc.KeyValue
}

// deepIndex maps the encoded trimmed primary key of every live row of the
// files below a compaction's output level to where the row is stored.
type deepIndex struct {
	c    *compactor
	mode lookupMode
	rows map[string][]location
}

// indexDeeper reads the live rows (existing deletion vectors applied) of
// sp's files on levels below outputLevel. With lookupMerge it keeps the
// rows themselves, which costs memory in proportion to the deeper data.
func (c *compactor) indexDeeper(ctx context.Context, sp *scan.Split, outputLevel int32, mode lookupMode) (*deepIndex, error) {
	idx := &deepIndex{c: c, mode: mode, rows: map[string][]location{}}
	keyCols := make([]int, 0, len(c.keyTypes))
	for _, k := range c.sch.TrimmedPrimaryKeys() {
		for i, f := range c.sch.Fields {
			if f.Name == k {
				keyCols = append(keyCols, i+2) // after _SEQUENCE_NUMBER, _VALUE_KIND
				break
			}
		}
	}
	if len(keyCols) != len(c.keyTypes) {
		return nil, fmt.Errorf("%s: primary key columns not found in the schema", c.t.FullName())
	}
	raw := *sp
	raw.DeletionFiles = nil // every stored row, so that positions count
	key := make([]any, len(keyCols))
	for _, f := range sp.Files {
		if f.Level <= outputLevel {
			continue
		}
		base, err := c.readDV(ctx, sp, f.FileName)
		if err != nil {
			return nil, err
		}
		var pos int64 = -1
		err = read.FileRows(ctx, &raw, c.sch, f, func(row []any) error {
			pos++
			if base != nil && base.IsDeleted(pos) {
				return nil
			}
			for i, k := range keyCols {
				key[i] = row[k]
			}
			enc, err := binrow.Encode(key, c.keyTypes)
			if err != nil {
				return err
			}
			loc := location{file: f.FileName, level: f.Level, pos: pos}
			if mode == lookupMerge || c.changelog.producer == producerLookup {
				seq, ok1 := row[0].(int64)
				kind, ok2 := row[1].(int8)
				if !ok1 || !ok2 {
					return fmt.Errorf("row %d has no sequence number or row kind", pos)
				}
				loc.rec = &mergefunc.KeyValue{Sequence: seq, Kind: mergefunc.RowKind(kind), Value: append([]any(nil), row[2:]...)}
			}
			idx.rows[string(enc)] = append(idx.rows[string(enc)], loc)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: looking up %s: %w", c.t.FullName(), f.FileName, err)
		}
	}
	return idx, nil
}

// shadow marks the deeper rows of key deleted in res.
func (d *deepIndex) shadow(key []any, res *bucketResult) error {
	enc, err := binrow.Encode(key, d.c.keyTypes)
	if err != nil {
		return err
	}
	locs, ok := d.rows[string(enc)]
	if !ok {
		return nil
	}
	delete(d.rows, string(enc)) // a key is merged once per unit
	if res.deletions == nil {
		res.deletions = map[string][]int64{}
	}
	for _, l := range locs {
		res.deletions[l.file] = append(res.deletions[l.file], l.pos)
	}
	return nil
}

// take returns the deeper records of key and, on deletion-vector tables,
// marks their rows deleted in res (lookupMerge: they are merged into the
// output). Without deletion vectors a key may have versions on several
// deeper levels; only the newest, on the lowest level, is taken: it
// already holds the older ones.
func (d *deepIndex) take(key []any, res *bucketResult) ([]mergefunc.KeyValue, error) {
	enc, err := binrow.Encode(key, d.c.keyTypes)
	if err != nil {
		return nil, err
	}
	locs, ok := d.rows[string(enc)]
	if !ok {
		return nil, nil
	}
	delete(d.rows, string(enc))
	if !d.c.dv {
		newest := locs[0]
		for _, l := range locs[1:] {
			if l.level < newest.level {
				newest = l
			}
		}
		if newest.rec == nil {
			return nil, fmt.Errorf("%s: deeper row of %s was not kept", d.c.t.FullName(), newest.file)
		}
		return []mergefunc.KeyValue{*newest.rec}, nil
	}
	if res.deletions == nil {
		res.deletions = map[string][]int64{}
	}
	out := make([]mergefunc.KeyValue, 0, len(locs))
	for _, l := range locs {
		if l.rec == nil {
			return nil, fmt.Errorf("%s: deeper row of %s was not kept", d.c.t.FullName(), l.file)
		}
		out = append(out, *l.rec)
		res.deletions[l.file] = append(res.deletions[l.file], l.pos)
	}
	return out, nil
}

// newest returns the newest deeper record of key, without taking it; nil
// when there is none.
func (d *deepIndex) newest(key []any) (*mergefunc.KeyValue, error) {
	enc, err := binrow.Encode(key, d.c.keyTypes)
	if err != nil {
		return nil, err
	}
	var best *location
	for i, l := range d.rows[string(enc)] {
		if best == nil || l.level < best.level {
			best = &d.rows[string(enc)][i]
		}
	}
	if best == nil {
		return nil, nil
	}
	if best.rec == nil {
		return nil, fmt.Errorf("%s: deeper row of %s was not kept", d.c.t.FullName(), best.file)
	}
	return best.rec, nil
}

// contains tells whether key has a live row below the output level.
func (d *deepIndex) contains(key []any) (bool, error) {
	enc, err := binrow.Encode(key, d.c.keyTypes)
	if err != nil {
		return false, err
	}
	_, ok := d.rows[string(enc)]
	return ok, nil
}

// readDV reads the current deletion vector of a live file of sp; nil when
// it has none.
func (c *compactor) readDV(ctx context.Context, sp *scan.Split, name string) (*deletionvector.DeletionVector, error) {
	df, ok := sp.DeletionFiles[name]
	if !ok {
		return nil, nil
	}
	data, err := fs.ReadFileAt(ctx, c.t.FS, df.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: deletion vectors: %w", c.t.FullName(), err)
	}
	dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(df.Offset), Length: int64(df.Length)})
	if err != nil {
		return nil, fmt.Errorf("%s: deletion vector of %s: %w", c.t.FullName(), name, err)
	}
	return dv, nil
}
