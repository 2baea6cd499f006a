package hivemetastore

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
)

const hiveVersion = "4.0.1"

var (
	metastoreOnce sync.Once
	metastoreURI  string
	metastoreErr  error
	metastoreProc *exec.Cmd
	metastoreDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if metastoreProc != nil {
		_ = metastoreProc.Process.Kill()
		_ = metastoreProc.Wait()
	}
	if metastoreDir != "" {
		_ = os.RemoveAll(metastoreDir)
	}
	os.Exit(code)
}

func requireTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"java", "mvn"} {
		if _, err := exec.LookPath(tool); err != nil {
			toolcheck.Missing(t, tool, "the Hive Metastore tests need java (17) and mvn")
		}
	}
}

// hmsURI returns the URI of the metastore the package's tests share, starting it on
// first use.
func hmsURI(t *testing.T) string {
	t.Helper()
	if uri := os.Getenv("PAIMON_SQL_HMS_URI"); uri != "" {
		return uri
	}
	requireTools(t)
	metastoreOnce.Do(func() { metastoreURI, metastoreErr = startMetastore() })
	if metastoreErr != nil {
		t.Fatal(metastoreErr)
	}
	return metastoreURI
}

// classPath fetches the jars of the Maven project in dir (once: target/lib stays) and
// returns their class path.
func classPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	lib := filepath.Join(abs, "target", "lib")
	if stale(filepath.Join(abs, "pom.xml"), lib) {
		cmd := exec.Command("mvn", "-q", "-B", "dependency:copy-dependencies")
		cmd.Dir = abs
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("mvn dependency:copy-dependencies in %s: %v\n%s", dir, err, out)
		}
	}
	return filepath.Join(lib, "*"), nil
}

func stale(src, target string) bool {
	si, err1 := os.Stat(src)
	ti, err2 := os.Stat(target)
	return err1 != nil || err2 != nil || si.ModTime().After(ti.ModTime())
}

// startMetastore creates the metastore's Derby schema with Hive's schema tool and its
// Derby scripts (from Hive's source release on Maven Central: the jars do not carry them),
// then starts the metastore on a free port and waits until it answers.
func startMetastore() (string, error) {
	cp, err := classPath("java")
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "hms-")
	if err != nil {
		return "", err
	}
	metastoreDir = dir
	get := exec.Command("mvn", "-q", "-B", "dependency:get", "-Dtransitive=false",
		"-Dartifact=org.apache.hive:hive-standalone-metastore:"+hiveVersion+":tar.gz:src")
	if out, err := get.CombinedOutput(); err != nil {
		return "", fmt.Errorf("fetching Hive's source release: %v\n%s", err, out)
	}
	home, _ := os.UserHomeDir()
	src := filepath.Join(home, ".m2/repository/org/apache/hive/hive-standalone-metastore", hiveVersion,
		"hive-standalone-metastore-"+hiveVersion+"-src.tar.gz")
	scripts := filepath.Join(dir, "scripts/metastore/upgrade/derby")
	if err := os.MkdirAll(scripts, 0o755); err != nil {
		return "", err
	}
	untar := exec.Command("tar", "-xzf", src, "-C", scripts, "--strip-components=6",
		"apache-hive-standalone-metastore-"+hiveVersion+"-src/metastore-server/src/main/sql/derby")
	if out, err := untar.CombinedOutput(); err != nil {
		return "", fmt.Errorf("extracting the Derby scripts: %v\n%s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return "", err
	}
	conf := filepath.Join(dir, "conf")
	if err := os.MkdirAll(conf, 0o755); err != nil {
		return "", err
	}
	site := fmt.Sprintf(`<configuration>
  <property><name>metastore.thrift.port</name><value>%d</value></property>
  <property><name>javax.jdo.option.ConnectionURL</name><value>jdbc:derby:;databaseName=%s/db;create=true</value></property>
  <property><name>javax.jdo.option.ConnectionDriverName</name><value>org.apache.derby.jdbc.EmbeddedDriver</value></property>
  <property><name>metastore.warehouse.dir</name><value>file://%s/hive-warehouse</value></property>
  <property><name>metastore.schema.verification</name><value>false</value></property>
  <property><name>metastore.event.db.notification.api.auth</name><value>false</value></property>
</configuration>
`, port, dir, dir)
	if err := os.WriteFile(filepath.Join(conf, "metastore-site.xml"), []byte(site), 0o644); err != nil {
		return "", err
	}
	java := func(main string, args ...string) *exec.Cmd {
		cmd := exec.Command("java", append([]string{"-Dmetastore.home=" + dir, "-cp", conf + string(os.PathListSeparator) + cp, main}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "METASTORE_HOME="+dir)
		return cmd
	}
	if out, err := java("org.apache.hadoop.hive.metastore.tools.schematool.MetastoreSchemaTool", "-initSchema", "-dbType", "derby").CombinedOutput(); err != nil {
		return "", fmt.Errorf("Hive's schema tool: %v\n%s", err, out)
	}
	logFile, err := os.Create(filepath.Join(dir, "metastore.log"))
	if err != nil {
		return "", err
	}
	metastoreProc = java("org.apache.hadoop.hive.metastore.HiveMetaStore")
	metastoreProc.Stdout, metastoreProc.Stderr = logFile, logFile
	if err := metastoreProc.Start(); err != nil {
		return "", err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(4 * time.Minute); time.Now().Before(deadline); time.Sleep(time.Second) {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			return "thrift://" + addr, nil
		}
	}
	log, _ := os.ReadFile(logFile.Name())
	return "", fmt.Errorf("the metastore did not listen on %s within 4 minutes:\n%s", addr, tail(string(log), 4000))
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// javaCatalog is one JVM running Java Paimon's HiveCatalog (java/driver), answering one
// command a line.
type javaCatalog struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// startJava starts the driver on the metastore at uri with the warehouse and extra catalog
// options (key=value).
func startJava(t *testing.T, uri, warehouse string, opts ...string) *javaCatalog {
	t.Helper()
	cp, err := classPath("java/driver")
	if err != nil {
		t.Fatal(err)
	}
	src, err := filepath.Abs("java/driver/HiveCatalogDriver.java")
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-cp", cp, src, "uri=" + uri, "warehouse=" + warehouse}, opts...)
	cmd := exec.Command("java", args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	j := &javaCatalog{t: t, cmd: cmd, in: in, lines: make(chan string, 100)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			j.lines <- sc.Text()
		}
		close(j.lines)
	}()
	t.Cleanup(func() {
		_ = in.Close()
		_ = cmd.Wait()
	})
	select {
	case l, ok := <-j.lines:
		if !ok || l != "READY" {
			t.Fatalf("Java HiveCatalog did not start: %q\n%s", l, tail(stderr.String(), 4000))
		}
	case <-time.After(3 * time.Minute):
		t.Fatalf("Java HiveCatalog did not start within 3 minutes\n%s", tail(stderr.String(), 4000))
	}
	return j
}

// send writes a command without waiting for its answer.
func (j *javaCatalog) send(command string) {
	j.t.Helper()
	if _, err := fmt.Fprintln(j.in, command); err != nil {
		j.t.Fatal(err)
	}
}

// next is the next line the driver prints.
func (j *javaCatalog) next() string {
	j.t.Helper()
	select {
	case l, ok := <-j.lines:
		if !ok {
			j.t.Fatal("the Java driver exited")
		}
		return l
	case <-time.After(3 * time.Minute):
		j.t.Fatal("no answer from the Java driver within 3 minutes")
	}
	return ""
}

// answer collects the lines up to END; an ERROR line is returned as the error.
func (j *javaCatalog) answer() ([]string, error) {
	j.t.Helper()
	var lines []string
	var err error
	for l := j.next(); l != "END"; l = j.next() {
		if strings.HasPrefix(l, "ERROR ") {
			err = fmt.Errorf("%s", strings.TrimPrefix(l, "ERROR "))
			continue
		}
		lines = append(lines, l)
	}
	return lines, err
}

// do runs a command that must succeed and returns its lines.
func (j *javaCatalog) do(command string) []string {
	j.t.Helper()
	j.send(command)
	lines, err := j.answer()
	if err != nil {
		j.t.Fatalf("Java %q: %v", command, err)
	}
	return lines
}
