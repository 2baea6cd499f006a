package interop

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestIncrementalReadsMatchJava: Java and paimon-sql take turns writing a
// primary-key and an append table (the matrix's alternations: updates,
// deletes, compactions, overwrites); then every batch incremental read of
// up to three snapshots, and of the whole history, must return Java's
// rows, through the table (retractions dropped) and
// through $audit_log (every record with its row kind); on tables with a
// changelog producer in the auto (changelog files), delta and changelog
// modes.
func TestIncrementalReadsMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	cols := []column{idCol, nameCol, priceCol}
	for _, sc := range []scenario{
		{name: "incremental_pk", cols: cols, pk: []string{"id"}, options: map[string]string{"bucket": "1"}, steps: pkAlternation},
		{name: "incremental_append", cols: cols, options: map[string]string{}, steps: appendAlternation},
		{name: "incremental_input", cols: cols, pk: []string{"id"}, steps: pkAlternation,
			options: map[string]string{"bucket": "1", "changelog-producer": "input"}},
		{name: "incremental_lookup", cols: cols, pk: []string{"id"}, steps: changelogSteps,
			options: map[string]string{"bucket": "1", "changelog-producer": "lookup"}},
		{name: "incremental_full_compaction", cols: cols, pk: []string{"id"}, steps: changelogSteps,
			options: map[string]string{"bucket": "1", "changelog-producer": "full-compaction"}},
	} {
		t.Run(sc.name, func(t *testing.T) { runIncremental(t, j, sc) })
	}
}

// changelogSteps are Java's writes and compactions, which produce the
// changelog files of the lookup and full-compaction producers.
var changelogSteps = []step{
	javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20")),
	javaWrites(ins(1, "a2", "1.50"), del(2, "b", "2.20")),
	javaCompacts(),
	javaWrites(ins(3, "c", "3.30"), ins(1, "a3", "1.70")),
	javaCompacts(),
}

func runIncremental(t *testing.T, j *javaDriver, sc scenario) {
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, dir, createStep(sc))
	for i, st := range sc.steps {
		if err := applyStep(t, j, db, dir, sc, sc.cols, st); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	snaps, err := sqlRows(db, fmt.Sprintf("SELECT MAX(snapshot_id) FROM db.`%s$snapshots`", sc.name))
	if err != nil {
		t.Fatal(err)
	}
	latest, err := strconv.Atoi(*snaps[0][0])
	if err != nil {
		t.Fatal(err)
	}
	auditCols := append([]column{{"rowkind", "STRING"}}, sc.cols...)
	const feature = "incremental reads (incremental-between, every scan mode)"
	check := func(between, mode, what, problem string) {
		outcome(t, feature, dirJavaToSQL, fmt.Sprintf("%s/%s/%s/%s", sc.name, between, mode, what), problem)
	}
	compare := func(between, mode string) {
		hint := fmt.Sprintf("/*+ OPTIONS('incremental-between' = '%s', 'incremental-between-scan-mode' = '%s') */", between, mode)
		opts := map[string]string{"incremental-between": between, "incremental-between-scan-mode": mode}
		javaRows, jerr := javaRead(t, j, dir, sc.table(), opts, sc.cols)
		ours, qerr := ourRead(db, "SELECT * FROM "+sc.table()+" "+hint, sc.cols)
		if jerr != nil {
			// Java refuses (a diff from snapshot 0): so must paimon-sql.
			problem := ""
			if qerr == nil {
				problem = fmt.Sprintf("Java fails (%v), paimon-sql reads %v", jerr, ours)
			}
			check(between, mode, "refused", problem)
			return
		}
		if len(sc.pk) > 0 {
			// Java's core read returns -U and -D records as rows; its
			// batch engines drop -D (its docs), paimon-sql drops both
			// retractions.
			javaAudit, aerr := javaRead(t, j, dir, sc.table()+"$audit_log", opts, auditCols)
			javaRows, jerr = withoutRetractions(javaAudit), firstErr(jerr, aerr)
			oursAudit, oerr := ourRead(db, fmt.Sprintf("SELECT * FROM db.`%s$audit_log` %s", sc.name, hint), auditCols)
			check(between, mode, "audit_log", differ(javaAudit, oursAudit, firstErr(aerr, oerr)))
		}
		check(between, mode, "rows", differ(javaRows, ours, firstErr(jerr, qerr)))
	}
	modes := []string{"auto", "diff"}
	if sc.options["changelog-producer"] != "" {
		modes = append(modes, "delta", "changelog")
	}
	for _, mode := range modes {
		for start := 0; start <= latest; start++ {
			for end := start; end <= latest && end <= start+3; end++ {
				compare(fmt.Sprintf("%d,%d", start, end), mode)
			}
		}
		compare(fmt.Sprintf("0,%d", latest), mode)
	}
}

// withoutRetractions turns audit-log lines into table lines, dropping -U
// and -D records.
func withoutRetractions(audit []string) []string {
	var out []string
	for _, line := range audit {
		kind, rest, _ := strings.Cut(line, " | ")
		if kind != "-D" && kind != "-U" {
			out = append(out, rest)
		}
	}
	return sortedLines(out)
}
