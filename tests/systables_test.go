package tests

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestSnapshotsSystemTableMatchesSnapshotFiles(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		t.Run(name, func(t *testing.T) {
			var want [][]string
			for _, s := range snapshots(t, tableDir(e.dir, name)) {
				want = append(want, []string{
					fmt.Sprint(s.ID), fmt.Sprint(s.SchemaID), s.CommitUser, fmt.Sprint(s.CommitIdentifier), s.CommitKind,
					millisText(s.TimeMillis, time.UTC), s.BaseManifestList, s.DeltaManifestList, nullStr(s.ChangelogManifestList),
					nullInt(s.TotalRecordCount), nullInt(s.DeltaRecordCount), nullInt(s.ChangelogRecordCount),
					nullInt(s.Watermark), nullInt(s.NextRowID),
				})
			}
			res := mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM `%s`.`%s$snapshots`", name, name))
			wantCols(t, "$snapshots", res, "snapshot_id", "schema_id", "commit_user", "commit_identifier", "commit_kind",
				"commit_time", "base_manifest_list", "delta_manifest_list", "changelog_manifest_list", "total_record_count",
				"delta_record_count", "changelog_record_count", "watermark", "next_row_id")
			sameRows(t, name+"$snapshots", res.rows, want)
		})
	}
}

// jsonEqual compares two JSON texts as values.
func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		t.Errorf("not JSON: %q: %v", a, err)
		return false
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		t.Errorf("not JSON: %q: %v", b, err)
		return false
	}
	return reflect.DeepEqual(va, vb)
}

func TestSchemasSystemTableMatchesSchemaFiles(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_table_with_mor", "append_table_alter_table_with_cast", "pk_09", "append_complex_build_in_fieldid"} {
		t.Run(name, func(t *testing.T) {
			files := schemas(t, tableDir(e.dir, name))
			res := mustQuery(t, e.db, fmt.Sprintf("SELECT schema_id, fields, partition_keys, primary_keys, options, comment, update_time FROM `%s`.`%s$schemas` ORDER BY schema_id", name, name))
			if len(res.rows) != len(files) {
				t.Fatalf("%d rows, %d schema files", len(res.rows), len(files))
			}
			for i, s := range files {
				row := res.rows[i]
				keys := func(k []string) string {
					if k == nil {
						k = []string{}
					}
					b, _ := json.Marshal(k)
					return string(b)
				}
				opts, _ := json.Marshal(s.Options)
				if row[0] != fmt.Sprint(s.ID) {
					t.Errorf("row %d schema_id %s, want %d", i, row[0], s.ID)
				}
				if !jsonEqual(t, row[1], string(s.RawFields)) {
					t.Errorf("schema %d fields %s, want %s", s.ID, row[1], s.RawFields)
				}
				if !jsonEqual(t, row[2], keys(s.PartitionKeys)) || !jsonEqual(t, row[3], keys(s.PrimaryKeys)) {
					t.Errorf("schema %d keys %s %s, want %v %v", s.ID, row[2], row[3], s.PartitionKeys, s.PrimaryKeys)
				}
				if !jsonEqual(t, row[4], string(opts)) {
					t.Errorf("schema %d options %s, want %s", s.ID, row[4], opts)
				}
				if row[5] != nullStr(s.Comment) {
					t.Errorf("schema %d comment %s", s.ID, row[5])
				}
				if norm(row[6]) != norm(millisText(s.TimeMillis, time.UTC)) {
					t.Errorf("schema %d update_time %s, want %s", s.ID, row[6], millisText(s.TimeMillis, time.UTC))
				}
			}
		})
	}
}

func TestOptionsSystemTableIsTheLatestSchemasOptions(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_table_with_mor", "append_table_with_append_pt_branch", "pk_09"} {
		sch := latestSchema(t, tableDir(e.dir, name))
		var want [][]string
		for k, v := range sch.Options {
			want = append(want, []string{k, v})
		}
		wantRows(t, e.db, want, fmt.Sprintf("SELECT `key`, `value` FROM `%s`.`%s$options`", name, name))
	}
}

func TestTagsSystemTableListsTagFiles(t *testing.T) {
	e := startServer(t, func(dir string) {
		root := tableDir(dir, "append_table_alter_table_with_cast")
		writeTag(t, root, "first", 1)
		writeTag(t, root, "second", 2)
	})
	root := tableDir(e.dir, "append_table_alter_table_with_cast")
	var want [][]string
	for _, tag := range []struct {
		name string
		id   int64
	}{{"first", 1}, {"second", 2}} {
		s := readSnapshotFile(t, filepath.Join(root, "tag", "tag-"+tag.name))
		want = append(want, []string{tag.name, fmt.Sprint(s.ID), fmt.Sprint(s.SchemaID), millisText(s.TimeMillis, time.UTC), nullInt(s.TotalRecordCount)})
	}
	wantRows(t, e.db, want, "SELECT tag_name, snapshot_id, schema_id, commit_time, record_count FROM append_table_alter_table_with_cast.`append_table_alter_table_with_cast$tags`")
	// A table without tags has none.
	wantRows(t, e.db, nil, "SELECT * FROM pk_09.`pk_09$tags`")
}

func TestConsumersSystemTableListsConsumerFiles(t *testing.T) {
	e := startServer(t, func(dir string) {
		c := filepath.Join(tableDir(dir, "pk_09"), "consumer")
		if err := os.MkdirAll(c, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(c, "consumer-x"), []byte(`{"nextSnapshot":2}`), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	wantRows(t, e.db, split("x|2"), "SELECT consumer_id, next_snapshot_id FROM pk_09.`pk_09$consumers`")
	wantRows(t, e.db, nil, "SELECT * FROM pk_with_bitmap_dv.`pk_with_bitmap_dv$consumers`")
}

func TestBranchesSystemTableListsBranchDirectories(t *testing.T) {
	e := startServer(t, nil)
	root := tableDir(e.dir, "append_table_with_append_pt_branch")
	entries, err := os.ReadDir(filepath.Join(root, "branch"))
	if err != nil {
		t.Fatal(err)
	}
	var want [][]string
	for _, d := range entries {
		if d.IsDir() && strings.HasPrefix(d.Name(), "branch-") {
			want = append(want, []string{strings.TrimPrefix(d.Name(), "branch-")})
		}
	}
	if len(want) != 1 || want[0][0] != "test" {
		t.Fatalf("fixture branches %v, README says one branch, test", want)
	}
	res := mustQuery(t, e.db, "SELECT branch_name, create_time FROM append_table_with_append_pt_branch.`append_table_with_append_pt_branch$branches`")
	if len(res.rows) != 1 {
		t.Fatalf("$branches: %v, want the one branch test", res.rows)
	}
	sameRows(t, "$branches", [][]string{{res.rows[0][0]}}, want)
	if res.rows[0][1] == "NULL" || res.rows[0][1] == "" {
		t.Errorf("branch create_time is empty")
	}
	wantRows(t, e.db, nil, "SELECT * FROM pk_09.`pk_09$branches`")
}

func TestManifestsSystemTableMatchesManifestLists(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_09", "pk_table_with_mor", "append_with_global_index"} {
		root := tableDir(e.dir, name)
		all := snapshots(t, root)
		for _, s := range all {
			var want [][]string
			for _, m := range snapshotManifests(t, root, s) {
				st, err := os.Stat(filepath.Join(root, "manifest", m.name))
				if err != nil {
					t.Fatal(err)
				}
				if st.Size() != m.size {
					t.Fatalf("%s: manifest list says %d bytes, file has %d", m.name, m.size, st.Size())
				}
				want = append(want, []string{m.name, fmt.Sprint(m.size), fmt.Sprint(m.added), fmt.Sprint(m.deleted), fmt.Sprint(m.sch)})
			}
			const cols = "file_name, file_size, num_added_files, num_deleted_files, schema_id"
			wantRows(t, e.db, want, fmt.Sprintf("SELECT %s FROM `%s`.`%s$manifests` AS OF %d", cols, name, name, s.ID))
			if s.ID == all[len(all)-1].ID {
				wantRows(t, e.db, want, fmt.Sprintf("SELECT %s FROM `%s`.`%s$manifests`", cols, name, name))
			}
		}
	}
}

// filesWant is $files as the manifests of snapshot s describe it.
func filesWant(t *testing.T, root string, s snapshotFile) ([][]string, []dataFile) {
	t.Helper()
	files := liveFiles(t, root, s)
	var want [][]string
	for _, f := range files {
		if f.path == "" {
			t.Fatalf("live file %s is not in the table directory", f.name)
		}
		st, err := os.Stat(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() != f.size {
			t.Fatalf("%s: manifest says %d bytes, file has %d", f.name, f.size, st.Size())
		}
		want = append(want, []string{partitionValues(partitionDir(t, root, f.path)), fmt.Sprint(f.bucket), f.name,
			strings.TrimPrefix(filepath.Ext(f.name), "."), fmt.Sprint(f.schemaID), fmt.Sprint(f.level), fmt.Sprint(f.rows),
			fmt.Sprint(f.size), fmt.Sprint(f.minSeq), fmt.Sprint(f.maxSeq)})
	}
	return want, files
}

func TestFilesSystemTableMatchesManifestsAtEverySnapshot(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_09", "pk_table_with_mor", "pk_dv_index_in_data_no_external", "append_table_alter_table_with_cast"} {
		root := tableDir(e.dir, name)
		all := snapshots(t, root)
		for _, s := range all {
			t.Run(fmt.Sprintf("%s@%d", name, s.ID), func(t *testing.T) {
				want, files := filesWant(t, root, s)
				q := fmt.Sprintf("SELECT `partition`, bucket, file_path, file_format, schema_id, level, record_count, "+
					"file_size_in_bytes, min_sequence_number, max_sequence_number FROM `%s`.`%s$files` AS OF %d", name, name, s.ID)
				res := mustQuery(t, e.db, q)
				// file_path names the file under the warehouse; compare its
				// base name, and check the path leads to the file.
				byName := map[string]string{}
				for _, f := range files {
					rel, _ := filepath.Rel(e.dir, f.path)
					byName[f.name] = filepath.ToSlash(rel)
				}
				got := make([][]string, len(res.rows))
				for i, r := range res.rows {
					got[i] = append([]string{}, r...)
					base := r[2][strings.LastIndex(r[2], "/")+1:]
					if rel, ok := byName[base]; ok && !strings.HasSuffix(r[2], rel) {
						t.Errorf("file_path %s does not lead to %s", r[2], rel)
					}
					got[i][2] = base
				}
				sameRows(t, q, got, want)
				if s.ID == all[len(all)-1].ID {
					latest := mustQuery(t, e.db, strings.Replace(q, fmt.Sprintf(" AS OF %d", s.ID), "", 1))
					if len(latest.rows) != len(res.rows) {
						t.Errorf("$files without AS OF: %d rows, AS OF latest %d", len(latest.rows), len(res.rows))
					}
				}
			})
		}
	}
}

func TestPartitionsAndBucketsSystemTablesSumTheLiveFiles(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_09", "pk_table_with_mor", "append_table_alter_table_with_cast", "pk_with_bitmap_dv"} {
		t.Run(name, func(t *testing.T) {
			root := tableDir(e.dir, name)
			all := snapshots(t, root)
			files := liveFiles(t, root, all[len(all)-1])
			type agg struct{ rows, size, count int64 }
			parts, buckets := map[string]*agg{}, map[string]*agg{}
			add := func(m map[string]*agg, k string, f dataFile) {
				a, ok := m[k]
				if !ok {
					a = &agg{}
					m[k] = a
				}
				a.rows += f.rows
				a.size += f.size
				a.count++
			}
			for _, f := range files {
				dir := partitionDir(t, root, f.path)
				add(parts, dir, f)
				add(buckets, partitionValues(dir)+"|"+fmt.Sprint(f.bucket), f)
			}
			var wantParts, wantBuckets [][]string
			sch := latestSchema(t, root)
			for k, a := range parts {
				if len(sch.PartitionKeys) == 0 {
					k = "" // Java shows an unpartitioned table's partition as empty
				}
				wantParts = append(wantParts, []string{k, fmt.Sprint(a.rows), fmt.Sprint(a.size), fmt.Sprint(a.count)})
			}
			for k, a := range buckets {
				wantBuckets = append(wantBuckets, append(strings.Split(k, "|"), fmt.Sprint(a.rows), fmt.Sprint(a.size), fmt.Sprint(a.count)))
			}
			if len(sch.PartitionKeys) > 0 {
				wantRows(t, e.db, wantParts, fmt.Sprintf("SELECT `partition`, record_count, file_size_in_bytes, file_count FROM `%s`.`%s$partitions`", name, name))
			}
			wantRows(t, e.db, wantBuckets, fmt.Sprintf("SELECT `partition`, bucket, record_count, file_size_in_bytes, file_count FROM `%s`.`%s$buckets`", name, name))
		})
	}
}

func TestTableIndexesSystemTableMatchesIndexManifest(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range []string{"pk_09", "pk_dv_index_not_in_data_no_external", "pk_dv_index_in_data_no_external", "pk_table_with_dv_cardinality", "pk_with_bitmap_dv"} {
		t.Run(name, func(t *testing.T) {
			root := tableDir(e.dir, name)
			all := snapshots(t, root)
			latest := all[len(all)-1]
			if latest.IndexManifest == nil {
				t.Fatalf("the fixture's latest snapshot has no index manifest")
			}
			located := locateFiles(t, root)
			var want [][]string
			for _, ie := range indexManifest(t, root, *latest.IndexManifest) {
				p, ok := located[ie.name]
				if !ok {
					t.Fatalf("index file %s not found", ie.name)
				}
				st, err := os.Stat(p)
				if err != nil || st.Size() != ie.size {
					t.Fatalf("index file %s: %v, size %d, manifest says %d", ie.name, err, st.Size(), ie.size)
				}
				want = append(want, []string{fmt.Sprint(ie.bucket), ie.indexType, ie.name, fmt.Sprint(ie.size), fmt.Sprint(ie.rows)})
			}
			sort.Slice(want, func(i, j int) bool { return want[i][2] < want[j][2] })
			wantRows(t, e.db, want, fmt.Sprintf("SELECT bucket, index_type, file_name, file_size, row_count FROM `%s`.`%s$table_indexes`", name, name))
		})
	}
}

func TestSystemTableOfUnknownNameIsTableNotFound(t *testing.T) {
	e := startServer(t, nil)
	err := queryErr(t, e.db, "SELECT * FROM pk_09.`pk_09$nosuch`")
	if n := mysqlErrNumber(err); n != 1146 {
		t.Errorf("error %v: number %d, want 1146", err, n)
	}
}

func TestJoinOfTableWithItsSnapshots(t *testing.T) {
	// Keys of pk_with_bitmap_dv (1,2,3,5,6,7 after the deletes) joined with
	// its snapshot ids (1..4 from the snapshot files).
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_with_bitmap_dv")
	ids := map[string]snapshotFile{}
	for _, s := range snapshots(t, root) {
		ids[fmt.Sprint(s.ID)] = s
	}
	var want [][]string
	for _, r := range split(bitmapDVLatestRows...) {
		if s, ok := ids[r[0]]; ok {
			want = append(want, []string{r[0], r[1], s.CommitKind})
		}
	}
	if len(want) == 0 {
		t.Fatal("the join is empty by construction")
	}
	wantRows(t, e.db, want, "SELECT t.`key`, t.f0, s.commit_kind FROM pk_with_bitmap_dv.pk_with_bitmap_dv t "+
		"JOIN pk_with_bitmap_dv.`pk_with_bitmap_dv$snapshots` s ON s.snapshot_id = t.`key`")
	// And the total of rows per snapshot kind, across a cross join.
	res := mustQuery(t, e.db, "SELECT COUNT(*) FROM pk_with_bitmap_dv.pk_with_bitmap_dv t CROSS JOIN pk_with_bitmap_dv.`pk_with_bitmap_dv$snapshots` s")
	if res.rows[0][0] != fmt.Sprint(len(bitmapDVLatestRows)*len(ids)) {
		t.Errorf("cross join COUNT(*) = %s, want %d", res.rows[0][0], len(bitmapDVLatestRows)*len(ids))
	}
}

func TestUnquotedDollarSystemTableNameWorksThroughParser(t *testing.T) {
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_09")
	var want [][]string
	for _, s := range snapshots(t, root) {
		want = append(want, []string{fmt.Sprint(s.ID), s.CommitKind})
	}
	wantRows(t, e.db, want, "SELECT snapshot_id, commit_kind FROM pk_09.pk_09$snapshots")
	wantRows(t, e.db, want, "select snapshot_id, commit_kind from pk_09.pk_09$snapshots where snapshot_id > 0")
	// A string with a $ stays a string.
	wantRows(t, e.db, split("a$b"), "SELECT 'a$b' FROM pk_09.pk_09$snapshots WHERE snapshot_id = 1")
}
