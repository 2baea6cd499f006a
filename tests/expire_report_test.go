package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `paimon-sql expire-snapshots` says when snapshot.expire.limit (here
// --max-deletes) stopped it with more snapshots due, and counts the bytes of
// the snapshot files it deleted.
func TestExpireSnapshotsCommandLineReportsLimitAndSizes(t *testing.T) {
	bin := xpBuildBinary(t)
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 8) // snapshots 1 to 8
	wh := t.TempDir()
	xpCopyTree(t, e.dir, wh)
	root := xpTableRoot(wh, "xp", "t")
	snapshotBytes := func(from, to int) int64 {
		var n int64
		for id := from; id <= to; id++ {
			fi, err := os.Stat(filepath.Join(root, "snapshot", fmt.Sprintf("snapshot-%d", id)))
			if err != nil {
				t.Fatal(err)
			}
			n += fi.Size()
		}
		return n
	}
	for _, run := range []struct {
		from, to int
		more     bool
	}{
		{1, 3, true},  // 3 of the 7 due
		{4, 6, true},  // 3 of the 4 due
		{7, 7, false}, // the last one due: the limit did not stop it
	} {
		size := snapshotBytes(run.from, run.to)
		out, errOut, err := xpRunBinary(t, bin, "expire-snapshots", "--warehouse", wh, "--table", "xp.t",
			"--retain-max", "1", "--retain-min", "1", "--max-deletes", "3")
		if err != nil {
			t.Fatalf("expire-snapshots: %v\n%s%s", err, out, errOut)
		}
		n := run.to - run.from + 1
		if want := fmt.Sprintf("deleted snapshots %d to %d (%d snapshots)", run.from, run.to, n); !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
		if want := fmt.Sprintf("%d snapshot files (%d bytes)", n, size); !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
		stopped := "stopped at the limit of 3 snapshots a run (snapshot.expire.limit) with more snapshots due: run it again"
		if got := strings.Contains(out, stopped); got != run.more {
			t.Errorf("snapshots %d to %d: says it stopped at the limit: %v, want %v:\n%s", run.from, run.to, got, run.more, out)
		}
	}
}
