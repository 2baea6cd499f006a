package interop

import (
	gosql "database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// row is a row in the neutral form with its row kind (+I, -U, +U, -D).
type row struct {
	kind   string
	values []any
}

func ins(values ...any) row { return row{"+I", values} }
func del(values ...any) row { return row{"-D", values} }

// step is one change to a scenario's table, by Java or by paimon-sql.
type step struct {
	java    []row    // Java writes these rows in one commit
	compact bool     // Java compacts every bucket fully
	javaTag string   // Java tags the latest snapshot
	insert  [][]any  // paimon-sql INSERTs these rows in one statement
	sql     []string // paimon-sql runs these statements; {t} is the table
	alter   jstep    // Java changes one column (the driver's alter op)
	javaOp  jstep    // Java runs another driver op on the table (consumer, createBranch)
	branch  string   // the step writes and reads this branch instead of the main table
	cols    []column // the table's columns after the step, when it changes them
}

func (s step) byJava() bool {
	return s.java != nil || s.compact || s.javaTag != "" || s.alter != nil || s.javaOp != nil
}

func javaWrites(rows ...row) step { return step{java: rows} }
func javaCompacts() step          { return step{compact: true} }
func javaTags(tag string) step    { return step{javaTag: tag} }
func sqlInserts(rows ...[]any) step {
	return step{insert: rows}
}
func sqlRuns(stmts ...string) step { return step{sql: stmts} }
func vals(v ...any) []any          { return v }

// scenario is a table and the alternating changes Java and paimon-sql make
// to it; after every step Java, paimon-sql and pypaimon must read the same
// rows, and at the end every snapshot and tag must read the same.
type scenario struct {
	name    string // table name in database db
	feature string // its row in docs/compatibility.md
	cols    []column
	pk      []string
	parts   []string
	options map[string]string
	ddl     string // paimon-sql creates the table with this statement ({t}); otherwise Java does
	steps   []step
	// auditLog: the table's $audit_log (row kinds) is compared too.
	auditLog bool
}

func (sc scenario) table() string { return "db." + sc.name }

// target is a table or one of its branches as Java and SQL name it.
type target struct{ java, sql string }

func (sc scenario) on(branch string) target {
	if branch == "" {
		return target{sc.table(), sc.table()}
	}
	name := sc.name + "$branch_" + branch
	return target{"db." + name, "db.`" + name + "`"}
}

// stepKey names a comparison in the known-mismatch list.
func stepKey(sc scenario, i int, reader string) string {
	return fmt.Sprintf("%s/%d/%s", sc.name, i, reader)
}

func TestJavaInterop(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { runScenario(t, j, sc) })
	}
	checkKnownMismatchesSeen(t)
}

func runScenario(t *testing.T, j *javaDriver, sc scenario) {
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	cols := append([]column(nil), sc.cols...)
	if sc.ddl != "" {
		if err := sqlExec(db, strings.ReplaceAll(sc.ddl, "{t}", sc.table())); err != nil {
			t.Fatal(err)
		}
	} else {
		j.must(t, dir, createStep(sc))
	}
	for i, st := range sc.steps {
		direction := dirSQLToJava
		if st.byJava() {
			direction = dirJavaToSQL
		}
		if err := applyStep(t, j, db, dir, sc, cols, st); err != nil {
			outcome(t, sc.feature, direction, stepKey(sc, i, "write"), err.Error())
		}
		if st.cols != nil {
			cols = st.cols
		}
		compareLatest(t, j, db, dir, sc, sc.on(st.branch), i, cols, direction)
	}
	compareTimeTravel(t, j, db, dir, sc, cols)
}

func createStep(sc scenario) jstep {
	cols := make([]map[string]any, len(sc.cols))
	for i, c := range sc.cols {
		cols[i] = map[string]any{"name": c.name, "type": c.typ}
	}
	return jstep{"op": "create", "table": sc.table(), "columns": cols,
		"primaryKeys": sc.pk, "partitionKeys": sc.parts, "tableOptions": sc.options}
}

// applyStep makes the step's change; an error is a failed write.
func applyStep(t *testing.T, j *javaDriver, db *gosql.DB, dir string, sc scenario, cols []column, st step) error {
	tg := sc.on(st.branch)
	switch {
	case st.java != nil:
		rows := make([]map[string]any, len(st.java))
		for i, r := range st.java {
			rows[i] = map[string]any{"kind": r.kind, "values": r.values}
		}
		return javaErr(j.do(t, dir, jstep{"op": "write", "table": tg.java, "rows": rows})[0])
	case st.compact:
		return javaErr(j.do(t, dir, jstep{"op": "compact", "table": tg.java, "full": true})[0])
	case st.javaTag != "":
		return javaErr(j.do(t, dir, jstep{"op": "createTag", "table": tg.java, "tag": st.javaTag})[0])
	case st.alter != nil:
		return javaOp(t, j, dir, tg, jstep{"op": "alter"}, st.alter)
	case st.javaOp != nil:
		return javaOp(t, j, dir, tg, st.javaOp)
	case st.insert != nil:
		return sqlExec(db, insertStatement(tg.sql, cols, st.insert))
	}
	stmts := make([]string, len(st.sql))
	for i, s := range st.sql {
		stmts[i] = strings.ReplaceAll(s, "{t}", tg.sql)
	}
	return sqlExec(db, stmts...)
}

// javaOp runs one driver op on the scenario's table, its fields merged
// from parts.
func javaOp(t *testing.T, j *javaDriver, dir string, tg target, parts ...jstep) error {
	req := jstep{"table": tg.java}
	for _, p := range parts {
		for k, v := range p {
			req[k] = v
		}
	}
	return javaErr(j.do(t, dir, req)[0])
}

func javaErr(r jresult) error {
	if r.OK {
		return nil
	}
	return fmt.Errorf("Java: %s", r.Error)
}

func insertStatement(table string, cols []column, rows [][]any) string {
	tuples := make([]string, len(rows))
	for i, r := range rows {
		lits := make([]string, len(r))
		for c, v := range r {
			lits[c] = sqlLiteral(cols[c].typ, v)
		}
		tuples[i] = "(" + strings.Join(lits, ", ") + ")"
	}
	return "INSERT INTO " + table + " VALUES " + strings.Join(tuples, ", ")
}

// compareLatest compares the latest snapshot as Java, paimon-sql and (after
// paimon-sql's writes and at the end) the older Java and pypaimon read it.
func compareLatest(t *testing.T, j *javaDriver, db *gosql.DB, dir string, sc scenario, tg target, i int, cols []column, direction string) {
	javaRows, err := javaRead(t, j, dir, tg.java, nil, cols)
	if err != nil {
		outcome(t, sc.feature, direction, stepKey(sc, i, "java"), err.Error())
		return
	}
	ours, err := ourRead(db, "SELECT * FROM "+tg.sql, cols)
	problem := differ(javaRows, ours, err)
	if problem == "" {
		problem = duplicateKeys(sc, cols, javaRows)
	}
	outcome(t, sc.feature, direction, stepKey(sc, i, "sql"), problem)
	if sc.auditLog {
		compareAuditLog(t, j, db, dir, sc, i, cols, direction)
	}
	if direction == dirSQLToJava || i == len(sc.steps)-1 {
		older, err := javaRead(t, startJavaOlder(t), dir, tg.java, nil, cols)
		outcome(t, sc.feature, dirJavaOlder, stepKey(sc, i, "java"+javaOlderVersion), differ(javaRows, older, err))
		py, err := pypaimonRead(t, dir, tg.java, cols)
		if err != nil && strings.Contains(err.Error(), "NotImplementedError") {
			unsupported(sc.feature, dirPypaimon, sc.name, err.Error())
			return
		}
		outcome(t, sc.feature, dirPypaimon, stepKey(sc, i, "pypaimon"), differ(javaRows, py, err))
	}
}

// compareAuditLog compares the $audit_log system table (row kind first).
func compareAuditLog(t *testing.T, j *javaDriver, db *gosql.DB, dir string, sc scenario, i int, cols []column, direction string) {
	auditCols := append([]column{{"rowkind", "STRING"}}, cols...)
	javaRows, err := javaRead(t, j, dir, sc.table()+"$audit_log", nil, auditCols)
	ours, qerr := ourRead(db, fmt.Sprintf("SELECT * FROM db.`%s$audit_log`", sc.name), auditCols)
	outcome(t, sc.feature, direction, stepKey(sc, i, "audit_log"), differ(javaRows, ours, firstErr(err, qerr)))
}

// duplicateKeys reports a primary key that two rows share: both readers
// agreeing on such rows means a writer put one key in two buckets.
func duplicateKeys(sc scenario, cols []column, rows []string) string {
	if len(sc.pk) == 0 {
		return ""
	}
	var keyIdx []int
	for _, k := range sc.pk {
		for i, c := range cols {
			if c.name == k {
				keyIdx = append(keyIdx, i)
			}
		}
	}
	seen := map[string]bool{}
	for _, r := range rows {
		cells := strings.Split(r, " | ")
		key := make([]string, len(keyIdx))
		for i, k := range keyIdx {
			key[i] = cells[k]
		}
		k := strings.Join(key, ",")
		if seen[k] {
			return "primary key " + k + " appears in two rows"
		}
		seen[k] = true
	}
	return ""
}

// compareTimeTravel compares every snapshot (by id and by its commit
// time) and every tag of the table. Cells are compared by the latest
// columns' kinds (older schemas of the scenarios keep compatible kinds at
// each position).
func compareTimeTravel(t *testing.T, j *javaDriver, db *gosql.DB, dir string, sc scenario, cols []column) {
	travel := func(key string, javaOptions map[string]string, asOf string) {
		javaRows, err := javaRead(t, j, dir, sc.table(), javaOptions, cols)
		ours, qerr := ourRead(db, fmt.Sprintf("SELECT * FROM %s AS OF %s", sc.table(), asOf), cols)
		outcome(t, featureTimeTravel, dirJavaToSQL, sc.name+"/"+key, differ(javaRows, ours, firstErr(err, qerr)))
	}
	snaps, err := sqlRows(db, fmt.Sprintf("SELECT snapshot_id, commit_time FROM db.`%s$snapshots`", sc.name))
	if err != nil {
		outcome(t, featureTimeTravel, dirJavaToSQL, sc.name+"/snapshots", err.Error())
		return
	}
	for _, s := range snaps {
		id, committed := *s[0], *s[1]
		travel("snapshot-"+id, map[string]string{"scan.snapshot-id": id}, id)
		// commit_time is shown in the session's time zone, UTC.
		at, err := time.Parse("2006-01-02 15:04:05.999999", committed)
		if err != nil {
			t.Fatalf("commit_time %q: %v", committed, err)
		}
		travel("time-"+id, map[string]string{"scan.timestamp-millis": fmt.Sprint(at.UnixMilli())}, quote(committed))
	}
	tags, err := sqlRows(db, fmt.Sprintf("SELECT tag_name FROM db.`%s$tags`", sc.name))
	if err != nil {
		outcome(t, featureTimeTravel, dirJavaToSQL, sc.name+"/tags", err.Error())
		return
	}
	for _, tr := range tags {
		travel("tag-"+*tr[0], map[string]string{"scan.tag-name": *tr[0]}, quote(*tr[0]))
	}
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// javaRead reads the table through Java with dynamic options.
func javaRead(t *testing.T, j *javaDriver, dir, table string, options map[string]string, cols []column) ([]string, error) {
	r := j.do(t, dir, jstep{"op": "read", "table": table, "options": options})[0]
	if !r.OK {
		return nil, fmt.Errorf("Java read: %s", r.Error)
	}
	return neutralRows(r.Rows, cols)
}

func pypaimonRead(t *testing.T, dir, table string, cols []column) ([]string, error) {
	rows, perr := pyRead(t, dir, table)
	if perr != "" {
		return nil, fmt.Errorf("pypaimon: %s", perr)
	}
	return neutralRows(rows, cols)
}

// neutralRows renders rows of the neutral form as sorted comparable lines.
func neutralRows(rows []json.RawMessage, cols []column) ([]string, error) {
	out := make([]string, len(rows))
	for i, raw := range rows {
		var cells []json.RawMessage
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, err
		}
		parts := make([]string, len(cells))
		for c, cell := range cells {
			parts[c] = colKind(cols, c).fromNeutral(cell)
		}
		out[i] = strings.Join(parts, " | ")
	}
	return sortedLines(out), nil
}

func ourRead(db *gosql.DB, q string, cols []column) ([]string, error) {
	rows, err := sqlRows(db, q)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		parts := make([]string, len(r))
		for c, cell := range r {
			parts[c] = colKind(cols, c).fromSQL(cell)
		}
		out[i] = strings.Join(parts, " | ")
	}
	return sortedLines(out), nil
}

// colKind is the kind of column c; a column beyond cols is compared as
// text with trimmed fractions.
func colKind(cols []column, c int) kind {
	if c < len(cols) {
		return kindOf(cols[c].typ)
	}
	return kind{name: "time"}
}

// differ describes how got differs from the reference want ("" if equal).
func differ(want, got []string, err error) string {
	if err != nil {
		return err.Error()
	}
	if strings.Join(want, "\n") == strings.Join(got, "\n") {
		return ""
	}
	return fmt.Sprintf("rows differ\n   want (Java, %d):\n     %s\n   got (%d):\n     %s",
		len(want), strings.Join(want, "\n     "), len(got), strings.Join(got, "\n     "))
}
