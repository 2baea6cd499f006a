package options

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const javaFixtures = "../../testdata/java-written"

// TestCheckKeyFixtureSchemas: every option Java wrote into the fixtures'
// schemas is accepted.
func TestCheckKeyFixtureSchemas(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(javaFixtures, "*", "*", "schema", "schema-*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no Java-written fixtures at " + javaFixtures + " (committed in testdata/java-written)")
	}
	seen := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Options map[string]string `json:"options"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for k := range s.Options {
			seen++
			if err := CheckKey(k); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("fixtures hold no options")
	}
}

func TestCheckKeyKnownKeys(t *testing.T) {
	for _, k := range []string{
		// CoreOptions, including fallback keys and Schema options.
		"bucket", "bucket-key", "file.format", "manifest.format", "merge-engine",
		"snapshot.num-retained.max", "snapshot.num-retained.min", "snapshot.time-retained",
		"changelog-producer", "sequence.field", "primary-key", "partition", "path", "type",
		"partition.expiration-time", "partition.timestamp-formatter", "tag.automatic-creation",
		"consumer.expiration-time", "changelog.num-retained.max", "deletion-vectors.enabled",
		"fields.default-aggregate-function", "file-index.read.enabled",
		"file-index.in-manifest-threshold", "metastore.partitioned-table",
		"format-table.implementation", "materialized-table.definition-query",
		"first-row.ignore-delete", "partial-update.ignore-delete", "log.scan",
		"snapshot.expire.clean-empty-directories", "orc.write.batch-size",
		// FlinkConnectorOptions and its fallback keys.
		"scan.infer-parallelism", "sink.parallelism", "lookup.async", "lookup.cache",
		"lookup.dynamic-partition", "partition.mark-done-action.mode",
		// Other modules.
		"lookup.cache-rows", "rocksdb.block.cache-size", "metadata.iceberg.storage",
		"read.stream.maxFilesPerTrigger", "csv.field-delimiter", "json.ignore-parse-errors",
		"text.line-delimiter", "avro.codec", "btree-index.block-size", "lumina.index.dimension",
		"cdc.skip-corrupt-record", "owner",
	} {
		if err := CheckKey(k); err != nil {
			t.Errorf("CheckKey(%q) = %v", k, err)
		}
	}
}

func TestCheckKeyFamiliesAndPrefixes(t *testing.T) {
	for _, k := range []string{
		"fields.f1.aggregate-function", "fields.f1.ignore-retract", "fields.f1.nested-key",
		"fields.f1.count-limit", "fields.f1.distinct", "fields.f1.list-agg-delimiter",
		"fields.f1.ts-field", "fields.f1.stats-mode", "fields.f1.default-value",
		"fields.f3,f4.sequence-group",
		"file-index.bloom-filter.columns", "file-index.bitmap.columns", "file-index.bsi.columns",
		"file-index.range-bitmap.columns", "file-index.bloom-filter.c1.fpp",
		"file-index.bloom-filter.c1.items", "file-index.bitmap.c1.index-block-size",
		"file-index.range-bitmap.c1.chunk-size",
		"commit.callback.com.example.Callback.param", "tag.callback.com.example.Tag.param",
		"file.format.per.level.0", "file.compression.per.level.3", "avro.row-name-mapping.a",
		"orc.compress", "orc.bloom.filter.columns", "ORC.stripe.size",
		"parquet.block.size", "parquet.bloom.filter.enabled#c1", "parquet.enable.dictionary",
		"blob-descriptor.fs.oss.endpoint", "metadata.iceberg.rest.uri",
		"hive.comment", "hive.anything", "schema.0.name", "schema.watermark.0.rowtime",
		"fluss.table.datalake.enabled", "fluss.bucket.num",
	} {
		if err := CheckKey(k); err != nil {
			t.Errorf("CheckKey(%q) = %v", k, err)
		}
	}
}

func TestCheckKeyRejectsTyposWithSuggestion(t *testing.T) {
	for key, want := range map[string]string{
		"buckets":                        "bucket",
		"Bucket":                         "bucket",
		"bukcet":                         "bucket",
		"snapshot.num-retained.maxx":     "snapshot.num-retained.max",
		"snapshot.num-retain.max":        "snapshot.num-retained.max",
		"file.fromat":                    "file.format",
		"merge-engin":                    "merge-engine",
		"changelog-produce":              "changelog-producer",
		"deletion-vector.enabled":        "deletion-vectors.enabled",
		"scan.infer-paralelism":          "scan.infer-parallelism",
		"fields.f1.aggregate-fuction":    "fields.f1.aggregate-function",
		"fields.f1,f2.sequence-groups":   "fields.f1,f2.sequence-group",
		"file-index.bloom-filter.column": "file-index.bloom-filter.columns",
		"file-index.bloomfilter.columns": "file-index.bloom-filter.columns",
		"file-index.bloom-filter.c1.fp":  "file-index.bloom-filter.c1.fpp",
		"parqet.block.size":              "parquet.block.size",
		"avro.codek":                     "avro.codec",
	} {
		err := CheckKey(key)
		if err == nil {
			t.Errorf("CheckKey(%q) accepted", key)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "option '"+key+"' is not a Paimon table option") ||
			!strings.Contains(msg, "(did you mean '"+want+"'?)") {
			t.Errorf("CheckKey(%q) = %q; want a suggestion of %q", key, msg, want)
		}
		if !strings.Contains(msg, "'orc.'") {
			t.Errorf("CheckKey(%q) = %q; want the free-form prefixes named", key, msg)
		}
	}
}

func TestCheckKeyRejectsUnknown(t *testing.T) {
	for _, key := range []string{
		"", " ", "foo", "connector", "comment", "lance.x", "dlf.region", "iceberg.x",
		"avro.schema", "orc.", "hive.", "fields.f1", "fields..aggregate-function",
		"fields.f1.unknown-setting", "file-index.bloom-filter", "file-index.unknown.columns",
		"file-index.bloom-filter.c1", "file-index.bloom-filter.c1.bogus",
		"file-index.bsi.c1.fpp", "file-index.bloom-filter.a.b.fpp",
		"commit.callback..param", "metadata.iceberg.rest.", "file.format.per.level.",
	} {
		if err := CheckKey(key); err == nil {
			t.Errorf("CheckKey(%q) accepted", key)
		}
	}
	for _, far := range []string{"completely-unrelated-thing", "my.custom", "xy.compress"} {
		err := CheckKey(far)
		if err == nil || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("CheckKey(%q) = %v; want no suggestion", far, err)
		}
	}
}

func TestKnownKeyListsSortedAndDistinct(t *testing.T) {
	if !slices.IsSorted(fieldSettings) {
		t.Errorf("fieldSettings is not sorted")
	}
	seen := map[string]string{}
	for name, list := range map[string][]string{
		"coreOptionKeys": coreOptionKeys, "flinkConnectorKeys": flinkConnectorKeys,
		"rocksDBKeys": rocksDBKeys, "icebergKeys": icebergKeys,
		"sparkConnectorKeys": sparkConnectorKeys, "formatKeys": formatKeys,
		"globalIndexKeys": globalIndexKeys, "cdcKeys": cdcKeys, "engineKeys": engineKeys,
		"freeFormPrefixes": freeFormPrefixes,
		"mapOptionKeys":    mapOptionKeys,
	} {
		if !sort.StringsAreSorted(list) {
			t.Errorf("%s is not sorted", name)
		}
		if name == "freeFormPrefixes" || name == "mapOptionKeys" {
			continue
		}
		for _, k := range list {
			if other, dup := seen[k]; dup {
				t.Errorf("%q in both %s and %s", k, other, name)
			}
			seen[k] = name
		}
	}
	if got := len(KnownKeys()); got != len(seen) || got < 450 {
		t.Errorf("KnownKeys() has %d keys, lists %d", got, len(seen))
	}
	// Only the format prefixes also cover listed keys (OrcOptions', kept for
	// suggestions); any other overlap would mean a prefix hides a list.
	for _, k := range KnownKeys() {
		for _, p := range freeFormPrefixes {
			if strings.HasPrefix(strings.ToLower(k), p) && p != "orc." && p != "parquet." {
				t.Errorf("known key %q lies under free-form prefix %q", k, p)
			}
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"bucket", "bucket", 0}, {"buckets", "bucket", 1}, {"bukcet", "bucket", 1},
		{"", "abc", 3}, {"kitten", "sitting", 3}, {"ca", "abc", 3},
	} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d; want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestCheckKeys(t *testing.T) {
	if err := CheckKeys(map[string]string{"bucket": "2", "orc.compress": "zlib", "fields.a.distinct": "true"}); err != nil {
		t.Fatal(err)
	}
	if err := CheckKeys(nil); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		err := CheckKeys(map[string]string{"zz-typo": "1", "bucket": "2", "aa-typo": "3"})
		if err == nil || !strings.Contains(err.Error(), "'aa-typo'") {
			t.Fatalf("CheckKeys = %v; want the first bad key in order", err)
		}
	}
}
