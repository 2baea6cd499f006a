package commit

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Two committers racing on one table both succeed: their snapshots get
// consecutive ids and no file is lost.
func TestConcurrentCommitters(t *testing.T) {
	tbl, wh := copyFixture(t, pkDV)
	before := live(t, tbl)
	prev := latest(t, tbl)
	src := anyFile(t, before, nil)
	const users, commits = 2, 10
	added := make([][]spec.ManifestEntry, users)
	for u := range users {
		for i := range commits {
			added[u] = append(added[u], copyDataFile(t, tbl, src, fileName(fmt.Sprintf("data-go-u%d", u), i)))
		}
	}

	// Each committer opens the table on its own, as separate jobs do.
	cs := make([]*Committer, users)
	for u := range users {
		cs[u] = committer(t, openTable(t, wh, pkDV), fmt.Sprintf("user-%d", u), nil)
	}
	var wg sync.WaitGroup
	errs := make([]error, users)
	for u, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, e := range added[u] {
				if _, err := c.Commit(context.Background(), Request{Identifier: int64(i + 1), Append: Changes{Files: []spec.ManifestEntry{e}}}); err != nil {
					errs[u] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	ids, err := tbl.Snapshots.IDs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if last := ids[len(ids)-1]; last != prev.ID+users*commits || len(ids) != int(last-ids[0]+1) {
		t.Fatalf("snapshot ids %v, want consecutive up to %d", ids, prev.ID+users*commits)
	}
	perUser := map[string]int{}
	for id := prev.ID + 1; id <= prev.ID+users*commits; id++ {
		s, err := tbl.Snapshots.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		perUser[s.CommitUser]++
		if *s.TotalRecordCount != *prev.TotalRecordCount+(id-prev.ID)*src.entry.File.RowCount {
			t.Fatalf("snapshot %d total %d", id, *s.TotalRecordCount)
		}
	}
	if perUser["user-0"] != commits || perUser["user-1"] != commits {
		t.Fatalf("snapshots per user: %v", perUser)
	}
	after := live(t, tbl)
	if len(after) != len(before)+users*commits {
		t.Fatalf("%d live files, want %d", len(after), len(before)+users*commits)
	}
	for u := range users {
		for _, e := range added[u] {
			if _, ok := after[e.File.FileName]; !ok {
				t.Fatalf("lost %s", e.File.FileName)
			}
		}
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans after races: %v", orphans)
	}
	// Every attempt writes a base and a delta list.
	for u, c := range cs {
		t.Logf("user-%d: %d lost races", u, c.names.list.Load()/2-commits)
	}
}
