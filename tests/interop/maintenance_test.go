package interop

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

const featureMaintenance = "maintenance after every commit (snapshot, decoupled changelog and partition expiration)"

// maintenanceCase is one table written the same way by Java (its batch
// commits run TableCommitImpl's maintenance) and by paimon-sql (whose
// commits run core/maintenance).
type maintenanceCase struct {
	name    string
	cols    []column
	pk      []string
	parts   []string
	options map[string]string
	changes []change
	// stream compares Java's streaming read of the changelog too.
	stream bool
}

var dtCol = column{"dt", "STRING"}

func maintenanceCases() []maintenanceCase {
	today := time.Now().Format("2006-01-02")
	return []maintenanceCase{
		{name: "mt_decoupled", cols: basicCols, pk: []string{"id"}, stream: true, options: map[string]string{
			"bucket": "1", "changelog-producer": "input", "snapshot.num-retained.min": "1",
			"snapshot.num-retained.max": "2", "changelog.num-retained.max": "4",
			// No compaction on write: one snapshot per change on both
			// sides, whose ids the case compares.
			"num-sorted-run.compaction-trigger": "20"},
			changes: append(append([]change(nil), changelogCases[0].changes...),
				change{upserts: [][]any{vals(5, "e", "5.00")}},
				change{updates: [][]any{vals(4, "d2", "4.40")}})},
		// Without changelog-producer the changelog is what the writes
		// added: snapshot expiration keeps those files (also after a
		// compaction replaced them) and the data manifest lists.
		{name: "mt_decoupled_none", cols: basicCols, pk: []string{"id"}, stream: true, options: map[string]string{
			"bucket": "1", "snapshot.num-retained.min": "1", "snapshot.num-retained.max": "2",
			"changelog.num-retained.max": "4", "num-sorted-run.compaction-trigger": "20"},
			changes: []change{
				{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00")}},
				{upserts: [][]any{vals(3, "c", "3.00")}},
				{compact: true},
				{upserts: [][]any{vals(1, "a1", "1.10")}},
				{deletes: [][]any{vals(2, "b", "2.00")}},
				{compact: true},
				{upserts: [][]any{vals(4, "d", "4.00")}},
			}},
		{name: "mt_partitions", cols: []column{idCol, nameCol, dtCol}, parts: []string{"dt"}, options: map[string]string{
			"bucket": "-1", "partition.expiration-time": "7 d", "partition.expiration-check-interval": "0 s",
			"snapshot.num-retained.min": "1", "snapshot.num-retained.max": "3"},
			changes: []change{
				{upserts: [][]any{vals(1, "a", today), vals(2, "b", "2020-01-01")}},
				{upserts: [][]any{vals(3, "c", "2020-01-02"), vals(4, "d", today)}},
				{upserts: [][]any{vals(5, "e", today)}},
				{upserts: [][]any{vals(6, "f", today)}},
			}},
	}
}

// TestMaintenanceMatchesJava: after the same commits, Java's table and
// paimon-sql's keep the same snapshots and long-lived changelogs, and Java
// reads the same rows and the same changelog from both.
func TestMaintenanceMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range maintenanceCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db := ourServer(t, dir)
			if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
				t.Fatal(err)
			}
			byJava := scenario{name: c.name + "_java", cols: c.cols, pk: c.pk, parts: c.parts, options: c.options}
			bySQL := scenario{name: c.name + "_sql", cols: c.cols, pk: c.pk, parts: c.parts, options: c.options}
			j.must(t, dir, createStep(byJava))
			j.must(t, dir, createStep(bySQL))
			for i, ch := range c.changes {
				if ch.compact {
					j.must(t, dir, jstep{"op": "compact", "table": byJava.table(), "full": true})
				} else {
					j.must(t, dir, jstep{"op": "write", "table": byJava.table(), "rows": ch.javaRows()})
				}
				if err := sqlExec(db, maintenanceStatements(ch, bySQL.table(), c.cols)...); err != nil {
					t.Fatalf("change %d: %v", i, err)
				}
			}
			javaRoot, sqlRoot := filepath.Join(dir, "db.db", byJava.name), filepath.Join(dir, "db.db", bySQL.name)
			var problems []string
			for _, sub := range []string{"snapshot", "changelog"} {
				if want, got := metadataIDs(t, javaRoot, sub), metadataIDs(t, sqlRoot, sub); want != got {
					problems = append(problems, fmt.Sprintf("%s/: Java keeps %s, paimon-sql %s", sub, want, got))
				}
			}
			if len(problems) == 0 && metadataIDs(t, javaRoot, "snapshot") == fmt.Sprint(idsFrom(1, len(c.changes))) {
				t.Fatal("Java expired nothing: the case proves nothing")
			}
			outcome(t, featureMaintenance, dirExpire, c.name+"/kept", strings.Join(problems, "; "))

			want, errW := javaRead(t, j, dir, byJava.table(), nil, c.cols)
			got, errG := javaRead(t, j, dir, bySQL.table(), nil, c.cols)
			if errW != nil {
				t.Fatal(errW)
			}
			outcome(t, featureMaintenance, dirSQLToJava, c.name+"/rows", differ(want, got, errG))
			if c.stream {
				cols := append([]column{{"rowkind", "STRING"}}, c.cols...)
				wantCl, err := neutralRows(j.must(t, dir, jstep{"op": "changelog", "table": byJava.table()}).Rows, cols)
				if err != nil || len(wantCl) == 0 {
					t.Fatalf("Java's changelog of its own table: %v, %d rows", err, len(wantCl))
				}
				res := j.do(t, dir, jstep{"op": "changelog", "table": bySQL.table()})[0]
				var gotCl []string
				var errCl error
				if !res.OK {
					errCl = fmt.Errorf("%s", res.Error)
				} else {
					gotCl, errCl = neutralRows(res.Rows, cols)
				}
				outcome(t, featureMaintenance, dirSQLToJava, c.name+"/changelog", differ(wantCl, gotCl, errCl))
			}
		})
	}
}

// maintenanceStatements is one transaction of ch on a table of cols.
func maintenanceStatements(ch change, table string, cols []column) []string {
	if slices.Equal(cols, basicCols) {
		return ch.statements(table)
	}
	return []string{insertStatement(table, cols, ch.upserts)}
}

// metadataIDs lists the ids of the snapshot-N or changelog-N files under
// root/sub, as "[1 2 3]".
func metadataIDs(t *testing.T, root, sub string) string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(root, sub))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var ids []int
	for _, e := range ents {
		var id int
		if _, err := fmt.Sscanf(e.Name(), sub+"-%d", &id); err == nil {
			ids = append(ids, id)
		}
	}
	sort.Ints(ids)
	return fmt.Sprint(ids)
}

func idsFrom(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// commitFilesCase is a table whose history is written with write-only =
// true, then given maintenance options (alter); identical copies then get
// one more commit each, by Java and by paimon-sql, and the maintenance
// that commit runs must delete the same files of the history.
type commitFilesCase struct {
	name    string
	cols    []column
	parts   []string
	history []string // statements, {t} for the table
	alter   string   // the SET of ALTER TABLE
	last    []any    // the row of the last commit
}

func commitFilesCases() []commitFilesCase {
	today := time.Now().Format("2006-01-02")
	return []commitFilesCase{
		{name: "cf_snapshots", cols: basicCols,
			history: []string{
				"INSERT INTO {t} VALUES (1, 'a', 1.00), (2, 'b', 2.00)",
				"INSERT INTO {t} VALUES (3, 'c', 3.00)",
				"INSERT OVERWRITE {t} VALUES (4, 'd', 4.00)",
				"INSERT INTO {t} VALUES (5, 'e', 5.00)",
				"INSERT OVERWRITE {t} VALUES (6, 'f', 6.00)",
				"INSERT INTO {t} VALUES (7, 'g', 7.00)",
			},
			alter: "'write-only' = 'false', 'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3'",
			last:  vals(8, "h", "8.00")},
		{name: "cf_partitions", cols: []column{idCol, nameCol, dtCol}, parts: []string{"dt"},
			history: []string{
				"INSERT INTO {t} VALUES (1, 'a', '2020-01-01'), (2, 'b', '" + today + "')",
				"INSERT INTO {t} VALUES (3, 'c', '2020-01-02')",
				"INSERT INTO {t} VALUES (4, 'd', '" + today + "')",
			},
			alter: "'write-only' = 'false', 'partition.expiration-time' = '7 d', 'partition.expiration-check-interval' = '0 s', " +
				"'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2'",
			last: vals(5, "e", today)},
	}
}

// TestCommitMaintenanceLeavesJavasFiles: Java's expiry and partition
// expiration after a commit and paimon-sql's keep the same files of the
// table's history, the same snapshots, and read the same rows.
func TestCommitMaintenanceLeavesJavasFiles(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range commitFilesCases() {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			built := mkdir(t, filepath.Join(base, "built"))
			db := ourServer(t, built)
			if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
				t.Fatal(err)
			}
			sc := scenario{name: c.name, cols: c.cols, parts: c.parts, options: map[string]string{"bucket": "-1", "write-only": "true"}}
			j.must(t, built, createStep(sc))
			for _, s := range append(c.history, "ALTER TABLE {t} SET ("+c.alter+")") {
				if err := sqlExec(db, strings.ReplaceAll(s, "{t}", sc.table())); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
			tableDir := filepath.Join("db.db", c.name)
			history := listFiles(t, filepath.Join(built, tableDir))
			javaDir, ourDir := filepath.Join(base, "java"), filepath.Join(base, "ours")
			testfixture.CopyTree(t, built, javaDir)
			testfixture.CopyTree(t, built, ourDir)

			j.must(t, javaDir, jstep{"op": "write", "table": sc.table(), "rows": []map[string]any{{"kind": "+I", "values": c.last}}})
			if err := sqlExec(ourServer(t, ourDir), insertStatement(sc.table(), c.cols, [][]any{c.last})); err != nil {
				t.Fatal(err)
			}
			// The history's files both kept, and the snapshot directory
			// (snapshot ids and hints) whole: the new data and manifest
			// files have names of their own on each side.
			inHistory := map[string]bool{}
			for _, f := range history {
				inHistory[f] = true
			}
			kept := func(dir string) []string {
				var out []string
				for _, f := range listFiles(t, filepath.Join(dir, tableDir)) {
					if inHistory[f] || strings.HasPrefix(f, "snapshot"+string(filepath.Separator)) {
						out = append(out, f)
					}
				}
				return out
			}
			javaKept, ourKept := kept(javaDir), kept(ourDir)
			problem := fileDiff(javaKept, ourKept)
			deleted := len(history)
			for _, f := range javaKept {
				if inHistory[f] {
					deleted--
				}
			}
			t.Logf("Java's commit deleted %d of the history's %d files", deleted, len(history))
			if problem == "" && deleted == 0 {
				problem = "Java's commit deleted no file of the history: the case proves nothing"
			}
			outcome(t, featureMaintenance, dirExpire, c.name+"/files", problem)
			want, err := javaRead(t, j, javaDir, sc.table(), nil, c.cols)
			if err != nil {
				t.Fatal(err)
			}
			got, err := javaRead(t, j, ourDir, sc.table(), nil, c.cols)
			outcome(t, featureMaintenance, dirSQLToJava, c.name+"/rows", differ(want, got, err))
		})
	}
}
