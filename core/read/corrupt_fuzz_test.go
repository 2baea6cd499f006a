package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Kinds of files the fuzz target damages, in the order of its kind byte.
var damageKinds = []string{"data", "manifest", "manifest-list", "index-manifest", "deletion-vector", "snapshot", "schema"}

// kindOf classifies a file of a table by its path (relative to the table).
func kindOf(rel string) string {
	base := filepath.Base(rel)
	switch {
	case strings.HasSuffix(base, ".parquet"):
		return "data"
	case strings.HasPrefix(base, "manifest-list-"):
		return "manifest-list"
	case strings.HasPrefix(base, "index-manifest-"):
		return "index-manifest"
	case strings.HasPrefix(base, "manifest-"):
		return "manifest"
	case strings.HasPrefix(rel, "index/"):
		return "deletion-vector"
	case strings.HasPrefix(base, "snapshot-"):
		return "snapshot"
	case strings.HasPrefix(base, "schema-"):
		return "schema"
	}
	return "" // hints (LATEST, EARLIEST) and READMEs are not table data
}

// fuzzTable is a Java-written fixture table held in memory, with the rows
// its latest snapshot reads.
type fuzzTable struct {
	name   string
	files  map[string][]byte   // warehouse-relative path -> content
	byKind map[string][]string // kind -> sorted paths
	rows   []string
}

// fuzzTables are tables covering every kind of file: deletion vectors over
// two partitions and buckets, and merge-on-read across five schemas.
var fuzzTables = sync.OnceValues(func() ([]*fuzzTable, error) {
	var out []*fuzzTable
	for _, name := range []string{"pk_table_with_dv_cardinality", "pk_table_with_mor"} {
		ft, err := loadFuzzTable(name)
		if err != nil {
			return nil, err
		}
		out = append(out, ft)
	}
	return out, nil
})

func loadFuzzTable(name string) (*fuzzTable, error) {
	const warehouse = "../../testdata/java-written"
	ft := &fuzzTable{name: name, files: map[string][]byte{}, byKind: map[string][]string{}}
	root := filepath.Join(warehouse, name+".db", name)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		key := name + ".db/" + name + "/" + filepath.ToSlash(rel)
		ft.files[key] = data
		if k := kindOf(filepath.ToSlash(rel)); k != "" {
			ft.byKind[k] = append(ft.byKind[k], key)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, paths := range ft.byKind {
		sort.Strings(paths)
	}
	if ft.rows, err = readTableRows(context.Background(), ft.files, name); err != nil {
		return nil, fmt.Errorf("intact %s: %w", name, err)
	}
	return ft, nil
}

// readTableRows serves files from a fresh in-memory warehouse and reads
// every row of the table's latest snapshot, rendered and sorted.
func readTableRows(ctx context.Context, files map[string][]byte, name string) ([]string, error) {
	fsys, err := fs.Open(ctx, "mem://")
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	for p, data := range files {
		if err := fsys.Write(ctx, p, data); err != nil {
			return nil, err
		}
	}
	tbl, err := table.Open(ctx, fsys, name, name, "")
	if err != nil {
		return nil, err
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		return nil, err
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{})
	if err != nil {
		return nil, err
	}
	r, err := New(plan, Options{})
	if err != nil {
		return nil, err
	}
	it := r.Rows(ctx)
	defer it.Close()
	var out []string
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) { // as go-mysql-server takes the end of rows
			break
		}
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprint(row...))
	}
	sort.Strings(out)
	return out, nil
}

// damage returns a copy of files with one file truncated (cut) or with one
// byte changed.
func damage(files map[string][]byte, path string, cut bool, offset uint32, xor byte) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for p, d := range files {
		out[p] = d
	}
	orig := files[path]
	if cut {
		out[path] = orig[:int(offset)%len(orig)]
		return out
	}
	changed := append([]byte(nil), orig...)
	changed[int(offset)%len(orig)] ^= max(xor, 1)
	out[path] = changed
	return out
}

// FuzzDamagedFilesNeverReadShort damages one file of a Java-written table
// (data, manifest, manifest list, index manifest, deletion vector, snapshot
// or schema) and reads the table. A truncated file must fail the read or
// leave the rows intact: never fewer rows without an error. A changed byte
// must not panic or hang the read; its rows are not checked, since nothing
// in Paimon's formats guards values (a _KIND flipped from ADD to DELETE in a
// manifest is a valid file that Java reads the same way).
func FuzzDamagedFilesNeverReadShort(f *testing.F) {
	for kind := range damageKinds {
		for _, off := range []uint32{0, 1, 2, 3, 4, 17, 255, 1000, 4099, 1 << 20} {
			f.Add(uint8(0), uint8(kind), uint8(0), true, off, byte(0))
			f.Add(uint8(1), uint8(kind), uint8(1), true, off, byte(0))
			f.Add(uint8(0), uint8(kind), uint8(1), false, off, byte(0xff))
			f.Add(uint8(1), uint8(kind), uint8(0), false, off, byte(0x01))
		}
	}
	tables, err := fuzzTables()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, tableNo, kindNo, fileNo uint8, cut bool, offset uint32, xor byte) {
		ft := tables[int(tableNo)%len(tables)]
		paths := ft.byKind[damageKinds[int(kindNo)%len(damageKinds)]]
		if len(paths) == 0 {
			t.Skip("no file of this kind")
		}
		path := paths[int(fileNo)%len(paths)]
		if len(ft.files[path]) == 0 {
			t.Skip("empty file")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		rows, err := readTableRows(ctx, damage(ft.files, path, cut, offset, xor), ft.name)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s damaged: read hangs", path)
		}
		if err != nil {
			return
		}
		if cut && strings.Join(rows, "\n") != strings.Join(ft.rows, "\n") {
			t.Fatalf("%s truncated: rows without error\n%s\nintact\n%s", path, strings.Join(rows, "\n"), strings.Join(ft.rows, "\n"))
		}
	})
}
