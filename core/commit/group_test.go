package commit

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Many concurrent Shared calls on one table all succeed, with every
// file live once, in at most one snapshot each.
func TestSharedMergesConcurrentAppends(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	before := live(t, tbl)
	prev := latest(t, tbl)
	src := anyFile(t, before, nil)
	opts, err := tbl.Options(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const callers = 24
	var wg sync.WaitGroup
	errs := make([]error, callers)
	added := make([]spec.ManifestEntry, callers)
	for i := range added {
		added[i] = copyDataFile(t, tbl, src, fileName("data-go-shared", i))
	}
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cm := appendCommit(added[i])
			cm.SchemaID = prev.SchemaID
			_, errs[i] = Shared(ctx, tbl, opts, cm)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	now := live(t, tbl)
	if len(now) != len(before)+callers {
		t.Fatalf("%d live files, want %d", len(now), len(before)+callers)
	}
	for i := range added {
		if _, ok := now[fileName("data-go-shared", i)]; !ok {
			t.Errorf("file %d is not live", i)
		}
	}
	ids := snapshotIDs(t, tbl)
	if n := ids[len(ids)-1] - prev.ID; n < 1 || n > callers {
		t.Fatalf("%d snapshots for %d commits", n, callers)
	}
	t.Logf("%d commits in %d snapshots", callers, ids[len(ids)-1]-prev.ID)
	checkIntegrity(t, tbl)
}

func TestMergeable(t *testing.T) {
	add := spec.ManifestEntry{Kind: spec.FileAdd}
	del := spec.ManifestEntry{Kind: spec.FileDelete}
	wm := int64(1)
	for _, tc := range []struct {
		cm   Request
		want bool
	}{
		{appendCommit(add), true},
		{Request{Identifier: BatchIdentifier, Append: Changes{Files: []spec.ManifestEntry{add}, Changelog: []spec.ManifestEntry{add}}}, true},
		{appendCommit(add, del), false},
		{Request{Identifier: 7, Append: Changes{Files: []spec.ManifestEntry{add}}}, false},
		{Request{Identifier: BatchIdentifier, Append: Changes{Files: []spec.ManifestEntry{add}}, Overwrite: &Overwrite{}}, false},
		{Request{Identifier: BatchIdentifier, Compact: Changes{Files: []spec.ManifestEntry{add}}}, false},
		// Compaction on write: the APPEND joins the group, the COMPACT follows.
		{Request{Identifier: BatchIdentifier, Append: Changes{Files: []spec.ManifestEntry{add}}, Compact: Changes{Files: []spec.ManifestEntry{del, add}}}, true},
		{Request{Identifier: BatchIdentifier, Append: Changes{Index: []spec.IndexManifestEntry{{Kind: spec.FileAdd}}}}, false},
		{Request{Identifier: BatchIdentifier, Append: Changes{Files: []spec.ManifestEntry{add}}, CheckAppendConflicts: true}, false},
		{Request{Identifier: BatchIdentifier, Append: Changes{Files: []spec.ManifestEntry{add}}, Watermark: &wm}, false},
	} {
		if got := mergeable(tc.cm); got != tc.want {
			t.Errorf("%s: mergeable = %v", fmt.Sprintf("%+v", tc.cm), got)
		}
	}
}
