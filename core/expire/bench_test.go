package expire

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Benchmark table: benchSnapshots snapshots of benchFilesPer new (empty)
// data files each, spread over benchBuckets buckets; every even snapshot
// also deletes the files of the one before, as a compaction would. A tag on
// the middle snapshot makes the run build a skipper of ~25,000 files.
const (
	benchSnapshots = 1000
	benchFilesPer  = 100
	benchBuckets   = 16
)

// genTable writes the benchmark table directly with core/manifest and
// snapshot.Marshal: one delta manifest per snapshot, base lists that carry
// the previous base and delta manifests over (docs/design/format.md §4.8).
func genTable(b *testing.B, wh string) *table.Table {
	b.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, wh)
	if err != nil {
		b.Fatal(err)
	}
	root := "bench.db/t"
	ns := schema.NewSchema{
		Fields:  []types.DataField{{Name: "id", Type: types.New(types.BigInt)}, {Name: "v", Type: types.NewString()}},
		Options: map[string]string{"bucket": strconv.Itoa(benchBuckets), "bucket-key": "id"},
	}
	if _, err := schema.NewManager(fsys, root).Create(ctx, ns); err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(wh, filepath.FromSlash(root))
	for i := range benchBuckets {
		if err := os.MkdirAll(filepath.Join(dir, fmt.Sprintf("bucket-%d", i)), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	for _, d := range []string{"manifest", "snapshot", "tag"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	writeFile := func(rel string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, rel), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	writeList := func(name string, metas []spec.ManifestFileMeta) int64 {
		var buf bytes.Buffer
		if err := manifest.WriteManifestList(&buf, metas); err != nil {
			b.Fatal(err)
		}
		writeFile("manifest/"+name, buf.Bytes())
		return int64(buf.Len())
	}
	var base []spec.ManifestFileMeta
	var prevAdds []spec.ManifestEntry
	var tagData []byte
	now := time.Now().Add(-24 * time.Hour).UnixMilli()
	for id := int64(1); id <= benchSnapshots; id++ {
		var entries []spec.ManifestEntry
		if id%2 == 0 {
			for _, a := range prevAdds {
				a.Kind = spec.FileDelete
				entries = append(entries, a)
			}
		}
		prevAdds = prevAdds[:0]
		for j := range benchFilesPer {
			name := fmt.Sprintf("data-%d-%d.parquet", id, j)
			bucket := int32(j % benchBuckets)
			writeFile(fmt.Sprintf("bucket-%d/%s", bucket, name), nil)
			e := spec.ManifestEntry{Kind: spec.FileAdd, Bucket: bucket, TotalBuckets: benchBuckets,
				File: spec.DataFileMeta{FileName: name, FileSize: 1000, RowCount: 10, ExtraFiles: []string{}}}
			entries = append(entries, e)
			prevAdds = append(prevAdds, e)
		}
		var buf bytes.Buffer
		if err := manifest.WriteManifest(&buf, entries); err != nil {
			b.Fatal(err)
		}
		mname := fmt.Sprintf("manifest-bench-%d", id)
		writeFile("manifest/"+mname, buf.Bytes())
		delta := []spec.ManifestFileMeta{{FileName: mname, FileSize: int64(buf.Len()), NumAddedFiles: benchFilesPer}}
		baseName, deltaName := fmt.Sprintf("manifest-list-bench-%d-0", id), fmt.Sprintf("manifest-list-bench-%d-1", id)
		baseSize, deltaSize := writeList(baseName, base), writeList(deltaName, delta)
		base = append(base, delta...)
		s := &spec.Snapshot{Version: 3, ID: id, BaseManifestList: baseName, BaseManifestListSize: &baseSize,
			DeltaManifestList: deltaName, DeltaManifestListSize: &deltaSize, CommitUser: "bench",
			CommitIdentifier: id, CommitKind: spec.KindAppend, TimeMillis: now + id}
		data, err := spec.MarshalSnapshot(s)
		if err != nil {
			b.Fatal(err)
		}
		writeFile(fmt.Sprintf("snapshot/snapshot-%d", id), data)
		if id == benchSnapshots/2 {
			tagData = data
		}
	}
	writeFile("tag/tag-middle", tagData)
	writeFile("snapshot/EARLIEST", []byte("1"))
	writeFile("snapshot/LATEST", []byte(strconv.Itoa(benchSnapshots)))
	tbl, err := table.Open(ctx, fsys, "bench", "t", "")
	if err != nil {
		b.Fatal(err)
	}
	// Write the generated files back now, so that the timed run does not
	// compete with their writeback.
	syscall.Sync()
	return tbl
}

// measure runs fn and returns the peak of the live heap, sampled, and the
// CPU time (user + system) the process spent: on a shared machine, wall
// time says more about the neighbours than about the code.
func measure(fn func()) (peak uint64, cpu time.Duration) {
	var max atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > max.Load() {
				max.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	before := cpuTime()
	fn()
	cpu = cpuTime() - before
	close(done)
	wg.Wait()
	return max.Load(), cpu
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// report adds the measures every benchmark here shows.
func report(b *testing.B, peak uint64, cpu time.Duration, files int) {
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(cpu.Seconds(), "cpu-s")
	b.ReportMetric(float64(files), "files")
}

func vmHWM() string {
	data, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	return "?"
}

// BenchmarkExpire expires all but the latest snapshot of the generated
// table: ~50,000 data files, ~3,000 metadata files, 999 snapshot files.
// Run with -benchtime=1x: every iteration generates its table first.
func BenchmarkExpire(b *testing.B) {
	ctx := context.Background()
	for range b.N {
		b.StopTimer()
		tbl := genTable(b, b.TempDir())
		runtime.GC()
		b.StartTimer()
		var res Result
		var err error
		peak, cpu := measure(func() {
			cfg, _ := NewConfig(nil, keepLast(1))
			cfg.MaxDeletes = benchSnapshots
			res, err = Expire(ctx, tbl, cfg, false)
		})
		b.StopTimer()
		if err != nil || res.Expired != benchSnapshots-1 {
			b.Fatalf("%+v %v", res.Deleted, err)
		}
		report(b, peak, cpu, res.Files())
		b.Logf("deleted %v; VmHWM %s", res.Deleted, vmHWM())
	}
}

// BenchmarkBaseline does the least work that deletes the same files: it
// decodes the same manifest lists and delta manifests the run reads
// (planned by an untimed dry run) and deletes the same paths in one loop.
func BenchmarkBaseline(b *testing.B) {
	ctx := context.Background()
	for range b.N {
		b.StopTimer()
		tbl := genTable(b, b.TempDir())
		cfg, _ := NewConfig(nil, keepLast(1))
		cfg.MaxDeletes = benchSnapshots
		dry, err := Expire(ctx, tbl, cfg, true)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		b.StartTimer()
		peak, cpu := measure(func() {
			for id := int64(1); id <= benchSnapshots; id++ {
				s, err := tbl.Snapshots.Snapshot(ctx, id)
				if err != nil {
					b.Fatal(err)
				}
				for _, l := range []string{s.BaseManifestList, s.DeltaManifestList} {
					data, err := tbl.FS.ReadFile(ctx, tbl.ManifestPath(l))
					if err != nil {
						b.Fatal(err)
					}
					metas, err := manifest.ReadManifestList(bytes.NewReader(data))
					if err != nil {
						b.Fatal(err)
					}
					if l != s.DeltaManifestList {
						continue
					}
					for _, m := range metas {
						data, err := tbl.FS.ReadFile(ctx, tbl.ManifestPath(m.FileName))
						if err != nil {
							b.Fatal(err)
						}
						if err := manifest.EachManifestEntry(bytes.NewReader(data), func(spec.ManifestEntry) error { return nil }); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			for _, d := range dry.Paths {
				if err := tbl.FS.Delete(ctx, d.Path); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.StopTimer()
		report(b, peak, cpu, len(dry.Paths))
	}
}
