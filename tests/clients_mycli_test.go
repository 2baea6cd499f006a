package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// mycliSession is mycli running in a tmux session of its own tmux server,
// driven by keystrokes and read from the screen, as a user sees it.
type mycliSession struct {
	t      *testing.T
	socket string // the tmux server's socket, in the test's directory
}

// startMycli runs mycli against the server in a 400x60 terminal, with a
// configuration of its own (debug log in home/mycli.log).
func startMycli(t *testing.T, e *env, database string) (*mycliSession, string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		missingClient(t, "tmux", "Debian: apt-get install tmux")
	}
	mycli := clientsVenvBin(t, "mycli")
	home := t.TempDir()
	rc := filepath.Join(home, "myclirc")
	logFile := filepath.Join(home, "mycli.log")
	conf := fmt.Sprintf("[main]\nlog_level = DEBUG\nlog_file = %s\nhistory_file = %s\n", logFile, filepath.Join(home, "history"))
	if err := os.WriteFile(rc, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &mycliSession{t: t, socket: filepath.Join(home, "tmux")}
	// The session in UTC, as the oracle reads TIMESTAMP values.
	cmd := fmt.Sprintf("HOME=%s %s --myclirc %s -h 127.0.0.1 -P %d -u root -D %s --no-warn --init-command \"SET time_zone = '+00:00'\"",
		home, mycli, rc, e.port(), database)
	s.tmux("new-session", "-d", "-s", "m", "-x", "400", "-y", "60", cmd)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", s.socket, "kill-server").Run() })
	s.waitScreen("root@127.0.0.1:"+database+">", 30*time.Second)
	return s, logFile
}

func (s *mycliSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// typeText types text as keystrokes (tmux reads a trailing ; as its own
// command separator unless escaped).
func (s *mycliSession) typeText(text string) {
	s.t.Helper()
	if strings.HasSuffix(text, ";") {
		text = strings.TrimSuffix(text, ";") + `\;`
	}
	s.tmux("send-keys", "-t", "m", "-l", text)
}

func (s *mycliSession) key(name string) { s.t.Helper(); s.tmux("send-keys", "-t", "m", name) }

func (s *mycliSession) screen() string {
	s.t.Helper()
	return s.tmux("capture-pane", "-p", "-t", "m", "-S", "-200")
}

// clear empties the screen and its history, so that waitScreen sees only
// what comes next.
func (s *mycliSession) clear() {
	s.t.Helper()
	s.key("C-l")
	s.tmux("clear-history", "-t", "m")
	time.Sleep(200 * time.Millisecond)
}

// waitScreen waits until the screen shows every text of want.
func (s *mycliSession) waitScreen(want string, timeout time.Duration, more ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		scr := s.screen()
		all := strings.Contains(scr, want)
		for _, m := range more {
			all = all && strings.Contains(scr, m)
		}
		if all {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("mycli's screen does not show %q %q:\n%s", want, more, scr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// run types a statement with Enter and waits for its output.
func (s *mycliSession) run(stmt string, want ...string) string {
	s.t.Helper()
	s.clear()
	s.typeText(stmt)
	s.key("Enter")
	return s.waitScreen(want[0], 30*time.Second, want[1:]...)
}

// TestClientMycli drives mycli (PyMySQL underneath, with completion) in a
// terminal: its completion refresh queries at connect, \dt and SHOW
// TABLES, a query of every type, SQL prepared statements, an error, and
// completion of tables, columns and databases from what it loaded.
func TestClientMycli(t *testing.T) {
	e := startServer(t, nil)
	want := typesOracle(t, e)
	s, logFile := startMycli(t, e, everyTypeDB)

	s.run(`\dt`, "Tables_in_"+everyTypeDB, everyTypeTable)
	s.run("SHOW TABLES FROM "+clientDB+";", "Tables_in_"+clientDB, clientTable)

	// Every type: each value of row 1 as text on the screen (VARBINARY as
	// mycli's hex, 0x...).
	scr := s.run("SELECT * FROM "+everyTypeTable+" ORDER BY id;", "2 rows in set")
	row := want.Text[0]
	for i, v := range row {
		parts := []string{v}
		switch want.Columns[i][0] {
		case "vb":
			parts = []string{"0x" + strings.ToLower(v)}
		case "txt":
			// mycli prints the newline and tab of the text as they are.
			parts = strings.FieldsFunc(v, func(r rune) bool { return r == '\n' || r == '\t' })
		case "d":
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				parts = []string{strconv.FormatFloat(f, 'f', 1, 64)} // -2.25e+10 as Python prints a float
			}
		}
		for _, p := range parts {
			if !strings.Contains(scr, p) {
				t.Errorf("column %s: the screen does not show %q:\n%s", want.Columns[i][0], p, scr)
			}
		}
	}
	if strings.Count(scr, "<null>") != 15 {
		t.Errorf("row 2 should show 15 <null>:\n%s", scr)
	}

	// SQL-level prepared statements.
	s.run("PREPARE p FROM 'SELECT s, de FROM "+everyTypeTable+" WHERE id = ?';", "Query OK")
	s.run("SET @id = 1;", "Query OK")
	s.run("EXECUTE p USING @id;", "1 row in set", "hé, ünïcode", "123456789.125")

	s.run("SELECT * FROM nosuch;", "(1146, ")

	// Completion from what mycli loaded at connect (in the background: its
	// last query is the SHOW list of mysql.help_topic): a table, a column,
	// a database.
	if !waitFor(time.Minute, func() bool {
		log, _ := os.ReadFile(logFile)
		return strings.Contains(string(log), "DEBUG - Show Query")
	}) {
		t.Fatal("mycli's completion refresh did not finish")
	}
	for _, c := range []struct{ typed, want string }{
		{"SELECT * FROM ev", everyTypeTable},
		{"SELECT * FROM " + everyTypeTable + " WHERE lt", "ltz"},
		{"USE " + clientDB[:3], clientDB},
	} {
		want := c.typed[:strings.LastIndexByte(c.typed, ' ')+1] + c.want
		completed := false
		for try := 0; try < 5 && !completed; try++ {
			s.clear()
			s.typeText(c.typed)
			time.Sleep(time.Duration(try+1) * 300 * time.Millisecond) // the menu follows the typing
			s.key("Tab")
			completed = waitFor(5*time.Second, func() bool { return strings.Contains(s.screen(), want) })
			s.key("C-u") // clear the line
		}
		if !completed {
			t.Errorf("Tab after %q did not complete to %q:\n%s", c.typed, want, s.screen())
		}
	}

	// The queries of its completion refresh ran, and none failed.
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"Databases Query", "Columns Query", "Functions Query", "Procedures Query", "Users Query",
		"Character sets Query", "Collations Query", "Show Query"} {
		if !strings.Contains(string(log), "DEBUG - "+q) {
			t.Errorf("mycli's log has no %q:\n%s", q, log)
		}
	}
	for _, l := range strings.Split(string(log), "\n") {
		if strings.Contains(l, "table not found: nosuch") {
			continue // the error above, as expected
		}
		if strings.Contains(l, " ERROR - ") || strings.Contains(l, " WARNING - ") || strings.Contains(l, "Traceback") {
			t.Errorf("mycli logged: %s", l)
		}
	}
}
