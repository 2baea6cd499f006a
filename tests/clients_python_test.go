package tests

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// clientsVenv is the virtual environment with MySQL Connector/Python and
// mycli that .ci/run makes in the cache (the versions are in its name and
// in .ci/run).
const clientsVenv = "venv-clients-26.10.0-2.30.1"

// clientsVenvBin is the path of a program of that venv; a missing venv
// skips the test, or fails it under CI.
func clientsVenvBin(t *testing.T, name string) string {
	t.Helper()
	cache := os.Getenv("PAIMON_SQL_CACHE")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			t.Fatal(err)
		}
		cache = filepath.Join(home, ".cache", "paimon-sql")
	}
	venv := filepath.Join(cache, clientsVenv)
	bin := filepath.Join(venv, "bin", name)
	if _, err := os.Stat(bin); err != nil {
		missingClient(t, name+" in "+venv,
			"python3 -m venv "+venv+" && pip install mysql-connector-python==26.10.0 mycli==2.30.1; .ci/run does it")
	}
	return bin
}

// TestClientMySQLConnectorPython runs tests/clients/mysql_connector.py
// with MySQL Connector/Python, Oracle's driver (pure-Python protocol):
// metadata, every type through plain and prepared cursors, and errors.
func TestClientMySQLConnectorPython(t *testing.T) {
	py := clientsVenvBin(t, "python")
	if out, err := exec.Command(py, "-c", "import mysql.connector").CombinedOutput(); err != nil {
		missingClient(t, "mysql-connector-python", string(out))
	}
	e := startServer(t, nil)
	want := typesOracle(t, e)
	out := runClient(t, clientsDir(t), 2*time.Minute, py, "mysql_connector.py", "127.0.0.1", strconv.Itoa(e.port()),
		everyTypeDB, everyTypeTable, clientErrorsJSON(t))
	t.Logf("mysql-connector-python: %s", out)
	var got clientTypes
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("client output is not JSON: %v\n%s", err, out)
	}
	checkTypes(t, "mysql-connector-python", got, want)
}
