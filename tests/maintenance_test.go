package tests

// End-to-end tests of the maintenance paimon-sql runs after every commit,
// as Java's writers do (core/maintenance, docs/maintenance.md): snapshot
// expiration, partition expiration, automatic tags, consumer expiration,
// and their procedures.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/server"
)

// advanceMaintenanceClock moves the clock of the server's tables d ahead of
// the wall clock for the rest of the test, instead of sleeping until a
// retention passes: the times commits record (snapshots, data files, tags)
// and the ages maintenance judges by (the expiry of snapshots, tags,
// partitions and consumers, orphan files) move together.
func advanceMaintenanceClock(e *env, d time.Duration) {
	e.provider.Runtime().SetClock(func() time.Time { return time.Now().Add(d) })
}

// mtInserts runs n single-row INSERTs into tbl, one snapshot each.
func mtInserts(t *testing.T, e *wenv, tbl string, from, n int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		sqlRun(t, e.db, fmt.Sprintf("INSERT INTO %s VALUES (%d, 'v%d')", tbl, i, i))
	}
}

func TestCommitExpiresSnapshotsByRetentionOptions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3')")
	mtInserts(t, e, "mt.t", 1, 10)
	root := xpTableRoot(e.url, "mt", "t")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "8,9,10" {
		t.Fatalf("snapshots after 10 INSERTs with snapshot.num-retained.max = 3: %s, want 8,9,10", got)
	}
	if got := xpHint(t, root, "EARLIEST"); got != "8" {
		t.Errorf("EARLIEST hint = %q, want 8", got)
	}
	// What the expired snapshots alone used is gone; the kept ones read.
	xpCheckFiles(t, "after automatic expiration", root, nil)
	if n := xpCount(t, e.db, "mt.t"); n != 10 {
		t.Errorf("count = %d, want 10", n)
	}
	if got := xpSnapshots(t, e.db, "mt", "t"); got != "8,9,10" {
		t.Errorf("$snapshots lists %s", got)
	}
}

func TestCommitWriteOnlyKeepsEverySnapshot(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3', 'write-only' = 'true')")
	mtInserts(t, e, "mt.t", 1, 10)
	root := xpTableRoot(e.url, "mt", "t")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(1, 10) {
		t.Fatalf("write-only table kept snapshots %s, want all ten", got)
	}
	// Turning write-only off lets the next commit catch up.
	sqlRun(t, e.db, "ALTER TABLE mt.t SET ('write-only' = 'false')")
	mtInserts(t, e, "mt.t", 11, 1)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "9,10,11" {
		t.Fatalf("after write-only = false: snapshots %s, want 9,10,11", got)
	}
}

func TestCommitRefusesInvalidMaintenanceOptions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		// Java refuses a delay as long as the period when its writer starts.
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('tag.automatic-creation' = 'process-time', 'tag.creation-delay' = '1 d')")
	err := sqlRunErr(t, e.db, "INSERT INTO mt.t VALUES (1, 'a')")
	if err == nil || !strings.Contains(err.Error(), "tag.creation-delay") {
		t.Fatalf("INSERT into a table whose tag.creation-delay is a whole period: %v", err)
	}
	if ids := xpSnapshotIDs(t, xpTableRoot(e.url, "mt", "t")); len(ids) != 0 {
		t.Fatalf("the refused INSERT committed snapshots %v", ids)
	}
}

func TestCommitExpiresOldPartitions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	today := time.Now().Format("2006-01-02")
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.p (id INT, v TEXT, dt VARCHAR(10)) PARTITIONED BY (dt)",
		"INSERT INTO mt.p VALUES (1, 'a', '2020-01-01'), (2, 'b', '2020-01-02'), (3, 'c', '"+today+"'), (4, 'd', 'not-a-date')")
	// Without partition.expiration-time nothing expires.
	wantRows(t, e.db, split("4"), "SELECT COUNT(*) FROM mt.p")
	sqlRun(t, e.db, "ALTER TABLE mt.p SET ('partition.expiration-time' = '7 d', 'partition.expiration-check-interval' = '0 s', 'partition.expiration-max-num' = '1')")
	sqlRun(t, e.db, "INSERT INTO mt.p VALUES (5, 'e', '"+today+"')")
	// One partition per run (partition.expiration-max-num), the oldest
	// first; 'not-a-date' has no time and stays.
	wantRows(t, e.db, split("2020-01-02", "not-a-date", today), "SELECT DISTINCT dt FROM mt.p ORDER BY dt")
	snaps := sqlSnapshots(t, e.db, "mt", "p")
	if got := kinds(snaps); got != "1:APPEND 2:APPEND 3:OVERWRITE" {
		t.Fatalf("snapshots %s: want the partition dropped by an OVERWRITE commit", got)
	}
	sqlRun(t, e.db, "INSERT INTO mt.p VALUES (6, 'f', '"+today+"')")
	wantRows(t, e.db, split("not-a-date", today), "SELECT DISTINCT dt FROM mt.p ORDER BY dt")
	// The dropped partitions' files are only in the expired history:
	// time travel to snapshot 1 still reads them.
	wantRows(t, e.db, split("4"), "SELECT COUNT(*) FROM mt.p AS OF 1")
	xpCheckFiles(t, "after partition expiration", xpTableRoot(e.url, "mt", "p"), nil)
}

func TestCommitExpiresPartitionsByFormatterAndPattern(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	now := time.Now()
	recent := now.Add(-time.Hour)
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.h (id INT, d VARCHAR(8), h VARCHAR(2)) PARTITIONED BY (d, h) WITH ("+
			"'partition.expiration-time' = '1 d', 'partition.expiration-check-interval' = '0 s', "+
			"'partition.timestamp-formatter' = 'yyyyMMdd HH', 'partition.timestamp-pattern' = '$d $h')",
		fmt.Sprintf("INSERT INTO mt.h VALUES (1, '20200101', '05'), (2, '%s', '%s')", recent.Format("20060102"), recent.Format("15")))
	wantRows(t, e.db, split(recent.Format("20060102")), "SELECT DISTINCT d FROM mt.h")
	// update-time: the partition's newest file decides, whatever its values.
	sqlRun(t, e.db, "CREATE TABLE mt.u (id INT, k VARCHAR(5)) PARTITIONED BY (k) WITH ("+
		"'partition.expiration-time' = '2 s', 'partition.expiration-check-interval' = '0 s', 'partition.expiration-strategy' = 'update-time')",
		"INSERT INTO mt.u VALUES (1, 'old')")
	advanceMaintenanceClock(e.env, 2100*time.Millisecond)
	sqlRun(t, e.db, "INSERT INTO mt.u VALUES (2, 'new')")
	wantRows(t, e.db, split("new"), "SELECT k FROM mt.u")
}

func TestProcedureExpirePartitions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	today := time.Now().Format("2006-01-02")
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.p (id INT, dt VARCHAR(10), hr INT) PARTITIONED BY (dt, hr)",
		"INSERT INTO mt.p VALUES (1, '2020-01-01', 1), (2, '2020-01-02', 2), (3, '"+today+"', 3)")
	root := xpTableRoot(e.url, "mt", "p")
	before := xpTree(t, root)
	for call, want := range map[string]string{
		"CALL sys.expire_partitions('mt.p')":                                                  "has no expiration time: give the argument expiration_time",
		"CALL sys.expire_partitions('mt.p', 'one day')":                                       "duration",
		"CALL sys.expire_partitions('mt.p', '1 d', 'QQQ')":                                    "partition.timestamp-formatter",
		"CALL sys.expire_partitions('mt.p', '1 d', NULL, NULL, 'sometime')":                   "partitionExpireStrategy",
		"CALL sys.expire_partitions('mt.p', '1 d', NULL, NULL, NULL, -1)":                     "max_expires",
		"CALL sys.expire_partitions('mt.p', '1 d', NULL, NULL, NULL, 1, 'x')":                 "options",
		"CALL sys.expire_partitions('mt.nope', '1 d')":                                        "nope",
		"CALL sys.expire_partitions(`table` => 'mt.p', expiration_time => '1 d', bogus => 1)": "bogus",
	} {
		if err := sqlRunErr(t, e.db, call); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", call, err, want)
		}
	}
	xpSameTree(t, "after refused calls", before, xpTree(t, root))
	wantRows(t, e.db, split("dt=2020-01-01, hr=1"),
		"CALL sys.expire_partitions(`table` => 'mt.p', expiration_time => '1 d', max_expires => 1)")
	wantRows(t, e.db, split("dt=2020-01-02, hr=2"), "CALL sys.expire_partitions('mt.p', '1 d')")
	wantRows(t, e.db, split("No expired partitions."), "CALL sys.expire_partitions('mt.p', '1 d')")
	wantRows(t, e.db, split(today), "SELECT dt FROM mt.p")
}

// mtTags is table$tags as "name@snapshot" in snapshot order.
func mtTags(t *testing.T, q querier, tbl string) string {
	t.Helper()
	res := mustQuery(t, q, "SELECT tag_name, snapshot_id FROM "+tbl+"$tags` ORDER BY snapshot_id, tag_name")
	var out []string
	for _, r := range res.rows {
		out = append(out, r[0]+"@"+r[1])
	}
	return strings.Join(out, ",")
}

func TestCommitCreatesAndExpiresDailyTags(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.g (id INT, v TEXT)")
	mtInserts(t, e, "mt.g", 1, 3)
	// Tags named like daily tags count as automatic ones; others do not.
	sqlRun(t, e.db, "CALL sys.create_tag('mt.g', '2020-01-01', 1)", "CALL sys.create_tag('mt.g', '2020-01-02', 2)",
		"CALL sys.create_tag('mt.g', 'release', 1)")
	sqlRun(t, e.db, "ALTER TABLE mt.g SET ('tag.automatic-creation' = 'process-time', 'tag.creation-period' = 'daily', "+
		"'sink.process-time-zone' = 'UTC', 'tag.num-retained-max' = '2', 'tag.default-time-retained' = '30 d')")
	mtInserts(t, e, "mt.g", 4, 1)
	// The creation resumes after the newest automatic tag: snapshot 3 is
	// the first of a day after 2020-01-02 ended, so it gets the tag of
	// the day before its own (the last finished period), and the oldest
	// automatic tag goes (tag.num-retained-max).
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	want := "release@1,2020-01-02@2," + yesterday + "@3"
	if got := mtTags(t, e.db, "mt.`g"); got != want {
		t.Fatalf("tags after the commit: %s, want %s", got, want)
	}
	wantRows(t, e.db, split("PT720H"), "SELECT time_retained FROM mt.`g$tags` WHERE tag_name = '"+yesterday+"'")
	// Today is not finished: later commits create no tag.
	mtInserts(t, e, "mt.g", 5, 2)
	if got := mtTags(t, e.db, "mt.`g"); got != want {
		t.Fatalf("tags after more commits today: %s, want %s", got, want)
	}
	xpCheckFiles(t, "after automatic tags", xpTableRoot(e.url, "mt", "g"), nil)
}

func TestCommitExpiresTagsByRetention(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.r (id INT, v TEXT)")
	mtInserts(t, e, "mt.r", 1, 1)
	sqlRun(t, e.db, "CALL sys.create_tag('mt.r', 'short', 1, '2 s')", "CALL sys.create_tag('mt.r', 'long', 1, '1 d')",
		"CALL sys.create_tag('mt.r', 'forever', 1)")
	advanceMaintenanceClock(e.env, 2100*time.Millisecond)
	mtInserts(t, e, "mt.r", 2, 1)
	if got := mtTags(t, e.db, "mt.`r"); got != "forever@1,long@1" {
		t.Fatalf("tags after the retention of 'short' passed: %s", got)
	}
	// tag.time-expire-enabled = false keeps expired tags.
	sqlRun(t, e.db, "CALL sys.create_tag('mt.r', 'short2', 1, '1 ms')", "ALTER TABLE mt.r SET ('tag.time-expire-enabled' = 'false')")
	mtInserts(t, e, "mt.r", 3, 1)
	if got := mtTags(t, e.db, "mt.`r"); got != "forever@1,long@1,short2@1" {
		t.Fatalf("tags with tag.time-expire-enabled = false: %s", got)
	}
}

func TestCommitExpiresConsumers(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.c (id INT, v TEXT) WITH ("+
		"'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3', 'consumer.expiration-time' = '3 s')")
	mtInserts(t, e, "mt.c", 1, 1)
	sqlRun(t, e.db, "CALL sys.reset_consumer('mt.c', 'reader', 1)")
	mtInserts(t, e, "mt.c", 2, 4)
	root := xpTableRoot(e.url, "mt", "c")
	// The consumer still reads snapshot 1: nothing expires.
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(1, 5) {
		t.Fatalf("snapshots with a live consumer at 1: %s", got)
	}
	wantRows(t, e.db, split("reader|1"), "SELECT * FROM mt.`c$consumers`")
	advanceMaintenanceClock(e.env, 3100*time.Millisecond)
	mtInserts(t, e, "mt.c", 6, 1)
	// The consumer expired first, so the snapshots it held expire too.
	wantRows(t, e.db, nil, "SELECT * FROM mt.`c$consumers`")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "4,5,6" {
		t.Fatalf("snapshots after the consumer expired: %s, want 4,5,6", got)
	}
}

func TestCommitExpiresSnapshotsAsynchronously(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.a (id INT, v TEXT) WITH ("+
		"'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2', 'snapshot.expire.execution-mode' = 'async')")
	mtInserts(t, e, "mt.a", 1, 6)
	if err := e.provider.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	root := xpTableRoot(e.url, "mt", "a")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "5,6" {
		t.Fatalf("snapshots after the background runs: %s, want 5,6", got)
	}
	xpCheckFiles(t, "after background expiration", root, nil)
}

// Catches: a server shutdown that returns while background maintenance
// runs (the process would then end between its deletions), or that waits
// past its deadline.
func TestShutdownWaitsForBackgroundMaintenance(t *testing.T) {
	provider := newProvider(t, openWarehouse(t, t.TempDir()))
	srv, served := startServing(t, provider, server.Config{Listen: "127.0.0.1:0"}, server.Options{})
	// What maintenance.AfterCommit runs in the background for an async
	// table, held until the test lets it end.
	release := make(chan struct{})
	provider.Runtime().Go(func() { <-release })
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := srv.Shutdown(ctx); err == nil || !strings.Contains(err.Error(), "background maintenance") {
		t.Fatalf("shutdown with maintenance running past its deadline = %v, want the deadline", err)
	}
	<-served

	// A second server over the same provider: its shutdown waits for the
	// run and returns once it ends.
	provider.Runtime().Go(func() { <-release })
	srv, served = startServing(t, provider, server.Config{Listen: "127.0.0.1:0"}, server.Options{})
	shutdown := make(chan error, 1)
	go func() { shutdown <- srv.Shutdown(context.Background()) }()
	select {
	case err := <-shutdown:
		t.Fatalf("shutdown returned while background maintenance runs: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	select {
	case err := <-shutdown:
		if err != nil {
			t.Fatalf("shutdown after the run ended: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("shutdown did not return after the background run ended")
	}
	<-served
}

// mtChangelogIDs lists the changelog-N files of a table root.
func mtChangelogIDs(t *testing.T, root string) string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(root, "changelog"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var ids []int64
	for _, e := range ents {
		if n, ok := strings.CutPrefix(e.Name(), "changelog-"); ok {
			id, err := strconv.ParseInt(n, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return xpIDs(ids)
}

// mtCheckDecoupledFiles checks a decoupled table with changelog-producer
// = input: every file a snapshot or a long-lived changelog (its changelog
// manifests) references exists, and no other file is left.
func mtCheckDecoupledFiles(t *testing.T, what, root string) {
	t.Helper()
	refs := xpRefs{files: map[string]string{}, live: map[string][]string{}}
	for _, id := range xpSnapshotIDs(t, root) {
		xpSnapshotRefs(t, root, xpReadSnapshot(t, root, id), fmt.Sprintf("snapshot %d", id), &refs)
	}
	ents, _ := os.ReadDir(filepath.Join(root, "changelog"))
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "changelog-") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, "changelog", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s, err := spec.ParseSnapshot(data)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if s.ChangelogManifestList == nil {
			t.Fatalf("%s has no changelog manifest list", e.Name())
		}
		refs.files[*s.ChangelogManifestList] = e.Name()
		metas := xpReadAvro(t, root, *s.ChangelogManifestList, func(r *bytes.Reader) ([]spec.ManifestFileMeta, error) { return manifest.ReadManifestList(r) })
		for _, m := range metas {
			refs.files[m.FileName] = e.Name()
			for _, en := range xpReadAvro(t, root, m.FileName, func(r *bytes.Reader) ([]spec.ManifestEntry, error) { return manifest.ReadManifest(r) }) {
				refs.files[en.File.FileName] = e.Name()
			}
		}
	}
	disk := xpOnDisk(t, root)
	for name, who := range refs.files {
		if _, ok := disk[name]; !ok {
			t.Errorf("%s: %s referenced by %s is missing", what, name, who)
		}
	}
	for name, rel := range disk {
		if _, ok := refs.files[name]; !ok {
			t.Errorf("%s: %s is left, referenced by no snapshot nor changelog", what, rel)
		}
	}
}

func TestDecoupledChangelogOutlivesSnapshots(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	// The compaction trigger is above the ten INSERTs' sorted runs: one
	// snapshot per INSERT, no COMPACT snapshot from compaction on write.
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.cl (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ("+
		"'bucket' = '1', 'changelog-producer' = 'input', 'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2', "+
		"'changelog.num-retained.max' = '5', 'num-sorted-run.compaction-trigger' = '20')")
	mtInserts(t, e, "mt.cl", 1, 10)
	root := xpTableRoot(e.url, "mt", "cl")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "9,10" {
		t.Fatalf("snapshots %s, want 9,10", got)
	}
	// The changelogs of snapshots 6 to 10 are kept (changelog.num-retained.max):
	// 6 to 8 in changelog/, 9 and 10 with their snapshots.
	if got := mtChangelogIDs(t, root); got != "6,7,8" {
		t.Fatalf("long-lived changelogs %s, want 6,7,8", got)
	}
	for hint, want := range map[string]string{"EARLIEST": "6", "LATEST": "8"} {
		if data, err := os.ReadFile(filepath.Join(root, "changelog", hint)); err != nil || string(data) != want {
			t.Errorf("changelog/%s = %q (%v), want %s", hint, data, err, want)
		}
	}
	mtCheckDecoupledFiles(t, "after automatic expiration", root)
	if n := xpCount(t, e.db, "mt.cl"); n != 10 {
		t.Errorf("count = %d, want 10", n)
	}

	before := xpTree(t, root)
	for call, want := range map[string]string{
		"CALL sys.expire_changelogs('mt.cl', 0)":                           "retain_max",
		"CALL sys.expire_changelogs('mt.cl', 2, 3)":                        "retain_min",
		"CALL sys.expire_changelogs('mt.cl', NULL, NULL, 'yesterday')":     "older_than",
		"CALL sys.expire_changelogs('mt.cl', NULL, NULL, NULL, 'x')":       "max_deletes",
		"CALL sys.expire_changelogs('mt.cl', NULL, NULL, NULL, 5, 'sure')": "delete_all",
		"CALL sys.expire_changelogs('mt.none', 1)":                         "none",
	} {
		if err := sqlRunErr(t, e.db, call); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", call, err, want)
		}
	}
	// Without arguments nothing is old enough, as in Java.
	wantRows(t, e.db, split("0"), "CALL sys.expire_changelogs('mt.cl')")
	xpSameTree(t, "after refused calls", before, xpTree(t, root))

	wantRows(t, e.db, split("1"), "CALL sys.expire_changelogs('mt.cl', 4)")
	if got := mtChangelogIDs(t, root); got != "7,8" {
		t.Fatalf("long-lived changelogs after retain_max = 4: %s, want 7,8", got)
	}
	mtCheckDecoupledFiles(t, "after expire_changelogs", root)
	wantRows(t, e.db, split("Delete all separated changelogs success."), "CALL sys.expire_changelogs(`table` => 'mt.cl', delete_all => 'true')")
	if got := mtChangelogIDs(t, root); got != "" {
		t.Fatalf("long-lived changelogs after delete_all: %s", got)
	}
	mtCheckDecoupledFiles(t, "after delete_all", root)
	if n := xpCount(t, e.db, "mt.cl"); n != 10 {
		t.Errorf("count = %d, want 10", n)
	}
}

// TestExpireProcedureIgnoresChangelogRetention: CALL sys.expire_snapshots
// expires a decoupled table's changelog with its snapshots, as Java's
// procedure does (its ExpireConfig has snapshot settings only): no
// long-lived changelog is written, and the changelog files of the expired
// snapshots are deleted with them.
func TestExpireProcedureIgnoresChangelogRetention(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	// changelog.num-retained.min above snapshot.num-retained.min (10)
	// decouples the changelog lifecycle; the compaction trigger keeps one
	// snapshot per INSERT.
	sqlRun(t, e.db, "CREATE DATABASE mp", "CREATE TABLE mp.cl (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ("+
		"'bucket' = '1', 'changelog-producer' = 'input', 'changelog.num-retained.min' = '40', "+
		"'num-sorted-run.compaction-trigger' = '100')")
	mtInserts(t, e, "mp.cl", 1, 20)
	root := xpTableRoot(e.url, "mp", "cl")
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'mp.cl', retain_max => 5, retain_min => 1, older_than => '2999-01-01 00:00:00')"); n != 19 {
		t.Fatalf("expired %d snapshots, want 19 (all older than older_than, down to retain_min)", n)
	}
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "20" {
		t.Fatalf("snapshots %s, want 20", got)
	}
	if got := mtChangelogIDs(t, root); got != "" {
		t.Fatalf("long-lived changelogs %s kept by the procedure, want none (Java's procedure keeps none)", got)
	}
	// Every file left is referenced by a remaining snapshot: the changelog
	// files of snapshots 1 to 19 went with them.
	mtCheckDecoupledFiles(t, "after the procedure", root)
	if n := xpCount(t, e.db, "mp.cl"); n != 20 {
		t.Errorf("count = %d, want 20", n)
	}
}

func TestCompactionCommitExpiresSnapshots(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.k (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ("+
		"'bucket' = '1', 'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2')")
	mtInserts(t, e, "mt.k", 1, 3)
	sqlRun(t, e.db, "CALL sys.compact('mt.k')")
	root := xpTableRoot(e.url, "mt", "k")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "3,4" {
		t.Fatalf("snapshots after the compaction: %s, want 3,4", got)
	}
	xpCheckFiles(t, "after compaction and expiration", root, nil)
	wantRows(t, e.db, split("3"), "SELECT COUNT(*) FROM mt.k")
}

func TestCommitCreatesBatchTags(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.b (id INT, v TEXT)")
	mtInserts(t, e, "mt.b", 1, 1)
	sqlRun(t, e.db, "CALL sys.create_tag('mt.b', 'first', 1)",
		"ALTER TABLE mt.b SET ('tag.automatic-creation' = 'batch', 'sink.process-time-zone' = 'UTC', 'tag.num-retained-max' = '1')")
	mtInserts(t, e, "mt.b", 2, 1)
	name := "batch-write-" + time.Now().UTC().Format("2006-01-02")
	// The latest snapshot is tagged; all tags count for tag.num-retained-max.
	if got := mtTags(t, e.db, "mt.`b"); got != name+"@2" {
		t.Fatalf("tags after a batch write: %s, want %s@2", got, name)
	}
	// The next write moves the tag to its snapshot.
	mtInserts(t, e, "mt.b", 3, 1)
	if got := mtTags(t, e.db, "mt.`b"); got != name+"@3" {
		t.Fatalf("tags after another batch write: %s, want %s@3", got, name)
	}
	sqlRun(t, e.db, "ALTER TABLE mt.b SET ('tag.batch.customized-name' = 'nightly')")
	mtInserts(t, e, "mt.b", 4, 1)
	if got := mtTags(t, e.db, "mt.`b"); got != "nightly@4" {
		t.Fatalf("tags with tag.batch.customized-name: %s, want nightly@4", got)
	}
	xpCheckFiles(t, "after batch tags", xpTableRoot(e.url, "mt", "b"), nil)
}

func TestMaintenanceFailureKeepsTheCommit(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.f (id INT, v TEXT) WITH ("+
		"'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '1')")
	mtInserts(t, e, "mt.f", 1, 2)
	root := xpTableRoot(e.url, "mt", "f")
	// An unreadable tag: expiration cannot tell what it keeps, so it must
	// not run, and the statement must still succeed.
	if err := os.MkdirAll(filepath.Join(root, "tag"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tag", "tag-broken"), []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	mtInserts(t, e, "mt.f", 3, 2)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "2,3,4" {
		t.Fatalf("snapshots with an unreadable tag: %s, want 2,3,4 (nothing expired after it appeared)", got)
	}
	wantRows(t, e.db, split("4"), "SELECT COUNT(*) FROM mt.f")
	if err := os.Remove(filepath.Join(root, "tag", "tag-broken")); err != nil {
		t.Fatal(err)
	}
	mtInserts(t, e, "mt.f", 5, 1)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "5" {
		t.Fatalf("snapshots once the tag is gone: %s, want 5", got)
	}
}

// snapshot.time-retained and snapshot.expire.limit after a commit: a
// snapshot goes once its successor is older than the retention, at most
// snapshot.expire.limit of them per commit.
func TestCommitExpiresSnapshotsByTimeAndLimit(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt", "CREATE TABLE mt.tl (id INT, v TEXT) WITH ("+
		"'snapshot.num-retained.min' = '1', 'snapshot.time-retained' = '2 s', 'snapshot.expire.limit' = '2')")
	mtInserts(t, e, "mt.tl", 1, 5)
	root := xpTableRoot(e.url, "mt", "tl")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(1, 5) {
		t.Fatalf("snapshots younger than snapshot.time-retained: %s, want all five", got)
	}
	advanceMaintenanceClock(e.env, 2100*time.Millisecond)
	// 1 to 4 have old successors; the limit takes two per commit, and 5
	// stays while its successor is young.
	for i, want := range []string{"3,4,5,6", "5,6,7", "5,6,7,8"} {
		mtInserts(t, e, "mt.tl", 6+i, 1)
		if got := xpIDs(xpSnapshotIDs(t, root)); got != want {
			t.Fatalf("after INSERT %d: snapshots %s, want %s", 6+i, got, want)
		}
	}
	xpCheckFiles(t, "after time-based expiration", root, nil)
	wantRows(t, e.db, split("8"), "SELECT COUNT(*) FROM mt.tl")
}

// After commits that expire nothing, the next commits check only the
// hints (core/maintenance/expirydue.go): expiration must still run once
// it is due by count, after the retention options change, and from where
// another writer's expiration left EARLIEST.
func TestCommitExpiresWhenDueAfterIdleCommits(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '30')")
	root := xpTableRoot(e.url, "mt", "t")
	mtInserts(t, e, "mt.t", 1, 30)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(1, 30) {
		t.Fatalf("30 snapshots with snapshot.num-retained.max = 30: %s, want all", got)
	}
	mtInserts(t, e, "mt.t", 31, 2)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(3, 32) {
		t.Fatalf("after 32 INSERTs: snapshots %s, want 3 to 32", got)
	}
	// A smaller retention applies at the next commit.
	sqlRun(t, e.db, "ALTER TABLE mt.t SET ('snapshot.num-retained.max' = '5')")
	mtInserts(t, e, "mt.t", 33, 1)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(29, 33) {
		t.Fatalf("after num-retained.max = 5: snapshots %s, want 29 to 33", got)
	}
	// Another expiration moves EARLIEST; counting starts from there.
	xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => 'mt.t', retain_max => 2, retain_min => 1)")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "32,33" {
		t.Fatalf("after expire_snapshots retain_max 2: snapshots %s, want 32,33", got)
	}
	mtInserts(t, e, "mt.t", 34, 4)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(33, 37) {
		t.Fatalf("after 4 more INSERTs: snapshots %s, want 33 to 37", got)
	}
	xpCheckFiles(t, "after expiration following idle commits", root, nil)
	wantRows(t, e.db, split("37"), "SELECT COUNT(*) FROM mt.t")
}
