package format

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// lookupFields are flatFields and a BOOLEAN and a BYTES column, which the
// page cache does not decode (booleans) or decodes as byte arrays.
var lookupFields = append(slices.Clone(flatFields),
	types.DataField{ID: 3, Name: "d", Type: types.New(types.Boolean)},
	types.DataField{ID: 4, Name: "e", Type: types.New(types.VarBinary)})

func lookupValue(i int) []any {
	v := flatValue(i)
	if v[0] == nil {
		return append(v, nil, nil)
	}
	return append(v, i%3 == 0, []byte(fmt.Sprint("e", i)))
}

// writeLookup writes n rows of lookupFields with the product writer:
// dictionary pages (or plain ones) of about pageSize bytes.
func writeLookup(t *testing.T, n, pageSize int, compression string, plain bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewParquetWriter(&buf, lookupFields, WriterOptions{Compression: compression, PageSize: pageSize, DisableDictionary: plain})
	if err != nil {
		t.Fatal(err)
	}
	rows := make([][]any, 0, 1000)
	for i := range n {
		rows = append(rows, lookupValue(i))
		if len(rows) == cap(rows) || i == n-1 {
			if err := w.Write(rows); err != nil {
				t.Fatal(err)
			}
			rows = rows[:0]
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lookupOptions are the options of a lookup of keys of column a: row
// groups and pages by statistics, rows by value; only adds KeepOnly.
func lookupOptions(keys []any, only bool, cacheKey string) ReadOptions {
	in := func(v any) bool { return v != nil && slices.Contains(keys, v) }
	o := ReadOptions{
		BatchSize: 500,
		SkipRowGroup: func(st map[int]ColumnStats) bool {
			a, ok := st[0]
			if !ok || a.Min == nil {
				return false
			}
			lo, hi := a.Min.(int32), a.Max.(int32)
			for _, k := range keys {
				if k, ok := k.(int32); ok && k >= lo && k <= hi {
					return false
				}
			}
			return true
		},
		KeepRow:     func(row []any) bool { return in(row[0]) },
		KeepColumns: []int{0},
		CacheKey:    cacheKey,
	}
	if only {
		o.KeepOnly = &ColumnValues{Column: 0, Values: keys}
	}
	return o
}

// readLookup returns the rows a reader keeps by position, suspending it
// after each batch when asked.
func readLookup(t *testing.T, data []byte, fields []types.DataField, o ReadOptions, suspend bool) map[int64][]any {
	t.Helper()
	r := openBytes(t, data, fields, o)
	defer r.Close()
	got := map[int64][]any{}
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		if suspend {
			r.Suspend()
		}
		for i, row := range b.Rows {
			if row != nil {
				got[b.FirstPosition+int64(i)] = row
			}
		}
	}
}

// Lookups through the page cache, with and without KeepOnly, return the
// rows a plain read returns, from the first read (decoding the pages) and
// the next (from the cache): dictionary and plain pages, compressed or not,
// NULLs, columns the cache does not decode beside ones it does, pages of
// the columns cut at different rows.
func TestPageCacheLookups(t *testing.T) {
	const n = 30_000
	files := map[string][]byte{
		"dictionary zstd":        writeLookup(t, n, 4<<10, "zstd", false),
		"plain none":             writeLookup(t, n, 4<<10, "none", true),
		"plain snappy":           writeLookup(t, n, 8<<10, "snappy", true),
		"parquet-go plain pages": writeFlat(t, n, n/2, 2<<10),
	}
	keySets := [][]any{
		{int32(5)},
		{int32(7)}, // NULL in every column
		{int32(29_999), int32(1), int32(15_000), int32(12_345), int32(9)},
		{int32(-1), int32(40_000)},
		{int32(3), int32(100), int32(200), int32(300), int32(400), int32(500), int32(600), int32(700), int32(800), int32(901), int32(14_998)},
		{int64(5)}, // not of the column's Go type: no KeepOnly matcher, KeepRow judges
	}
	for name, data := range files {
		fields := lookupFields
		if name == "parquet-go plain pages" {
			fields = flatFields
		}
		for ki, keys := range keySets {
			want := map[int64][]any{}
			for p := range n {
				v := lookupValue(p)[:len(fields)]
				if v[0] != nil && slices.Contains(keys, v[0]) {
					want[int64(p)] = v
				}
			}
			base := readLookup(t, data, fields, lookupOptions(keys, false, ""), false)
			check := func(what string, got map[int64][]any) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("%s, keys %v, %s: %d rows, want %d", name, keys, what, len(got), len(want))
				}
				for p, w := range want {
					if !equalValues(got[p], w) {
						t.Fatalf("%s, keys %v, %s: row %d: got %#v want %#v", name, keys, what, p, got[p], w)
					}
				}
			}
			check("uncached", base)
			key := fmt.Sprint(name, "/", ki)
			before := ReadPageCacheStats()
			check("cached, first read", readLookup(t, data, fields, lookupOptions(keys, true, key), false))
			mid := ReadPageCacheStats()
			check("cached, second read", readLookup(t, data, fields, lookupOptions(keys, true, key), true))
			check("cached, without KeepOnly", readLookup(t, data, fields, lookupOptions(keys, false, key), false))
			after := ReadPageCacheStats()
			if len(want) > 0 && (mid.Misses == before.Misses || after.Hits == mid.Hits || after.Misses != mid.Misses) {
				t.Fatalf("%s, keys %v: cache counters before %+v, after the first read %+v, after the others %+v", name, keys, before, mid, after)
			}
		}
	}
}

// The cache keeps within its limit, evicting the least recently used
// pages, and a limit of 0 turns it off.
func TestPageCacheLimit(t *testing.T) {
	var hits, misses, evictions, bytes atomic.Int64
	c := newPageCache(10_000, &hits, &misses, &evictions, &bytes)
	for i := range 10 {
		c.put(pageKey{file: "f", page: i}, i, 1_000)
	}
	c.get(pageKey{file: "f", page: 0}) // used: stays
	c.put(pageKey{file: "f", page: 10}, 10, 1_000)
	if _, ok := c.get(pageKey{file: "f", page: 0}); !ok {
		t.Fatal("recently used page evicted")
	}
	if _, ok := c.get(pageKey{file: "f", page: 1}); ok {
		t.Fatal("least recently used page kept")
	}
	if bytes.Load() != 10_000 || evictions.Load() != 1 || hits.Load() != 2 || misses.Load() != 1 {
		t.Fatalf("%d bytes, %d evictions, %d hits, %d misses", bytes.Load(), evictions.Load(), hits.Load(), misses.Load())
	}
	c.put(pageKey{file: "g"}, 0, 2_000) // above an eighth of the limit
	if _, ok := c.get(pageKey{file: "g"}); ok {
		t.Fatal("oversized entry kept")
	}

	t.Cleanup(func() { SetPageCacheBytes(DefaultPageCacheBytes) })
	SetPageCacheBytes(0)
	data := writeLookup(t, 5_000, 2<<10, "zstd", false)
	before := ReadPageCacheStats()
	got := readLookup(t, data, lookupFields, lookupOptions([]any{int32(4_000)}, true, "off"), false)
	after := ReadPageCacheStats()
	if len(got) != 1 || !equalValues(got[4_000], lookupValue(4_000)) {
		t.Fatalf("got %v", got)
	}
	if after.Bytes != 0 || after.Misses != before.Misses || after.Hits != before.Hits {
		t.Fatalf("cache off: %+v then %+v", before, after)
	}
}

// plainDictionaryHeaders rewrites a file's dictionary-encoded page headers
// to PLAIN_DICTIONARY, as parquet-mr's v1 writer (Java Paimon's default)
// writes them: dictionary pages and the data pages that use them.
func plainDictionaryHeaders(t *testing.T, data []byte) []byte {
	t.Helper()
	out := bytes.Clone(data)
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	patched := 0
	rewrite := func(at int64) {
		var h format.PageHeader
		rd := (&thrift.CompactProtocol{}).NewReaderFromBytes(data[at:])
		if err := thrift.NewDecoder(rd).Decode(&h); err != nil {
			t.Fatal(err)
		}
		switch {
		case h.DictionaryPageHeader.Valid && h.DictionaryPageHeader.V.Encoding == format.Plain:
			h.DictionaryPageHeader.V.Encoding = plainDictionary
		case h.DataPageHeader.Valid && h.DataPageHeader.V.Encoding == format.RLEDictionary:
			h.DataPageHeader.V.Encoding = plainDictionary
		default:
			return
		}
		b, err := thrift.Marshal(&thrift.CompactProtocol{}, &h)
		if err != nil || len(b) != rd.BytesRead() {
			t.Fatalf("re-encoded header: %d bytes for %d, %v", len(b), rd.BytesRead(), err)
		}
		copy(out[at:], b)
		patched++
	}
	ois := f.OffsetIndexes()
	for g, rg := range f.Metadata().RowGroups {
		for c, cc := range rg.Columns {
			if off := cc.MetaData.DictionaryPageOffset; off > 0 {
				rewrite(off)
			}
			for _, loc := range ois[g*len(rg.Columns)+c].PageLocations {
				rewrite(loc.Offset)
			}
		}
	}
	if patched == 0 {
		t.Fatal("no dictionary page to rewrite")
	}
	return out
}

// Pages and dictionaries marked PLAIN_DICTIONARY read through the cache as
// RLE_DICTIONARY ones do.
func TestPageCachePlainDictionary(t *testing.T) {
	const n = 30_000
	data := plainDictionaryHeaders(t, writeLookup(t, n, 4<<10, "zstd", false))
	for _, keys := range [][]any{{int32(5)}, {int32(29_998), int32(12_001), int32(3)}} {
		want := map[int64][]any{}
		for p := range n {
			if v := lookupValue(p); v[0] != nil && slices.Contains(keys, v[0]) {
				want[int64(p)] = v
			}
		}
		for _, key := range []string{"", "plain-dictionary"} {
			got := readLookup(t, data, lookupFields, lookupOptions(keys, true, key), false)
			if len(got) != len(want) {
				t.Fatalf("keys %v, cache key %q: %d rows, want %d", keys, key, len(got), len(want))
			}
			for p, w := range want {
				if !equalValues(got[p], w) {
					t.Fatalf("keys %v, cache key %q: row %d: got %#v want %#v", keys, key, p, got[p], w)
				}
			}
		}
	}
}

// Readers of one file share its cached footer, dictionaries and pages from
// several goroutines (go test -race).
func TestPageCacheConcurrentLookups(t *testing.T) {
	const n = 30_000
	data := writeLookup(t, n, 4<<10, "zstd", false)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				k := (w*7919 + i*4001) % n
				if k%7 == 0 {
					k++
				}
				r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), lookupFields, lookupOptions([]any{int32(k)}, true, "concurrent"))
				if err != nil {
					errs <- err
					return
				}
				var got []any
				for {
					b, err := r.Next(context.Background())
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						errs <- err
						return
					}
					for _, row := range b.Rows {
						if row != nil {
							got = row
						}
					}
				}
				r.Close()
				if !equalValues(got, lookupValue(k)) {
					errs <- fmt.Errorf("key %d: got %#v", k, got)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
