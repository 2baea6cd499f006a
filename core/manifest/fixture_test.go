package manifest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

const fixtures = "../../testdata/java-written"

func fixtureTables(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(fixtures, "*.db"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixture tables in %s (committed in testdata/java-written): %v", fixtures, err)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, strings.TrimSuffix(filepath.Base(d), ".db"))
	}
	return names
}

func tableDir(name string) string { return filepath.Join(fixtures, name+".db", name) }

func openFile(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func readList(t *testing.T, table, name string) []spec.ManifestFileMeta {
	t.Helper()
	metas, err := ReadManifestList(openFile(t, filepath.Join(tableDir(table), "manifest", name)))
	if err != nil {
		t.Fatalf("%s/%s: %v", table, name, err)
	}
	return metas
}

func readEntries(t *testing.T, table, name string) []spec.ManifestEntry {
	t.Helper()
	entries, err := ReadManifest(openFile(t, filepath.Join(tableDir(table), "manifest", name)))
	if err != nil {
		t.Fatalf("%s/%s: %v", table, name, err)
	}
	return entries
}

func readIndex(t *testing.T, table, name string) []spec.IndexManifestEntry {
	t.Helper()
	entries, err := ReadIndexManifest(openFile(t, filepath.Join(tableDir(table), "manifest", name)))
	if err != nil {
		t.Fatalf("%s/%s: %v", table, name, err)
	}
	return entries
}

// snapshot holds the few snapshot JSON fields the tests need.
type snapshot struct {
	ID               int64   `json:"id"`
	BaseManifestList string  `json:"baseManifestList"`
	DeltaManifest    string  `json:"deltaManifestList"`
	IndexManifest    *string `json:"indexManifest"`
	TotalRecordCount int64   `json:"totalRecordCount"`
}

func snapshots(t *testing.T, table string) []snapshot {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(tableDir(table), "snapshot", "snapshot-*"))
	var out []snapshot
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s snapshot
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no snapshots", table)
	}
	return out
}

// liveFiles merges base then delta manifests of a snapshot (§4.7).
func liveFiles(t *testing.T, table string, s snapshot) []spec.ManifestEntry {
	t.Helper()
	var all []spec.ManifestEntry
	for _, list := range []string{s.BaseManifestList, s.DeltaManifest} {
		for _, m := range readList(t, table, list) {
			all = append(all, readEntries(t, table, m.FileName)...)
		}
	}
	live, err := MergeEntries(all)
	if err != nil {
		t.Fatalf("%s snapshot %d: %v", table, s.ID, err)
	}
	return live
}

// filesUnder maps each file name below dir to its path.
func filesUnder(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out[d.Name()] = p
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// Every manifest file of every fixture decodes; referenced files exist with
// the recorded size and the recorded add/delete counts are right.
func TestReadEveryFixtureFile(t *testing.T) {
	for _, table := range fixtureTables(t) {
		t.Run(table, func(t *testing.T) {
			files := filesUnder(t, tableDir(table))
			names, _ := filepath.Glob(filepath.Join(tableDir(table), "manifest", "*"))
			for _, path := range names {
				name := filepath.Base(path)
				switch {
				case strings.HasPrefix(name, "manifest-list-"):
					for _, m := range readList(t, table, name) {
						if got := fileSize(t, filepath.Join(tableDir(table), "manifest", m.FileName)); got != m.FileSize {
							t.Errorf("%s: size %d, list says %d", m.FileName, got, m.FileSize)
						}
						var adds, dels int64
						for _, e := range readEntries(t, table, m.FileName) {
							if e.Kind == spec.FileAdd {
								adds++
							} else {
								dels++
							}
						}
						if adds != m.NumAddedFiles || dels != m.NumDeletedFiles {
							t.Errorf("%s: +%d -%d, list says +%d -%d", m.FileName, adds, dels, m.NumAddedFiles, m.NumDeletedFiles)
						}
					}
				case strings.HasPrefix(name, "index-manifest-"):
					for _, e := range readIndex(t, table, name) {
						p, ok := files[e.FileName]
						if !ok {
							t.Errorf("index file %s missing", e.FileName)
							continue
						}
						if got := fileSize(t, p); got != e.FileSize {
							t.Errorf("%s: size %d, manifest says %d", e.FileName, got, e.FileSize)
						}
						if e.IndexType == "DELETION_VECTORS" && int64(len(e.DVRanges)) != e.RowCount {
							t.Errorf("%s: %d ranges, row count %d", e.FileName, len(e.DVRanges), e.RowCount)
						}
					}
				default:
					for _, e := range readEntries(t, table, name) {
						if e.File.FileName == "" || e.File.RowCount <= 0 {
							t.Errorf("%s: bad entry %+v", name, e)
						}
					}
				}
			}
		})
	}
}

// Merging base + delta of each snapshot leaves only ADD entries whose row
// counts add up to the snapshot's totalRecordCount; the latest snapshot's
// files exist in their partition/bucket directory with the recorded size.
func TestSnapshotsMergeToLiveFiles(t *testing.T) {
	for _, table := range fixtureTables(t) {
		t.Run(table, func(t *testing.T) {
			files := filesUnder(t, tableDir(table))
			snaps := snapshots(t, table)
			latest := snaps[0]
			for _, s := range snaps {
				if s.ID > latest.ID {
					latest = s
				}
				var rows int64
				for _, e := range liveFiles(t, table, s) {
					if e.Kind != spec.FileAdd {
						t.Errorf("snapshot %d: unmatched DELETE of %s", s.ID, e.File.FileName)
					}
					rows += e.File.RowCount
				}
				if rows != s.TotalRecordCount {
					t.Errorf("snapshot %d: live rows %d, totalRecordCount %d", s.ID, rows, s.TotalRecordCount)
				}
			}
			for _, e := range liveFiles(t, table, latest) {
				p, ok := files[e.File.FileName]
				if !ok {
					t.Errorf("live file %s missing", e.File.FileName)
					continue
				}
				if want := "bucket-" + itoa(e.Bucket); filepath.Base(filepath.Dir(p)) != want {
					t.Errorf("%s is in %s, entry says %s", e.File.FileName, filepath.Dir(p), want)
				}
				if got := fileSize(t, p); got != e.File.FileSize {
					t.Errorf("%s: size %d, manifest says %d", e.File.FileName, got, e.File.FileSize)
				}
				for _, extra := range e.File.ExtraFiles {
					if _, ok := files[extra]; !ok {
						t.Errorf("extra file %s missing", extra)
					}
				}
			}
		})
	}
}
