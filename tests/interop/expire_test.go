package interop

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// expireCase builds a table's history, copies the warehouse, and lets Java
// and paimon-sql each run the same expiration (or tag deletion) on their
// copy: the files left must be the same.
type expireCase struct {
	scenario             // table and history (steps)
	retainMax, retainMin int
	maxDeletes           int    // 0: the table's default
	deleteTag            string // instead of expiring, delete this tag
	// olderThanAfter, when set, passes older_than one millisecond after
	// the commit of this snapshot id: a cutoff between two commits.
	olderThanAfter int64
}

// history writes n single-row commits by Java, starting at id.
func history(id, n int) []step {
	out := make([]step, n)
	for i := range out {
		out[i] = javaWrites(ins(id+i, fmt.Sprint("r", id+i), "1.00"))
	}
	return out
}

func concat(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var pkOptions = map[string]string{"bucket": "2"}

var expireCases = []expireCase{
	{scenario: scenario{name: "exp_append", feature: "append table (bucket -1)", cols: basicCols,
		steps: history(1, 6)}, retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_pk_compacted", feature: "primary key, deduplicate", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts()}, history(4, 2))},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_pk_tags", feature: "tags", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 2), []step{javaTags("t1"), javaWrites(del(1, "r1", "1.00"))},
			[]step{javaCompacts()}, history(3, 2), []step{javaTags("t2")}, history(5, 2))},
		retainMax: 1, retainMin: 1},
	{scenario: scenario{name: "exp_dv", feature: "deletion vectors", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "deletion-vectors.enabled": "true"},
		steps:   concat(history(1, 2), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts(), javaWrites(ins(2, "y", "3.00")), javaCompacts()}, history(3, 2))},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_changelog", feature: "changelog-producer input", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "input"},
		steps:   concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts()}, history(4, 2))},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_changelog_decoupled", feature: "changelog-producer input", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "input", "changelog.num-retained.max": "10"},
		steps:   concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts()}, history(4, 2))},
		retainMax: 2, retainMin: 1},
	// changelog.num-retained.min above snapshot.num-retained.min decouples
	// the table's changelog; the procedure expires it with the snapshots.
	{scenario: scenario{name: "exp_changelog_decoupled_min", feature: "changelog-producer input", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "1", "changelog-producer": "input", "changelog.num-retained.min": "12"},
		steps:   concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), javaCompacts()}, history(4, 3))},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_older_than_between", feature: "append table (bucket -1)", cols: basicCols,
		steps: history(1, 6)}, retainMax: 10, retainMin: 1, olderThanAfter: 3},
	{scenario: scenario{name: "exp_retain_min_zero", feature: "expiration arguments Java takes and paimon-sql refuses", cols: basicCols,
		steps: history(1, 4)}, retainMax: 1, retainMin: 0},
	{scenario: scenario{name: "exp_max_deletes", feature: "append table (bucket -1)", cols: basicCols,
		steps: history(1, 6)}, retainMax: 1, retainMin: 1, maxDeletes: 2},
	{scenario: scenario{name: "exp_sql_written", feature: "primary key, deduplicate", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: pkAlternation}, retainMax: 3, retainMin: 1},
	{scenario: scenario{name: "exp_dynamic_bucket", feature: "dynamic bucket (bucket -1)", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "-1", "dynamic-bucket.target-row-num": "2"},
		steps:   concat(history(1, 4), []step{javaCompacts()}, history(5, 2))}, retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_consumer", feature: "consumers", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 3),
			[]step{{javaOp: jstep{"op": "consumer", "consumer": "flink-job", "nextSnapshot": 2}}}, history(4, 4))},
		retainMax: 1, retainMin: 1},
	{scenario: scenario{name: "exp_consumer_sql_written", feature: "consumers", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(pkAlternation[:4],
			[]step{{javaOp: jstep{"op": "consumer", "consumer": "c1", "nextSnapshot": 3}}}, pkAlternation[4:])},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "exp_external_paths", feature: "external data paths", cols: basicCols, pk: []string{"id"},
		options: map[string]string{"bucket": "2", "data-file.external-paths": "{external}/a,{external}/b",
			"data-file.external-paths.strategy": "round-robin"},
		steps: concat(history(1, 3), []step{javaWrites(ins(1, "x", "2.00")), sqlInserts(vals(2, "y", "3.00")), javaCompacts()},
			history(4, 2), []step{sqlRuns("CALL sys.compact('{t}')")}, history(6, 2))},
		retainMax: 2, retainMin: 1},
	{scenario: scenario{name: "deltag_expired", feature: "tags", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 2), []step{javaTags("t1"), javaWrites(del(1, "r1", "1.00")), javaCompacts()},
			history(3, 2), []step{javaTags("t2"), sqlRuns("CALL sys.expire_snapshots('{t}', 1, 1)")})},
		deleteTag: "t1"},
	{scenario: scenario{name: "deltag_live", feature: "tags", cols: basicCols, pk: []string{"id"},
		options: pkOptions, steps: concat(history(1, 2), []step{javaTags("t1")}, history(3, 2))},
		deleteTag: "t1"},
}

func TestExpireMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range expireCases {
		t.Run(c.name, func(t *testing.T) { runExpireCase(t, j, c) })
	}
	checkKnownMismatchesSeen(t)
}

func runExpireCase(t *testing.T, j *javaDriver, c expireCase) {
	base := t.TempDir()
	built := filepath.Join(base, "built")
	// External data paths lie outside the warehouse copies: both sides
	// expire against the same directory, restored between the two runs.
	ext := filepath.Join(base, "external")
	c.options = withExternalRoot(c.options, "file://"+ext)
	// As an operator does with --allow-external-path.
	if err := paimonfs.AllowExternalRoots([]string{"file://" + ext}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = paimonfs.AllowExternalRoots(nil) })
	db := ourServer(t, mkdir(t, built))
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, built, createStep(c.scenario))
	for i, st := range c.steps {
		if err := applyStep(t, j, db, built, c.scenario, c.cols, st); err != nil {
			t.Fatalf("history step %d: %v", i, err)
		}
	}
	javaDir, ourDir, extBackup := filepath.Join(base, "java"), filepath.Join(base, "ours"), filepath.Join(base, "external-backup")
	testfixture.CopyTree(t, built, javaDir)
	testfixture.CopyTree(t, built, ourDir)
	testfixture.CopyTree(t, mkdir(t, ext), extBackup)
	if c.scenario.options["data-file.external-paths"] != "" && len(listFiles(t, ext)) == 0 {
		t.Fatalf("no data file was written under the external paths %s", ext)
	}

	javaStep, call := expireCalls(c, cutoffAfter(t, filepath.Join(built, "db.db", c.name), c.olderThanAfter))
	key := c.name + "/files"
	javaRes := j.do(t, javaDir, javaStep)[0]
	if err := javaErr(javaRes); err != nil {
		outcome(t, c.feature, dirExpire, key, err.Error())
		return
	}
	tableDir := filepath.Join("db.db", c.name)
	javaFiles := append(listFiles(t, filepath.Join(javaDir, tableDir)), prefixed("external/", listFiles(t, ext))...)
	if err := os.RemoveAll(ext); err != nil {
		t.Fatal(err)
	}
	testfixture.CopyTree(t, extBackup, ext)

	res, err := sqlRows(ourServer(t, ourDir), call)
	if err != nil {
		outcome(t, c.feature, dirExpire, key, err.Error())
		return
	}
	ourFiles := append(listFiles(t, filepath.Join(ourDir, tableDir)), prefixed("external/", listFiles(t, ext))...)
	problem := fileDiff(javaFiles, ourFiles)
	if c.deleteTag == "" && problem == "" {
		problem = sameExpiredCount(javaRes.Expired, res)
	}
	outcome(t, c.feature, dirExpire, key, problem)
}

// cutoffAfter is one millisecond after the commit of snapshot id of the
// table at root (the zero time for id 0). The next snapshot must be
// younger, so that the cutoff falls between two commits.
func cutoffAfter(t *testing.T, root string, id int64) time.Time {
	t.Helper()
	if id == 0 {
		return time.Time{}
	}
	millis := func(id int64) int64 {
		data, err := os.ReadFile(filepath.Join(root, "snapshot", fmt.Sprint("snapshot-", id)))
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			TimeMillis int64 `json:"timeMillis"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		return s.TimeMillis
	}
	at, next := millis(id), millis(id+1)
	if next <= at+1 {
		t.Fatalf("snapshots %d and %d were committed at %d and %d ms: no cutoff between them", id, id+1, at, next)
	}
	return time.UnixMilli(at + 1)
}

// expireCalls are the Java step and the CALL that do the case's
// expiration or tag deletion with the same arguments; a non-zero olderThan
// goes to Java in its default time zone (the machine's, as Go's Local) and
// to paimon-sql as epoch milliseconds.
func expireCalls(c expireCase, olderThan time.Time) (jstep, string) {
	if c.deleteTag != "" {
		return jstep{"op": "deleteTag", "table": c.table(), "tag": c.deleteTag},
			fmt.Sprintf("CALL sys.delete_tag('%s', '%s')", c.table(), c.deleteTag)
	}
	javaStep := jstep{"op": "expire", "table": c.table(), "retainMax": c.retainMax, "retainMin": c.retainMin}
	call := fmt.Sprintf("CALL sys.expire_snapshots(`table` => '%s', retain_max => %d, retain_min => %d",
		c.table(), c.retainMax, c.retainMin)
	if c.maxDeletes > 0 {
		javaStep["maxDeletes"] = c.maxDeletes
		call += fmt.Sprintf(", max_deletes => %d", c.maxDeletes)
	}
	if !olderThan.IsZero() {
		javaStep["olderThan"] = olderThan.In(time.Local).Format("2006-01-02 15:04:05.000")
		call += fmt.Sprintf(", older_than => '%d'", olderThan.UnixMilli())
	}
	return javaStep, call + ")"
}

// withExternalRoot replaces {external} in option values by root.
func withExternalRoot(options map[string]string, root string) map[string]string {
	out := make(map[string]string, len(options))
	for k, v := range options {
		out[k] = strings.ReplaceAll(v, "{external}", root)
	}
	return out
}

func prefixed(prefix string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = prefix + n
	}
	return out
}

// sameExpiredCount compares the number of expired snapshots both report;
// a case that expires nothing proves nothing.
func sameExpiredCount(java int, ours [][]*string) string {
	if java == 0 {
		return "the case expires no snapshot: give it a longer history"
	}
	if len(ours) != 1 || ours[0][0] == nil || *ours[0][0] != fmt.Sprint(java) {
		return fmt.Sprintf("Java expired %d snapshots, paimon-sql reports %v", java, ours)
	}
	return ""
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// listFiles lists the files under dir by relative path, sorted; Hadoop's
// checksum files (.crc) are Java's local file system's, not the table's.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".crc") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// fileDiff describes the files only one side kept ("" when equal).
func fileDiff(javaFiles, ourFiles []string) string {
	inJava := map[string]bool{}
	for _, f := range javaFiles {
		inJava[f] = true
	}
	var onlyOurs, onlyJava []string
	for _, f := range ourFiles {
		if !inJava[f] {
			onlyOurs = append(onlyOurs, f)
		}
		delete(inJava, f)
	}
	for f := range inJava {
		onlyJava = append(onlyJava, f)
	}
	if len(onlyOurs) == 0 && len(onlyJava) == 0 {
		return ""
	}
	sort.Strings(onlyJava)
	return fmt.Sprintf("files differ\n   only Java kept: %v\n   only paimon-sql kept: %v", onlyJava, onlyOurs)
}
