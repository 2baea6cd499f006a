package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// demoWarehouse copies the demo database the server embeds and writes into
// its default warehouse on first start (cmd/paimon-sql/demo).
func demoWarehouse(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testfixture.CopyTree(t, filepath.Join("..", "cmd", "paimon-sql", "demo"), dir)
	return dir
}

var (
	// readmeCall is a CALL statement in the README's text.
	readmeCall = regexp.MustCompile("`(CALL sys\\.\\w+\\([^`]*\\))`")
	// readmeShell is a sh block of the README.
	readmeShell = regexp.MustCompile("(?s)```sh\n(.*?)```")
)

// TestREADMEExamplesRunOnTheDemoWarehouse runs the README's statements and
// mysql command lines, as written, against the demo warehouse (the port
// aside).
func TestREADMEExamplesRunOnTheDemoWarehouse(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	e := serveDir(t, demoWarehouse(t))
	var mysqlLines []string
	for _, block := range readmeShell.FindAllStringSubmatch(string(readme), -1) {
		for _, line := range strings.Split(block[1], "\n") {
			if strings.HasPrefix(line, "mysql ") {
				mysqlLines = append(mysqlLines, line)
			}
		}
	}
	if len(mysqlLines) == 0 {
		t.Fatal("the README has no mysql command line")
	}
	// The command lines first: the CALLs expire snapshots they read.
	requireMySQLClient(t)
	for _, line := range mysqlLines {
		cmd := strings.Replace(line, "-P3306", "-P"+strconv.Itoa(e.port()), 1)
		if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", line, err, out)
		} else if len(strings.TrimSpace(string(out))) == 0 {
			t.Errorf("%s printed nothing", line)
		}
	}
	calls := readmeCall.FindAllStringSubmatch(strings.ReplaceAll(string(readme), "\n", " "), -1)
	if len(calls) == 0 {
		t.Fatal("the README has no CALL")
	}
	for _, c := range calls {
		if _, err := query(e.db, c[1]); err != nil {
			t.Errorf("%s: %v", c[1], err)
		}
	}
}

// TestExpireRefusedByRetainMinSaysWhatToPass: the natural expiration of the
// demo table, five snapshots kept, is refused (the table keeps at least
// ten, as in Java) with the argument to add; the call it suggests runs.
func TestExpireRefusedByRetainMinSaysWhatToPass(t *testing.T) {
	e := serveDir(t, demoWarehouse(t))
	var suggested string
	for _, q := range []string{"CALL sys.expire_snapshots('demo.merge_on_read', 2)", "CALL sys.expire_snapshots(table => 'demo.merge_on_read', retain_max => 2)"} {
		err := queryErr(t, e.db, q)
		if mysqlErrNumber(err) != 1210 {
			t.Errorf("%s: %v, want 1210", q, err)
		}
		msg := err.Error()
		i := strings.Index(msg, "CALL sys.expire_snapshots(")
		if !strings.Contains(msg, "retain_min") || i < 0 {
			t.Fatalf("%s: %v does not name retain_min and the call to make", q, err)
		}
		suggested = msg[i:]
	}
	// Three snapshots, two kept.
	wantRows(t, e.db, split("1"), suggested)
	wantRows(t, e.db, split("2", "3"), "SELECT snapshot_id FROM demo.`merge_on_read$snapshots` ORDER BY snapshot_id")
}
