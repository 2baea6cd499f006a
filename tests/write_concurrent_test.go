package tests

import (
	gosql "database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// concurrentInserts runs, on each db, `per` INSERT statements of `rows`
// rows each, all at once, and returns the rows of the statements that
// succeeded ("p|id|writer") and the errors.
func concurrentInserts(t *testing.T, dbs []*gosql.DB, table string, partition func(writer, stmt int) int, per, rows int) ([]string, []error) {
	t.Helper()
	var mu sync.Mutex
	var committed []string
	var errs []error
	var wg sync.WaitGroup
	for wi, db := range dbs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := oneConn(t, db)
			for s := 0; s < per; s++ {
				var vals, mine []string
				for r := 0; r < rows; r++ {
					p, id := partition(wi, s), wi*1000000+s*1000+r
					vals = append(vals, fmt.Sprintf("(%d, %d, 'w%d')", p, id, wi))
					mine = append(mine, fmt.Sprintf("%d|%d|w%d", p, id, wi))
				}
				_, err := c.ExecContext(t.Context(), "INSERT INTO "+table+" VALUES "+strings.Join(vals, ", "))
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					committed = append(committed, mine...)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return committed, errs
}

func TestWriteConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	w2 := startWarehouse(t, dir) // a second server process over the same warehouse
	sqlRun(t, w.db,
		"CREATE DATABASE cc",
		"CREATE TABLE cc.a (p INT, id BIGINT, who TEXT) PARTITIONED BY (p)",
		"CREATE TABLE cc.k (p INT NOT NULL, id BIGINT NOT NULL, who TEXT, PRIMARY KEY (p, id)) PARTITIONED BY (p) WITH ('bucket' = '2')")
	cases := []struct {
		name, table string
		dbs         []*gosql.DB
		part        func(w, s int) int
	}{
		{"append/different-partitions", "cc.a", []*gosql.DB{w.db, w.db}, func(w, s int) int { return w }},
		{"append/same-partition", "cc.a", []*gosql.DB{w.db, w.db, w.db}, func(w, s int) int { return 7 }},
		{"pk/different-partitions", "cc.k", []*gosql.DB{w.db, w.db}, func(w, s int) int { return w }},
		{"pk/same-partition", "cc.k", []*gosql.DB{w.db, w.db}, func(w, s int) int { return 7 }},
		{"append/two-servers", "cc.a", []*gosql.DB{w.db, w2.db}, func(w, s int) int { return 100 + s%2 }},
		{"pk/two-servers", "cc.k", []*gosql.DB{w.db, w2.db}, func(w, s int) int { return 100 + s%2 }},
	}
	all := map[string][]string{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			table := strings.TrimPrefix(c.table, "cc.")
			before := appendSnapshots(t, sqlSnapshots(t, w.db, "cc", table))
			const per = 15
			got, errs := concurrentInserts(t, c.dbs, c.table, c.part, per, 5)
			for _, err := range errs {
				t.Errorf("concurrent INSERT failed: %v", err)
			}
			all[c.table] = append(all[c.table], got...)
			wantRows(t, w.db, split(all[c.table]...), "SELECT * FROM "+c.table)
			wantRows(t, w2.db, split(all[c.table]...), "SELECT * FROM "+c.table)
			// Concurrent INSERTs of one server share snapshots (group
			// commit): at most one APPEND per committed INSERT.
			appends := appendSnapshots(t, sqlSnapshots(t, w.db, "cc", table))
			if added, most := appends-before, len(c.dbs)*per-len(errs); added < 1 || added > most {
				t.Errorf("%d new APPEND snapshots, want 1 to %d", added, most)
			}
			tf := checkStorage(t, w.fs, "cc", table)
			if table == "a" {
				if got := tf.liveRows(); got != int64(len(all[c.table])) {
					t.Errorf("live files hold %d rows, %d committed", got, len(all[c.table]))
				}
			}
		})
	}
}
