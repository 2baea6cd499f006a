package interop

import (
	"fmt"
	"strings"
	"testing"
)

const featureRefusals = "tables Java refuses to create"

// refusalCases are table options Java's CREATE TABLE refuses; paimon-sql's
// CREATE TABLE must refuse them too.
var refusalCases = []struct {
	name    string
	options map[string]string
}{
	{"first_row_dv", map[string]string{"merge-engine": "first-row", "deletion-vectors.enabled": "true"}},
	{"bucket_zero", map[string]string{"bucket": "0"}},
	{"unknown_merge_engine", map[string]string{"merge-engine": "nosuch"}},
	{"sequence_field_missing", map[string]string{"sequence.field": "nosuch"}},
}

func TestCreateRefusalsMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	for _, c := range refusalCases {
		sc := scenario{name: c.name + "_java", cols: basicCols, pk: []string{"id"}, options: c.options}
		res := j.do(t, dir, createStep(sc))[0]
		if res.OK {
			t.Fatalf("%s: Java creates the table: the case proves nothing", c.name)
		}
		with := make([]string, 0, len(c.options))
		for k, v := range c.options {
			with = append(with, fmt.Sprintf("'%s' = '%s'", k, v))
		}
		err := sqlExec(db, fmt.Sprintf("CREATE TABLE db.%s_sql (id INT NOT NULL PRIMARY KEY, name TEXT, price DECIMAL(10,2)) WITH (%s)",
			c.name, strings.Join(with, ", ")))
		problem := ""
		if err == nil {
			problem = "paimon-sql creates a table Java refuses: " + res.Error
		}
		outcome(t, featureRefusals, dirSQLToJava, c.name+"/create", problem)
	}
}
