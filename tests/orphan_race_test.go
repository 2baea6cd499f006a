package tests

// Orphan cleanup against a write of another process (issue 25, item 1):
// server A removes orphan files with older_than => now - 1 ms in a loop
// while server B, a process of its own with its own caches, runs a large
// INSERT ... SELECT into the same table. The files B wrote are referenced
// by no snapshot until B commits, and A knows nothing of B's write but
// what B leaves on storage.

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// raceRows is the size of each INSERT ... SELECT: 300,000 rows as in the
// issue by default; PAIMON_SQL_RACE_ROWS changes it.
func raceRows(t *testing.T) int { return envRows(t, "PAIMON_SQL_RACE_ROWS", 300_000) }

// envRows is the number of rows the environment variable name gives, or
// def when it is unset.
func envRows(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a number of rows", name, s)
	}
	return n
}

// fillNumbers fills table (id BIGINT, v TEXT) with the ids 1..n: a
// thousand by VALUES, then by doubling.
func fillNumbers(t *testing.T, x execer, table string, n int) {
	t.Helper()
	var vals []string
	for i := 1; i <= min(n, 1000); i++ {
		vals = append(vals, fmt.Sprintf("(%d, 'row-%d')", i, i))
	}
	sqlRun(t, x, "INSERT INTO "+table+" VALUES "+strings.Join(vals, ", "))
	for have := len(vals); have < n; have *= 2 {
		sqlRun(t, x, fmt.Sprintf("INSERT INTO %s SELECT id + %d, CONCAT('row-', id + %d) FROM %s WHERE id + %d <= %d",
			table, have, have, table, have, n))
	}
}

// Catches: a cleanup that takes the uncommitted files of another
// process's write for orphans (older_than says they are old enough), and a
// commit that then succeeds with files that are gone: an acknowledged
// INSERT whose rows no scan can read.
func TestOrphanCleanupSparesAnotherProcessWrite(t *testing.T) {
	dir := t.TempDir()
	a := startWarehouse(t, dir)
	b := startBinary(t, nil, "--warehouse", dir).db(t)
	n := raceRows(t)
	sqlRun(t, a.db, "CREATE DATABASE big",
		"CREATE TABLE big.src (id BIGINT, v TEXT)",
		"CREATE TABLE big.race (id BIGINT, v TEXT)")
	fillNumbers(t, a.db, "big.src", n)

	rounds := 3
	var acked, failed int
	var cleanups atomic.Int64
	for round := range rounds {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				older := strconv.FormatInt(time.Now().Add(-time.Millisecond).UnixMilli(), 10)
				if _, err := a.db.Exec("CALL sys.remove_orphan_files(`table` => 'big.race', older_than => '" + older + "')"); err != nil {
					t.Errorf("remove_orphan_files: %v", err)
					return
				}
				cleanups.Add(1)
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		start := time.Now()
		_, err := b.ExecContext(ctx, "INSERT INTO big.race SELECT id, v FROM big.src")
		cancel()
		close(stop)
		wg.Wait()
		if err != nil {
			// Refused, never acknowledged: allowed, but said.
			failed++
			t.Logf("round %d: the INSERT failed after %v: %v", round, time.Since(start), err)
		} else {
			acked++
			t.Logf("round %d: the INSERT was acknowledged after %v", round, time.Since(start))
		}
		for name, db := range map[string]querier{"A": a.db, "B": b} {
			res, err := query(db, "SELECT COUNT(*), COUNT(DISTINCT id), SUM(LENGTH(v)) FROM big.race")
			if err != nil {
				t.Fatalf("round %d: server %s cannot read big.race after %d acknowledged INSERTs: %v", round, name, acked, err)
			}
			if want := strconv.Itoa(acked * n); res.rows[0][0] != want || res.rows[0][1] != strconv.Itoa(min(acked, 1)*n) {
				t.Fatalf("round %d: server %s reads %v rows (count, distinct ids), want %s (%d acknowledged INSERTs)", round, name, res.rows[0][:2], want, acked)
			}
		}
	}
	t.Logf("%d rounds of %d rows: %d acknowledged, %d refused; %d cleanups ran meanwhile", rounds, n, acked, failed, cleanups.Load())
	if acked == 0 {
		t.Error("no INSERT was acknowledged: the writes must succeed while cleanups run")
	}
}
