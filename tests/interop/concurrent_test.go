package interop

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

const featureConcurrent = "concurrent commits (Java and paimon-sql at once)"

// TestConcurrentWritersLoseNoCommit: Java and paimon-sql commit to one
// table at the same time, one row per commit; every row must be there for
// both readers.
func TestConcurrentWritersLoseNoCommit(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, sc := range []scenario{
		{name: "concurrent_append", feature: featureConcurrent, cols: basicCols},
		// Two writers of one primary-key table must not both compact it:
		// Java gives up a compaction whose files another writer compacted
		// ("File deletion conflicts detected"), which is why Paimon asks
		// multiple writers to be write-only, with a dedicated compaction.
		{name: "concurrent_pk", feature: featureConcurrent, cols: basicCols, pk: []string{"id"},
			options: map[string]string{"bucket": "2", "write-only": "true"}},
	} {
		t.Run(sc.name, func(t *testing.T) { runConcurrent(t, j, sc, 20) })
	}
}

func runConcurrent(t *testing.T, j *javaDriver, sc scenario, n int) {
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, dir, createStep(sc))
	javaRows := make([]map[string]any, n)
	for i := range javaRows {
		javaRows[i] = map[string]any{"kind": "+I", "values": []any{1000 + i, "java", "1.00"}}
	}
	var wg sync.WaitGroup
	var javaWriteErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		res, err := j.try(dir, jstep{"op": "writeEach", "table": sc.table(), "rows": javaRows})
		if err == nil && !res[0].OK {
			err = fmt.Errorf("Java: %s", res[0].Error)
		}
		javaWriteErr = err
	}()
	var sqlErr error
	for i := 0; i < n && sqlErr == nil; i++ {
		sqlErr = sqlExec(db, fmt.Sprintf("INSERT INTO %s VALUES (%d, 'sql', 2.00)", sc.table(), i))
	}
	wg.Wait()
	problem := ""
	switch {
	case javaWriteErr != nil:
		problem = javaWriteErr.Error()
	case sqlErr != nil:
		problem = sqlErr.Error()
	}
	want := 2 * n
	javaRead, err := javaRead(t, j, dir, sc.table(), nil, sc.cols)
	if problem == "" && err != nil {
		problem = err.Error()
	} else if problem == "" && len(javaRead) != want {
		problem = fmt.Sprintf("Java reads %d rows, want %d: a commit was lost (%d of Java's %d rows read)",
			len(javaRead), want, countContaining(javaRead, "java"), n)
	}
	outcome(t, sc.feature, dirSQLToJava, sc.name+"/java", problem)
	ours, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/sql", differ(javaRead, ours, err))
}

// countContaining counts the rows whose text contains s: which writer's
// commit was lost.
func countContaining(rows []string, s string) int {
	n := 0
	for _, r := range rows {
		if strings.Contains(r, s) {
			n++
		}
	}
	return n
}
