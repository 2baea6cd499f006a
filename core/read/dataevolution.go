package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// readGroup sends the joined rows of a group of files that hold columns
// of the same rows, in batches.
func (r *Reader) readGroup(ctx context.Context, sp *scan.Split, group []spec.DataFileMeta, out chan<- result, sl *slot) error {
	batch := make([][]any, 0, batchRows)
	var suspend func()
	err := groupRows(ctx, sp, group, r.projection, r.loc, func(s func()) { suspend = s }, func(row []any) error {
		batch = append(batch, row)
		if len(batch) < batchRows {
			return nil
		}
		err := send(ctx, out, batch, suspend, sl)
		batch = make([][]any, 0, batchRows)
		return err
	})
	if err != nil || len(batch) == 0 {
		return err
	}
	return send(ctx, out, batch, suspend, sl)
}

// groupRows reads files that hold columns of the same rows, newest first
// (scan.RowIDGroups), as Java's DataEvolutionFileReader does: each
// projected column comes from the newest file that wrote it, the files are
// read side by side and their rows joined by position. A column no file
// wrote is NULL; Java refuses the read when it is NOT NULL. onOpen gets the
// function that releases the open files' buffers while the caller waits.
func groupRows(ctx context.Context, sp *scan.Split, group []spec.DataFileMeta, projection []types.DataField, loc *time.Location, onOpen func(suspend func()), emit func([]any) error) error {
	for _, f := range group {
		if _, ok := sp.DeletionFiles[f.FileName]; ok {
			return fmt.Errorf("%s: data file %s has a deletion vector and shares its rows with other files: not supported by paimon-sql", sp.Table.FullName(), sp.FilePath(f))
		}
	}
	sources, err := columnSources(ctx, sp, group, projection)
	if err != nil {
		return err
	}
	readers, err := openGroup(ctx, sp, group, projection, sources, loc)
	defer func() {
		for _, g := range readers {
			g.fr.Close()
		}
	}()
	if err != nil {
		return err
	}
	onOpen(func() {
		for _, g := range readers {
			g.fr.pr.Suspend()
		}
	})
	for {
		row, err := nextGroupRow(ctx, readers, len(projection))
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %s: %w", sp.Table.FullName(), sp.FilePath(group[0]), err)
		}
		if err := emit(row); err != nil {
			return err
		}
	}
}

// columnSources tells for each projected field the index in group of the
// newest file that wrote it, -1 for none.
func columnSources(ctx context.Context, sp *scan.Split, group []spec.DataFileMeta, projection []types.DataField) ([]int, error) {
	sources := make([]int, len(projection))
	for i := range sources {
		sources[i] = -1
	}
	for fi := len(group) - 1; fi >= 0; fi-- {
		written, err := writtenFieldIDs(ctx, sp, group[fi])
		if err != nil {
			return nil, err
		}
		for i, want := range projection {
			if written[want.ID] {
				sources[i] = fi
			}
		}
	}
	for i, want := range projection {
		if sources[i] < 0 && !want.Type.Nullable {
			return nil, fmt.Errorf("%s: column %s is NOT NULL but no data file of rows from row id %d holds it", sp.Table.FullName(), want.Name, *group[0].FirstRowID)
		}
	}
	return sources, nil
}

// checkUnwrittenNotNull fails, as Java's file reader does, when a file of
// some columns (data evolution) is read alone for a NOT NULL column it did
// not write; a nullable one reads as NULL.
func checkUnwrittenNotNull(f spec.DataFileMeta, fileSchema *spec.TableSchema, fields []types.DataField) error {
	if f.WriteCols == nil {
		return nil
	}
	for _, want := range fields {
		have, ok := fieldByID(fileSchema, want.ID)
		if ok && !have.Type.Nullable && !slices.Contains(f.WriteCols, have.Name) {
			return fmt.Errorf("NOT NULL column %s is not in the file, which holds only columns %s of its rows (Java fails reading it alone too)", want.Name, strings.Join(f.WriteCols, ", "))
		}
	}
	return nil
}

// writtenFieldIDs are the field ids of the columns file f holds: its
// _WRITE_COLS, or every column of its schema.
func writtenFieldIDs(ctx context.Context, sp *scan.Split, f spec.DataFileMeta) (map[int]bool, error) {
	sch, err := sp.Table.Schemas.Schema(ctx, f.SchemaID)
	if err != nil {
		return nil, err
	}
	ids := map[int]bool{}
	if f.WriteCols == nil {
		for _, fd := range sch.Fields {
			ids[fd.ID] = true
		}
		return ids, nil
	}
	for _, name := range f.WriteCols {
		fd, _, ok := sch.Field(name)
		if !ok {
			return nil, fmt.Errorf("%s: data file %s writes column %s, which its schema %d lacks", sp.Table.FullName(), sp.FilePath(f), name, f.SchemaID)
		}
		ids[fd.ID] = true
	}
	return ids, nil
}

// groupReader is one open file of a group and where its columns go in the
// projected row.
type groupReader struct {
	fr      *fileRows
	targets []int
}

// openGroup opens the files that supply a column; with no column wanted
// (COUNT(*)) the newest file alone gives the rows.
func openGroup(ctx context.Context, sp *scan.Split, group []spec.DataFileMeta, projection []types.DataField, sources []int, loc *time.Location) ([]groupReader, error) {
	var readers []groupReader
	for fi, f := range group {
		var fields []types.DataField
		var targets []int
		for i, src := range sources {
			if src == fi {
				fields = append(fields, projection[i])
				targets = append(targets, i)
			}
		}
		if len(fields) == 0 && (fi > 0 || anySource(sources)) {
			continue
		}
		fr, err := openFile(ctx, sp.Table, sp, f, fileSpec{fields: fields}, loc, &dvCache{})
		if err != nil {
			return readers, err
		}
		readers = append(readers, groupReader{fr: fr, targets: targets})
	}
	return readers, nil
}

func anySource(sources []int) bool {
	for _, s := range sources {
		if s >= 0 {
			return true
		}
	}
	return false
}

// nextGroupRow joins the next row of every file; the files must end
// together.
func nextGroupRow(ctx context.Context, readers []groupReader, width int) ([]any, error) {
	row := make([]any, width)
	ended := 0
	for _, g := range readers {
		part, err := g.fr.nextRow(ctx)
		if errors.Is(err, io.EOF) {
			ended++
			continue
		}
		if err != nil {
			return nil, err
		}
		for j, target := range g.targets {
			row[target] = part[j]
		}
	}
	switch ended {
	case 0:
		return row, nil
	case len(readers):
		return nil, io.EOF
	default:
		return nil, errors.New("files holding columns of the same rows have different row counts")
	}
}
