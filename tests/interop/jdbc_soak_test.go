package interop

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore/jdbc"
	"github.com/paimon-sql/paimon-sql/internal/seaweed"
)

// lockSoakDuration bounds the writers of TestJDBCCatalogLockSoakS3.
const lockSoakDuration = 45 * time.Second

// TestJDBCCatalogLockSoakS3: on one table of an object-store warehouse
// (SeaweedFS's S3 API), Java 1.4.2's JdbcCatalog with lock.enabled (over a
// MariaDB the test starts) commits one row at a time while two paimon-sql
// connections do the same (300 ms apart) through --catalog jdbc, for
// lockSoakDuration, all with lock-check-max-sleep = 100 ms: every
// acknowledged commit is in the table at the end, once, as both read it,
// and there is one snapshot per commit. An object store has no atomic
// rename, so the catalog's lock is what keeps the writers apart.
func TestJDBCCatalogLockSoakS3(t *testing.T) {
	requireTools(t)
	t.Setenv("AWS_ACCESS_KEY_ID", seaweed.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", seaweed.SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := seaweed.Start(t)
	j := startJava(t)
	c := newMariaDBCatalog(t).withLock()
	// Both sides poll a held lock every 100 ms at most: with Java's 8 s
	// default, Java's writer, which polls from 100 ms doubling, finds the
	// lock taken by the busier paimon-sql writers nearly every time.
	c.options["lock-check-max-sleep"] = "100 ms"
	javaWarehouse := "s3://" + seaweed.Bucket + "/soak"
	javaOpts := c.java()
	maps.Copy(javaOpts, map[string]string{"s3.endpoint": endpoint, "s3.access-key": seaweed.AccessKey,
		"s3.secret-key": seaweed.SecretKey, "s3.path.style.access": "true", "warehouse": javaWarehouse})
	java := func(step jstep) jresult {
		t.Helper()
		res, err := j.tryIn(javaWarehouse, javaOpts, step)
		if err != nil {
			t.Fatal(err)
		}
		if !res[0].OK {
			t.Fatalf("Java %v: %s", step["op"], res[0].Error)
		}
		return res[0]
	}
	// Java picks its snapshot id before it takes the lock and retries, with
	// a wait doubling up to commit.max-retry-wait, when another writer took
	// it meanwhile: with Java's defaults (10 retries, 10 s) it starves
	// beside writers committing several times a second.
	java(jstep{"op": "create", "table": "soak.t", "columns": []map[string]any{
		{"name": "id", "type": "INT NOT NULL"}, {"name": "who", "type": "STRING"}},
		"tableOptions": map[string]string{"commit.max-retries": "100", "commit.max-retry-wait": "300 ms"}})

	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, seaweed.URL(endpoint, "soak"))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := jdbc.Open(ctx, fsys, c.options)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := catalog.NewProviderIn(ctx, fsys, ms)
	if err != nil {
		t.Fatal(err)
	}
	db, _ := serveProvider(t, provider, "+00:00", func() { _ = ms.Close(); _ = fsys.Close() })

	// Java: one commit per request, ids 1,000,000 up, until the time is up.
	// Java reads the latest snapshot before it takes the lock and gives up
	// after commit.max-retries (10) attempts that found their snapshot id
	// taken: beside faster writers some of its commits fail, acknowledged
	// to nobody, and must leave nothing.
	start := time.Now()
	deadline := start.Add(lockSoakDuration)
	var wg sync.WaitGroup
	var mu sync.Mutex
	acked := map[int]string{}
	var javaErr error
	javaGaveUp := 0
	var javaTime time.Duration
	wg.Add(1)
	go func() {
		defer wg.Done()
		for id := 1_000_000; time.Now().Before(deadline); id++ {
			row := map[string]any{"kind": "+I", "values": []any{id, "java"}}
			began := time.Now()
			res, err := j.tryIn(javaWarehouse, javaOpts, jstep{"op": "write", "table": "soak.t", "rows": []map[string]any{row}})
			javaTime += time.Since(began)
			if err != nil {
				javaErr = err
				return
			}
			if !res[0].OK {
				if strings.Contains(res[0].Error, "Commit failed after") {
					javaGaveUp++
					continue
				}
				javaErr = fmt.Errorf("%s", res[0].Error)
				return
			}
			mu.Lock()
			acked[id] = "java"
			mu.Unlock()
		}
	}()
	// paimon-sql: two connections, one commit per statement.
	sqlErrs := make([]error, 2)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := db.Conn(ctx)
			if err != nil {
				sqlErrs[w] = err
				return
			}
			defer conn.Close()
			for i := 0; time.Now().Before(deadline); i++ {
				id := w*100_000 + i
				if _, err := conn.ExecContext(ctx, fmt.Sprintf("INSERT INTO soak.t VALUES (%d, 'sql%d')", id, w)); err != nil {
					sqlErrs[w] = fmt.Errorf("INSERT %d: %w", id, err)
					return
				}
				mu.Lock()
				acked[id] = "sql" + strconv.Itoa(w)
				mu.Unlock()
				time.Sleep(300 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if javaErr != nil || sqlErrs[0] != nil || sqlErrs[1] != nil {
		t.Fatalf("writers failed: Java %v; paimon-sql %v, %v", javaErr, sqlErrs[0], sqlErrs[1])
	}
	perWriter := map[string]int{}
	for _, who := range acked {
		perWriter[who]++
	}
	t.Logf("%d acknowledged commits in %v (%.1f/s): %v; Java gave up %d commits after its retries; a Java commit took %v on average",
		len(acked), elapsed.Round(time.Millisecond), float64(len(acked))/elapsed.Seconds(), perWriter, javaGaveUp,
		(javaTime / time.Duration(max(1, perWriter["java"]+javaGaveUp))).Round(time.Millisecond))
	if perWriter["java"] < 5 || perWriter["sql0"] < 5 || perWriter["sql1"] < 5 {
		t.Fatalf("a writer committed fewer than 5 times: %v", perWriter)
	}

	// Every acknowledged row once, as paimon-sql and Java read the table.
	rows, err := sqlRows(db, "SELECT id, who FROM soak.t")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int{}
	for _, r := range rows {
		id, _ := strconv.Atoi(*r[0])
		seen[id]++
		if want, ok := acked[id]; !ok || want != *r[1] {
			t.Errorf("row %d by %s: not acknowledged as such (%q)", id, *r[1], want)
		}
	}
	var missing, doubled []int
	for id := range acked {
		switch seen[id] {
		case 0:
			missing = append(missing, id)
		case 1:
		default:
			doubled = append(doubled, id)
		}
	}
	sort.Ints(missing)
	sort.Ints(doubled)
	if len(missing) > 0 || len(doubled) > 0 {
		t.Errorf("acknowledged rows missing: %v; rows more than once: %v", missing, doubled)
	}
	if res := java(jstep{"op": "read", "table": "soak.t"}); len(res.Rows) != len(acked) {
		t.Errorf("Java reads %d rows, want %d", len(res.Rows), len(acked))
	}
	if got := mustQuery(t, db, "SELECT COUNT(*), MAX(snapshot_id) FROM soak.`t$snapshots`"); got != fmt.Sprintf("%d,%d", len(acked), len(acked)) {
		t.Errorf("snapshots (count, latest id): %s, want one per commit, %d", got, len(acked))
	}
	if got := c.rows(t, "SELECT lock_id FROM paimon_distributed_locks"); len(got) > 0 {
		t.Errorf("lock rows left: %v", got)
	}
}
