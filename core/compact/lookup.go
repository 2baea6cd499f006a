package compact

import (
	"bytes"
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
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
// key is then seen once.
//
// Java looks keys up in per-file lookup files (sorted key -> position
// stores built on demand); paimon-sql builds, per bucket, one in-memory map
// of the live keys of every deeper file. That costs memory in proportion
// to the keys of the bucket's deeper levels.

// lookupSupported tells whether minor compaction can mark older versions
// with deletion vectors: deletion-vector tables whose merged record is the
// newest record of its key (deduplicate without sequence.field). With
// partial-update or aggregation the older version would have to be merged
// into the output (Java's lookup wrapper does), and with a sequence field
// the older version may win; such tables are compacted fully.
func (c *compactor) lookupSupported() bool {
	return c.dv && c.opts.MergeEngine() == options.DefaultMergeEngine && len(c.opts.SequenceFields()) == 0
}

// location is a row of a data file.
type location struct {
	file string
	pos  int64
}

// deepIndex maps the encoded trimmed primary key of every live row of the
// files below a compaction's output level to where the row is stored.
type deepIndex struct {
	c    *compactor
	rows map[string][]location
}

// indexDeeper reads the live rows (existing deletion vectors applied) of
// sp's files on levels below outputLevel.
func (c *compactor) indexDeeper(ctx context.Context, sp *scan.Split, outputLevel int32) (*deepIndex, error) {
	idx := &deepIndex{c: c, rows: map[string][]location{}}
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
			idx.rows[string(enc)] = append(idx.rows[string(enc)], location{f.FileName, pos})
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
