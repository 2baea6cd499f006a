package tests

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Issue 17, item 7: `paimon-sql expire-snapshots` killed with SIGKILL at
// random points of its run. After every kill, each snapshot the server
// lists reads exactly the rows it read when it was committed.
func TestExpireSnapshotsKilledAtRandomPoints(t *testing.T) {
	bin := xpBuildBinary(t)
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE kc", "CREATE TABLE kc.t (id BIGINT, v TEXT)")
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	counts := map[int64]int{} // snapshot id -> rows it reads
	args := []string{"expire-snapshots", "--warehouse", dir, "--table", "kc.t", "--retain-max", "2", "--retain-min", "1"}

	killed, midway := 0, 0
	const runs = 20
	for i := range runs {
		// Overwrites and appends: expiring them deletes replaced data files,
		// manifests and snapshot files.
		for j := range 6 {
			verb := "INSERT INTO"
			if j%3 == 0 {
				verb = "INSERT OVERWRITE"
			}
			sqlRun(t, w.db, fmt.Sprintf("%s kc.t VALUES (%d, 'r%d'), (%d, 's%d')", verb, i*100+j*2, i, i*100+j*2+1, i))
			snaps := sqlSnapshots(t, w.db, "kc", "t")
			counts[snaps[len(snaps)-1].id] = xpCount(t, w.db, "kc.t")
		}
		before := len(sqlSnapshots(t, w.db, "kc", "t"))
		cmd := exec.Command(bin, args...)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The command reports a progress line after each deletion: kill it
		// when a random one of them appears (the first run goes through).
		target := rng.IntN(40)
		lines := bufio.NewScanner(stderr)
		for n := 1; lines.Scan(); n++ {
			if n == target {
				_ = cmd.Process.Kill()
			}
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signaled():
			killed++
			if len(sqlSnapshots(t, w.db, "kc", "t")) < before {
				midway++ // killed after it had started deleting
			}
		case err != nil:
			t.Fatalf("run %d: %v", i, err)
		}
		for _, s := range sqlSnapshots(t, w.db, "kc", "t") {
			res, err := query(w.db, fmt.Sprintf("SELECT COUNT(*) FROM kc.t AS OF %d", s.id))
			if err != nil {
				t.Fatalf("run %d: snapshot %d is listed but cannot be read: %v", i, s.id, err)
			}
			if n, _ := strconv.Atoi(res.rows[0][0]); n != counts[s.id] {
				t.Fatalf("run %d: snapshot %d reads %d rows, %d when committed", i, s.id, n, counts[s.id])
			}
		}
	}
	t.Logf("%d of %d runs killed, %d of them after deleting snapshot files", killed, runs, midway)
	if killed == 0 {
		t.Error("no run was killed")
	}
	// A last run finishes the work: two snapshots left, and they read.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, bin, append(args, "--max-deletes", "1000")...).CombinedOutput(); err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if snaps := sqlSnapshots(t, w.db, "kc", "t"); len(snaps) != 2 {
		t.Errorf("snapshots after the final run: %s", kinds(snaps))
	}
}
