package commit

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"sync/atomic"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// rollCheckInterval is how often Java's rolling writer looks at the size of
// the file it writes (RollingFileWriterImpl.CHECK_ROLLING_RECORD_CNT): a
// manifest is closed at the first multiple of 1000 entries at which it has
// reached manifest.target-file-size.
const rollCheckInterval = 1000

// names hands out metadata file names as Java's FileStorePathFactory does:
// one random UUID per committer and an independent counter per kind.
type names struct {
	uuid                  string
	manifest, list, index atomic.Int64
}

func newNames() *names { return &names{uuid: newUUID()} }

func (n *names) next(prefix string, counter *atomic.Int64) string {
	return fmt.Sprintf("%s%s-%d", prefix, n.uuid, counter.Add(1)-1)
}

func (n *names) manifestName() string      { return n.next("manifest-", &n.manifest) }
func (n *names) manifestListName() string  { return n.next("manifest-list-", &n.list) }
func (n *names) indexManifestName() string { return n.next("index-manifest-", &n.index) }

// newUUID is a random (version 4) UUID in its canonical text form, as
// Java's UUID.randomUUID().toString().
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// fileSet records the metadata files one commit attempt wrote, so that a
// failed attempt can remove them again.
type fileSet struct{ names []string }

func (s *fileSet) add(name string) { s.names = append(s.names, name) }

// metaWriter writes manifests, manifest lists and index manifests into the
// table's manifest directory.
type metaWriter struct {
	t          *table.Table
	names      *names
	opts       []manifest.WriteOption
	targetSize int64
	partTypes  []types.DataType
}

func (w *metaWriter) put(ctx context.Context, name string, data []byte, files *fileSet) error {
	// Record the name first: a write that reports failure may still have
	// landed, and must then be removed with the rest.
	files.add(name)
	return w.t.FS.WriteNew(ctx, w.t.ManifestPath(name), data)
}

// writeManifests writes entries into as many manifests as Java's rolling
// writer would and returns their manifest-list rows. No entries, no file.
func (w *metaWriter) writeManifests(ctx context.Context, entries []spec.ManifestEntry, files *fileSet) ([]spec.ManifestFileMeta, error) {
	var metas []spec.ManifestFileMeta
	for len(entries) > 0 {
		n, err := w.rollAt(entries)
		if err != nil {
			return nil, err
		}
		meta, err := w.writeManifest(ctx, entries[:n], files)
		if err != nil {
			return nil, err
		}
		metas = append(metas, meta)
		entries = entries[n:]
	}
	return metas, nil
}

// rollAt returns how many of entries the next manifest holds. Java measures
// the bytes its Avro writer has flushed; this measures each step of 1000
// entries encoded on its own, which is as close as the size check allows.
func (w *metaWriter) rollAt(entries []spec.ManifestEntry) (int, error) {
	if len(entries) <= rollCheckInterval {
		return len(entries), nil
	}
	header, err := w.encodedSize(nil)
	if err != nil {
		return 0, err
	}
	size := header
	for n := rollCheckInterval; n <= len(entries); n += rollCheckInterval {
		step, err := w.encodedSize(entries[n-rollCheckInterval : n])
		if err != nil {
			return 0, err
		}
		if size += step - header; size >= w.targetSize {
			return n, nil
		}
	}
	return len(entries), nil
}

func (w *metaWriter) encodedSize(entries []spec.ManifestEntry) (int64, error) {
	var buf bytes.Buffer
	if err := manifest.WriteManifest(&buf, entries, w.opts...); err != nil {
		return 0, err
	}
	return int64(buf.Len()), nil
}

// writeManifest writes one manifest and computes its manifest-list row as
// Java's ManifestEntryWriter does.
func (w *metaWriter) writeManifest(ctx context.Context, entries []spec.ManifestEntry, files *fileSet) (spec.ManifestFileMeta, error) {
	meta, err := summarize(entries, w.partTypes)
	if err != nil {
		return spec.ManifestFileMeta{}, err
	}
	var buf bytes.Buffer
	if err := manifest.WriteManifest(&buf, entries, w.opts...); err != nil {
		return spec.ManifestFileMeta{}, err
	}
	meta.FileName = w.names.manifestName()
	meta.FileSize = int64(buf.Len())
	if err := w.put(ctx, meta.FileName, buf.Bytes(), files); err != nil {
		return spec.ManifestFileMeta{}, err
	}
	return meta, nil
}

// writeManifestList writes a manifest list (never rolled, possibly empty)
// and returns its name and exact size.
func (w *metaWriter) writeManifestList(ctx context.Context, metas []spec.ManifestFileMeta, files *fileSet) (string, int64, error) {
	var buf bytes.Buffer
	if err := manifest.WriteManifestList(&buf, metas, w.opts...); err != nil {
		return "", 0, err
	}
	name := w.names.manifestListName()
	if err := w.put(ctx, name, buf.Bytes(), files); err != nil {
		return "", 0, err
	}
	return name, int64(buf.Len()), nil
}

// writeIndexManifest writes the complete list of live index files.
func (w *metaWriter) writeIndexManifest(ctx context.Context, entries []spec.IndexManifestEntry, files *fileSet) (string, error) {
	var buf bytes.Buffer
	if err := manifest.WriteIndexManifest(&buf, entries, w.opts...); err != nil {
		return "", err
	}
	name := w.names.indexManifestName()
	return name, w.put(ctx, name, buf.Bytes(), files)
}

// summarize computes a manifest's row in the manifest list, minus its name
// and size: entry counts, partition statistics, the highest schema id, and
// bucket, level and row-id ranges.
func summarize(entries []spec.ManifestEntry, partTypes []types.DataType) (spec.ManifestFileMeta, error) {
	var m spec.ManifestFileMeta
	minBucket, maxBucket := entries[0].Bucket, entries[0].Bucket
	minLevel, maxLevel := entries[0].File.Level, entries[0].File.Level
	m.SchemaID = entries[0].File.SchemaID
	var minRow, maxRow int64
	rowIDs := true
	for i, e := range entries {
		if e.Kind == spec.FileAdd {
			m.NumAddedFiles++
		} else {
			m.NumDeletedFiles++
		}
		m.SchemaID = max(m.SchemaID, e.File.SchemaID)
		minBucket, maxBucket = min(minBucket, e.Bucket), max(maxBucket, e.Bucket)
		minLevel, maxLevel = min(minLevel, e.File.Level), max(maxLevel, e.File.Level)
		if f := e.File.FirstRowID; f == nil {
			rowIDs = false
		} else if last := *f + e.File.RowCount - 1; i == 0 {
			minRow, maxRow = *f, last
		} else {
			minRow, maxRow = min(minRow, *f), max(maxRow, last)
		}
	}
	m.MinBucket, m.MaxBucket = &minBucket, &maxBucket
	m.MinLevel, m.MaxLevel = &minLevel, &maxLevel
	if rowIDs {
		m.MinRowID, m.MaxRowID = &minRow, &maxRow
	}
	stats, err := partitionStats(entries, partTypes)
	if err != nil {
		return spec.ManifestFileMeta{}, err
	}
	m.PartitionStats = stats
	return m, nil
}

// partitionStats is Java's full-mode SimpleStats over the _PARTITION rows:
// per partition field the smallest and largest non-null value and the
// number of entries where it is null.
func partitionStats(entries []spec.ManifestEntry, partTypes []types.DataType) (spec.SimpleStats, error) {
	n := len(partTypes)
	counts := map[string]int64{}
	for _, e := range entries {
		counts[string(e.Partition)]++
	}
	mins, maxs := make([]any, n), make([]any, n)
	nulls := make([]int64, n)
	for part, count := range counts {
		values, err := binrow.Decode([]byte(part), partTypes)
		if err != nil {
			return spec.SimpleStats{}, fmt.Errorf("decode partition: %w", err)
		}
		for i, v := range values {
			switch {
			case v == nil:
				nulls[i] += count
			case mins[i] == nil:
				mins[i], maxs[i] = v, v
			default:
				if compareValue(v, mins[i], partTypes[i]) < 0 {
					mins[i] = v
				}
				if compareValue(v, maxs[i], partTypes[i]) > 0 {
					maxs[i] = v
				}
			}
		}
	}
	minRow, err := binrow.Serialize(mins, partTypes)
	if err != nil {
		return spec.SimpleStats{}, err
	}
	maxRow, err := binrow.Serialize(maxs, partTypes)
	if err != nil {
		return spec.SimpleStats{}, err
	}
	nullCounts := make([]*int64, n)
	for i := range nulls {
		nullCounts[i] = &nulls[i]
	}
	return spec.SimpleStats{MinValues: minRow, MaxValues: maxRow, NullCounts: nullCounts}, nil
}

// compareValue orders two non-null values of one type as Paimon does.
func compareValue(a, b any, t types.DataType) int {
	return binrow.Compare([]any{a}, []any{b}, []types.DataType{t})
}
