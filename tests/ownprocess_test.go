package tests

import (
	"os"
	"os/exec"
	"testing"
)

// ownProcessEnv marks the child process inOwnProcess starts.
const ownProcessEnv = "PAIMON_SQL_TEST_OWN_PROCESS"

// inOwnProcess runs the calling test again alone, in a new process of the
// test binary, and reports true when the caller must return (the child ran
// it); false inside that child, which goes on with the test. Tests that
// measure this process's heap need it: the servers of earlier tests leave
// memory behind that is not theirs (go-icu-regex keeps its WebAssembly
// modules of REGEXP statements pooled, hundreds of MiB after the fuzz test),
// and a limit set above that heap is then never reached.
func inOwnProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(ownProcessEnv) == t.Name() {
		return false
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^"+t.Name()+"$", "-test.count", "1", "-test.v")
	cmd.Env = append(os.Environ(), ownProcessEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s in a process of its own: %v\n%s", t.Name(), err, out)
	}
	t.Logf("%s ran in a process of its own", t.Name())
	return true
}
