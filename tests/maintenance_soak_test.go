package tests

// The soak of issue 25 ("what must hold"): three server processes on one
// warehouse, writers of every statement kind (INSERT VALUES, INSERT ...
// SELECT, UPDATE, DELETE, INSERT OVERWRITE), kill -9 of a server every few
// seconds, and expire_snapshots, compact and remove_orphan_files with
// older_than => now on any server. Every acknowledged write must be
// readable at the end, and every table readable throughout. Each writer
// owns its keys (and partition), so that what it last had acknowledged is
// what the table must hold; a statement that failed makes its keys
// unknown until the writer's next acknowledged write of all of them.

import (
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// soakSelectRows bounds the INSERT ... SELECT statements of the soak:
// 20,000 rows by default (CI), PAIMON_SQL_SOAK_ROWS up to 300,000.
func soakSelectRows(t *testing.T) int { return envRows(t, "PAIMON_SQL_SOAK_ROWS", 20_000) }

// soakCluster is three server processes on one warehouse, any of which
// may be killed and restarted.
type soakCluster struct {
	t     *testing.T
	env   []string
	args  []string
	mu    sync.Mutex
	procs []*opsServer
	dbs   []*gosql.DB
	dead  []*opsServer // killed, kept for their logs
	kills atomic.Int64
}

// The servers log at debug level: every file deletion of a commit's
// cleanup, an expiration or an orphan cleanup, with what it judged by
// (soakDeletions).
func newSoakCluster(t *testing.T, warehouse string, env []string) *soakCluster {
	c := &soakCluster{t: t, env: env, args: []string{"--warehouse", warehouse, "--create-warehouse", "--log-level", "debug"}}
	for range 3 {
		s := startBinary(t, env, c.args...)
		c.procs = append(c.procs, s)
		c.dbs = append(c.dbs, s.db(t))
	}
	return c
}

// db is a connection pool to one of the servers, at random.
func (c *soakCluster) db(rng *rand.Rand) *gosql.DB {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dbs[rng.IntN(len(c.dbs))]
}

// kill sends SIGKILL to server i and starts a new one in its place.
func (c *soakCluster) kill(i int) {
	c.mu.Lock()
	s := c.procs[i]
	c.mu.Unlock()
	_ = s.cmd.Process.Kill()
	if err := <-s.exited; err == nil {
		c.t.Errorf("server %d exited cleanly on SIGKILL", i)
	}
	c.kills.Add(1)
	n := startBinary(c.t, c.env, c.args...)
	c.mu.Lock()
	c.dead = append(c.dead, s)
	c.procs[i], c.dbs[i] = n, n.db(c.t)
	c.mu.Unlock()
}

// missingFile finds the names of metadata and data files in an error.
var missingFile = regexp.MustCompile(`(manifest-list|index-manifest|manifest|data|changelog|index)-[0-9a-f]{8}-[0-9a-f-]+-[0-9]+(\.[a-z]+)?`)

// soakDeletions logs what deleted the files an unreadable error names, from
// the debug logs of every server, killed ones too.
func (c *soakCluster) soakDeletions(unread []string) {
	names := map[string]bool{}
	for _, u := range unread {
		for _, n := range missingFile.FindAllString(u, -1) {
			names[n] = true
		}
	}
	c.mu.Lock()
	servers := append(append([]*opsServer{}, c.dead...), c.procs...)
	c.mu.Unlock()
	for name := range names {
		found := false
		for _, s := range servers {
			for _, l := range strings.Split(s.log(), "\n") {
				if strings.Contains(l, name) && (strings.Contains(l, "deleted") || strings.Contains(l, "removed")) {
					c.t.Logf("deletion of %s: %s", name, l)
					found = true
				}
			}
		}
		if !found {
			c.t.Logf("no server logged the deletion of %s", name)
		}
	}
}

// soakWriters write at once; each owns soakKeys keys of soak.k and one
// partition of soak.o.
const soakWriters, soakKeys = 6, 20

// soakWriter is one writer of the soak.
type soakWriter struct {
	st         *soakState
	c          *soakCluster
	nextID     *atomic.Int64
	w          int
	selectRows int
	rng        *rand.Rand
}

// step runs one statement of a random kind on a random server.
func (sw *soakWriter) step(gen int64) {
	db := sw.c.db(sw.rng)
	switch k := sw.rng.IntN(10); {
	case k < 3:
		sw.insertValues(db)
	case k < 4:
		sw.insertSelect(db)
	case k < 7:
		sw.changeKeys(db, k, gen)
	default:
		sw.overwrite(db, gen)
	}
}

// newIDs reserves n new ids of soak.a and soak.o.
func (sw *soakWriter) newIDs(n int) []int64 {
	last := sw.nextID.Add(int64(n))
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = last - int64(n) + 1 + int64(i)
	}
	return ids
}

func (sw *soakWriter) insertValues(db *gosql.DB) {
	ids := sw.newIDs(1 + sw.rng.IntN(3))
	var vals []string
	for _, id := range ids {
		vals = append(vals, fmt.Sprintf("(%d, 'w%d')", id, sw.w))
	}
	_, err := db.Exec("INSERT INTO soak.a VALUES " + strings.Join(vals, ", "))
	if sw.st.result("INSERT VALUES", err) {
		sw.st.mu.Lock()
		sw.st.appended = append(sw.st.appended, ids...)
		sw.st.mu.Unlock()
	}
}

func (sw *soakWriter) insertSelect(db *gosql.DB) {
	ids := sw.newIDs(1 + sw.rng.IntN(sw.selectRows))
	_, err := db.Exec(fmt.Sprintf("INSERT INTO soak.a SELECT id + %d, v FROM soak.src WHERE id <= %d", ids[0]-1, len(ids)))
	if sw.st.result("INSERT SELECT", err) {
		sw.st.mu.Lock()
		sw.st.appended = append(sw.st.appended, ids...)
		sw.st.mu.Unlock()
	}
}

// changeKeys updates five of the writer's keys, deletes one, or (k == 4,
// and whenever they are unknown) writes all of them.
func (sw *soakWriter) changeKeys(db *gosql.DB, k int, gen int64) {
	lo := int64(sw.w * 1000)
	sw.st.mu.Lock()
	known := sw.st.keys[sw.w]
	sw.st.mu.Unlock()
	next := map[int64]int64{}
	var q, kind string
	switch {
	case len(known) == 0 || k == 4:
		var vals []string
		for i := range int64(soakKeys) {
			vals = append(vals, fmt.Sprintf("(%d, %d, %d)", lo+i, sw.w, gen))
			next[lo+i] = gen
		}
		q, kind = "INSERT INTO soak.k VALUES "+strings.Join(vals, ", "), "INSERT VALUES (keys)"
	case k == 5:
		from := lo + sw.rng.Int64N(soakKeys)
		for id, v := range known {
			next[id] = v
			if id >= from && id < from+5 {
				next[id] = gen
			}
		}
		q, kind = fmt.Sprintf("UPDATE soak.k SET v = %d WHERE id >= %d AND id < %d", gen, from, from+5), "UPDATE"
	default:
		victim := lo + sw.rng.Int64N(soakKeys)
		for id, v := range known {
			if id != victim {
				next[id] = v
			}
		}
		q, kind = fmt.Sprintf("DELETE FROM soak.k WHERE id = %d", victim), "DELETE"
	}
	_, err := db.Exec(q)
	ok := sw.st.result(kind, err)
	sw.st.mu.Lock()
	defer sw.st.mu.Unlock()
	if ok {
		sw.st.keys[sw.w] = next
	} else {
		sw.st.keys[sw.w] = nil
	}
}

func (sw *soakWriter) overwrite(db *gosql.DB, gen int64) {
	ids := sw.newIDs(1 + sw.rng.IntN(5))
	var vals []string
	for _, id := range ids {
		vals = append(vals, fmt.Sprintf("(%d, %d)", id, gen))
	}
	_, err := db.Exec(fmt.Sprintf("INSERT OVERWRITE soak.o PARTITION (p = %d) VALUES %s", sw.w, strings.Join(vals, ", ")))
	ok := sw.st.result("INSERT OVERWRITE", err)
	sw.st.mu.Lock()
	defer sw.st.mu.Unlock()
	if ok {
		sw.st.parts[sw.w] = ids
	} else {
		sw.st.parts[sw.w] = nil
	}
}

// soakState is what the writers had acknowledged.
type soakState struct {
	mu       sync.Mutex
	appended []int64                 // soak.a ids
	keys     map[int]map[int64]int64 // writer -> soak.k id -> v (nil: unknown)
	parts    map[int][]int64         // writer -> soak.o ids of its partition (nil: unknown)
	acks     map[string]int          // statement kind -> acknowledged
	fails    map[string]int          // statement kind -> failed
	refused  map[string]int          // statement kind -> failed with an answer of a live server
	examples map[string]string       // statement kind -> an error
	unread   []string                // reads (also of writes) that failed on a live server
	rounds   map[string]int          // maintenance call -> successful runs
}

func (s *soakState) result(kind string, err error) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.acks[kind]++
		return true
	}
	s.fails[kind]++
	if serverAnswered(err) {
		s.refused[kind]++
	}
	if serverAnswered(err) && strings.Contains(err.Error(), "does not exist") {
		// A statement of any kind that lost a file it read: the table was
		// unreadable to it, whatever it then did.
		s.unread = append(s.unread, kind+": "+err.Error())
	}
	if _, ok := s.examples[kind]; !ok || serverAnswered(err) {
		s.examples[kind] = err.Error() // an answer of the server rather than a lost connection
	}
	return false
}

// serverAnswered tells a MySQL error of a live server from a connection
// lost to a kill.
func serverAnswered(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me)
}

func TestMaintenanceSoakLocal(t *testing.T) {
	runMaintenanceSoak(t, t.TempDir(), nil)
}

func TestMaintenanceSoakS3(t *testing.T) {
	env := []string{"AWS_ACCESS_KEY_ID=" + s3AccessKey, "AWS_SECRET_ACCESS_KEY=" + s3SecretKey, "AWS_REGION=us-east-1"}
	t.Setenv("AWS_ACCESS_KEY_ID", s3AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", s3SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := startWeed(t)
	runMaintenanceSoak(t, s3URL(endpoint, "soak"), env)
}

func runMaintenanceSoak(t *testing.T, warehouse string, env []string) {
	// The driver logs every connection a kill breaks.
	_ = mysql.SetLogger(log.New(io.Discard, "", 0))
	c := newSoakCluster(t, warehouse, env)
	setup := c.dbs[0]
	selectRows := soakSelectRows(t)
	sqlRun(t, setup, "CREATE DATABASE soak",
		"CREATE TABLE soak.src (id BIGINT, v TEXT)",
		"CREATE TABLE soak.a (id BIGINT, v TEXT)",
		"CREATE TABLE soak.k (id BIGINT NOT NULL, w INT, v BIGINT, PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"CREATE TABLE soak.o (p INT, id BIGINT, gen BIGINT) PARTITIONED BY (p)")
	fillNumbers(t, setup, "soak.src", selectRows)
	tables := []string{"soak.a", "soak.k", "soak.o"}

	st := &soakState{keys: map[int]map[int64]int64{}, parts: map[int][]int64{}, acks: map[string]int{},
		fails: map[string]int{}, refused: map[string]int{}, examples: map[string]string{}, rounds: map[string]int{}}
	duration := soakDuration(t)
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	var wg sync.WaitGroup
	var nextID atomic.Int64
	nextID.Store(1 << 32) // above the ids of soak.src

	for w := range soakWriters {
		sw := &soakWriter{st: st, c: c, nextID: &nextID, w: w, selectRows: selectRows, rng: rand.New(rand.NewPCG(uint64(w), 25))}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gen := int64(1); ctx.Err() == nil; gen++ {
				sw.step(gen)
			}
		}()
	}
	// Maintenance on any server: orphan cleanup at older_than => now.
	maintain := func(name string, every time.Duration, call func(table string) string) {
		rng := rand.New(rand.NewPCG(uint64(len(name)), 7))
		soakLoop(ctx, &wg, every, func(int) {
			table := tables[rng.IntN(len(tables))]
			_, err := c.db(rng).Exec(call(table))
			if err == nil {
				st.mu.Lock()
				st.rounds[name]++
				st.mu.Unlock()
			} else {
				st.result(name, err)
			}
		})
	}
	maintain("remove_orphan_files", 150*time.Millisecond, func(table string) string {
		return fmt.Sprintf("CALL sys.remove_orphan_files(`table` => '%s', older_than => '%d')", table, time.Now().Add(-time.Millisecond).UnixMilli())
	})
	maintain("expire_snapshots", 300*time.Millisecond, func(table string) string {
		return "CALL sys.expire_snapshots(`table` => '" + table + "', retain_max => 2, retain_min => 1)"
	})
	maintain("compact", 700*time.Millisecond, func(table string) string {
		return "CALL sys.compact(`table` => '" + table + "')"
	})
	// Readers: every table, on any server, must read; a read that fails
	// with an answer of a live server is a failure of the test.
	for r := range 2 {
		rng := rand.New(rand.NewPCG(uint64(r), 99))
		soakLoop(ctx, &wg, 100*time.Millisecond, func(i int) {
			table := tables[i%len(tables)]
			_, err := query(c.db(rng), "SELECT COUNT(*), SUM(id) FROM "+table)
			if err != nil && serverAnswered(err) {
				st.mu.Lock()
				st.unread = append(st.unread, table+": "+err.Error())
				st.mu.Unlock()
			}
		})
	}
	// kill -9 of a server every 2 to 5 s.
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(3, 3))
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(2*time.Second + time.Duration(rng.IntN(3000))*time.Millisecond):
			}
			c.kill(rng.IntN(3))
		}
	}()
	wg.Wait()

	st.mu.Lock()
	defer st.mu.Unlock()
	var kinds []string
	for k := range st.acks {
		kinds = append(kinds, k)
	}
	for k := range st.fails {
		if _, ok := st.acks[k]; !ok {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%-22s acknowledged %5d, failed %4d (%d by the server's answer) %s", k, st.acks[k], st.fails[k], st.refused[k], lastBytes(st.examples[k], 300))
	}
	t.Logf("%d kills; maintenance runs: %v; %d rows appended", c.kills.Load(), st.rounds, len(st.appended))
	t.Logf("unreadable during the soak: %d", len(st.unread))
	for i, u := range st.unread {
		if i < 10 {
			t.Errorf("unreadable during the soak: %s", u)
		}
	}
	if len(st.unread) > 0 {
		c.soakDeletions(st.unread[:min(len(st.unread), 10)])
	}
	if st.acks["INSERT SELECT"] == 0 || st.rounds["remove_orphan_files"] == 0 || c.kills.Load() == 0 {
		t.Errorf("the load did not run: %v, %v, %d kills", st.acks, st.rounds, c.kills.Load())
	}

	soakCheckState(t, c, st)
}

// soakCheckState checks, on every server, that each acknowledged write is
// there.
func soakCheckState(t *testing.T, c *soakCluster, st *soakState) {
	for i := range c.dbs {
		db := c.dbs[i]
		soakCheckRows(t, db, "soak.a", st.appended)
		for w, want := range st.keys {
			if want == nil {
				continue
			}
			got := map[int64]int64{}
			for _, r := range mustQuery(t, db, fmt.Sprintf("SELECT id, v FROM soak.k WHERE id >= %d AND id < %d", w*1000, w*1000+soakKeys)).rows {
				id, _ := strconv.ParseInt(r[0], 10, 64)
				v, _ := strconv.ParseInt(r[1], 10, 64)
				got[id] = v
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("server %d: soak.k keys of writer %d are %v, want %v", i, w, got, want)
			}
		}
		for w, want := range st.parts {
			if want == nil {
				continue
			}
			var got []string
			for _, r := range mustQuery(t, db, fmt.Sprintf("SELECT id FROM soak.o WHERE p = %d ORDER BY id", w)).rows {
				got = append(got, r[0])
			}
			var wantS []string
			for _, id := range want {
				wantS = append(wantS, strconv.FormatInt(id, 10))
			}
			sort.Strings(wantS)
			sort.Strings(got)
			if strings.Join(got, ",") != strings.Join(wantS, ",") {
				t.Errorf("server %d: soak.o partition %d holds %v, want %v", i, w, got, wantS)
			}
		}
	}
}

// At --log-level debug, every file an expiration or an orphan cleanup
// deletes is logged with its path and what the run judged by: the soak
// prints those lines for a file an unreadable statement missed.
//
// Catches: a deletion path that deletes without a trace, or a trace that
// does not name the file.
func TestDeletionsLoggedAtDebugLevel(t *testing.T) {
	wh := t.TempDir()
	s := startBinary(t, nil, "--warehouse", wh, "--create-warehouse", "--log-level", "debug")
	db := s.db(t)
	sqlRun(t, db, "CREATE DATABASE d", "CREATE TABLE d.t (id BIGINT, v BIGINT)",
		"INSERT INTO d.t VALUES (1, 1)", "INSERT INTO d.t VALUES (2, 2)", "INSERT OVERWRITE d.t VALUES (3, 3)",
		"CALL sys.expire_snapshots(`table` => 'd.t', retain_max => 1, retain_min => 1)")
	stray := filepath.Join(wh, "d.db", "t", "manifest", "manifest-00000000-0000-0000-0000-000000000001-0")
	if err := os.WriteFile(stray, []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(stray, old, old); err != nil {
		t.Fatal(err)
	}
	// A read marker of the statements above is deleted in the background
	// once they end; a cleanup that still finds it (a read of an expired
	// snapshot) deletes nothing and says to run again, as a user would.
	for deadline := time.Now().Add(10 * time.Second); ; {
		sqlRun(t, db, "CALL sys.remove_orphan_files(`table` => 'd.t')")
		if len(s.logLines("orphan cleanup deleted a file")) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	expired := s.logLines("expiration deleted a file")
	kinds := map[string]bool{}
	for _, l := range expired {
		kinds[fmt.Sprint(l["kind"])] = true
		if p, _ := l["path"].(string); !strings.HasPrefix(p, "d.db/t/") || !strings.Contains(fmt.Sprint(l["by"]), "expired, kept from") {
			t.Errorf("expiration's line %v: want the file's path and what the run kept", l)
		}
	}
	if !kinds["snapshot"] || !kinds["data"] || !kinds["manifest list"] {
		t.Errorf("expiration logged deletions of %v, want snapshot, data and manifest list among them", kinds)
	}
	orphans := s.logLines("orphan cleanup deleted a file")
	if len(orphans) != 1 || orphans[0]["path"] != "d.db/t/manifest/manifest-00000000-0000-0000-0000-000000000001-0" ||
		!strings.Contains(fmt.Sprint(orphans[0]["by"]), "the newest snapshot read 3") {
		t.Errorf("orphan cleanup logged %v, want the stray manifest and what it read", orphans)
	}
}
