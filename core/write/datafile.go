package write

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/fileindex"
	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Ids and names of the system columns of primary-key data files (docs/design/format.md §6.4).
const (
	keyFieldIDOffset   = 1073741823 // Integer.MAX_VALUE / 2
	keyPrefix          = "_KEY_"
	sequenceNumberID   = 2147483646
	valueKindID        = 2147483645
	sequenceNumberName = "_SEQUENCE_NUMBER"
	valueKindName      = "_VALUE_KIND"
)

// fileLayout is the physical column list of the data files of one table:
// the table fields, or for primary-key tables _KEY_* columns, the sequence
// number and the row kind before them.
type fileLayout struct {
	physical  []types.DataField
	keyCols   []int // positions of the _KEY_ columns in physical
	valueCols []int // positions of the table fields in physical
	level     int   // stats level: 0 for primary-key files, -1 for append files
}

func appendLayout(fields []types.DataField) fileLayout {
	l := fileLayout{physical: fields, level: -1}
	for i := range fields {
		l.valueCols = append(l.valueCols, i)
	}
	return l
}

func keyValueLayout(keys, fields []types.DataField) fileLayout {
	var l fileLayout
	for _, k := range keys {
		l.keyCols = append(l.keyCols, len(l.physical))
		l.physical = append(l.physical, types.DataField{ID: k.ID + keyFieldIDOffset, Name: keyPrefix + k.Name, Type: k.Type.WithNullable(false)})
	}
	l.physical = append(l.physical,
		types.DataField{ID: sequenceNumberID, Name: sequenceNumberName, Type: types.DataType{Kind: types.BigInt}},
		types.DataField{ID: valueKindID, Name: valueKindName, Type: types.DataType{Kind: types.TinyInt}})
	for i := range fields {
		l.valueCols = append(l.valueCols, len(l.physical)+i)
	}
	l.physical = append(l.physical, fields...)
	return l
}

// fileNamer names the files of one bucket writer: data-<uuid>-<n>.<format>,
// one uuid per writer and a counter, as Java's DataFilePathFactory does.
type fileNamer struct {
	prefix string
	uuid   string
	next   int
}

func newFileNamer(prefix string) *fileNamer {
	return &fileNamer{prefix: prefix, uuid: uuid.NewString()}
}

// name is the next file name; fileFormat is its extension (the format's
// name), which is also how readers know the file's format.
func (n *fileNamer) name(fileFormat string) string {
	s := fmt.Sprintf("%s%s-%d.%s", n.prefix, n.uuid, n.next, fileFormat)
	n.next++
	return s
}

// fileWriter writes one data file and describes it for the manifest.
type fileWriter struct {
	fs       *fs.FS
	path     string
	name     string
	out      *fs.Writer
	pw       format.Writer
	layout   fileLayout
	opts     map[string]string
	rows     int64
	minSeq   int64
	maxSeq   int64
	deletes  int64
	firstKey []any
	lastKey  []any
	keyTypes []types.DataType
	external *string // full path of a file outside the table (_EXTERNAL_PATH)
	// index builds the file indexes 'file-index.<type>.columns' asks for
	// (nil: none); writeIndexFile writes them beside the file, after which
	// indexed is set.
	index          *fileindex.Writer
	threshold      int64 // 'file-index.in-manifest-threshold'
	writeIndexFile func(name string, data []byte) error
	indexed        bool
	// clock gives the file's _CREATION_TIME (the table runtime's, which
	// partition expiry by update-time judges with); nil: the wall clock.
	clock func() time.Time
}

func newFileWriter(ctx context.Context, fsys *fs.FS, dir, name string, layout fileLayout, opts options.Options, wo format.WriterOptions) (*fileWriter, error) {
	names := make([]string, len(layout.physical))
	for i, f := range layout.physical {
		names[i] = f.Name
	}
	ff, err := format.ForFile(name)
	if err != nil {
		return nil, err
	}
	// Java picks the stats modes of Avro files its own way (its writer
	// factories single out the format by name).
	statsModes := format.StatsModes
	if ff.Name() == "avro" {
		statsModes = format.AvroStatsModes
	}
	modes, err := statsModes(opts, names, layout.level)
	if err != nil {
		return nil, err
	}
	wo.StatsModes = modes
	wo.TableOptions = opts
	path := dir + "/" + name
	out, err := fsys.Create(ctx, path)
	if err != nil {
		return nil, err
	}
	pw, err := ff.Create(out, layout.physical, wo)
	if err != nil {
		out.Close()
		fsys.Delete(ctx, path)
		return nil, err
	}
	fw := &fileWriter{fs: fsys, path: path, name: name, out: out, pw: pw, layout: layout, opts: opts, minSeq: -1}
	fw.writeIndexFile = func(name string, data []byte) error { return fsys.Write(ctx, dir+"/"+name, data) }
	if fw.index, fw.threshold, err = newIndexWriter(layout, opts); err != nil {
		pw.Close()
		out.Close()
		fsys.Delete(ctx, path)
		return nil, err
	}
	for _, k := range layout.keyCols {
		fw.keyTypes = append(fw.keyTypes, layout.physical[k].Type)
	}
	return fw, nil
}

// write adds physical rows; seqs are their sequence numbers.
func (w *fileWriter) write(rows [][]any, seqs []int64, deletes int64) error {
	if len(rows) == 0 {
		return nil
	}
	if err := w.pw.Write(rows); err != nil {
		return fmt.Errorf("write %s: %w", w.path, err)
	}
	// Primary-key files are sorted by key, so sequence numbers are not.
	for _, q := range seqs {
		if w.minSeq < 0 || q < w.minSeq {
			w.minSeq = q
		}
		if q > w.maxSeq {
			w.maxSeq = q
		}
	}
	if w.index != nil {
		for _, r := range rows {
			w.index.Add(r)
		}
	}
	w.rows += int64(len(rows))
	w.deletes += deletes
	if len(w.layout.keyCols) > 0 {
		if w.firstKey == nil {
			w.firstKey = project(rows[0], w.layout.keyCols)
		}
		w.lastKey = project(rows[len(rows)-1], w.layout.keyCols)
	}
	return nil
}

// written is the bytes written so far (rolling decisions).
func (w *fileWriter) written() int64 { return w.out.Written() }

// close finishes the file and returns its metadata.
func (w *fileWriter) close(schemaID int64) (spec.DataFileMeta, error) {
	res, err := w.pw.Close()
	if err == nil {
		err = w.out.Close()
	}
	if err != nil {
		return spec.DataFileMeta{}, fmt.Errorf("write %s: %w", w.path, err)
	}
	dense, err := format.StatsDenseStore(w.opts)
	if err != nil {
		return spec.DataFileMeta{}, fmt.Errorf("option metadata.stats-dense-store: %w", err)
	}
	valueStats, statsCols, err := w.pw.Stats().SimpleStats(w.layout.valueCols, dense)
	if err != nil {
		return spec.DataFileMeta{}, err
	}
	keyStats, minKey, maxKey := emptyStats(), binrow.Empty(), binrow.Empty()
	if len(w.layout.keyCols) > 0 {
		if keyStats, _, err = w.pw.Stats().SimpleStats(w.layout.keyCols, false); err != nil {
			return spec.DataFileMeta{}, err
		}
		if minKey, err = binrow.Serialize(w.firstKey, w.keyTypes); err != nil {
			return spec.DataFileMeta{}, err
		}
		if maxKey, err = binrow.Serialize(w.lastKey, w.keyTypes); err != nil {
			return spec.DataFileMeta{}, err
		}
	}
	clock := time.Now
	if w.clock != nil {
		clock = w.clock
	}
	now := localWallClock(clock())
	source := spec.SourceAppend
	deletes := w.deletes
	meta := spec.DataFileMeta{
		FileName: w.name, FileSize: res.Size, RowCount: res.RowCount,
		MinKey: minKey, MaxKey: maxKey, KeyStats: keyStats, ValueStats: valueStats,
		MinSequenceNumber: w.minSeq, MaxSequenceNumber: w.maxSeq, SchemaID: schemaID, Level: 0,
		ExtraFiles: []string{}, CreationTime: &now, DeleteRowCount: &deletes,
		FileSource: &source, ValueStatsCols: statsCols, ExternalPath: w.external,
	}
	if w.index != nil {
		if err := w.writeIndex(&meta); err != nil {
			return spec.DataFileMeta{}, err
		}
	}
	return meta, nil
}

// newIndexWriter prepares the file indexes of a file from the table
// options; the indexed columns are the table's fields (the value columns
// of primary-key files), as Java's DataFileIndexWriter sees them.
func newIndexWriter(layout fileLayout, opts options.Options) (*fileindex.Writer, int64, error) {
	specs, err := opts.FileIndexes()
	if err != nil || len(specs) == 0 {
		return nil, 0, err
	}
	threshold, err := options.FileIndexInManifestThreshold.Get(opts)
	if err != nil {
		return nil, 0, err
	}
	w, err := fileindex.NewWriter(specs, func(name string) (int, types.DataType, bool) {
		for _, p := range layout.valueCols {
			if layout.physical[p].Name == name {
				return p, layout.physical[p].Type, true
			}
		}
		return 0, types.DataType{}, false
	})
	return w, threshold, err
}

// writeIndex keeps the file's indexes in its manifest entry when they are
// at most the threshold's size, else in '<file>.index' beside it.
func (w *fileWriter) writeIndex(meta *spec.DataFileMeta) error {
	data := w.index.Bytes()
	if int64(len(data)) <= w.threshold {
		meta.EmbeddedIndex = data
		return nil
	}
	name := w.name + fileindex.IndexFileSuffix
	if err := w.writeIndexFile(name, data); err != nil {
		return fmt.Errorf("write the file index of %s: %w", w.path, err)
	}
	w.indexed = true
	meta.ExtraFiles = []string{name}
	return nil
}

// paths are the paths of the files written: the data file, and its index
// file if any (recorded in done lists and deleted through fs.DeleteAt).
func (w *fileWriter) paths() []string {
	if w.indexed {
		return []string{w.path, w.path + fileindex.IndexFileSuffix}
	}
	return []string{w.path}
}

// abort drops the file being written.
func (w *fileWriter) abort(ctx context.Context) {
	w.pw.Close()
	w.out.Close()
	fs.DeleteAt(ctx, w.fs, w.path)
}

func project(row []any, cols []int) []any {
	out := make([]any, len(cols))
	for i, c := range cols {
		out[i] = row[c]
	}
	return out
}

func emptyStats() spec.SimpleStats {
	return spec.SimpleStats{MinValues: binrow.Empty(), MaxValues: binrow.Empty(), NullCounts: []*int64{}}
}

// localWallClock is Java's LocalDateTime.now() stored as if it were UTC, as
// _CREATION_TIME holds it.
func localWallClock(t time.Time) time.Time {
	l := t.Local()
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond()/1e6*1e6, time.UTC)
}

// levelFormat is the format (lower case) and compression of new data files
// on level. As in Java's KeyValueFileWriterFactory, 'file.format.per.level'
// and 'file.compression.per.level' apply to primary-key tables (perLevel)
// and fall back to 'file.format' (parquet) and 'file.compression' (zstd).
func levelFormat(o options.Options, level int, perLevel bool) (fileFormat, compression string, err error) {
	fileFormat = strings.ToLower(options.FileFormat.Text(o))
	if fileFormat == "" {
		fileFormat = options.FileFormat.Default
	}
	compression, _ = options.FileCompression.Get(o)
	if !perLevel {
		return fileFormat, compression, nil
	}
	formats, err := o.LevelMap(options.FileFormatPerLevel)
	if err != nil {
		return "", "", err
	}
	if f, ok := formats[level]; ok {
		fileFormat = strings.ToLower(f)
	}
	compressions, err := o.LevelMap(options.FileCompressionPerLevel)
	if err != nil {
		return "", "", err
	}
	if c, ok := compressions[level]; ok {
		compression = c
	}
	return fileFormat, compression, nil
}

// LevelFileFormat is the format of the data files a primary-key table
// writes on level ('file.format.per.level', else 'file.format').
func LevelFileFormat(opts options.Options, level int) (string, error) {
	f, _, err := levelFormat(opts, level, true)
	return f, err
}

// checkLevelFormats refuses a format or compression of 'file.format',
// 'file.compression' or their per-level maps that paimon-sql cannot write.
func checkLevelFormats(o options.Options) error {
	formats, err := o.LevelMap(options.FileFormatPerLevel)
	if err != nil {
		return err
	}
	compressions, err := o.LevelMap(options.FileCompressionPerLevel)
	if err != nil {
		return err
	}
	levels := map[int]bool{-1: true} // -1: the defaults
	for l := range formats {
		levels[l] = true
	}
	for l := range compressions {
		levels[l] = true
	}
	for l := range levels {
		name, compression, err := levelFormat(o, l, l >= 0)
		if err != nil {
			return err
		}
		ff, err := format.Lookup(name)
		if err != nil {
			if l >= 0 {
				return fmt.Errorf("%s: level %d: %w", options.FileFormatPerLevel.Key, l, err)
			}
			return fmt.Errorf("%s=%s: %w", options.FileFormat.Key, name, err)
		}
		if err := ff.CheckCompression(strings.ToLower(compression)); err != nil {
			if l >= 0 {
				return fmt.Errorf("level %d: %w", l, err)
			}
			return err
		}
	}
	return nil
}

// dataFilePrefix is the data-file.prefix option.
func dataFilePrefix(opts options.Options) string {
	p, _ := options.DataFilePrefix.Get(opts)
	return p
}

// CheckWritableOptions refuses table settings paimon-sql cannot write, so
// that CREATE TABLE fails rather than the first INSERT.
func CheckWritableOptions(opts options.Options) error {
	if err := options.CheckWrite(opts); err != nil {
		return err
	}
	if err := checkLevelFormats(opts); err != nil {
		return err
	}
	if err := manifest.CheckFormat(options.ManifestFormat.Text(opts)); err != nil {
		return err
	}
	if c, ok := options.AvroCodec.Stored(opts); ok {
		if err := format.CheckAvroCodec(c); err != nil {
			return err
		}
	}
	if err := format.CheckORCOptions(opts); err != nil {
		return err
	}
	if _, err := opts.FileIndexes(); err != nil {
		return err
	}
	if _, err := parseExternalConfig(opts); err != nil {
		return err
	}
	return checkFileNameOptions(opts)
}

// prefixOptions start the names of new files; Java joins them to the
// bucket directory, so a '/' or '..' would put files elsewhere.
var prefixOptions = []string{options.DataFilePrefix.Key, options.ChangelogFilePrefix.Key}

// checkFileNameOptions refuses file name prefixes and a data directory
// (data-file.path-directory, relative to the table) that would lead out of
// the table.
func checkFileNameOptions(opts options.Options) error {
	for _, k := range prefixOptions {
		if v := opts[k]; strings.ContainsAny(v, `/\`) || strings.Contains(v, "..") {
			return fmt.Errorf("%s = '%s': a file name prefix must not contain '/', '\\' or '..'", k, v)
		}
	}
	d := options.DataFilePathDirectory.Text(opts)
	if strings.HasPrefix(d, "/") || strings.Contains(d, `\`) || slices.Contains(strings.Split(d, "/"), "..") {
		return fmt.Errorf("%s = '%s': the data directory must be relative to the table, without '..' or '\\'", options.DataFilePathDirectory.Key, d)
	}
	return nil
}

// locationOptions hold one location each, outside the table, that other
// engines use (paimon-sql writes none of them): a user setting one would
// point Java writers, Flink's mark-done action or the Iceberg sync at any
// host, so they must lie under the allowed roots too.
var locationOptions = []string{
	options.GlobalIndexExternalPath.Key, options.BlobExternalStoragePath.Key,
	options.PartitionMarkDoneActionHTTPURL.Key, options.MetadataIcebergURI.Key, options.FormatTableCommitHiveSyncURL.Key,
}

// CheckLocationOptions refuses the location options of opts (the options a
// CREATE TABLE or ALTER TABLE ... SET sets) outside the allowed roots. They
// are checked only when set: tables Java created with them stay writable.
func CheckLocationOptions(opts options.Options) error {
	for _, k := range locationOptions {
		if v := strings.TrimSpace(opts[k]); v != "" {
			if err := fs.CheckExternalPath(v); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
	}
	return nil
}
