package tests

// End-to-end tests of CALL sys.delete_tag's file cleanup (Java's
// TagManager.deleteTag with TagDeletion): a tag whose snapshot expired
// takes the files only it used, never those a remaining snapshot or tag
// uses, and nothing at all when another tag cannot be read.

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestDeleteTagKeepsFilesOfRemainingTags(t *testing.T) {
	e := startServer(t, nil)
	xpCreate(t, e, "t")
	xpStatements(t, e, "t", 1, 8)
	root := xpTableRoot(e.dir, "xp", "t")
	xpExec(t, e.db,
		"CALL sys.create_tag('xp.t', 'ta', 2)",
		"CALL sys.create_tag('xp.t', 'tb', 3)",
		"CALL sys.create_tag('xp.t', 'tc', 5)")
	tcRows := mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 'tc'").rows
	latest := mustQuery(t, e.db, "SELECT * FROM xp.t").rows
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'xp.t', retain_max => 1, retain_min => 1)"); n != 7 {
		t.Fatalf("expired %d, want 7", n)
	}
	xpCheckFiles(t, "after expiration", root, nil)
	refs := xpReferenced(t, root)
	shared := func(a, b string) []string {
		var out []string
		for _, f := range refs.live["tag "+a] {
			if slices.Contains(refs.live["tag "+b], f) {
				out = append(out, f)
			}
		}
		return out
	}
	if len(shared("ta", "tb")) == 0 || len(shared("tb", "tc")) == 0 {
		t.Fatalf("the tags share no data file: ta %v, tb %v, tc %v", refs.live["tag ta"], refs.live["tag tb"], refs.live["tag tc"])
	}

	// An unreadable tag (tc) may protect any file: deleting ta takes only
	// its tag file.
	tcPath := filepath.Join(root, "tag", "tag-tc")
	tcData, err := os.ReadFile(tcPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tcPath, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := xpTree(t, e.dir)
	xpExec(t, e.db, "CALL sys.delete_tag('xp.t', 'ta')")
	delete(before, "xp.db/t/tag/tag-ta")
	if !xpSameTree(t, "delete_tag with an unreadable tag", before, xpTree(t, e.dir)) {
		t.FailNow()
	}
	if err := os.WriteFile(tcPath, tcData, 0o644); err != nil {
		t.Fatal(err)
	}
	// ta's own files are orphans now (so the unreadable tag did keep
	// files), and stay allowed as such.
	orphans := xpOrphans(t, root)
	if len(orphans) == 0 {
		t.Fatal("ta used no file of its own: the unreadable tag protected nothing")
	}
	xpCheckFiles(t, "after delete_tag ta", root, orphans)

	// tb shares files with tc: they stay, and tc still reads its rows.
	xpExec(t, e.db, "CALL sys.delete_tag('xp.t', 'tb')")
	xpCheckFiles(t, "after delete_tag tb", root, orphans)
	for _, f := range shared("tb", "tc") {
		if _, ok := xpOnDisk(t, root)[f]; !ok {
			t.Errorf("data file %s of tb and tc was deleted", f)
		}
	}
	sameRows(t, "tag tc after deleting tb", mustQuery(t, e.db, "SELECT * FROM xp.t AS OF 'tc'").rows, tcRows)

	// The last tag takes what only it used.
	xpExec(t, e.db, "CALL sys.delete_tag('xp.t', 'tc')")
	xpCheckFiles(t, "after delete_tag tc", root, orphans)
	sameRows(t, "latest rows after deleting the tags", mustQuery(t, e.db, "SELECT * FROM xp.t").rows, latest)
}
