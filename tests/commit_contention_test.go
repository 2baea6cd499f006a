package tests

import (
	gosql "database/sql"
	"strings"
	"testing"
	"time"
)

// Issue 17, item 6: 64 clients inserting into one table through one
// server all succeed: the server merges concurrent appends into shared
// commits instead of letting them race for each snapshot id.
func TestCommitContention64Clients(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE cn",
		"CREATE TABLE cn.a (p INT, id BIGINT, who TEXT) PARTITIONED BY (p)",
		"CREATE TABLE cn.k (p INT NOT NULL, id BIGINT NOT NULL, who TEXT, PRIMARY KEY (p, id)) PARTITIONED BY (p) WITH ('bucket' = '2')")
	const clients, per = 64, 3
	dbs := make([]*gosql.DB, clients)
	for i := range dbs {
		dbs[i] = w.db
	}
	for _, table := range []string{"cn.a", "cn.k"} {
		t.Run(table, func(t *testing.T) {
			start := time.Now()
			got, errs := concurrentInserts(t, dbs, table, func(w, s int) int { return w % 4 }, per, 3)
			for _, err := range errs {
				t.Errorf("INSERT failed: %v", err)
			}
			wantRows(t, w.db, split(got...), "SELECT * FROM "+table)
			name := strings.TrimPrefix(table, "cn.")
			snaps := sqlSnapshots(t, w.db, "cn", name)
			appends := appendSnapshots(t, snaps)
			t.Logf("%d INSERTs from %d clients in %v: %d failed, %d snapshots, %d of them APPEND", clients*per, clients, time.Since(start).Round(time.Millisecond), len(errs), len(snaps), appends)
			// The primary-key table compacts on write: its statements'
			// APPENDs are shared all the same, their COMPACTs follow.
			if appends >= clients*per {
				t.Errorf("%d APPEND snapshots for %d INSERTs: no commit was shared", appends, clients*per)
			}
			checkStorage(t, w.fs, "cn", name)
		})
	}
}
