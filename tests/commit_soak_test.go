package tests

// The multi-server soak test of the commit protocol (issue 17, "no
// acknowledged write lost"): several servers over one warehouse, writers on
// all of them, compaction, and expiration both by CALL and by the
// `paimon-sql expire-snapshots` command, while every acknowledged row is
// counted. At the end each of them must be in the table, exactly once.

import (
	"context"
	gosql "database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// soakDuration is how long the soak test runs: 30 s by default, in CI;
// PAIMON_SQL_SOAK_SECONDS runs it longer (or shorter).
func soakDuration(t *testing.T) time.Duration {
	s := os.Getenv("PAIMON_SQL_SOAK_SECONDS")
	if s == "" {
		return 30 * time.Second
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("PAIMON_SQL_SOAK_SECONDS=%q: want a number of seconds", s)
	}
	return time.Duration(n) * time.Second
}

// soakLog collects what the goroutines of the soak test report.
type soakLog struct {
	mu       sync.Mutex
	acked    map[string][]int64 // table -> acknowledged ids
	failed   map[string]int     // what -> failed statements
	examples []string
}

func (l *soakLog) ack(table string, ids []int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.acked[table] = append(l.acked[table], ids...)
}

func (l *soakLog) fail(what string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.failed[what]++
	if len(l.examples) < 10 {
		l.examples = append(l.examples, fmt.Sprintf("%s: %v", what, err))
	}
}

func TestCommitSoakNoAcknowledgedRowLost(t *testing.T) {
	dir := t.TempDir()
	servers := []*wenv{startWarehouse(t, dir), startWarehouse(t, dir), startWarehouse(t, dir)}
	bin := xpBuildBinary(t)
	sqlRun(t, servers[0].db, "CREATE DATABASE soak",
		"CREATE TABLE soak.a (id BIGINT, w INT, v TEXT)",
		"CREATE TABLE soak.k (id BIGINT NOT NULL, w INT, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '2')")
	tables := []string{"soak.a", "soak.k"}
	duration := soakDuration(t)
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	log := &soakLog{acked: map[string][]int64{}, failed: map[string]int{}}
	var wg sync.WaitGroup
	var next atomic.Int64
	var expired atomic.Int64

	// Writers: three per server, each inserting 1 to 3 new ids per statement
	// into one of the tables.
	for si, s := range servers {
		for w := 0; w < 3; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(si), uint64(w)))
				for ctx.Err() == nil {
					table := tables[rng.IntN(len(tables))]
					var ids []int64
					var vals []string
					for range 1 + rng.IntN(3) {
						id := next.Add(1)
						ids = append(ids, id)
						vals = append(vals, fmt.Sprintf("(%d, %d, 's%d')", id, w, si))
					}
					q := "INSERT INTO " + table + " VALUES " + strings.Join(vals, ", ")
					if _, err := s.db.ExecContext(context.Background(), q); err != nil {
						log.fail("insert", err)
						continue
					}
					log.ack(table, ids)
				}
			}()
		}
	}
	// Compaction of both tables on the first server.
	soakLoop(ctx, &wg, 700*time.Millisecond, func(i int) {
		table := tables[i%len(tables)]
		if _, err := servers[0].db.ExecContext(context.Background(), "CALL sys.compact(`table` => '"+table+"')"); err != nil {
			log.fail("compact", err)
		}
	})
	// Expiration by CALL on the second server, every 0.3 s.
	soakLoop(ctx, &wg, 300*time.Millisecond, func(i int) {
		table := tables[i%len(tables)]
		res, err := query(servers[1].db, "CALL sys.expire_snapshots(`table` => '"+table+"', retain_max => 2, retain_min => 1)")
		if err != nil {
			log.fail("expire", err)
			return
		}
		n, _ := strconv.ParseInt(res.rows[0][0], 10, 64)
		expired.Add(n)
	})
	// Expiration by the command line, a process of its own.
	soakLoop(ctx, &wg, 500*time.Millisecond, func(i int) {
		table := tables[(i+1)%len(tables)]
		out, errOut, err := xpRunBinary(t, bin, "expire-snapshots", "--warehouse", dir, "--table", table, "--retain-max", "2", "--retain-min", "1")
		if err != nil {
			log.fail("expire-snapshots", fmt.Errorf("%v: %s%s", err, out, errOut))
		}
	})
	wg.Wait()

	t.Logf("acknowledged rows: %s %d, %s %d; failed: %v; snapshots expired by CALL: %d",
		tables[0], len(log.acked[tables[0]]), tables[1], len(log.acked[tables[1]]), log.failed, expired.Load())
	for _, e := range log.examples {
		t.Logf("failure: %s", e)
	}
	if len(log.acked[tables[0]]) == 0 || len(log.acked[tables[1]]) == 0 || expired.Load() == 0 {
		t.Fatal("the load did not run")
	}
	for _, table := range tables {
		for _, s := range servers {
			soakCheckRows(t, s.db, table, log.acked[table])
		}
		db, name, _ := strings.Cut(table, ".")
		root := xpTableRoot(dir, db, name)
		earliest, err := strconv.ParseInt(xpHint(t, root, "EARLIEST"), 10, 64)
		if err != nil {
			t.Fatalf("%s: EARLIEST: %v", table, err)
		}
		for _, id := range xpSnapshotIDs(t, root) {
			if id < earliest {
				t.Errorf("%s: snapshot %d is below EARLIEST %d", table, id, earliest)
			}
		}
	}
}

// soakLoop runs step every interval until ctx ends.
func soakLoop(ctx context.Context, wg *sync.WaitGroup, interval time.Duration, step func(i int)) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for i := 0; ctx.Err() == nil; i++ {
			step(i)
			select {
			case <-ctx.Done():
			case <-tick.C:
			}
		}
	}()
}

// soakCheckRows checks that every acknowledged id is in the table once.
func soakCheckRows(t *testing.T, db *gosql.DB, table string, acked []int64) {
	t.Helper()
	res := mustQuery(t, db, "SELECT id FROM "+table)
	seen := make(map[int64]int, len(res.rows))
	for _, r := range res.rows {
		id, err := strconv.ParseInt(r[0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seen[id]++
	}
	var missing, doubled []int64
	for _, id := range acked {
		switch seen[id] {
		case 0:
			missing = append(missing, id)
		case 1:
		default:
			doubled = append(doubled, id)
		}
	}
	if len(missing) > 0 || len(doubled) > 0 {
		t.Errorf("%s: %d of %d acknowledged ids missing (%v), %d more than once (%v)",
			table, len(missing), len(acked), firstIDs(missing), len(doubled), firstIDs(doubled))
	}
}

func firstIDs(ids []int64) []int64 { return ids[:min(len(ids), 10)] }
