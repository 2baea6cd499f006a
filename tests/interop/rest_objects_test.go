package interop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/restcatalog"
)

// partitionInfo is a partition as the Java driver reports it.
type partitionInfo struct {
	Spec            map[string]string `json:"spec"`
	RecordCount     int64             `json:"recordCount"`
	FileCount       int64             `json:"fileCount"`
	FileSizeInBytes int64             `json:"fileSizeInBytes"`
	Done            bool              `json:"done"`
}

// partitionsOf runs a partition listing through j's catalog.
func partitionsOf(t *testing.T, j *javaDriver, dir string, step jstep) ([]partitionInfo, error) {
	step["op"] = "catalogObjects"
	res, err := j.try(dir, step)
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].OK {
		return nil, fmt.Errorf("Java %v: %s", step["action"], res[0].Error)
	}
	var out []partitionInfo
	for _, raw := range res[0].Partitions {
		var p partitionInfo
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	sort.Slice(out, func(a, b int) bool { return fmt.Sprint(out[a].Spec) < fmt.Sprint(out[b].Spec) })
	return out, nil
}

// TestRESTCatalogPartitions: Java's RESTCatalog lists a partitioned
// table's partitions through paimon-sql (served from the files) exactly as
// Java's filesystem catalog lists them from the same files, and as
// `$partitions` shows them over MySQL; marks one done (Java's _SUCCESS
// file) and drops one (a truncate commit, paimon-sql's rows follow), each
// refused to a token without INSERT; drops a non-empty database only when
// it cascades; and sees no views or functions.
func TestRESTCatalogPartitions(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	rs := startREST(t, dir)
	writer, reader := restJava(j, rs.url, rs.writer), restJava(j, rs.url, rs.reader)
	sc := scenario{name: "rest_parts", feature: featureREST, cols: basicCols, parts: []string{"name"}}
	writer.must(t, "", createStep(sc))
	rows := []map[string]any{
		{"kind": "+I", "values": []any{1, "a", "1.00"}},
		{"kind": "+I", "values": []any{2, "a", "2.00"}},
		{"kind": "+I", "values": []any{3, "b", "3.00"}},
	}
	writer.must(t, "", jstep{"op": "write", "table": sc.table(), "rows": rows})
	if err := sqlExec(rs.db, "INSERT INTO "+sc.table()+" VALUES (4, 'c', 4.00), (5, 'a', 5.00)"); err != nil {
		t.Fatal(err)
	}
	list := jstep{"table": sc.table(), "action": "listPartitions"}
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/partitions", listedPartitions(t, rs, j, reader, dir, sc, list))

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/mark_done", func() string {
		mark := jstep{"op": "catalogObjects", "table": sc.table(), "action": "markDone", "specs": []map[string]string{{"name": "a"}}}
		if r := reader.do(t, "", mark)[0]; r.OK || !strings.Contains(r.Error, "INSERT command denied") {
			return fmt.Sprintf("the reader's mark done: ok %v, %s", r.OK, r.Error)
		}
		if r := writer.do(t, "", mark)[0]; !r.OK {
			return "mark done: " + r.Error
		}
		if _, err := os.Stat(filepath.Join(dir, "db.db", "rest_parts", "name=a", "_SUCCESS")); err != nil {
			return "no _SUCCESS file: " + err.Error()
		}
		parts, err := partitionsOf(t, reader, "", list)
		if err != nil {
			return err.Error()
		}
		for _, p := range parts {
			if p.Done != (p.Spec["name"] == "a") {
				return fmt.Sprintf("done marks after marking name=a: %v", parts)
			}
		}
		return ""
	}())

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/drop_partitions", func() string {
		drop := jstep{"op": "catalogObjects", "table": sc.table(), "action": "dropPartitions", "specs": []map[string]string{{"name": "b"}}}
		if r := reader.do(t, "", drop)[0]; r.OK || !strings.Contains(r.Error, "command denied") {
			return fmt.Sprintf("the reader's drop: ok %v, %s", r.OK, r.Error)
		}
		if r := writer.do(t, "", drop)[0]; !r.OK {
			return "drop partitions: " + r.Error
		}
		got, err := sqlRows(rs.db, "SELECT GROUP_CONCAT(id ORDER BY id) FROM "+sc.table())
		if err != nil || *got[0][0] != "1,2,4,5" {
			return fmt.Sprintf("rows over MySQL after dropping name=b: %v %v", got, err)
		}
		parts, err := partitionsOf(t, reader, "", list)
		if err != nil || len(parts) != 2 {
			return fmt.Sprintf("partitions after the drop: %v %v", parts, err)
		}
		return ""
	}())

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/views_functions", func() string {
		obj := func(j *javaDriver, action string, args jstep) jresult {
			args["op"], args["action"] = "catalogObjects", action
			if args["table"] == nil {
				args["table"] = sc.table()
			}
			return j.do(t, "", args)[0]
		}
		for _, action := range []string{"listViews", "listFunctions"} {
			if r := obj(reader, action, jstep{}); !r.OK || len(r.Tables) != 0 {
				return fmt.Sprintf("%s: %+v", action, r)
			}
		}
		if r := obj(reader, "getView", jstep{"table": "db.v"}); r.OK || !strings.Contains(r.Error, "ViewNotExistException") {
			return fmt.Sprintf("getView: %+v", r)
		}
		return ""
	}())

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/drop_database", func() string {
		other := scenario{name: "dropped", cols: basicCols}
		create := createStep(other)
		create["table"] = "db2.dropped"
		writer.must(t, "", create) // creates db2 too
		drop := func(cascade bool) jresult {
			return writer.do(t, "", jstep{"op": "catalogObjects", "table": "db2.x", "action": "dropDatabase", "cascade": cascade})[0]
		}
		if r := drop(false); r.OK || !strings.Contains(r.Error, "DatabaseNotEmptyException") {
			return fmt.Sprintf("drop without cascade: %+v", r)
		}
		if r := drop(true); !r.OK {
			return "drop with cascade: " + r.Error
		}
		if got, err := sqlRows(rs.db, "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = 'db2'"); err != nil || *got[0][0] != "0" {
			return fmt.Sprintf("db2 over MySQL after the drop: %v %v", got, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "db2.db")); !os.IsNotExist(err) {
			return fmt.Sprintf("db2.db is still on disk: %v", err)
		}
		return ""
	}())
}

// TestRESTCatalogRename: Java's RESTCatalog renames a table through
// paimon-sql into another database, authorised as RENAME TABLE is in
// MySQL (ALTER and DROP on the old name, CREATE and INSERT on the new:
// each missing grant is named, with nothing changed); MySQL clients then
// see the rows under the new name only, Java writes through the REST
// catalog to it, and Java's own filesystem catalog finds it where it puts
// a table of that name.
func TestRESTCatalogRename(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	rs := startREST(t, dir)
	writer := restJava(j, rs.url, rs.writer)
	sc := scenario{name: "rest_rename", feature: featureREST, cols: basicCols}
	writer.must(t, "", createStep(sc))
	writer.must(t, "", jstep{"op": "write", "table": sc.table(), "rows": []map[string]any{
		{"kind": "+I", "values": []any{1, "java", "1.00"}}, {"kind": "+I", "values": []any{2, "java", "2.00"}}}})
	if err := sqlExec(rs.db, "INSERT INTO "+sc.table()+" VALUES (3, 'sql', 3.00)",
		"CREATE DATABASE db2",
		"CREATE USER renamer@'%' IDENTIFIED BY 'renamer-password'",
		"GRANT SELECT, ALTER, DROP ON db.rest_rename TO renamer@'%'"); err != nil {
		t.Fatal(err)
	}
	before, err := ourRead(rs.db, "SELECT * FROM "+sc.table(), sc.cols)
	if err != nil {
		t.Fatal(err)
	}
	renamer := restJava(j, rs.url, newToken(t, rs.db, "renamer@%"))
	rename := func(j *javaDriver) jresult {
		return j.do(t, "", jstep{"op": "catalogObjects", "table": sc.table(), "action": "renameTable", "to": "db2.renamed"})[0]
	}

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/grants", func() string {
		for _, missing := range []string{"CREATE", "INSERT"} {
			if r := rename(renamer); r.OK || !strings.Contains(r.Error, missing+" command denied") {
				return fmt.Sprintf("rename without %s on the new name: ok %v, %s", missing, r.OK, r.Error)
			}
			if got, err := ourRead(rs.db, "SELECT * FROM "+sc.table(), sc.cols); differ(before, got, err) != "" {
				return "the table after a denied rename: " + differ(before, got, err)
			}
			if err := sqlExec(rs.db, "GRANT "+missing+" ON db2.* TO renamer@'%'"); err != nil {
				return err.Error()
			}
		}
		if r := rename(renamer); !r.OK {
			return "rename with the grants of RENAME TABLE: " + r.Error
		}
		return ""
	}())

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/renamed", func() string {
		if got, err := ourRead(rs.db, "SELECT * FROM db2.renamed", sc.cols); differ(before, got, err) != "" {
			return "db2.renamed over MySQL: " + differ(before, got, err)
		}
		if _, err := sqlRows(rs.db, "SELECT * FROM "+sc.table()); err == nil || !strings.Contains(err.Error(), "1146") {
			return fmt.Sprintf("the old name over MySQL: %v, want error 1146", err)
		}
		if r := writer.do(t, "", jstep{"op": "write", "table": "db2.renamed", "rows": []map[string]any{
			{"kind": "+I", "values": []any{4, "java", "4.00"}}}})[0]; !r.OK {
			return "Java's write to the renamed table: " + r.Error
		}
		ours, err := ourRead(rs.db, "SELECT * FROM db2.renamed", sc.cols)
		if err != nil || len(ours) != 4 {
			return fmt.Sprintf("db2.renamed after Java's write: %v %v", ours, err)
		}
		viaFS, err := javaRead(t, j, dir, "db2.renamed", nil, sc.cols)
		return differ(ours, viaFS, err)
	}())
}

// listedPartitions compares the partitions Java lists through paimon-sql's
// REST catalog with those Java's filesystem catalog lists from the same
// files and with $partitions over MySQL, and lists some by name.
func listedPartitions(t *testing.T, rs *restServer, j, reader *javaDriver, dir string, sc scenario, list jstep) string {
	viaREST, err := partitionsOf(t, reader, "", list)
	if err != nil {
		return err.Error()
	}
	viaFS, err := partitionsOf(t, j, dir, jstep{"table": sc.table(), "action": "listPartitions"})
	if err != nil {
		return "Java's filesystem catalog: " + err.Error()
	}
	if fmt.Sprint(viaREST) != fmt.Sprint(viaFS) || len(viaREST) != 3 {
		return fmt.Sprintf("through REST %v, Java's filesystem catalog %v", viaREST, viaFS)
	}
	ours, err := sqlRows(rs.db, "SELECT `partition`, record_count, file_count, file_size_in_bytes FROM db.`rest_parts$partitions` ORDER BY 1")
	if err != nil {
		return err.Error()
	}
	for i, p := range viaREST {
		got := fmt.Sprintf("name=%s %d %d %d", p.Spec["name"], p.RecordCount, p.FileCount, p.FileSizeInBytes)
		if want := strings.Join([]string{*ours[i][0], *ours[i][1], *ours[i][2], *ours[i][3]}, " "); got != want {
			return fmt.Sprintf("partition %d: REST %s, $partitions %s", i, got, want)
		}
	}
	byName, err := partitionsOf(t, reader, "", jstep{"table": sc.table(), "action": "listPartitionsByNames",
		"specs": []map[string]string{{"name": "b"}, {"name": "zz"}}})
	if err != nil || len(byName) != 1 || byName[0].Spec["name"] != "b" || byName[0].RecordCount != 1 {
		return fmt.Sprintf("by names: %v %v", byName, err)
	}
	return ""
}

// pypaimonOps runs ops on table through pypaimon's REST catalog as token
// (pypaimon/rest_ops.py) and returns each op's error ("" when it
// succeeded).
func pypaimonOps(t *testing.T, url, token, table string, ops ...map[string]any) []string {
	req, err := json.Marshal(map[string]any{"table": table, "ops": ops, "options": map[string]string{
		"metastore": "rest", "uri": url, "warehouse": restcatalog.DefaultPrefix, "token.provider": "bear", "token": token}})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pythonBin(t), "pypaimon/rest_ops.py")
	cmd.Stdin = bytes.NewReader(req)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pypaimon/rest_ops.py: %v", err)
	}
	var res struct {
		Results []struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		} `json:"results"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Results) != len(ops) {
		t.Fatalf("pypaimon/rest_ops.py answered %q: %v", out, err)
	}
	errs := make([]string, len(ops))
	for i, r := range res.Results {
		if !r.OK {
			errs[i] = r.Error
			if errs[i] == "" {
				errs[i] = "failed without an error"
			}
		}
	}
	return errs
}

// TestRESTCatalogPypaimonWrites: pypaimon 2.1.0's REST catalog writes a
// table through paimon-sql (its commit through the REST commit endpoint),
// paimon-sql reads the rows over MySQL; pypaimon's tag, branch and
// rollback through REST are seen in $tags, $branches and the rows; a token
// holding SELECT only cannot commit.
func TestRESTCatalogPypaimonWrites(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	rs := startREST(t, t.TempDir())
	sc := scenario{name: "py_rest", feature: featureREST, cols: basicCols}
	restJava(j, rs.url, rs.writer).must(t, "", createStep(sc))
	query := func(q string) string {
		rows, err := sqlRows(rs.db, q)
		if err != nil {
			return "error: " + err.Error()
		}
		var out []string
		for _, r := range rows {
			for _, c := range r {
				out = append(out, *c)
			}
		}
		return strings.Join(out, ",")
	}
	outcome(t, sc.feature, dirPypaimon, sc.name+"/write", func() string {
		errs := pypaimonOps(t, rs.url, rs.writer, sc.table(),
			map[string]any{"write": [][]any{{1, "py", "1.50"}, {2, "py", "2.25"}}},
			map[string]any{"write": [][]any{{3, "py", "3.00"}}})
		if errs[0] != "" || errs[1] != "" {
			return "pypaimon writes: " + strings.Join(errs, "; ")
		}
		if got := query("SELECT id, name, price FROM " + sc.table() + " ORDER BY id"); got != "1,py,1.50,2,py,2.25,3,py,3.00" {
			return "rows over MySQL: " + got
		}
		if got := query("SELECT COUNT(*) FROM db.`py_rest$snapshots`"); got != "2" {
			return "snapshots over MySQL: " + got
		}
		// pypaimon 2.1 retries a refused commit (403, TableNoPermissionException)
		// like a lost race, then reports the retries.
		if errs := pypaimonOps(t, rs.url, rs.reader, sc.table(), map[string]any{"write": [][]any{{9, "denied", "9.00"}}}); !strings.Contains(errs[0], "Commit failed") && !strings.Contains(errs[0], "permission") {
			return "the reader's write: " + errs[0]
		}
		if got := query("SELECT COUNT(*) FROM " + sc.table()); got != "3" {
			return "rows after the refused write: " + got
		}
		return ""
	}())
	outcome(t, sc.feature, dirPypaimon, sc.name+"/versions", func() string {
		errs := pypaimonOps(t, rs.url, rs.writer, sc.table(),
			map[string]any{"createTag": "pt"},
			map[string]any{"createBranch": "pb", "tag": "pt"},
			map[string]any{"write": [][]any{{4, "after", "4.00"}}},
			map[string]any{"rollbackTag": "pt"})
		if strings.Join(errs, "") != "" {
			return "pypaimon: " + strings.Join(errs, "; ")
		}
		if got := query("SELECT tag_name, snapshot_id FROM db.`py_rest$tags`"); got != "pt,2" {
			return "$tags: " + got
		}
		if got := query("SELECT branch_name FROM db.`py_rest$branches`"); got != "pb" {
			return "$branches: " + got
		}
		if got := query("SELECT GROUP_CONCAT(id ORDER BY id) FROM " + sc.table()); got != "1,2,3" {
			return "rows after the rollback to pt: " + got
		}
		return ""
	}())
}
