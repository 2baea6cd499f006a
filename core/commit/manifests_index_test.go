package commit

import (
	"fmt"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

func indexEntry(kind spec.FileKind, bucket int32, typ, name string, dvFiles ...string) spec.IndexManifestEntry {
	e := spec.IndexManifestEntry{Kind: kind, Partition: binrow.Empty(), Bucket: bucket, IndexType: typ, FileName: name}
	for _, f := range dvFiles {
		e.DVRanges = append(e.DVRanges, spec.DeletionVectorRange{DataFileName: f})
	}
	return e
}

func indexNames(entries []spec.IndexManifestEntry) string {
	var names []string
	for _, e := range entries {
		names = append(names, e.FileName)
	}
	return fmt.Sprint(names)
}

// Bucketed tables keep one deletion-vector and one hash file per bucket: an
// ADD replaces the bucket's file, a DELETE removes it.
func TestCombineIndexBucketed(t *testing.T) {
	prev := []spec.IndexManifestEntry{
		indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-0"),
		indexEntry(spec.FileAdd, 1, scan.IndexDeletionVectors, "dv-1"),
		indexEntry(spec.FileAdd, 0, scan.IndexHash, "hash-0"),
	}
	got, err := combineIndex(prev, []spec.IndexManifestEntry{
		indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-0b"),
		indexEntry(spec.FileDelete, 0, scan.IndexDeletionVectors, "dv-0"),
		indexEntry(spec.FileDelete, 1, scan.IndexDeletionVectors, "dv-1"),
		indexEntry(spec.FileAdd, 1, scan.IndexHash, "hash-1"),
	}, false)
	if err != nil || indexNames(got) != "[hash-0 dv-0b hash-1]" {
		t.Fatalf("got %s, %v", indexNames(got), err)
	}
}

// Bucket-unaware tables key deletion-vector files by name, and a data file
// has at most one live deletion vector.
func TestCombineIndexUnaware(t *testing.T) {
	prev := []spec.IndexManifestEntry{indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-a", "f1", "f2")}
	got, err := combineIndex(prev, []spec.IndexManifestEntry{indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-b", "f3")}, true)
	if err != nil || indexNames(got) != "[dv-a dv-b]" {
		t.Fatalf("got %s, %v", indexNames(got), err)
	}
	if _, err := combineIndex(prev, []spec.IndexManifestEntry{indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-c", "f2")}, true); err == nil {
		t.Fatal("a second deletion vector for f2 was accepted")
	}
	got, err = combineIndex(prev, []spec.IndexManifestEntry{
		indexEntry(spec.FileDelete, 0, scan.IndexDeletionVectors, "dv-a", "f1", "f2"),
		indexEntry(spec.FileAdd, 0, scan.IndexDeletionVectors, "dv-c", "f2"),
	}, true)
	if err != nil || indexNames(got) != "[dv-c]" {
		t.Fatalf("replacing dv-a: %s, %v", indexNames(got), err)
	}
	if _, err := combineIndex(prev, []spec.IndexManifestEntry{indexEntry(spec.FileDelete, 0, scan.IndexDeletionVectors, "dv-x", "f9")}, true); err == nil {
		t.Fatal("deleting a missing index file was accepted")
	}
}

// A global index file may not overlap a retained file of the same field.
func TestCombineIndexGlobalRanges(t *testing.T) {
	global := func(kind spec.FileKind, name string, field int32, from, to int64) spec.IndexManifestEntry {
		e := indexEntry(kind, 0, "bitmap", name)
		e.GlobalIndex = &spec.GlobalIndexMeta{IndexFieldID: field, RowRangeStart: from, RowRangeEnd: to}
		return e
	}
	prev := []spec.IndexManifestEntry{global(spec.FileAdd, "g1", 0, 0, 9)}
	if _, err := combineIndex(prev, []spec.IndexManifestEntry{global(spec.FileAdd, "g2", 0, 5, 15)}, false); err == nil {
		t.Fatal("overlapping global index accepted")
	}
	got, err := combineIndex(prev, []spec.IndexManifestEntry{global(spec.FileAdd, "g2", 1, 5, 15), global(spec.FileAdd, "g3", 0, 10, 19)}, false)
	if err != nil || indexNames(got) != "[g1 g2 g3]" {
		t.Fatalf("got %s, %v", indexNames(got), err)
	}
	got, err = combineIndex(prev, []spec.IndexManifestEntry{global(spec.FileDelete, "g1", 0, 0, 9), global(spec.FileAdd, "g4", 0, 0, 19)}, false)
	if err != nil || indexNames(got) != "[g4]" {
		t.Fatalf("got %s, %v", indexNames(got), err)
	}
}
