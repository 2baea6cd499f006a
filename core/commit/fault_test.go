package commit

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// faultRun commits one new file through a file system failing per plan,
// then checks what is on disk with a healthy one: either the commit is
// there completely or not at all, no snapshot references a missing file,
// and committing again (after asking what is committed already, as a
// restarted job does) ends with the file live exactly once. It returns
// the orphaned metadata files, whether the faulty run got as far as
// committing, and the Commit error.
func faultRun(t *testing.T, plan fsfault.Plan) (orphans []string, ran bool, commitErr error) {
	t.Helper()
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	before := live(t, tbl)
	prev := latest(t, tbl)
	added := copyDataFile(t, tbl, anyFile(t, before, nil), "data-go-fault-0.parquet")
	cm := Request{Identifier: 1, Append: Changes{Files: []spec.ManifestEntry{added}}}
	fast := map[string]string{"commit.min-retry-wait": "1 ms", "commit.max-retry-wait": "5 ms"}

	faulty, faults := fsfault.New(tbl.FS, plan)
	if ftbl, err := table.Open(ctx, faulty, pkDV, pkDV, ""); err == nil {
		opts, err := ftbl.Options(ctx)
		if err == nil {
			for k, v := range fast {
				opts[k] = v
			}
			var c *Committer
			if c, err = New(ftbl, "faulty-user", opts); err == nil {
				ran = true
				_, commitErr = c.Commit(ctx, cm)
			}
		}
	}
	faults.Heal()

	check := reopen(t, tbl.FS, pkDV)
	orphans = checkIntegrity(t, check)
	now := live(t, check)
	cur := latest(t, check)
	switch cur.ID {
	case prev.ID:
		if commitErr == nil && ran {
			t.Fatal("Commit succeeded without a snapshot")
		}
		if len(now) != len(before) {
			t.Fatalf("no snapshot, but %d live files instead of %d", len(now), len(before))
		}
	case prev.ID + 1:
		if cur.CommitUser != "faulty-user" || cur.CommitIdentifier != 1 {
			t.Fatalf("unexpected snapshot %+v", cur)
		}
		if _, ok := now[added.File.FileName]; !ok || len(now) != len(before)+1 {
			t.Fatalf("snapshot %d does not hold old files plus the new one", cur.ID)
		}
	default:
		t.Fatalf("latest snapshot %d after one commit onto %d", cur.ID, prev.ID)
	}

	retry := committer(t, check, "faulty-user", fast)
	pending, err := retry.FilterCommitted(ctx, []int64{1})
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) == 1 {
		mustCommit(t, retry, cm)
	}
	final := reopen(t, tbl.FS, pkDV)
	if got := live(t, final); len(got) != len(before)+1 {
		t.Fatalf("after the retry %d live files, want %d", len(got), len(before)+1)
	}
	checkIntegrity(t, final)
	return orphans, ran, commitErr
}

// opsOfCommit counts the file operations of one clean commit.
func opsOfCommit(t *testing.T) int {
	t.Helper()
	var ops int
	t.Run("count", func(t *testing.T) {
		tbl, _ := copyFixture(t, pkDV)
		added := copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), "data-go-count-0.parquet")
		faulty, faults := fsfault.New(tbl.FS, fsfault.Plan{})
		mustCommit(t, committer(t, reopen(t, faulty, pkDV), "u", nil), appendCommit(added))
		ops = faults.Ops()
	})
	return ops
}

// A single failing operation anywhere in a commit — read, write, create,
// delete, hint — never corrupts the table, and leaves no orphan: a failed
// try removes its files, an uncertain snapshot creation is resolved.
func TestCommitSurvivesEveryFailure(t *testing.T) {
	total := opsOfCommit(t)
	if total < 10 {
		t.Fatalf("a commit took only %d operations", total)
	}
	for _, lost := range []bool{false, true} {
		for n := 1; n <= total+1; n++ {
			t.Run(fmt.Sprintf("lost=%v/op%d", lost, n), func(t *testing.T) {
				orphans, _, err := faultRun(t, fsfault.Plan{FailAt: n, Lost: lost})
				if len(orphans) > 0 {
					t.Fatalf("failure at op %d (commit error %v) left orphans %v", n, err, orphans)
				}
			})
		}
	}
}

// A crash (every operation from the n-th on fails) leaves the table intact,
// possibly with orphans, and a restarted job finishes the commit.
func TestCommitSurvivesCrash(t *testing.T) {
	total := opsOfCommit(t)
	for n := 1; n <= total+1; n++ {
		t.Run(fmt.Sprintf("op%d", n), func(t *testing.T) {
			// faultRun checks the table; the commit may fail or not.
			_, _, _ = faultRun(t, fsfault.Plan{FailAt: n, Stop: true})
		})
	}
}

// A flaky store failing operations at random.
func TestCommitOnFlakyStore(t *testing.T) {
	for seed := range int64(30) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			_, _, _ = faultRun(t, fsfault.Plan{Rate: 0.15, Seed: seed})
		})
	}
}

// A failed creation of snapshot-N is retried; when the creation did land
// and only its reply was lost, the retry finds the snapshot by commit user,
// identifier and kind instead of committing twice.
func TestUncertainCreateIsResolved(t *testing.T) {
	for _, lost := range []bool{false, true} {
		t.Run(fmt.Sprintf("lost=%v", lost), func(t *testing.T) {
			ctx := context.Background()
			tbl, _ := copyFixture(t, pkDV)
			prev := latest(t, tbl)
			added := copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), "data-go-unsure-0.parquet")
			faulty, faults := fsfault.New(tbl.FS, fsfault.Plan{Ops: fsfault.Create, FailAt: 1, Lost: lost})
			c := committer(t, reopen(t, faulty, pkDV), "unsure", nil)
			s, err := c.Commit(ctx, Request{Identifier: 42, Append: Changes{Files: []spec.ManifestEntry{added}}})
			if err != nil || faults.Injected() != 1 {
				t.Fatalf("commit: %v (%d faults)", err, faults.Injected())
			}
			check := reopen(t, tbl.FS, pkDV)
			if cur := latest(t, check); cur.ID != prev.ID+1 || s.ID != cur.ID || s.DeltaManifestList != cur.DeltaManifestList {
				t.Fatalf("want exactly one new snapshot, latest %d, returned %+v", cur.ID, s)
			}
			if orphans := checkIntegrity(t, check); len(orphans) > 0 {
				t.Fatalf("orphans: %v", orphans)
			}
			if pending, err := c.FilterCommitted(ctx, []int64{41, 42, 43}); err != nil || fmt.Sprint(pending) != "[43]" {
				t.Fatalf("FilterCommitted = %v, %v", pending, err)
			}
		})
	}
}

// A store client that retries the creation of snapshot-N after a lost
// reply finds the file its own first try created, and reports that it
// exists (an S3 PUT with If-None-Match retried by the SDK: 412). That is
// not a lost race: the snapshot is this commit's, and its manifests must
// stay. The commit deleted them, leaving a latest snapshot that names
// missing files (every later read and commit of the table failed).
//
// Catches: a create reported as existing taken for another commit's without
// reading what the file holds.
func TestCreateFoundExistingByItsOwnRetry(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	prev := latest(t, tbl)
	added := copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), "data-go-retried-0.parquet")
	faulty, faults := fsfault.New(tbl.FS, fsfault.Plan{Ops: fsfault.Create, FailAt: 1, Retried: true})
	c := committer(t, reopen(t, faulty, pkDV), "retried", nil)
	s, err := c.Commit(ctx, Request{Identifier: 7, Append: Changes{Files: []spec.ManifestEntry{added}}})
	if faults.Injected() != 1 {
		t.Fatalf("%d faults injected, want 1", faults.Injected())
	}
	check := reopen(t, tbl.FS, pkDV)
	if orphans := checkIntegrity(t, check); len(orphans) > 0 {
		t.Errorf("orphans: %v", orphans)
	}
	if err != nil {
		t.Fatalf("commit: %v", err)
	}
	if cur := latest(t, check); cur.ID != prev.ID+1 || s.ID != cur.ID || s.DeltaManifestList != cur.DeltaManifestList {
		t.Fatalf("want exactly one new snapshot, latest %d, returned %+v", cur.ID, s)
	}
	if _, ok := live(t, check)[added.File.FileName]; !ok {
		t.Fatal("the committed file is not live")
	}
}

// A try whose snapshot creation landed but reported a failure is uncertain;
// when, before its retry, two other commits follow and an expiration
// deletes that snapshot (retain_max => 2), the retry finds no snapshot of
// this commit. Trying again then committed the same files a second time
// (each live twice), and a retry that failed instead (a conflict, a read
// error) returned an error that let the caller delete the data files the
// expired snapshot had handed on to the newer ones. The commit must end
// uncertain instead.
//
// Catches: a retry after an uncertain try that does not prove the try
// created nothing, and any error after it that is not uncertain.
func TestUncertainTryExpiredBeforeItsRetry(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	before := live(t, tbl)
	src := anyFile(t, before, nil)
	ours := copyDataFile(t, tbl, src, "data-go-unsure-0.parquet")
	others := []spec.ManifestEntry{copyDataFile(t, tbl, src, "data-go-other-1.parquet"), copyDataFile(t, tbl, src, "data-go-other-2.parquet")}
	var created atomic.Bool
	var once sync.Once
	faulty, faults := fsfault.New(tbl.FS, fsfault.Plan{Ops: fsfault.Create, FailAt: 1, Lost: true, Before: func(op fsfault.Op, _ string) {
		if op == fsfault.Create {
			created.Store(true)
			return
		}
		if !created.Load() {
			return
		}
		once.Do(func() { // other servers, before the retry
			mustCommit(t, committer(t, tbl, "other-1", nil), appendCommit(others[0]))
			mustCommit(t, committer(t, tbl, "other-2", nil), appendCommit(others[1]))
			if res, err := expire.Expire(ctx, tbl, expire.Config{RetainMax: 2, RetainMin: 1, MaxDeletes: 100}, false); err != nil || res.Expired == 0 {
				t.Errorf("expire: %+v, %v", res, err)
			}
		})
	}})
	fast := map[string]string{"commit.min-retry-wait": "1 ms", "commit.max-retry-wait": "5 ms"}
	c := committer(t, reopen(t, faulty, pkDV), "unsure", fast)
	_, err := c.Commit(ctx, Request{Identifier: 9, Append: Changes{Files: []spec.ManifestEntry{ours}}})
	if faults.Injected() != 1 {
		t.Fatalf("%d faults injected, want 1", faults.Injected())
	}
	check := reopen(t, tbl.FS, pkDV)
	checkIntegrity(t, check)
	now := live(t, check) // fails on a file live twice
	if _, ok := now[ours.File.FileName]; !ok || len(now) != len(before)+3 {
		t.Fatalf("%d live files, want the %d before and the three added", len(now), len(before))
	}
	if err == nil || !OutcomeUnknown(err) {
		t.Fatalf("commit: %v, want an uncertain outcome", err)
	}
}
