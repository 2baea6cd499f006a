package interop

import (
	"path/filepath"
	"testing"
)

// ddlCase is one table definition given to Java's catalog and, as SQL, to
// paimon-sql, optionally followed by a change of one option on both.
type ddlCase struct {
	scenario              // Java's columns, keys and options
	sql            string // paimon-sql's CREATE TABLE of the same table
	setKey, setVal string // then ALTER TABLE ... SET of this option, on both
	// deliberate, when set, is why paimon-sql refuses a table Java accepts.
	deliberate string
}

const featureDDL = "DDL validation (CREATE and ALTER TABLE refused as Java refuses them)"

var ddlCases = []ddlCase{
	{scenario: scenario{name: "ddl_avro_ts9", cols: []column{idCol, {"ts", "TIMESTAMP(9) WITH LOCAL TIME ZONE"}},
		options: map[string]string{"file.format": "avro"}},
		sql: "CREATE TABLE db.ddl_avro_ts9 (id INT, ts TIMESTAMP_LTZ(9)) WITH ('file.format' = 'avro')"},
	{scenario: scenario{name: "ddl_orc_ts9_to_avro", cols: []column{idCol, {"ts", "TIMESTAMP(9) WITH LOCAL TIME ZONE"}},
		options: map[string]string{"file.format": "orc"}},
		sql:    "CREATE TABLE db.ddl_orc_ts9_to_avro (id INT, ts TIMESTAMP_LTZ(9)) WITH ('file.format' = 'orc')",
		setKey: "file.format", setVal: "avro"},
	{scenario: scenario{name: "ddl_avro_ts6", cols: []column{idCol, {"ts", "TIMESTAMP(6) WITH LOCAL TIME ZONE"}},
		options: map[string]string{"file.format": "avro"}},
		sql: "CREATE TABLE db.ddl_avro_ts6 (id INT, ts TIMESTAMP_LTZ(6)) WITH ('file.format' = 'avro')"},
	{scenario: scenario{name: "ddl_sequence_group_missing", cols: []column{idCol, {"g", "INT"}, {"v", "INT"}}, pk: []string{"id"},
		options: map[string]string{"merge-engine": "partial-update", "fields.g.sequence-group": "nope"}},
		sql: "CREATE TABLE db.ddl_sequence_group_missing (id INT NOT NULL, g INT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH (" +
			"'merge-engine' = 'partial-update', 'fields.g.sequence-group' = 'nope')"},
	{scenario: scenario{name: "ddl_sum_varchar", cols: []column{idCol, {"v", "VARCHAR(10)"}}, pk: []string{"id"},
		options: map[string]string{"merge-engine": "aggregation", "fields.v.aggregate-function": "sum"}},
		sql: "CREATE TABLE db.ddl_sum_varchar (id INT NOT NULL, v VARCHAR(10), PRIMARY KEY (id) NOT ENFORCED) WITH (" +
			"'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum')",
		deliberate: "Java accepts sum on a VARCHAR and fails at the first write; paimon-sql refuses the table at once"},
	{scenario: scenario{name: "ddl_listagg_varchar", cols: []column{idCol, {"v", "VARCHAR(100)"}}, pk: []string{"id"},
		options: map[string]string{"merge-engine": "aggregation", "fields.v.aggregate-function": "listagg"}},
		sql: "CREATE TABLE db.ddl_listagg_varchar (id INT NOT NULL, v VARCHAR(100), PRIMARY KEY (id) NOT ENFORCED) WITH (" +
			"'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'listagg')"},
}

// TestDDLValidationMatchesJava: a definition Java refuses is refused, and
// one paimon-sql accepts is loaded and read by Java.
func TestDDLValidationMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range ddlCases {
		t.Run(c.name, func(t *testing.T) {
			javaDir, ourDir := t.TempDir(), t.TempDir()
			jres := j.do(t, javaDir, createStep(c.scenario))[0]
			if jres.OK && c.setKey != "" {
				jres = j.do(t, javaDir, jstep{"op": "alter", "table": c.table(), "set": c.setKey, "value": c.setVal})[0]
			}
			db := ourServer(t, ourDir)
			ourErr := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db", c.sql)
			if ourErr == nil && c.setKey != "" {
				ourErr = sqlExec(db, "ALTER TABLE db."+c.name+" SET ('"+c.setKey+"' = '"+c.setVal+"')")
			}
			problem := ""
			switch {
			case !jres.OK && ourErr == nil:
				problem = "Java refuses it (" + jres.Error + "), paimon-sql accepts it"
			case jres.OK && ourErr != nil && c.deliberate == "":
				problem = "Java accepts it, paimon-sql refuses it: " + ourErr.Error()
			case jres.OK && ourErr == nil:
				if res := j.do(t, ourDir, jstep{"op": "read", "table": c.table()})[0]; !res.OK {
					problem = "Java cannot read the table paimon-sql created: " + res.Error
				}
			}
			outcome(t, featureDDL, dirSQLToJava, c.name+"/ddl", problem)
			t.Logf("Java: ok=%v %s; paimon-sql: %v (%s)", jres.OK, jres.Error, ourErr, filepath.Base(ourDir))
		})
	}
}
