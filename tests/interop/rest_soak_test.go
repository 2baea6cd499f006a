package interop

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The REST soak: Java writers committing through paimon-sql's REST catalog
// and MySQL writers inserting over the wire, on one append table at once,
// for PAIMON_SQL_REST_SOAK (30s by default) on a local warehouse and as
// long on S3. Every write adds one row with an id of its own in one
// commit, so the table proves what happened: every acknowledged id is
// there (nothing lost), no id is there twice and the snapshots' delta
// record counts add up to the rows, as does the latest total (no commit
// applied twice), and no id is there that no writer sent. (paimon-sql
// merges concurrent SQL appends into one snapshot: snapshots are fewer
// than commits.)

const soakJavaWriters, soakSQLWriters = 2, 2

// soakDuration is how long each soak writes.
func soakDuration(t *testing.T) time.Duration {
	if s := os.Getenv("PAIMON_SQL_REST_SOAK"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("PAIMON_SQL_REST_SOAK=%q: %v", s, err)
		}
		return d
	}
	return 30 * time.Second
}

// soakWriters are the acknowledged and the failed (unknown outcome) ids
// of every writer.
type soakWriters struct {
	mu           sync.Mutex
	acked, tried map[int64]string // id -> writer
	failures     map[string]int
	examples     map[string]string
}

func (s *soakWriters) record(writer string, id int64, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tried[id] = writer
	if err == nil {
		s.acked[id] = writer
		return
	}
	s.failures[writer]++
	s.examples[writer] = err.Error()
}

// TestRESTSoak runs the soak on a local warehouse and on S3.
func TestRESTSoak(t *testing.T) {
	requireTools(t)
	d := soakDuration(t)
	t.Run("local", func(t *testing.T) {
		rs := startREST(t, t.TempDir())
		runRESTSoak(t, rs, func(j *javaDriver) *javaDriver { return restJava(j, rs.url, rs.writer) }, d)
	})
	t.Run("s3", func(t *testing.T) {
		rs, endpoint := startS3REST(t, "soak")
		runRESTSoak(t, rs, func(j *javaDriver) *javaDriver { return restS3Java(j, rs.url, rs.writer, endpoint) }, d)
	})
}

func runRESTSoak(t *testing.T, rs *restServer, client func(*javaDriver) *javaDriver, d time.Duration) {
	sc := scenario{name: "soak", cols: basicCols, options: map[string]string{
		// Every snapshot is kept, so that they can be counted.
		"snapshot.num-retained.min": "1000000", "snapshot.num-retained.max": "1000000"}}
	javas := []*javaDriver{client(startJava(t))}
	for len(javas) < soakJavaWriters {
		j, err := startDriver(driverClassPath(t, javaPaimonVersion))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(j.stop)
		javas = append(javas, client(j))
	}
	javas[0].must(t, "", createStep(sc))
	w := &soakWriters{acked: map[int64]string{}, tried: map[int64]string{}, failures: map[string]int{}, examples: map[string]string{}}
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i, j := range javas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := "java" + strconv.Itoa(i)
			// Five one-row writes a request: each a commit, each answered.
			for n := int64(0); time.Now().Before(deadline); n += 5 {
				steps := make([]jstep, 5)
				for k := range steps {
					id := int64(i+1)*1_000_000 + n + int64(k)
					steps[k] = jstep{"op": "write", "table": sc.table(),
						"rows": []map[string]any{{"kind": "+I", "values": []any{id, name, "1.00"}}}}
				}
				res, err := j.try("", steps...)
				for k := range steps {
					id := int64(i+1)*1_000_000 + n + int64(k)
					switch {
					case err != nil:
						w.record(name, id, err)
					case !res[k].OK:
						w.record(name, id, fmt.Errorf("%s", res[k].Error))
					default:
						w.record(name, id, nil)
					}
				}
			}
		}()
	}
	for i := range soakSQLWriters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := "sql" + strconv.Itoa(i)
			for n := int64(0); time.Now().Before(deadline); n++ {
				id := int64(soakJavaWriters+i+1)*1_000_000 + n
				w.record(name, id, sqlExec(rs.db, fmt.Sprintf("INSERT INTO %s VALUES (%d, '%s', 2.00)", sc.table(), id, name)))
			}
		}()
	}
	wg.Wait()

	rows, err := sqlRows(rs.db, "SELECT id FROM "+sc.table())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]int{}
	for _, r := range rows {
		id, _ := strconv.ParseInt(*r[0], 10, 64)
		seen[id]++
	}
	snaps, err := sqlRows(rs.db, "SELECT COUNT(*), SUM(delta_record_count), MAX(total_record_count) FROM db.`soak$snapshots`")
	if err != nil {
		t.Fatal(err)
	}
	var lost, doubled, unknown []int64
	for id := range w.acked {
		if seen[id] == 0 {
			lost = append(lost, id)
		}
	}
	for id, n := range seen {
		if n > 1 {
			doubled = append(doubled, id)
		}
		if _, ok := w.tried[id]; !ok {
			unknown = append(unknown, id)
		}
	}
	perWriter := map[string]int{}
	for _, writer := range w.acked {
		perWriter[writer]++
	}
	names := make([]string, 0, len(perWriter))
	for n := range perWriter {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%s: %d commits acknowledged, %d failed %s", n, perWriter[n], w.failures[n], w.examples[n])
	}
	t.Logf("%v: %d commits acknowledged (%.1f/s), %d rows, %s snapshots", d, len(w.acked), float64(len(w.acked))/d.Seconds(), len(rows), *snaps[0][0])
	problem := ""
	switch {
	case len(lost) > 0:
		problem = fmt.Sprintf("%d acknowledged commits lost, e.g. id %d", len(lost), lost[0])
	case len(doubled) > 0:
		problem = fmt.Sprintf("%d ids twice, e.g. %d", len(doubled), doubled[0])
	case len(unknown) > 0:
		problem = fmt.Sprintf("%d ids no writer sent, e.g. %d", len(unknown), unknown[0])
	case *snaps[0][1] != strconv.Itoa(len(rows)) || *snaps[0][2] != strconv.Itoa(len(rows)):
		problem = fmt.Sprintf("%d rows, but the snapshots' delta records add up to %s and the latest total is %s", len(rows), *snaps[0][1], *snaps[0][2])
	case perWriter["java0"] == 0 || perWriter["sql0"] == 0:
		problem = fmt.Sprintf("a side committed nothing: %v", perWriter)
	}
	if problem != "" {
		t.Error(problem)
	}
}
