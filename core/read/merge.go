package read

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// mergeSpec is how the files of one primary-key bucket are merged.
type mergeSpec struct {
	fields  []types.DataField // read fields: the projection, then what merging needs
	outputs int               // the first outputs fields are the projection
	keys    []int             // positions of the trimmed primary key in fields
	seqs    []int             // positions of sequence.field columns in fields
	newFunc func() (mergeFunction, error)
}

func newMergeSpec(sch *schema.TableSchema, projection []types.DataField) (*mergeSpec, error) {
	opts := options.Options(sch.Options)
	m := &mergeSpec{outputs: len(projection)}
	m.fields = append(m.fields, projection...)
	engine := opts.MergeEngine()
	if engine != options.DefaultMergeEngine && engine != options.MergeEngineFirstRow {
		// partial-update and aggregation combine whole rows: read them all.
		for _, f := range sch.Fields {
			m.add(f)
		}
	}
	for _, k := range sch.TrimmedPrimaryKeys() {
		f, _, ok := sch.Field(k)
		if !ok {
			return nil, fmt.Errorf("primary key column %s is not in the schema", k)
		}
		m.keys = append(m.keys, m.add(f))
	}
	for _, s := range opts.SequenceFields() {
		f, _, ok := sch.Field(s)
		if !ok {
			return nil, fmt.Errorf("sequence.field column %s is not in the schema", s)
		}
		m.seqs = append(m.seqs, m.add(f))
	}
	fn, err := newMergeFunction(sch, m.fields)
	if err != nil {
		return nil, err
	}
	m.newFunc = fn
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

// kv is one record of a primary-key file: sequence number, row kind and the
// values of the read fields.
type kv struct {
	seq    int64
	kind   int8
	values []any
}

// cursor walks one file of the bucket.
type cursor struct {
	rows *fileRows
	cur  kv
}

func (c *cursor) advance(ctx context.Context) (bool, error) {
	row, err := c.rows.nextRow(ctx)
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	c.cur = kv{seq: row[0].(int64), kind: row[1].(int8), values: row[2:]}
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
	a, b := &h.cursors[i].cur, &h.cursors[j].cur
	if c := h.spec.compareKeys(a.values, b.values); c != 0 {
		return c < 0
	}
	return h.spec.compareOrder(a, b) < 0
}

func (m *mergeSpec) compareKeys(a, b []any) int {
	for _, k := range m.keys {
		if c := types.CompareNullsFirst(a[k], b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// compareOrder orders two records of one key: sequence.field values (nulls
// first), then the sequence number.
func (m *mergeSpec) compareOrder(a, b *kv) int {
	for _, s := range m.seqs {
		if c := types.CompareNullsFirst(a.values[s], b.values[s]); c != 0 {
			return c
		}
	}
	switch {
	case a.seq < b.seq:
		return -1
	case a.seq > b.seq:
		return 1
	}
	return 0
}

// mergeSplit merges every file of a bucket and emits the surviving rows.
func (r *Reader) mergeSplit(ctx context.Context, sp *scan.Split, dvs *dvCache, emit func([][]any) error) error {
	spec := r.merge
	h := &mergeHeap{spec: spec}
	defer func() {
		for _, c := range h.cursors {
			c.rows.Close()
		}
	}()
	for _, f := range sp.Files {
		fr, err := openFile(ctx, r.plan.Table, sp, f, fileSpec{fields: spec.fields, system: true}, r.loc, dvs)
		if err != nil {
			return err
		}
		c := &cursor{rows: fr}
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
	fn, err := spec.newFunc()
	if err != nil {
		return err
	}
	batch := make([][]any, 0, batchRows)
	flush := func() error {
		out, ok, err := fn.result()
		if err != nil || !ok {
			return err
		}
		if out.kind == KindUpdateBefore || out.kind == KindDelete {
			return nil
		}
		batch = append(batch, out.values[:spec.outputs:spec.outputs])
		if len(batch) == batchRows {
			if err := emit(batch); err != nil {
				return err
			}
			batch = make([][]any, 0, batchRows)
		}
		return nil
	}
	var lastKey []any
	for h.Len() > 0 {
		c := h.cursors[0]
		rec := c.cur
		if lastKey != nil && spec.compareKeys(lastKey, rec.values) != 0 {
			if err := flush(); err != nil {
				return err
			}
			fn.reset()
		}
		if lastKey == nil {
			fn.reset()
		}
		lastKey = rec.values
		if err := fn.add(rec); err != nil {
			return fmt.Errorf("%s: %w", r.plan.Table.FullName(), err)
		}
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
	if lastKey != nil {
		if err := flush(); err != nil {
			return err
		}
	}
	if len(batch) > 0 {
		return emit(batch)
	}
	return nil
}
