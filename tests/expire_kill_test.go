package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// Issue 17: KILL QUERY stops a long CALL sys.expire_snapshots within
// seconds. The server's store takes 100 ms per delete, so expiring 80
// snapshots (one by one, then their data files, manifests and manifest
// lists) takes well over 8 s; killed after five deletes, the call ends at once, and
// every snapshot still listed reads with all its files.
func TestKillQueryStopsALongExpiration(t *testing.T) {
	dir := t.TempDir()
	fsys, err := paimonfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	slow, deletes := fsfault.New(fsys, fsfault.Plan{Ops: fsfault.Delete, Delay: 100 * time.Millisecond})
	w := startOnFS(t, slow, fsys, dir)
	sqlRun(t, w.db, "CREATE DATABASE k", "CREATE TABLE k.t (id INT, v TEXT)")
	const snapshots = 81
	for i := range snapshots {
		sqlRun(t, w.db, fmt.Sprintf("INSERT OVERWRITE k.t VALUES (%d, 'v%d')", i, i))
	}

	ctx := context.Background()
	conn := oneConn(t, w.db)
	var id int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	start := time.Now()
	deletesBefore := deletes.Ops()
	go func() {
		_, err := conn.ExecContext(ctx, "CALL sys.expire_snapshots(`table` => 'k.t', retain_max => 1, retain_min => 1, max_deletes => 1000)")
		done <- err
	}()
	// Killed once it is deleting: after its fifth delete.
	if !waitFor(10*time.Second, func() bool { return deletes.Ops() >= deletesBefore+5 }) {
		t.Fatalf("expiration made %d deletes in 10 s", deletes.Ops()-deletesBefore)
	}
	select {
	case err := <-done:
		t.Fatalf("expiration ended after %v, before it was killed: %v", time.Since(start), err)
	default:
	}
	killed := time.Now()
	sqlRun(t, w.db, fmt.Sprintf("KILL QUERY %d", id))
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("the killed expiration reported success")
		}
		t.Logf("expiration stopped %v after KILL QUERY: %v", time.Since(killed), err)
	case <-time.After(3 * time.Second):
		t.Fatal("expiration still running 3 s after KILL QUERY")
	}
	left := len(sqlSnapshots(t, w.db, "k", "t"))
	if left <= 1 || left >= snapshots {
		t.Errorf("%d snapshots left: the run should have been stopped midway", left)
	}
	root := xpTableRoot(dir, "k", "t")
	refs, disk := xpReferenced(t, root), xpOnDisk(t, root)
	var missing []string
	for name, who := range refs.files {
		if _, ok := disk[name]; !ok {
			missing = append(missing, name+" ("+who+")")
		}
	}
	if len(missing) > 0 {
		t.Errorf("files of listed snapshots are gone:\n  %s", strings.Join(missing, "\n  "))
	}
	wantRows(t, w.db, split(fmt.Sprint(snapshots-1)), "SELECT id FROM k.t")
}
