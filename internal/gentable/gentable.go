// Package gentable writes synthetic Apache Paimon tables for the tests and
// benchmarks of the read path.
//
// It is a test tool, not the product writer (that is core/write): it writes
// exactly one schema (schema-0), only the few atomic types it can generate
// (BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, DOUBLE, STRING), never deletes or
// compacts, and invents the LSM layout instead of producing it by
// compaction. What it does write follows Java Paimon's layout (docs/design/format.md):
//
//   - <db>.db/<table>/schema/schema-0, a version-3 TableSchema;
//   - data files <partition>/bucket-N/data-<uuid>-0.parquet written with
//     parquet-go: message paimon_schema, columns in schema order with their
//     Paimon field ids, REQUIRED for NOT NULL types, ZSTD; primary-key files
//     carry _KEY_<k>, _SEQUENCE_NUMBER and _VALUE_KIND in front (§6.4);
//   - manifests and manifest lists written with core/manifest: exact file
//     sizes, row counts, sequence numbers, min/max keys, and value statistics
//     (min/max and null counts of every column, computed over the rows; they
//     are exact, so never narrower than the data, §5.5);
//   - one snapshot per commit, snapshot/snapshot-N, whose base list carries
//     the previous base and delta manifests over unchanged (allowed by §4.8),
//     and the EARLIEST/LATEST hints.
//
// Row r of the table is a pure function of r (see Table.Value), so a test
// can check every row it reads back without keeping the data in memory.
package gentable

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
)

// Column is one generated column.
type Column struct {
	Name string
	Type types.DataType
}

// DefaultColumns is id BIGINT, v INT, s STRING.
func DefaultColumns() []Column {
	return []Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "v", Type: types.New(types.Int)},
		{Name: "s", Type: types.NewString()},
	}
}

// PartitionColumn is the column Options.Partitions adds.
const PartitionColumn = "pt"

// Options describe the table to generate. The zero value of a field means
// its default.
type Options struct {
	Database string // default "bench"
	Table    string // default "t"
	// Columns default to DefaultColumns. The first column is the row id:
	// unique and ascending with the row (BIGINT, INT or STRING), and the
	// primary key of primary-key tables.
	Columns []Column
	// Rows is the number of rows (keys, for primary-key tables).
	Rows int64
	// RowsPerFile caps the rows of a data file; default 1<<20.
	RowsPerFile int
	// RowGroupRows caps the rows of a Parquet row group; default RowsPerFile.
	RowGroupRows int
	// PrimaryKey makes a primary-key table keyed by the first column (and
	// the partition column).
	PrimaryKey bool
	// Buckets is the fixed bucket count (rows placed by Paimon's bucket
	// hash of the first column). 0 means bucket -1 for append tables (all
	// rows in bucket-0) and 1 for primary-key tables.
	Buckets int
	// Partitions > 0 adds a column pt INT NOT NULL partitioning the table:
	// row r is in partition r*Partitions/Rows.
	Partitions int
	// Snapshots spreads the rows over this many commits; default 1.
	Snapshots int
	// Level0 (primary-key tables) writes level-0 files, and with several
	// snapshots commit c holds the keys r with r%Snapshots == c, so the
	// files of a bucket overlap and reads must merge them. Otherwise
	// primary-key files are written on level 5 with disjoint key ranges:
	// reads take the raw path, file by file.
	Level0 bool
	// UpdateEvery and DeleteEvery (primary-key tables) add a last commit of
	// level-0 files: +U records with new values for keys r%UpdateEvery == 0
	// and -D records for keys r%DeleteEvery == 0 (the delete wins).
	UpdateEvery, DeleteEvery int64
	// NullEvery > 0 makes the nullable non-key columns NULL on rows r with
	// r%NullEvery == NullEvery-1.
	NullEvery int64
	// ManifestEntries caps the entries of one manifest; 0: one manifest per
	// commit.
	ManifestEntries int
	// MetadataOnly writes schema, manifests and snapshots but no data files
	// (file sizes are then estimates): for planning benchmarks only.
	MetadataOnly bool
	// Workers bounds the data files written at once; default GOMAXPROCS.
	Workers int
	// TableOptions are added to the schema's options.
	TableOptions map[string]string
}

// Table is a generated table.
type Table struct {
	Options  Options // with defaults applied
	Dir      string  // the warehouse directory
	Path     string  // the table directory
	Schema   *schema.TableSchema
	Snapshot int64 // id of the latest snapshot
	Files    int   // data files
	Records  int64 // records in data files (updates and deletes included)
	Bytes    int64 // bytes of data files
}

// Write generates a table in the warehouse directory dir.
func Write(dir string, o Options) (*Table, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	t := &Table{Options: o, Dir: dir, Path: filepath.Join(dir, filepath.FromSlash(warehouse.TablePath(o.Database, o.Table)))}
	t.Schema = t.tableSchema()
	g, err := newGen(t)
	if err != nil {
		return nil, err
	}
	if err := g.run(); err != nil {
		return nil, err
	}
	return t, nil
}

func (o *Options) defaults() error {
	if o.Database == "" {
		o.Database = "bench"
	}
	if o.Table == "" {
		o.Table = "t"
	}
	if o.Columns == nil {
		o.Columns = DefaultColumns()
	}
	if len(o.Columns) == 0 {
		return fmt.Errorf("gentable: no columns")
	}
	switch o.Columns[0].Type.Kind {
	case types.BigInt, types.Int, types.VarChar:
	default:
		return fmt.Errorf("gentable: the first column must be BIGINT, INT or STRING")
	}
	if o.Rows < 0 || (o.Columns[0].Type.Kind == types.Int && o.Rows > math.MaxInt32) {
		return fmt.Errorf("gentable: %d rows", o.Rows)
	}
	if o.RowsPerFile <= 0 {
		o.RowsPerFile = 1 << 20
	}
	if o.RowGroupRows <= 0 {
		o.RowGroupRows = o.RowsPerFile
	}
	if o.Snapshots <= 0 {
		o.Snapshots = 1
	}
	if o.PrimaryKey && o.Buckets <= 0 {
		o.Buckets = 1
	}
	if !o.PrimaryKey && (o.Level0 || o.UpdateEvery > 0 || o.DeleteEvery > 0) {
		return fmt.Errorf("gentable: Level0, UpdateEvery and DeleteEvery need a primary key")
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return nil
}

// Versions of a row's values: 0 as first written, 1 after the update.
const (
	original = 0
	updated  = 1
)

func (t *Table) tableSchema() *schema.TableSchema {
	o := t.Options
	s := &schema.TableSchema{
		Version: schema.CurrentVersion, PartitionKeys: []string{}, PrimaryKeys: []string{},
		Options: map[string]string{}, TimeMillis: time.Now().UnixMilli(),
	}
	for i, c := range o.Columns {
		typ := c.Type
		if i == 0 && o.PrimaryKey {
			typ = typ.WithNullable(false)
		}
		s.Fields = append(s.Fields, types.DataField{ID: i, Name: c.Name, Type: typ})
	}
	if o.PrimaryKey {
		s.PrimaryKeys = append(s.PrimaryKeys, o.Columns[0].Name)
	}
	if o.Partitions > 0 {
		s.Fields = append(s.Fields, types.DataField{ID: len(s.Fields), Name: PartitionColumn, Type: types.New(types.Int).WithNullable(false)})
		s.PartitionKeys = append(s.PartitionKeys, PartitionColumn)
		if o.PrimaryKey {
			s.PrimaryKeys = append(s.PrimaryKeys, PartitionColumn)
		}
	}
	s.HighestFieldID = len(s.Fields) - 1
	if o.Buckets > 0 {
		s.Options[options.Bucket.Key] = strconv.Itoa(o.Buckets)
		if !o.PrimaryKey {
			s.Options[options.BucketKey.Key] = o.Columns[0].Name
		}
	}
	for k, v := range o.TableOptions {
		s.Options[k] = v
	}
	return s
}

// Value is the value of field col (an index into Schema.Fields) of row r in
// the given version (0 as first written, 1 after an update).
func (t *Table) Value(r int64, col, version int) any {
	o := &t.Options
	f := t.Schema.Fields[col]
	if col == 0 {
		switch f.Type.Kind {
		case types.BigInt:
			return r
		case types.Int:
			return int32(r)
		default:
			return fmt.Sprintf("%012d", r)
		}
	}
	if o.Partitions > 0 && col == len(t.Schema.Fields)-1 {
		return t.partitionOf(r)
	}
	if o.NullEvery > 0 && f.Type.Nullable && r%o.NullEvery == o.NullEvery-1 {
		return nil
	}
	h := mix(uint64(r)*0x9E3779B97F4A7C15 ^ uint64(col)<<48 ^ uint64(version)<<56)
	switch f.Type.Kind {
	case types.Boolean:
		return h&1 == 0
	case types.TinyInt:
		return int8(h)
	case types.SmallInt:
		return int16(h)
	case types.Int:
		return int32(h % 1_000_000)
	case types.BigInt:
		return int64(h >> 1)
	case types.Double:
		return float64(h%100_000_000) / 100
	default:
		return "s" + strconv.FormatUint(h%100_000, 10)
	}
}

// mix is splitmix64's finalizer.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Row is what a read of the latest snapshot returns for row r: its values
// in schema order, and false when the row was deleted.
func (t *Table) Row(r int64) ([]any, bool) {
	o := &t.Options
	version := original
	if o.PrimaryKey {
		if o.DeleteEvery > 0 && r%o.DeleteEvery == 0 {
			return nil, false
		}
		if o.UpdateEvery > 0 && r%o.UpdateEvery == 0 {
			version = updated
		}
	}
	return t.values(r, version), true
}

func (t *Table) values(r int64, version int) []any {
	out := make([]any, len(t.Schema.Fields))
	for i := range out {
		out[i] = t.Value(r, i, version)
	}
	return out
}

// LiveRows counts the rows Row reports live.
func (t *Table) LiveRows() int64 {
	o := &t.Options
	if !o.PrimaryKey || o.DeleteEvery <= 0 {
		return o.Rows
	}
	return o.Rows - (o.Rows+o.DeleteEvery-1)/o.DeleteEvery
}

func (t *Table) partitionOf(r int64) int32 {
	return int32(r * int64(t.Options.Partitions) / t.Options.Rows)
}

// Paimon's ids of the system columns of primary-key files (docs/design/format.md §6.4).
const (
	keyFieldIDOffset = 1073741823
	sequenceFieldID  = 2147483646
	valueKindFieldID = 2147483645
)

// Row kinds stored in _VALUE_KIND.
const (
	kindInsert      = 0
	kindUpdateAfter = 2
	kindDelete      = 3
)

// rowSet is the rows of one file: the range [lo, hi), or list when set.
type rowSet struct {
	lo, hi int64
	list   []int64
}

func (s *rowSet) len() int {
	if s.list != nil {
		return len(s.list)
	}
	return int(s.hi - s.lo)
}

func (s *rowSet) at(i int) int64 {
	if s.list != nil {
		return s.list[i]
	}
	return s.lo + int64(i)
}

func (s *rowSet) add(r int64) {
	switch {
	case s.list != nil:
		s.list = append(s.list, r)
	case s.lo == s.hi:
		s.lo, s.hi = r, r+1
	case r == s.hi:
		s.hi++
	default:
		s.list = make([]int64, 0, 2*(s.hi-s.lo)+1)
		for x := s.lo; x < s.hi; x++ {
			s.list = append(s.list, x)
		}
		s.list = append(s.list, r)
	}
}

// commit is one snapshot's worth of rows.
type commit struct {
	level   int32
	changes bool // the update/delete commit
	each    func(fn func(r int64))
}

// fileTask is one data file to write.
type fileTask struct {
	changes   bool
	level     int32
	partition int32
	bucket    int32
	rows      rowSet
	seqStart  int64
}

type gen struct {
	t            *Table
	spec         partition.Spec
	partType     []types.DataType
	keyType      []types.DataType
	valueTypes   []types.DataType // nullable value column types, for stats
	physical     []types.DataField
	totalBuckets int32
	seq          map[[2]int32]int64
}

func newGen(t *Table) (*gen, error) {
	o := t.Options
	g := &gen{t: t, seq: map[[2]int32]int64{}, totalBuckets: int32(o.Buckets)}
	if o.Buckets <= 0 {
		g.totalBuckets = -1
	}
	sch := t.Schema
	for _, f := range sch.Fields {
		if _, err := leafNode(f.Type); err != nil {
			return nil, err
		}
		g.valueTypes = append(g.valueTypes, f.Type.WithNullable(true))
	}
	if o.Partitions > 0 {
		g.partType = []types.DataType{sch.Fields[len(sch.Fields)-1].Type}
	}
	g.spec = partition.Spec{Keys: sch.PartitionKeys, Types: g.partType, DefaultName: "__DEFAULT_PARTITION__", LegacyName: true}
	g.keyType = []types.DataType{sch.Fields[0].Type}
	if o.PrimaryKey {
		k := sch.Fields[0]
		g.physical = append(g.physical,
			types.DataField{ID: k.ID + keyFieldIDOffset, Name: "_KEY_" + k.Name, Type: k.Type},
			types.DataField{ID: sequenceFieldID, Name: "_SEQUENCE_NUMBER", Type: types.New(types.BigInt).WithNullable(false)},
			types.DataField{ID: valueKindFieldID, Name: "_VALUE_KIND", Type: types.New(types.TinyInt).WithNullable(false)})
	}
	g.physical = append(g.physical, sch.Fields...)
	return g, nil
}

func (g *gen) commits() []commit {
	o := g.t.Options
	var out []commit
	level := int32(0)
	if o.PrimaryKey && !o.Level0 {
		level = 5
	}
	n := int64(o.Snapshots)
	for c := range n {
		if o.PrimaryKey && o.Level0 && n > 1 {
			out = append(out, commit{level: level, each: func(fn func(int64)) {
				for r := c; r < o.Rows; r += n {
					fn(r)
				}
			}})
			continue
		}
		lo, hi := o.Rows*c/n, o.Rows*(c+1)/n
		out = append(out, commit{level: level, each: func(fn func(int64)) {
			for r := lo; r < hi; r++ {
				fn(r)
			}
		}})
	}
	if o.UpdateEvery > 0 || o.DeleteEvery > 0 {
		out = append(out, commit{level: 0, changes: true, each: func(fn func(int64)) {
			for r := range o.Rows {
				if (o.UpdateEvery > 0 && r%o.UpdateEvery == 0) || (o.DeleteEvery > 0 && r%o.DeleteEvery == 0) {
					fn(r)
				}
			}
		}})
	}
	return out
}

// tasks cuts a commit into data files per (partition, bucket).
func (g *gen) tasks(c commit) []fileTask {
	o := g.t.Options
	pending := map[[2]int32]*fileTask{}
	var out []fileTask
	emit := func(k [2]int32, tk *fileTask) {
		tk.seqStart = g.seq[k]
		g.seq[k] += int64(tk.rows.len())
		out = append(out, *tk)
	}
	c.each(func(r int64) {
		var k [2]int32
		if o.Partitions > 0 {
			k[0] = g.t.partitionOf(r)
		}
		if o.Buckets > 1 {
			row, err := binrow.Encode([]any{g.t.Value(r, 0, original)}, g.keyType)
			if err != nil {
				panic(err) // the key types are all encodable
			}
			k[1] = int32(binrow.Bucket(row, o.Buckets))
		}
		tk := pending[k]
		if tk == nil {
			tk = &fileTask{changes: c.changes, level: c.level, partition: k[0], bucket: k[1]}
			pending[k] = tk
		}
		tk.rows.add(r)
		if tk.rows.len() >= o.RowsPerFile {
			emit(k, tk)
			delete(pending, k)
		}
	})
	keys := make([][2]int32, 0, len(pending))
	for k := range pending {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		emit(k, pending[k])
	}
	return out
}

func (g *gen) run() error {
	t := g.t
	for _, d := range []string{"schema", "snapshot", "manifest"} {
		if err := os.MkdirAll(filepath.Join(t.Path, d), 0o755); err != nil {
			return err
		}
	}
	data, err := json.MarshalIndent(t.Schema, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(t.Path, "schema", "schema-0"), data, 0o644); err != nil {
		return err
	}
	var base, delta []manifest.ManifestFileMeta
	var total int64
	for i, c := range g.commits() {
		entries, err := g.writeFiles(g.tasks(c))
		if err != nil {
			return err
		}
		base = append(base, delta...)
		if delta, err = g.writeManifests(entries); err != nil {
			return err
		}
		var records int64
		for _, e := range entries {
			records += e.File.RowCount
			t.Bytes += e.File.FileSize
		}
		t.Files += len(entries)
		total += records
		if err := g.writeSnapshot(int64(i+1), base, delta, total, records); err != nil {
			return err
		}
		t.Snapshot = int64(i + 1)
	}
	t.Records = total
	return nil
}

// writeFiles writes the data files of a commit in parallel, keeping their
// order in the manifest.
func (g *gen) writeFiles(tasks []fileTask) ([]manifest.ManifestEntry, error) {
	entries := make([]manifest.ManifestEntry, len(tasks))
	errs := make([]error, len(tasks))
	next := make(chan int)
	var wg sync.WaitGroup
	for range g.t.Options.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				entries[i], errs[i] = g.writeFile(&tasks[i])
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return entries, nil
}

// colStats collects min, max and null count of one column.
type colStats struct {
	min, max any
	nulls    int64
	noMinMax bool
}

func (s *colStats) add(v any) {
	if v == nil {
		s.nulls++
		return
	}
	if s.noMinMax {
		return
	}
	if s.min == nil {
		s.min, s.max = v, v
		return
	}
	c, ok := types.Compare(v, s.min)
	if !ok {
		s.noMinMax, s.min, s.max = true, nil, nil
		return
	}
	if c < 0 {
		s.min = v
	}
	if c, _ := types.Compare(v, s.max); c > 0 {
		s.max = v
	}
}

func simpleStats(cols []colStats, colTypes []types.DataType) (manifest.SimpleStats, error) {
	mins, maxs := make([]any, len(cols)), make([]any, len(cols))
	nulls := make([]*int64, len(cols))
	for i := range cols {
		mins[i], maxs[i] = cols[i].min, cols[i].max
		n := cols[i].nulls
		nulls[i] = &n
	}
	minRow, err := binrow.Serialize(mins, colTypes)
	if err != nil {
		return manifest.SimpleStats{}, err
	}
	maxRow, err := binrow.Serialize(maxs, colTypes)
	if err != nil {
		return manifest.SimpleStats{}, err
	}
	return manifest.SimpleStats{MinValues: minRow, MaxValues: maxRow, NullCounts: nulls}, nil
}

func emptyStats() manifest.SimpleStats {
	row, _ := binrow.Serialize(nil, nil)
	return manifest.SimpleStats{MinValues: row, MaxValues: row, NullCounts: []*int64{}}
}

// countingWriter counts the bytes of a data file.
type countingWriter struct {
	w *bufio.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func (g *gen) writeFile(tk *fileTask) (manifest.ManifestEntry, error) {
	t, o := g.t, g.t.Options
	var partValues []any
	if o.Partitions > 0 {
		partValues = []any{tk.partition}
	}
	part, err := binrow.Serialize(partValues, g.partType)
	if err != nil {
		return manifest.ManifestEntry{}, err
	}
	name := fmt.Sprintf("data-%s-0.parquet", newUUID())
	dir := filepath.Join(t.Path, filepath.FromSlash(g.spec.Path(partValues)), fmt.Sprintf("bucket-%d", tk.bucket))

	var pw *parquetWriter
	var file *os.File
	var cw *countingWriter
	if !o.MetadataOnly {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return manifest.ManifestEntry{}, err
		}
		if file, err = os.Create(filepath.Join(dir, name)); err != nil {
			return manifest.ManifestEntry{}, err
		}
		defer file.Close()
		cw = &countingWriter{w: bufio.NewWriterSize(file, 1<<20)}
		if pw, err = newParquetWriter(cw, g.physical, o.RowGroupRows); err != nil {
			return manifest.ManifestEntry{}, err
		}
	}

	n := tk.rows.len()
	stats := make([]colStats, len(t.Schema.Fields))
	var deletes int64
	phys := make([]any, len(g.physical))
	values := phys
	if o.PrimaryKey {
		values = phys[3:]
	}
	for i := range n {
		r := tk.rows.at(i)
		version, kind := original, int8(kindInsert)
		if tk.changes {
			if o.DeleteEvery > 0 && r%o.DeleteEvery == 0 {
				kind = kindDelete
				deletes++
			} else {
				version, kind = updated, kindUpdateAfter
			}
		}
		for c := range values {
			values[c] = t.Value(r, c, version)
			stats[c].add(values[c])
		}
		if o.PrimaryKey {
			phys[0], phys[1], phys[2] = values[0], tk.seqStart+int64(i), kind
		}
		if pw != nil {
			if err := pw.add(phys); err != nil {
				return manifest.ManifestEntry{}, err
			}
		}
	}
	size := int64(n)*16 + 1024 // MetadataOnly: an estimate
	if pw != nil {
		if err := pw.close(); err != nil {
			return manifest.ManifestEntry{}, err
		}
		if err := cw.w.Flush(); err != nil {
			return manifest.ManifestEntry{}, err
		}
		if err := file.Close(); err != nil {
			return manifest.ManifestEntry{}, err
		}
		size = cw.n
	}

	valueStats, err := simpleStats(stats, g.valueTypes)
	if err != nil {
		return manifest.ManifestEntry{}, err
	}
	created := time.Now().UTC()
	source := manifest.SourceAppend
	if tk.level > 0 {
		source = manifest.SourceCompact
	}
	meta := manifest.DataFileMeta{
		FileName: name, FileSize: size, RowCount: int64(n),
		ValueStats:        valueStats,
		MinSequenceNumber: tk.seqStart, MaxSequenceNumber: tk.seqStart + int64(n) - 1,
		Level: tk.level, ExtraFiles: []string{}, CreationTime: &created,
		DeleteRowCount: &deletes, FileSource: &source,
	}
	empty := emptyStats()
	meta.MinKey, meta.MaxKey, meta.KeyStats = empty.MinValues, empty.MaxValues, empty
	if o.PrimaryKey && n > 0 {
		first, last := t.Value(tk.rows.at(0), 0, original), t.Value(tk.rows.at(n-1), 0, original)
		if meta.MinKey, err = binrow.Serialize([]any{first}, g.keyType); err != nil {
			return manifest.ManifestEntry{}, err
		}
		if meta.MaxKey, err = binrow.Serialize([]any{last}, g.keyType); err != nil {
			return manifest.ManifestEntry{}, err
		}
		if meta.KeyStats, err = simpleStats([]colStats{{min: first, max: last}}, []types.DataType{g.keyType[0].WithNullable(true)}); err != nil {
			return manifest.ManifestEntry{}, err
		}
	}
	return manifest.ManifestEntry{Kind: manifest.Add, Partition: part, Bucket: tk.bucket, TotalBuckets: g.totalBuckets, File: meta}, nil
}

// writeManifests writes the entries of a commit into manifests of at most
// Options.ManifestEntries entries.
func (g *gen) writeManifests(entries []manifest.ManifestEntry) ([]manifest.ManifestFileMeta, error) {
	per := g.t.Options.ManifestEntries
	if per <= 0 {
		per = max(len(entries), 1)
	}
	id := newUUID()
	var metas []manifest.ManifestFileMeta
	for i := 0; i < len(entries); i += per {
		chunk := entries[i:min(i+per, len(entries))]
		var buf bytes.Buffer
		if err := manifest.WriteManifest(&buf, chunk); err != nil {
			return nil, err
		}
		name := fmt.Sprintf("manifest-%s-%d", id, len(metas))
		if err := os.WriteFile(filepath.Join(g.t.Path, "manifest", name), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		m := manifest.ManifestFileMeta{FileName: name, FileSize: int64(buf.Len()), NumAddedFiles: int64(len(chunk)), PartitionStats: emptyStats()}
		var part colStats
		minB, maxB, minL, maxL := chunk[0].Bucket, chunk[0].Bucket, chunk[0].File.Level, chunk[0].File.Level
		for _, e := range chunk {
			minB, maxB = min(minB, e.Bucket), max(maxB, e.Bucket)
			minL, maxL = min(minL, e.File.Level), max(maxL, e.File.Level)
			if g.partType != nil {
				vals, err := binrow.Decode(e.Partition, g.partType)
				if err != nil {
					return nil, err
				}
				part.add(vals[0])
			}
		}
		if g.partType != nil {
			stats, err := simpleStats([]colStats{part}, g.partType)
			if err != nil {
				return nil, err
			}
			m.PartitionStats = stats
		}
		m.MinBucket, m.MaxBucket, m.MinLevel, m.MaxLevel = &minB, &maxB, &minL, &maxL
		metas = append(metas, m)
	}
	return metas, nil
}

func (g *gen) writeManifestList(name string, metas []manifest.ManifestFileMeta) (int64, error) {
	var buf bytes.Buffer
	if err := manifest.WriteManifestList(&buf, metas); err != nil {
		return 0, err
	}
	return int64(buf.Len()), os.WriteFile(filepath.Join(g.t.Path, "manifest", name), buf.Bytes(), 0o644)
}

func (g *gen) writeSnapshot(id int64, base, delta []manifest.ManifestFileMeta, total, records int64) error {
	listID := newUUID()
	baseName, deltaName := fmt.Sprintf("manifest-list-%s-0", listID), fmt.Sprintf("manifest-list-%s-1", listID)
	baseSize, err := g.writeManifestList(baseName, base)
	if err != nil {
		return err
	}
	deltaSize, err := g.writeManifestList(deltaName, delta)
	if err != nil {
		return err
	}
	zero := int64(0)
	s := snapshot.Snapshot{
		Version: 3, ID: id, SchemaID: 0,
		BaseManifestList: baseName, BaseManifestListSize: &baseSize,
		DeltaManifestList: deltaName, DeltaManifestListSize: &deltaSize,
		CommitUser: newUUID(), CommitIdentifier: math.MaxInt64, CommitKind: snapshot.KindAppend,
		TimeMillis: time.Now().UnixMilli(), TotalRecordCount: &total, DeltaRecordCount: &records, NextRowID: &zero,
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Join(g.t.Path, "snapshot")
	if err := os.WriteFile(filepath.Join(dir, "snapshot-"+strconv.FormatInt(id, 10)), data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, snapshot.Latest), []byte(strconv.FormatInt(id, 10)), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, snapshot.Earliest), []byte("1"), 0o644)
}

// newUUID is a random (version 4) UUID.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
