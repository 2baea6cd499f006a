package tests

import (
	"context"
	gosql "database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The documentation's SQL examples run as written, in order, on a fresh demo
// warehouse (the one `paimon-sql` with no arguments creates), each block in
// a new session (time_zone '+00:00', no current database). The convention in the markdown (docs/sql.md, "How the examples
// run"), kept in step with this test:
//
//   - a ```sql block is run statement by statement (`;` or `\G` ends one);
//   - a plain ``` block right after it is what the statements print, as the
//     mysql client prints it: result tables in order, `\G` rows, `ERROR`
//     lines; a line `...` stands for result tables not shown, and `...`
//     inside a cell or an error message for any text; a block of only
//     `ERROR` lines shows the errors and leaves the results out;
//   - a statement's trailing comment `-- ERROR 1146` says it fails with that
//     code, and `-- 7` (or `-- works: 7`) that it returns that one value;
//   - a plain ``` block of `mysql> statement` lines is run too, each
//     statement followed by its output;
//   - `<!-- not run: reason -->` on the line before a block leaves it out
//     (a server started with other flags, a store that is not local);
//   - syntax summaries (`CALL sys.x(table [, arg])`) are plain ``` blocks.
//
// Any statement that fails where the text does not say so, or prints
// something else than the text shows, fails the test at the first such
// statement of the page.

// docPages are the pages whose examples run, each on its own warehouse.
var docPages = []string{"docs/sql.md", "docs/maintenance.md", "docs/operations.md"}

func TestDocsExamplesRun(t *testing.T) {
	for _, page := range docPages {
		t.Run(filepath.Base(page), func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("..", page))
			if err != nil {
				t.Fatal(err)
			}
			examples := parseDocExamples(page, string(text))
			e := serveDir(t, demoWarehouse(t))
			db := e.connect("root", "", "+00:00", false)
			ran := 0
			for _, ex := range examples {
				if ex.skip != "" {
					t.Logf("%s:%d not run: %s", page, ex.line, ex.skip)
					continue
				}
				// Each example in a session of its own, as a reader pastes
				// it: none depends on the database or the variables an
				// earlier one set.
				conn, err := db.Conn(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				err = ex.run(conn)
				_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // not back to the pool
				_ = conn.Close()
				if err != nil {
					t.Fatalf("%s:%d: %v", page, ex.line, err)
				}
				ran++
			}
			t.Logf("%s: %d examples ran", page, ran)
		})
	}
}

// docExample is one block of statements and what the text says they print.
type docExample struct {
	line  int
	skip  string
	stmts []docStmt
	want  []docOutput // nil: the text shows no output
}

// docStmt is one statement with what its trailing comment says.
type docStmt struct {
	line    int
	sql     string // without its ; or \G
	errCode string // -- ERROR 1146
	value   string // -- 7
	out     []docOutput
}

// docOutput is one thing a block prints: a result, an error, or `...`.
type docOutput struct {
	cols []string
	rows [][]string
	err  string // "1105: message"
	gap  bool   // `...`: results not shown
}

var (
	fenceOpen   = regexp.MustCompile("^```(\\w*)\\s*$")
	notRun      = regexp.MustCompile(`^<!-- not run: (.+) -->$`)
	errorLine   = regexp.MustCompile(`^(?:ERROR|Error) (\d+) \(\w+\): (.*)$`)
	errComment  = regexp.MustCompile(`(?i)--\s*error\s+(\d+)`)
	valComment  = regexp.MustCompile(`^--\s*(?:\w+:\s*)?(-?\d+(?:\.\d+)?)\s*(?:$|\()`)
	verticalRow = regexp.MustCompile(`^\*+ \d+\. row \*+$`)
	verticalCol = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_ ]*): (.*)$`)
	// clientStatus are the mysql client's own lines, not the server's.
	clientStatus = regexp.MustCompile(`^(\d+ rows? in set|Empty set|Query OK)`)
)

// parseDocExamples finds the runnable blocks of a markdown page.
func parseDocExamples(page, text string) []docExample {
	lines := strings.Split(text, "\n")
	var out []docExample
	for i := 0; i < len(lines); i++ {
		m := fenceOpen.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		start := i
		end := closingFence(lines, i+1)
		body := lines[start+1 : end]
		skip := ""
		if p := prevNonBlank(lines, start); p >= 0 {
			if s := notRun.FindStringSubmatch(strings.TrimSpace(lines[p])); s != nil {
				skip = s[1]
			}
		}
		i = end
		switch {
		case m[1] == "sql":
			ex := docExample{line: start + 1, skip: skip, stmts: splitStatements(body, start+2)}
			// The plain block right after it is its output.
			if n := nextNonBlank(lines, end+1); n >= 0 && lines[n] == "```" {
				oend := closingFence(lines, n+1)
				ex.want = parseOutput(lines[n+1 : oend])
				i = oend
			}
			out = append(out, ex)
		case m[1] == "" && len(body) > 0 && strings.HasPrefix(body[0], "mysql> "):
			out = append(out, docExample{line: start + 1, skip: skip, stmts: mysqlPrompt(body, start+2)})
		}
	}
	return out
}

func closingFence(lines []string, from int) int {
	for j := from; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) == "```" {
			return j
		}
	}
	return len(lines)
}

func prevNonBlank(lines []string, i int) int {
	for j := i - 1; j >= 0; j-- {
		if strings.TrimSpace(lines[j]) != "" {
			return j
		}
	}
	return -1
}

func nextNonBlank(lines []string, i int) int {
	for j := i; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) != "" {
			return j
		}
	}
	return -1
}

// splitStatements cuts a block at the `;` and `\G` that end statements
// (outside quotes); a comment after the end, on the same line, belongs to
// the statement it follows; lines that are only comments are dropped.
func splitStatements(body []string, firstLine int) []docStmt {
	var stmts []docStmt
	var cur strings.Builder
	curLine := 0
	var quote byte
	for n, line := range body {
		if quote == 0 && cur.Len() == 0 && strings.HasPrefix(strings.TrimSpace(line), "--") {
			continue
		}
		if strings.TrimSpace(line) == "" && quote == 0 {
			continue
		}
		if cur.Len() == 0 {
			curLine = firstLine + n
		}
		for k := 0; k < len(line); k++ {
			c := line[k]
			switch {
			case quote != 0:
				cur.WriteByte(c)
				if c == quote {
					quote = 0
				}
			case c == '\'' || c == '"' || c == '`':
				quote = c
				cur.WriteByte(c)
			case c == '-' && strings.HasPrefix(line[k:], "--"):
				if cur.Len() == 0 && len(stmts) > 0 {
					stmts[len(stmts)-1].note(line[k:])
				} else {
					cur.WriteString(line[k:])
				}
				k = len(line)
			case c == ';' || (c == '\\' && strings.HasPrefix(line[k:], `\G`)):
				s := docStmt{line: curLine, sql: strings.TrimSpace(cur.String())}
				if c == '\\' {
					k++
				}
				stmts = append(stmts, s)
				cur.Reset()
				// What follows on the line is a comment or a next statement.
				for k+1 < len(line) && line[k+1] == ' ' {
					k++
				}
			default:
				if cur.Len() == 0 && c == ' ' {
					continue
				}
				cur.WriteByte(c)
			}
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		st := docStmt{line: curLine, sql: s}
		// A trailing comment of an unterminated last statement is its note.
		if i := strings.LastIndex(s, "--"); i > 0 && !strings.Contains(s[i:], "\n") {
			st.note(s[i:])
		}
		stmts = append(stmts, st)
	}
	return stmts
}

// note reads what a statement's trailing comment says of it.
func (s *docStmt) note(comment string) {
	if m := errComment.FindStringSubmatch(comment); m != nil {
		s.errCode = m[1]
	} else if m := valComment.FindStringSubmatch(comment); m != nil {
		s.value = m[1]
	}
}

// mysqlPrompt reads `mysql> statement` lines, each with the output lines
// that follow it.
func mysqlPrompt(body []string, firstLine int) []docStmt {
	var stmts []docStmt
	var outLines []string
	flush := func() {
		if len(stmts) > 0 {
			stmts[len(stmts)-1].out = parseOutput(outLines)
		}
		outLines = nil
	}
	for n, line := range body {
		if rest, ok := strings.CutPrefix(line, "mysql> "); ok {
			flush()
			s := splitStatements([]string{rest}, firstLine+n)
			if len(s) > 0 {
				stmts = append(stmts, s[0])
			}
			continue
		}
		outLines = append(outLines, line)
	}
	flush()
	return stmts
}

// parseOutput reads what the mysql client prints: bordered tables, rows of
// `| a | b |` without borders (one result), \G rows, ERROR lines, `...`.
func parseOutput(lines []string) []docOutput {
	var out []docOutput
	var table *docOutput
	borders := 0
	endTable := func() {
		if table != nil {
			out = append(out, *table)
		}
		table, borders = nil, 0
	}
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " ")
		switch {
		case strings.TrimSpace(line) == "" || clientStatus.MatchString(line):
		case line == "..." && table != nil && borders == 2:
			table.rows = append(table.rows, nil) // rows left out
		case line == "...":
			endTable()
			out = append(out, docOutput{gap: true})
		case errorLine.MatchString(line):
			endTable()
			m := errorLine.FindStringSubmatch(line)
			out = append(out, docOutput{err: m[1] + ": " + m[2]})
		case strings.HasPrefix(line, "+-"):
			borders++
			if borders == 3 {
				endTable()
			}
		case strings.HasPrefix(line, "|"):
			cells := tableCells(line)
			switch {
			case table == nil && borders == 1:
				table = &docOutput{cols: cells}
			case table == nil:
				// Rows without borders: mysql> blocks show only rows;
				// the next rows join them, as after a header.
				table = &docOutput{rows: [][]string{cells}}
				borders = 2
			default:
				table.rows = append(table.rows, cells)
			}
		default:
			endTable()
			var v docOutput
			i = parseVertical(lines, i, &v)
			out = append(out, v)
		}
	}
	endTable()
	return out
}

func tableCells(line string) []string {
	parts := strings.Split(strings.Trim(line, "|"), "|")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// parseVertical reads \G output from lines[i] to the end of the block (or a
// table or error), returning the last line it read.
func parseVertical(lines []string, i int, v *docOutput) int {
	var row []string
	for ; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(line, "+-") || errorLine.MatchString(line) || line == "..." {
			break
		}
		if verticalRow.MatchString(strings.TrimSpace(line)) {
			if row != nil {
				v.rows = append(v.rows, row)
			}
			row = []string{}
			continue
		}
		if m := verticalCol.FindStringSubmatch(line); m != nil && (len(v.rows) == 0 || len(v.cols) < len(v.rows[0])) && !contains(v.cols, m[1]) {
			v.cols = append(v.cols, m[1])
			row = append(row, m[2])
			continue
		}
		if m := verticalCol.FindStringSubmatch(line); m != nil && len(v.rows) > 0 {
			row = append(row, m[2])
			continue
		}
		if len(row) > 0 {
			row[len(row)-1] += "\n" + line
		}
	}
	if row != nil {
		v.rows = append(v.rows, row)
	}
	return i - 1
}

// run executes the example's statements on conn and compares what they
// return with the text.
func (ex docExample) run(conn *gosql.Conn) error {
	want := ex.want
	var passed docOutput // the last result a `...` passed over
	// A text that shows only errors (as MySQL's manual does) leaves the
	// results of the other statements out.
	errorsOnly := len(want) > 0
	for _, w := range want {
		errorsOnly = errorsOnly && w.err != ""
	}
	for _, s := range ex.stmts {
		res, err := docQuery(conn, s.sql)
		got := docOutput{cols: res.cols, rows: res.rows}
		if err != nil {
			got = docOutput{err: errText(err)}
		}
		var msg string
		switch {
		case s.errCode != "":
			if err == nil || fmt.Sprint(mysqlErrNumber(err)) != s.errCode {
				msg = fmt.Sprintf("the comment says ERROR %s, got %s", s.errCode, got)
			}
		case s.value != "":
			msg = oneValue(got, s.value)
		case s.out != nil: // a mysql> statement: its own output
			if len(s.out) > 0 {
				msg = s.out[0].differs(got)
			} else if err != nil {
				msg = "ERROR " + got.err
			}
		case ex.want == nil: // the text shows no output: only errors count
			if err != nil {
				msg = "ERROR " + got.err
			}
		case err == nil && (len(got.cols) == 0 || errorsOnly):
			// No result set (the client prints nothing), or one not shown.
		default:
			if len(want) > 0 && want[0].gap {
				passed = got
			}
			want, msg = consume(want, got)
		}
		if msg != "" {
			return fmt.Errorf("line %d: %s: %s", s.line, s.sql, msg)
		}
	}
	for _, w := range want {
		if !w.gap {
			return fmt.Errorf("the text shows more output than the statements gave: %s (the last result left out: %s)", w, passed)
		}
	}
	return nil
}

// consume matches one result (or error) with the next expected output,
// passing over the results a `...` stands for.
func consume(want []docOutput, got docOutput) ([]docOutput, string) {
	if len(want) == 0 {
		return nil, fmt.Sprintf("the text shows no further output, got %s", got)
	}
	if want[0].gap {
		if len(want) > 1 && want[1].differs(got) == "" {
			return want[2:], ""
		}
		if got.err != "" {
			return want, fmt.Sprintf("the text does not show %s", got)
		}
		return want, ""
	}
	if msg := want[0].differs(got); msg != "" {
		return want, msg
	}
	return want[1:], ""
}

func errText(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "): "); i >= 0 && strings.HasPrefix(msg, "Error ") {
		msg = msg[i+3:]
	}
	return fmt.Sprintf("%d: %s", mysqlErrNumber(err), msg)
}

func (o docOutput) String() string {
	switch {
	case o.gap:
		return "..."
	case o.err != "":
		return "ERROR " + o.err
	}
	return fmt.Sprintf("%q %q", o.cols, o.rows)
}

// differs says how got differs from the text's o ("" when it matches).
func (o docOutput) differs(got docOutput) string {
	if o.err != "" || got.err != "" {
		if !textMatches(o.err, got.err) {
			return fmt.Sprintf("the text shows %s, got %s", o, got)
		}
		return ""
	}
	if msg := o.rowsDiffer(got); msg != "" {
		return msg + ", the server printed:\n" + got.table()
	}
	return ""
}

func (o docOutput) rowsDiffer(got docOutput) string {
	if o.cols != nil && strings.Join(o.cols, "\x00") != strings.Join(got.cols, "\x00") {
		return fmt.Sprintf("columns %q, the text shows %q", got.cols, o.cols)
	}
	// A nil row is a `...` line: any number of rows left out.
	g, skipping := 0, false
	for _, want := range o.rows {
		if want == nil {
			skipping = true
			continue
		}
		for g < len(got.rows) && skipping && !rowMatches(want, got.rows[g]) {
			g++
		}
		if g == len(got.rows) {
			return fmt.Sprintf("no row %q", want)
		}
		if !rowMatches(want, got.rows[g]) {
			return fmt.Sprintf("row %d = %q, the text shows %q", g+1, got.rows[g], want)
		}
		g, skipping = g+1, false
	}
	if g < len(got.rows) && !skipping {
		return fmt.Sprintf("%d rows, the text shows %d", len(got.rows), g)
	}
	return ""
}

func rowMatches(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	for j := range want {
		if !textMatches(want[j], got[j]) {
			return false
		}
	}
	return true
}

// table prints a result as the mysql client does, to paste into the docs.
func (o docOutput) table() string {
	width := make([]int, len(o.cols))
	for i, c := range o.cols {
		width[i] = len(c)
	}
	for _, r := range o.rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	border := func() {
		for _, w := range width {
			b.WriteString("+" + strings.Repeat("-", w+2))
		}
		b.WriteString("+\n")
	}
	line := func(cells []string) {
		for i, c := range cells {
			fmt.Fprintf(&b, "| %-*s ", width[i], c)
		}
		b.WriteString("|\n")
	}
	border()
	line(o.cols)
	border()
	for _, r := range o.rows {
		line(r)
	}
	border()
	return b.String()
}

// textMatches compares a text of the docs with what the server returned;
// `...` in the text stands for any text.
func textMatches(want, got string) bool {
	if !strings.Contains(want, "...") {
		return want == got
	}
	parts := strings.Split(want, "...")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("(?s)^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

func oneValue(got docOutput, want string) string {
	if got.err != "" {
		return "ERROR " + got.err
	}
	if len(got.rows) != 1 || len(got.rows[0]) != 1 {
		return fmt.Sprintf("the comment says %s, got %q", want, got.rows)
	}
	if got.rows[0][0] != want {
		return fmt.Sprintf("the comment says %s, got %s", want, got.rows[0][0])
	}
	return ""
}

// docQuery runs one statement; a statement that returns no result set
// gives no columns.
func docQuery(conn *gosql.Conn, sqlText string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return query(connQuerier{conn, ctx}, sqlText)
}

type connQuerier struct {
	conn *gosql.Conn
	ctx  context.Context
}

func (c connQuerier) QueryContext(_ context.Context, q string, args ...any) (*gosql.Rows, error) {
	return c.conn.QueryContext(c.ctx, q, args...)
}
