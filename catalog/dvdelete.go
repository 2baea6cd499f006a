package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// DELETE and UPDATE of append tables with 'deletion-vectors.enabled':
// go-mysql-server hands the deleter the old rows' values, not their
// positions. A statement collects them; at its end the DVDeleter marks as
// many stored copies of each row as the statement deleted (equal rows are
// indistinguishable) in the deletion vectors of the base snapshot's files.
// An UPDATE marks the old row and appends the new one. The commit writes
// the DV index files with the transaction's data files, as one OVERWRITE.

// dvAppend tells whether the table is an append table with deletion vectors.
func (t *Table) dvAppend() bool {
	return len(t.schema.PrimaryKeys) == 0 && t.schema.Options.DeletionVectorsEnabled()
}

// dvDelete stages the deletion of one stored copy of row.
func (w *rowWriter) dvDelete(ctx *sql.Context, row sql.Row) error {
	if w.err != nil {
		return w.err
	}
	values, err := w.dvValues(ctx, row)
	if err != nil {
		w.err = err
		return err
	}
	if w.tt.dv == nil {
		dv, err := write.NewDVDeleter(w.t.t, w.t.schema, w.tt.writer.Base())
		if err != nil {
			w.err = err
			return err
		}
		w.tt.dv, w.tt.dvMark = dv, 0
	}
	w.deleted = append(w.deleted, values)
	return nil
}

// dvValues converts a row to the schema's values.
func (w *rowWriter) dvValues(ctx *sql.Context, row sql.Row) ([]any, error) {
	if w.t.lay != nil || len(w.t.fields) != len(w.t.schema.Fields) {
		return nil, fmt.Errorf("%s: DELETE and UPDATE need the table's columns to be its schema's", w.t.t.FullName())
	}
	values := make([]any, len(w.conv))
	for i, c := range w.conv {
		v, err := c(ctx, row[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", w.t.t.FullName(), err)
		}
		values[i] = v
	}
	return values, nil
}

// dvUpdate is an UPDATE of an append table: the old row's copy is marked
// deleted and the new row appended.
func (w *rowWriter) dvUpdate(ctx *sql.Context, old, new sql.Row) error {
	if err := w.dvDelete(ctx, old); err != nil {
		return err
	}
	return w.put(ctx, mergefunc.Insert, new)
}

// dvFinish marks the rows the statement deleted.
func (w *rowWriter) dvFinish(ctx *sql.Context) error {
	rows := w.deleted
	w.deleted = nil
	if len(rows) == 0 || w.tt == nil || w.tt.dv == nil {
		return nil
	}
	return w.tt.dv.Delete(ctx, rows)
}

// dvIndex writes the transaction's DV index files and returns their index
// manifest changes; nil without deletions.
func (tt *tableTxn) dvIndex(ctx *sql.Context) ([]spec.IndexManifestEntry, error) {
	if tt.dv == nil || tt.dv.Empty() {
		return nil, nil
	}
	if tt.overwrite != nil {
		return nil, fmt.Errorf("%s: DELETE or UPDATE and INSERT OVERWRITE in one transaction are not supported on an append table with deletion vectors: commit between them", tt.t.t.FullName())
	}
	return tt.dv.IndexEntries(ctx)
}
