package read

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// mergeSpec is how the files of one primary-key bucket are merged.
type mergeSpec struct {
	fields  []types.DataField // read fields: the projection, then what merging needs
	outputs int               // the first outputs fields are the projection
	keys    []int             // positions of the trimmed primary key in fields
	engine  *mergefunc.Factory
	// lookup: each key merges only its newest record above level 0 with
	// its level-0 records (Engine.ReadMergesNewestAboveLevel0).
	lookup bool
	// skipsLevel0: files above level 0 read as they are when the split has
	// no level-0 file (Engine.SkipsLevel0, scan.RawConvertible).
	skipsLevel0 bool
}

func newMergeSpec(sch *spec.TableSchema, projection []types.DataField) (*mergeSpec, error) {
	engine, err := mergefunc.NewEngine(sch.Options)
	if err != nil {
		return nil, err
	}
	m := &mergeSpec{outputs: len(projection), lookup: engine.ReadMergesNewestAboveLevel0(),
		skipsLevel0: engine.SkipsLevel0()}
	m.fields = append(m.fields, projection...)
	for _, k := range sch.TrimmedPrimaryKeys() {
		f, _, ok := sch.Field(k)
		if !ok {
			return nil, fmt.Errorf("primary key column %s is not in the schema", k)
		}
		m.keys = append(m.keys, m.add(f))
	}
	for _, c := range engine.ReadColumns(sch.Fields) {
		f, _, ok := sch.Field(c)
		if !ok {
			return nil, fmt.Errorf("sequence.field column %s is not in the schema", c)
		}
		m.add(f)
	}
	for _, k := range sch.PrimaryKeys {
		if f, _, ok := sch.Field(k); ok {
			m.add(f) // partition keys of the primary key, for the engine's checks
		}
	}
	if m.engine, err = engine.Factory(m.fields, sch.PrimaryKeys); err != nil {
		return nil, err
	}
	return m, nil
}

// add appends f to the read fields unless present; it returns its position.
func (m *mergeSpec) add(f types.DataField) int {
	for i, have := range m.fields {
		if have.ID == f.ID {
			return i
		}
	}
	m.fields = append(m.fields, f)
	return len(m.fields) - 1
}

// cursor walks one file of the bucket; cur.Value holds the read fields.
type cursor struct {
	rows  *fileRows
	level int32 // the file's level
	cur   mergefunc.KeyValue
}

func (c *cursor) advance(ctx context.Context) (bool, error) {
	row, err := c.rows.nextRow(ctx)
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	c.cur = mergefunc.KeyValue{Sequence: row[0].(int64), Kind: mergefunc.RowKind(row[1].(int8)), Value: row[2:]}
	return true, nil
}

// mergeHeap orders cursors by (key, sequence fields, sequence number).
type mergeHeap struct {
	spec    *mergeSpec
	cursors []*cursor
}

func (h *mergeHeap) Len() int      { return len(h.cursors) }
func (h *mergeHeap) Swap(i, j int) { h.cursors[i], h.cursors[j] = h.cursors[j], h.cursors[i] }
func (h *mergeHeap) Push(x any)    { h.cursors = append(h.cursors, x.(*cursor)) }
func (h *mergeHeap) Pop() any {
	c := h.cursors[len(h.cursors)-1]
	h.cursors = h.cursors[:len(h.cursors)-1]
	return c
}
func (h *mergeHeap) Less(i, j int) bool {
	a, b := h.cursors[i].cur, h.cursors[j].cur
	if c := h.spec.compareKeys(a.Value, b.Value); c != 0 {
		return c < 0
	}
	return h.spec.engine.CompareSequence(a, b) < 0
}

func (m *mergeSpec) compareKeys(a, b []any) int {
	for _, k := range m.keys {
		if c := types.CompareNullsFirst(a[k], b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// mergeFiles merges files of the bucket sp by key and calls onKey with each
// key's records in merge order (oldest first); Value holds spec.fields.
// It is the one k-way merge behind merge-on-read and compaction. opened, if
// not nil, is told of each file it opens.
func mergeFiles(ctx context.Context, sp *scan.Split, files []spec.DataFileMeta, spec *mergeSpec, fs fileSpec, loc *time.Location, dvs *dvCache, opened func(*fileRows), onKey func(keyGroup) error) error {
	h := &mergeHeap{spec: spec}
	defer func() {
		for _, c := range h.cursors {
			c.rows.Close()
		}
	}()
	fs.fields, fs.system = spec.fields, true
	for _, f := range files {
		fr, err := openFile(ctx, sp.Table, sp, f, fs, loc, dvs)
		if err != nil {
			return err
		}
		if opened != nil {
			opened(fr)
		}
		c := &cursor{rows: fr, level: f.Level}
		ok, err := c.advance(ctx)
		if err != nil {
			fr.Close()
			return err
		}
		if !ok {
			fr.Close()
			continue
		}
		h.cursors = append(h.cursors, c)
	}
	heap.Init(h)
	var group []mergefunc.KeyValue
	var levels []int32
	for h.Len() > 0 {
		c := h.cursors[0]
		rec := c.cur
		if len(group) > 0 && spec.compareKeys(group[0].Value, rec.Value) != 0 {
			if err := onKey(spec.lookupGroup(group, levels)); err != nil {
				return err
			}
			group, levels = group[:0], levels[:0]
		}
		group = append(group, rec)
		levels = append(levels, c.level)
		ok, err := c.advance(ctx)
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			c.rows.Close()
			heap.Pop(h)
		}
	}
	if len(group) > 0 {
		return onKey(spec.lookupGroup(group, levels))
	}
	return nil
}

// keyGroup is the records of one key in merge order, with the level of
// the file each comes from.
type keyGroup struct {
	records []mergefunc.KeyValue
	levels  []int32
}

// lookupGroup drops, on lookup tables, every record above level 0 but the
// newest (LookupMergeFunction.getResult).
func (m *mergeSpec) lookupGroup(records []mergefunc.KeyValue, levels []int32) keyGroup {
	if !m.lookup {
		return keyGroup{records, levels}
	}
	newest := -1
	for i := len(records) - 1; i >= 0; i-- {
		if levels[i] > 0 {
			newest = i
			break
		}
	}
	n := 0
	for i := range records {
		if levels[i] == 0 || i == newest {
			records[n], levels[n] = records[i], levels[i]
			n++
		}
	}
	return keyGroup{records[:n], levels[:n]}
}

// mergeSplit merges every file of a bucket and sends the surviving rows;
// a consumer that stops reading has every file of the bucket suspended.
func (r *Reader) mergeSplit(ctx context.Context, sp *scan.Split, dvs *dvCache, out chan<- result, sl *slot) error {
	var files []*fileRows
	suspend := func() {
		for _, f := range files {
			f.pr.Suspend()
		}
	}
	emit := func(batch [][]any) error { return send(ctx, out, batch, suspend, sl) }
	spec := r.merge
	fn := spec.engine.NewFunction()
	batch := make([][]any, 0, batchRows)
	opened := func(f *fileRows) { files = append(files, f) }
	err := mergeFiles(ctx, sp, sp.Files, spec, fileSpec{filter: r.splitFilter(sp)}, r.loc, dvs, opened, func(g keyGroup) error {
		fn.Reset()
		for _, rec := range g.records {
			if err := fn.Add(rec); err != nil {
				return fmt.Errorf("%s: %w", r.plan.Table.FullName(), err)
			}
		}
		out, ok := fn.Result()
		if !ok || out.Kind.IsRetract() {
			return nil
		}
		batch = append(batch, out.Value[:spec.outputs:spec.outputs])
		if len(batch) == batchRows {
			if err := emit(batch); err != nil {
				return err
			}
			batch = make([][]any, 0, batchRows)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(batch) > 0 {
		return emit(batch)
	}
	return nil
}
