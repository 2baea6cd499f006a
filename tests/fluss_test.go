package tests

// End-to-end tests of Fluss lake tables (issue "Fluss lake tables: clean and
// legacy layouts"): log and primary-key tables, partitioned or not, in the
// CLEAN layout (user columns only) and the LEGACY one (user columns, then
// __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3) WITH LOCAL TIME
// ZONE), created, written, altered, read and expired over the wire; the
// files written are checked in their Parquet footers and rows.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
)

const flussFormat = "'fluss.table.datalake.format' = 'paimon'"

// flVariant is one kind of Fluss lake table.
type flVariant struct {
	name        string
	pk, part    bool
	legacy      bool
	userCols    []string
	createSQL   string
	bucketCount int // -1: bucket-unaware
}

func flVariants() []flVariant {
	var out []flVariant
	for _, legacy := range []bool{false, true} {
		for _, pk := range []bool{false, true} {
			for _, part := range []bool{false, true} {
				v := flVariant{pk: pk, part: part, legacy: legacy, bucketCount: 2}
				kind := map[bool]string{false: "log", true: "pk"}[pk]
				lay := map[bool]string{false: "clean", true: "legacy"}[legacy]
				pt := map[bool]string{false: "", true: "_pt"}[part]
				v.name = kind + pt + "_" + lay
				cols := []string{"id INT", "name TEXT", "amount BIGINT"}
				v.userCols = []string{"id", "name", "amount"}
				if pk {
					cols[0] = "id INT NOT NULL"
				}
				if part {
					cols = append(cols, "dt VARCHAR(10) NOT NULL")
					v.userCols = append(v.userCols, "dt")
				}
				if legacy {
					cols = append(cols, "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3)")
				}
				var clauses []string
				switch {
				case pk && part:
					cols = append(cols, "PRIMARY KEY (dt, id)")
				case pk:
					cols = append(cols, "PRIMARY KEY (id)")
				}
				if part {
					clauses = append(clauses, "PARTITIONED BY (dt)")
				}
				opts := []string{flussFormat}
				switch {
				case pk:
					opts = append(opts, "'bucket' = '2'")
				case part:
					opts = append(opts, "'bucket' = '2'", "'bucket-key' = 'id'")
				default:
					// A log table without bucket keys: Fluss makes it bucket-unaware.
					opts = append(opts, "'bucket' = '-1'")
					v.bucketCount = -1
				}
				if part {
					opts = append(opts, "'partition.legacy-name' = 'false'")
				}
				v.createSQL = fmt.Sprintf("CREATE TABLE fl.%s (%s) %s WITH (%s)", v.name, strings.Join(cols, ", "), strings.Join(clauses, " "), strings.Join(opts, ", "))
				out = append(out, v)
			}
		}
	}
	return out
}

// flRow is a row of the variants' model: id, name, amount, dt, note.
type flRow struct {
	id     int
	name   string
	amount int64
	dt     string
	note   string // "NULL" when unset
}

// flModel keeps the rows a table should hold.
type flModel map[string]flRow // key: dt/id (a log table may repeat ids: key by insertion)

func (m flModel) rows(v flVariant, cols []string) [][]string {
	var out [][]string
	for _, r := range m {
		var row []string
		for _, c := range cols {
			switch c {
			case "id":
				row = append(row, strconv.Itoa(r.id))
			case "name":
				row = append(row, r.name)
			case "amount":
				row = append(row, strconv.FormatInt(r.amount, 10))
			case "dt":
				row = append(row, r.dt)
			case "note":
				row = append(row, r.note)
			}
		}
		out = append(out, row)
	}
	return out
}

// flValues renders rows as VALUES for the columns given.
func flValues(rows []flRow, cols []string) string {
	var parts []string
	for _, r := range rows {
		var vals []string
		for _, c := range cols {
			switch c {
			case "id":
				vals = append(vals, strconv.Itoa(r.id))
			case "name":
				vals = append(vals, "'"+r.name+"'")
			case "amount":
				vals = append(vals, strconv.FormatInt(r.amount, 10))
			case "dt":
				vals = append(vals, "'"+r.dt+"'")
			case "note":
				if r.note == "NULL" {
					vals = append(vals, "NULL")
				} else {
					vals = append(vals, "'"+r.note+"'")
				}
			}
		}
		parts = append(parts, "("+strings.Join(vals, ", ")+")")
	}
	return strings.Join(parts, ", ")
}

// flDescribe is the column names of DESCRIBE.
func flDescribe(t *testing.T, q querier, table string) []string {
	t.Helper()
	return mustQuery(t, q, "DESCRIBE "+table).column("Field")
}

// flSchemaFile is a schema-N file of a table.
type flSchemaFile struct {
	ID             int64 `json:"id"`
	HighestFieldID int64 `json:"highestFieldId"`
	Fields         []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"fields"`
	Options map[string]string `json:"options"`
}

func flReadSchema(t *testing.T, root string, id int) flSchemaFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "schema", fmt.Sprintf("schema-%d", id)))
	if err != nil {
		t.Fatal(err)
	}
	var s flSchemaFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("schema-%d: %v", id, err)
	}
	return s
}

func (s flSchemaFile) names() []string {
	var out []string
	for _, f := range s.Fields {
		out = append(out, f.Name)
	}
	return out
}

// flParquetFile is a data file's column names and rows (by column name).
type flParquetFile struct {
	path   string
	bucket int
	cols   []string
	rows   []map[string]parquet.Value
}

var flBucketDir = regexp.MustCompile(`/bucket-(\d+)/[^/]+$`)

// flDataFiles reads every Parquet data file under a table root.
func flDataFiles(t *testing.T, root string) []flParquetFile {
	t.Helper()
	var out []flParquetFile
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() || !strings.HasSuffix(p, ".parquet") {
			return nil
		}
		m := flBucketDir.FindStringSubmatch(filepath.ToSlash(p))
		if m == nil {
			t.Errorf("data file %s is not in a bucket directory", p)
			return nil
		}
		b, _ := strconv.Atoi(m[1])
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		pf, err := parquet.OpenFile(f, info.Size())
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		pq := flParquetFile{path: p, bucket: b}
		for _, c := range pf.Schema().Columns() {
			pq.cols = append(pq.cols, strings.Join(c, "."))
		}
		r := parquet.NewReader(pf)
		defer r.Close()
		buf := make([]parquet.Row, 64)
		for {
			n, err := r.ReadRows(buf)
			for _, row := range buf[:n] {
				m := map[string]parquet.Value{}
				for _, v := range row {
					m[pq.cols[v.Column()]] = v.Clone()
				}
				pq.rows = append(pq.rows, m)
			}
			if err != nil {
				break
			}
		}
		out = append(out, pq)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// flCheckFiles checks the system values in the data files: in a legacy
// table every row carries __bucket = its bucket directory, __offset = -1
// and __timestamp within [from, to] (epoch ms); a clean table's files have
// no system column.
func flCheckFiles(t *testing.T, what, root string, legacy bool, from, to int64) {
	t.Helper()
	files := flDataFiles(t, root)
	if len(files) == 0 {
		t.Errorf("%s: no data file", what)
	}
	for _, f := range files {
		has := map[string]bool{}
		for _, c := range f.cols {
			has[c] = true
		}
		rel, _ := filepath.Rel(root, f.path)
		sys := has["__bucket"] || has["__offset"] || has["__timestamp"]
		if !legacy {
			if sys {
				t.Errorf("%s: %s of a clean table has system columns %v", what, rel, f.cols)
			}
			continue
		}
		if !has["__bucket"] || !has["__offset"] || !has["__timestamp"] {
			t.Errorf("%s: %s of a legacy table lacks system columns: %v", what, rel, f.cols)
			continue
		}
		for i, r := range f.rows {
			if v := r["__bucket"]; v.IsNull() || int(v.Int32()) != f.bucket {
				t.Errorf("%s: %s row %d: __bucket %v, the file is in bucket-%d", what, rel, i, v, f.bucket)
			}
			if v := r["__offset"]; v.IsNull() || v.Int64() != -1 {
				t.Errorf("%s: %s row %d: __offset %v, want -1", what, rel, i, v)
			}
			if v := r["__timestamp"]; v.IsNull() || v.Int64() < from || v.Int64() > to {
				t.Errorf("%s: %s row %d: __timestamp %v not within the commit window [%d, %d]", what, rel, i, v, from, to)
			}
		}
	}
}

// flLatestMillis is the commit time of the latest snapshot.
func flLatestMillis(t *testing.T, root string) int64 {
	t.Helper()
	ids := xpSnapshotIDs(t, root)
	return xpReadSnapshot(t, root, ids[len(ids)-1]).TimeMillis
}

// Every variant: create, insert, project, read t$physical, check the files,
// ALTER ADD COLUMN, UPDATE/DELETE (primary-key tables), expire.
func TestFlussLakeTablesEndToEnd(t *testing.T) {
	e := startServer(t, nil)
	xpExec(t, e.db, "CREATE DATABASE fl")
	for _, v := range flVariants() {
		t.Run(v.name, func(t *testing.T) {
			flRunVariant(t, e, v)
		})
	}
}

func flRunVariant(t *testing.T, e *env, v flVariant) {
	tbl := "fl." + v.name
	phys := "fl.`" + v.name + "$physical`"
	root := xpTableRoot(e.dir, "fl", v.name)
	sysCols := []string{"__bucket", "__offset", "__timestamp"}
	t0 := time.Now().UnixMilli()
	xpExec(t, e.db, v.createSQL)

	// The table lists; DESCRIBE hides the system columns, t$physical shows them.
	if !flContains(mustQuery(t, e.db, "SHOW TABLES FROM fl").column("Tables_in_fl"), v.name) {
		t.Fatalf("SHOW TABLES does not list %s", v.name)
	}
	wantPhys := append([]string(nil), v.userCols...)
	if v.legacy {
		wantPhys = append(wantPhys, sysCols...)
	}
	sameStringsXP(t, "DESCRIBE "+tbl, flDescribe(t, e.db, tbl), v.userCols)
	sameStringsXP(t, "DESCRIBE "+phys, flDescribe(t, e.db, phys), wantPhys)
	s0 := flReadSchema(t, root, 0)
	sameStringsXP(t, "schema-0 fields", s0.names(), wantPhys)
	if v.legacy {
		n := len(s0.Fields)
		for i, want := range []string{"INT", "BIGINT", "TIMESTAMP(3) WITH LOCAL TIME ZONE"} {
			if got := s0.Fields[n-3+i].Type; got != want {
				t.Errorf("schema-0: %s is %s, want %s", s0.Fields[n-3+i].Name, got, want)
			}
		}
	}
	if s0.Options["fluss.table.datalake.format"] != "paimon" {
		t.Errorf("schema-0 options: %v", s0.Options)
	}

	// Two INSERTs, the second naming its columns in another order.
	model := flModel{}
	dts := []string{"a", "b"}
	var first, second []flRow
	for i := 1; i <= 6; i++ {
		r := flRow{id: i, name: fmt.Sprintf("n%d", i), amount: int64(i * 100), dt: dts[i%2], note: "NULL"}
		if !v.part {
			r.dt = ""
		}
		if i <= 4 {
			first = append(first, r)
		} else {
			second = append(second, r)
		}
		model[fmt.Sprint(r.dt, "/", r.id)] = r
	}
	xpExec(t, e.db, fmt.Sprintf("INSERT INTO %s VALUES %s", tbl, flValues(first, v.userCols)))
	order := []string{"amount", "name", "id"}
	if v.part {
		order = []string{"dt", "amount", "name", "id"}
	}
	xpExec(t, e.db, fmt.Sprintf("INSERT INTO %s (%s) VALUES %s", tbl, strings.Join(order, ", "), flValues(second, order)))

	// Projections in any order and subsets.
	res := mustQuery(t, e.db, "SELECT * FROM "+tbl)
	wantCols(t, "SELECT * FROM "+tbl, res, v.userCols...)
	sameRows(t, "SELECT * FROM "+tbl, res.rows, model.rows(v, v.userCols))
	projections := [][]string{{"amount", "id"}, {"name"}, {"id", "name", "amount"}, {"amount", "amount", "id"}}
	if v.part {
		projections = append(projections, []string{"dt", "amount", "id", "name"}, []string{"dt"}, []string{"name", "dt"})
	}
	for _, p := range projections {
		q := fmt.Sprintf("SELECT %s FROM %s", strings.Join(p, ", "), tbl)
		sameRows(t, q, mustQuery(t, e.db, q).rows, model.rows(v, p))
	}
	q := fmt.Sprintf("SELECT name, id FROM %s WHERE id > 3", tbl)
	var filtered [][]string
	for _, r := range model {
		if r.id > 3 {
			filtered = append(filtered, []string{r.name, strconv.Itoa(r.id)})
		}
	}
	sameRows(t, q, mustQuery(t, e.db, q).rows, filtered)
	if got := xpCount(t, e.db, tbl); got != 6 {
		t.Errorf("COUNT(*) = %d, want 6", got)
	}
	if v.part {
		q := fmt.Sprintf("SELECT id FROM %s WHERE dt = 'a' ORDER BY id", tbl)
		sameRows(t, q, mustQuery(t, e.db, q).rows, split("2", "4", "6"))
	}
	for _, c := range sysCols {
		if _, err := query(e.db, fmt.Sprintf("SELECT %s FROM %s", c, tbl)); err == nil {
			t.Errorf("SELECT %s FROM %s: a system column is selectable", c, tbl)
		}
	}

	commit := flCheckPhysical(t, e, v, phys, wantPhys, model, root, t0)
	flCheckFiles(t, tbl+" after INSERT", root, v.legacy, t0, commit)

	// ALTER TABLE ADD COLUMN: last among the user columns, before __bucket
	// in a legacy table; old rows read NULL, new rows their value.
	xpExec(t, e.db, "ALTER TABLE "+tbl+" ADD COLUMN note TEXT")
	cols := append(append([]string(nil), v.userCols...), "note")
	wantPhys = append([]string(nil), cols...)
	if v.legacy {
		wantPhys = append(wantPhys, sysCols...)
	}
	sameStringsXP(t, "DESCRIBE after ADD COLUMN", flDescribe(t, e.db, tbl), cols)
	sameStringsXP(t, "DESCRIBE t$physical after ADD COLUMN", flDescribe(t, e.db, phys), wantPhys)
	s1 := flReadSchema(t, root, 1)
	sameStringsXP(t, "schema-1 fields", s1.names(), wantPhys)
	for _, f := range s1.Fields {
		if f.Name == "note" && f.ID != s0.HighestFieldID+1 {
			t.Errorf("schema-1: note has id %d, want %d", f.ID, s0.HighestFieldID+1)
		}
	}
	if s1.HighestFieldID != s0.HighestFieldID+1 {
		t.Errorf("schema-1: highestFieldId %d, want %d", s1.HighestFieldID, s0.HighestFieldID+1)
	}
	r7 := flRow{id: 7, name: "n7", amount: 700, dt: "b", note: "hello"}
	if !v.part {
		r7.dt = ""
	}
	model[fmt.Sprint(r7.dt, "/", r7.id)] = r7
	xpExec(t, e.db, fmt.Sprintf("INSERT INTO %s VALUES %s", tbl, flValues([]flRow{r7}, cols)))
	sameRows(t, "SELECT * after ADD COLUMN", mustQuery(t, e.db, "SELECT * FROM "+tbl).rows, model.rows(v, cols))
	sameRows(t, "SELECT note, id after ADD COLUMN", mustQuery(t, e.db, "SELECT note, id FROM "+tbl).rows, model.rows(v, []string{"note", "id"}))

	// Row-level changes: primary-key tables only.
	if v.pk {
		key := func(id int) string {
			if v.part {
				return fmt.Sprint(map[bool]string{true: "a", false: "b"}[id%2 == 0], "/", id)
			}
			return fmt.Sprint("/", id)
		}
		xpExec(t, e.db, "UPDATE "+tbl+" SET name = 'upd', note = 'u' WHERE id = 1")
		r := model[key(1)]
		r.name, r.note = "upd", "u"
		model[key(1)] = r
		xpExec(t, e.db, "DELETE FROM "+tbl+" WHERE id = 2")
		delete(model, key(2))
		sameRows(t, "after UPDATE and DELETE", mustQuery(t, e.db, "SELECT * FROM "+tbl).rows, model.rows(v, cols))
		if v.legacy {
			upd := mustQuery(t, e.db, "SELECT __timestamp FROM "+phys+" WHERE id = 1").rows
			if len(upd) != 1 {
				t.Errorf("updated row in t$physical: %v", upd)
			}
		}
	} else {
		for _, s := range []string{"UPDATE " + tbl + " SET name = 'x' WHERE id = 1", "DELETE FROM " + tbl + " WHERE id = 1"} {
			if _, err := query(e.db, s); err == nil || !strings.Contains(err.Error(), "append table") {
				t.Errorf("%s on a log table: %v, want the append-table error", s, err)
			}
		}
	}
	flCheckFiles(t, tbl+" after all writes", root, v.legacy, t0, flLatestMillis(t, root))

	// Expiration does not depend on the layout.
	before := mustQuery(t, e.db, "SELECT * FROM "+tbl).rows
	ids := xpSnapshotIDs(t, root)
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots(`table` => '"+tbl+"', retain_max => 1, retain_min => 1)"); n != int64(len(ids)-1) {
		t.Errorf("expired %d snapshots, want %d", n, len(ids)-1)
	}
	sameRows(t, "rows after expiration", mustQuery(t, e.db, "SELECT * FROM "+tbl).rows, before)
	xpCheckFiles(t, tbl+" after expiration", root, nil)
	flCheckFiles(t, tbl+" after expiration", root, v.legacy, t0, flLatestMillis(t, root))
}

// flCheckPhysical checks t$physical after the INSERTs: the system values of
// a legacy table, the same rows for a clean one. It returns the commit time
// of the latest snapshot.
func flCheckPhysical(t *testing.T, e *env, v flVariant, phys string, wantPhys []string, model flModel, root string, t0 int64) int64 {
	t.Helper()
	commit := flLatestMillis(t, root)
	pres := mustQuery(t, e.db, "SELECT * FROM "+phys)
	wantCols(t, "SELECT * FROM "+phys, pres, wantPhys...)
	if !v.legacy {
		sameRows(t, phys, pres.rows, model.rows(v, v.userCols))
	} else {
		for _, r := range pres.records() {
			if r["__offset"] != "-1" {
				t.Errorf("%s: __offset %s, want -1", phys, r["__offset"])
			}
			b, err := strconv.Atoi(r["__bucket"])
			if err != nil || b < 0 || (v.bucketCount > 0 && b >= v.bucketCount) || (v.bucketCount < 0 && b != 0) {
				t.Errorf("%s: __bucket %s", phys, r["__bucket"])
			}
			ts, err := time.Parse("2006-01-02 15:04:05.999", r["__timestamp"])
			if err != nil || ts.UnixMilli() < t0 || ts.UnixMilli() > commit {
				t.Errorf("%s: __timestamp %s not within [%d, %d] (session +00:00): %v", phys, r["__timestamp"], t0, commit, err)
			}
		}
		sameRows(t, phys+" user columns", mustQuery(t, e.db, fmt.Sprintf("SELECT %s FROM %s", strings.Join(v.userCols, ", "), phys)).rows, model.rows(v, v.userCols))
	}
	return commit
}

// sameStringsXP compares two lists.
func sameStringsXP(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s: %v, want %v", what, got, want)
	}
}

const flLayoutError = "invalid system-column layout"

// CREATE TABLE of a Fluss lake table with a broken layout is refused and
// leaves nothing; a plain Paimon table may use the names.
func TestFlussCreateRejectsBrokenLayouts(t *testing.T) {
	e := startServer(t, nil)
	xpExec(t, e.db, "CREATE DATABASE fl")
	cases := []struct{ name, cols, extra string }{
		{"only_bucket", "id INT, __bucket INT", ""},
		{"two_of_three", "id INT, __bucket INT, __offset BIGINT", ""},
		{"only_timestamp", "id INT, __timestamp TIMESTAMP(3)", ""},
		{"misordered", "id INT, __offset BIGINT, __bucket INT, __timestamp TIMESTAMP(3)", ""},
		{"not_trailing", "id INT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3), name TEXT", ""},
		{"bucket_bigint", "id INT, __bucket BIGINT, __offset BIGINT, __timestamp TIMESTAMP(3)", ""},
		{"offset_int", "id INT, __bucket INT, __offset INT, __timestamp TIMESTAMP(3)", ""},
		{"timestamp_ntz", "id INT, __bucket INT, __offset BIGINT, __timestamp DATETIME(3)", ""},
		{"timestamp_p0", "id INT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP", ""},
		{"no_user_column", "__bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3)", ""},
		// System columns as keys would be invisible: Fluss never creates such a table.
		{"pk_on_system", "id INT, __bucket INT NOT NULL, __offset BIGINT, __timestamp TIMESTAMP(3), PRIMARY KEY (id, __bucket)", ""},
		{"partition_on_system", "id INT, __bucket INT NOT NULL, __offset BIGINT, __timestamp TIMESTAMP(3)", "PARTITIONED BY (__bucket)"},
	}
	var accepted []string
	for _, c := range cases {
		tree := xpTree(t, e.dir)
		q := fmt.Sprintf("CREATE TABLE fl.%s (%s) %s WITH (%s, 'bucket' = '-1')", c.name, c.cols, c.extra, flussFormat)
		_, err := query(e.db, q)
		if err == nil || !strings.Contains(err.Error(), flLayoutError) {
			t.Errorf("%s: %v, want the layout error", q, err)
		}
		if err == nil {
			// Accepted: show what the table it made does.
			_, rerr := query(e.db, "SELECT * FROM fl."+c.name)
			_, werr := query(e.db, "INSERT INTO fl."+c.name+" (id) VALUES (1)")
			t.Errorf("%s was created, but then SELECT gives %v and INSERT gives %v", c.name, rerr, werr)
			accepted = append(accepted, c.name)
			continue
		}
		xpSameTree(t, q, tree, xpTree(t, e.dir))
	}
	if tables := mustQuery(t, e.db, "SHOW TABLES FROM fl").column("Tables_in_fl"); len(tables) != len(accepted) {
		t.Errorf("refused tables are listed: %v", tables)
	}
	// Without the Fluss option the names are ordinary columns.
	xpExec(t, e.db, "CREATE TABLE fl.plain (id INT, __bucket INT, __timestamp TIMESTAMP(3)) WITH ('bucket' = '-1')",
		"INSERT INTO fl.plain VALUES (1, 7, '2024-01-01 00:00:00')")
	wantRows(t, e.db, split("1|7"), "SELECT id, __bucket FROM fl.plain")
	// The format option names another lake: not a Fluss-into-Paimon table.
	xpExec(t, e.db, "CREATE TABLE fl.other (id INT, __bucket INT) WITH ('fluss.table.datalake.format' = 'iceberg', 'bucket' = '-1')")
}

// flBrokenSchema is a Fluss lake table schema missing __offset.
const flBrokenSchema = `{
  "version" : 3,
  "id" : 0,
  "fields" : [ {
    "id" : 0,
    "name" : "id",
    "type" : "INT NOT NULL"
  }, {
    "id" : 1,
    "name" : "name",
    "type" : "STRING"
  }, {
    "id" : 2,
    "name" : "__bucket",
    "type" : "INT"
  }, {
    "id" : 3,
    "name" : "__timestamp",
    "type" : "TIMESTAMP(3) WITH LOCAL TIME ZONE"
  } ],
  "highestFieldId" : 3,
  "partitionKeys" : [ ],
  "primaryKeys" : [ "id" ],
  "options" : {
    "bucket" : "2",
    "fluss.table.datalake.format" : "paimon",
    "partition.legacy-name" : "false"
  },
  "timeMillis" : 1755758621910
}`

// A table whose schema file has a broken layout lists, but every read,
// write and ALTER gives the layout error, and nothing is written; expiring
// it works, since expiration does not depend on the layout.
func TestFlussBrokenLayoutTableListsButRefusesEverything(t *testing.T) {
	e := startServer(t, func(dir string) {
		p := filepath.Join(dir, "flb.db", "broken", "schema")
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "schema-0"), []byte(flBrokenSchema), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	// A second table with data: a valid legacy table whose latest schema
	// is then broken on disk (schema-1 without __offset).
	xpExec(t, e.db, "CREATE TABLE flb.withdata (id INT NOT NULL, name TEXT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3), PRIMARY KEY (id)) WITH ("+flussFormat+", 'bucket' = '2')")
	for i := 1; i <= 4; i++ {
		xpExec(t, e.db, fmt.Sprintf("INSERT INTO flb.withdata VALUES (%d, 'n%d')", i, i))
	}
	// And a log (append) table, whose COUNT(*) can come from the manifests.
	xpExec(t, e.db, "CREATE TABLE flb.logdata (id INT, name TEXT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3)) WITH ("+flussFormat+", 'bucket' = '-1')",
		"INSERT INTO flb.logdata VALUES (1, 'a'), (2, 'b')", "INSERT INTO flb.logdata VALUES (3, 'c')")
	root := xpTableRoot(e.dir, "flb", "withdata")
	flBreakSchema(t, root)
	flBreakSchema(t, xpTableRoot(e.dir, "flb", "logdata"))
	// A fresh server: no cached schema.
	e2 := xpServe(t, e.dir)

	tables := mustQuery(t, e2.db, "SHOW TABLES FROM flb").column("Tables_in_flb")
	sort.Strings(tables)
	sameStringsXP(t, "SHOW TABLES FROM flb", tables, []string{"broken", "logdata", "withdata"})
	for _, name := range []string{"broken", "withdata", "logdata"} {
		tbl := "flb." + name
		tree := xpTree(t, e.dir)
		for _, s := range []string{
			"SELECT * FROM " + tbl,
			"SELECT id FROM " + tbl,
			"SELECT name, id FROM " + tbl + " WHERE id = 1",
			"SELECT COUNT(*) FROM " + tbl,
			"SELECT * FROM flb.`" + name + "$physical`",
			"INSERT INTO " + tbl + " VALUES (9, 'x')",
			"INSERT INTO " + tbl + " (id) VALUES (9)",
			"INSERT OVERWRITE " + tbl + " VALUES (9, 'x')",
			"UPDATE " + tbl + " SET name = 'y' WHERE id = 1",
			"DELETE FROM " + tbl + " WHERE id = 1",
			"TRUNCATE TABLE " + tbl,
			"ALTER TABLE " + tbl + " ADD COLUMN note TEXT",
		} {
			_, err := query(e2.db, s)
			if err == nil || !strings.Contains(err.Error(), flLayoutError) {
				t.Errorf("%s: %v, want the layout error", s, err)
			}
		}
		xpSameTree(t, tbl+" refused statements", tree, xpTree(t, e.dir))
	}
	// Expiration works on the broken table.
	before := xpTree(t, root)
	if n := xpCall(t, e2.db, "CALL sys.expire_snapshots(`table` => 'flb.withdata', retain_max => 1, retain_min => 1)"); n != 3 {
		t.Errorf("expiring the broken table expired %d, want 3", n)
	}
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "4" {
		t.Errorf("snapshots after expiring the broken table: %s", got)
	}
	if len(xpTree(t, root)) >= len(before) {
		t.Error("expiring the broken table deleted nothing")
	}
	xpCheckFiles(t, "flb.withdata after expiration", root, nil)
	if _, err := query(e2.db, "CALL sys.expire_snapshots('flb.broken', 1, 1)"); err != nil {
		t.Errorf("expiring a broken table without snapshots: %v", err)
	}
}

// ALTER TABLE on Fluss lake tables: the changes Fluss's tiering does not
// survive are refused, and the schema does not change.
func TestFlussAlterRejections(t *testing.T) {
	e := startServer(t, nil)
	xpExec(t, e.db, "CREATE DATABASE fl",
		"CREATE TABLE fl.leg (id INT NOT NULL, name TEXT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(3), PRIMARY KEY (id)) WITH ("+flussFormat+", 'bucket' = '2')",
		"CREATE TABLE fl.cln (id INT NOT NULL, name TEXT, PRIMARY KEY (id)) WITH ("+flussFormat+", 'bucket' = '2')")
	for _, name := range []string{"leg", "cln"} {
		tbl := "fl." + name
		root := xpTableRoot(e.dir, "fl", name)
		refused := []string{
			"ALTER TABLE " + tbl + " ADD COLUMN nn INT NOT NULL",
			"ALTER TABLE " + tbl + " ADD COLUMN __bucket INT",
			"ALTER TABLE " + tbl + " ADD COLUMN __offset BIGINT",
			"ALTER TABLE " + tbl + " ADD COLUMN __timestamp TIMESTAMP(3)",
			"ALTER TABLE " + tbl + " ADD COLUMN __Bucket INT",
			"ALTER TABLE " + tbl + " ADD COLUMN _change_type TEXT",
			"ALTER TABLE " + tbl + " ADD COLUMN x INT FIRST",
			"ALTER TABLE " + tbl + " ADD COLUMN x INT AFTER id",
			"ALTER TABLE " + tbl + " DROP COLUMN `name`",
			"ALTER TABLE " + tbl + " RENAME COLUMN `name` TO nm",
			"ALTER TABLE " + tbl + " MODIFY COLUMN `name` VARCHAR(10)",
			"ALTER TABLE " + tbl + " DROP COLUMN __bucket",
			"ALTER TABLE " + tbl + " RENAME COLUMN __offset TO off",
			"ALTER TABLE " + tbl + " DROP COLUMN __timestamp",
		}
		if name == "leg" {
			phys := "fl.`leg$physical`"
			refused = append(refused,
				"ALTER TABLE "+phys+" DROP COLUMN __bucket",
				"ALTER TABLE "+phys+" RENAME COLUMN __offset TO off",
				"ALTER TABLE "+phys+" MODIFY COLUMN __timestamp TIMESTAMP(6)",
				"ALTER TABLE "+phys+" ADD COLUMN y INT AFTER __timestamp",
			)
		}
		tree := xpTree(t, root)
		for _, s := range refused {
			if _, err := query(e.db, s); err == nil {
				t.Errorf("%s: accepted", s)
			}
			xpSameTree(t, s, tree, xpTree(t, root))
		}
		// The refusal of a system column of a legacy table names it as such.
		if name == "leg" {
			_, err := query(e.db, "ALTER TABLE fl.`leg$physical` DROP COLUMN __bucket")
			if err == nil || !strings.Contains(err.Error(), "system column") {
				t.Errorf("dropping __bucket through t$physical: %v, want the system-column error", err)
			}
			_, err = query(e.db, "ALTER TABLE fl.leg ADD COLUMN nn INT NOT NULL")
			if err == nil || !strings.Contains(err.Error(), "NOT NULL") {
				t.Errorf("NOT NULL column: %v", err)
			}
		}
		// Accepted: a nullable column at the end, also AFTER the last column.
		xpExec(t, e.db, "ALTER TABLE "+tbl+" ADD COLUMN a1 INT", "ALTER TABLE "+tbl+" ADD COLUMN a2 TEXT AFTER a1")
		want := []string{"id", "name", "a1", "a2"}
		sameStringsXP(t, "DESCRIBE "+tbl, flDescribe(t, e.db, tbl), want)
		if name == "leg" {
			want = append(want, "__bucket", "__offset", "__timestamp")
		}
		sameStringsXP(t, "latest schema of "+tbl, flReadSchema(t, root, 2).names(), want)
	}
}

// In a legacy table __timestamp is the commit time (layout.PhysicalRow):
// all rows of one commit carry the same value, also in a transaction whose
// statements ran well before its COMMIT.
func TestFlussLegacyTimestampIsTheCommitTime(t *testing.T) {
	e := startServer(t, nil)
	xpExec(t, e.db, "CREATE DATABASE fl",
		"CREATE TABLE fl.ts6 (id INT, name TEXT, __bucket INT, __offset BIGINT, __timestamp TIMESTAMP(6)) WITH ("+flussFormat+", 'bucket' = '-1')")
	root := xpTableRoot(e.dir, "fl", "ts6")
	c := xpConn(t, e.db)
	xpExec(t, c, "BEGIN",
		"INSERT INTO fl.ts6 VALUES (1, 'a'), (2, 'b'), (3, 'c')")
	advanceMaintenanceClock(e, 1200*time.Millisecond) // the transaction lasts 1.2 s by the server's clock
	xpExec(t, c, "INSERT INTO fl.ts6 VALUES (4, 'd')", "COMMIT")
	ids := xpSnapshotIDs(t, root)
	if len(ids) != 1 {
		t.Fatalf("one transaction made snapshots %v", ids)
	}
	commit := xpReadSnapshot(t, root, ids[0]).TimeMillis
	res := mustQuery(t, e.db, "SELECT id, __timestamp FROM fl.`ts6$physical` ORDER BY id")
	distinct := map[string]bool{}
	for _, r := range res.rows {
		distinct[r[1]] = true
		ts, err := time.Parse("2006-01-02 15:04:05.999999", r[1])
		if err != nil {
			t.Fatal(err)
		}
		// One value per commit: when the transaction first wrote the table
		// (rows are in files before COMMIT), so at most the transaction's
		// length (1.2 s here) before the snapshot time.
		if d := commit - ts.UnixMilli(); d < 0 || d > 3000 {
			t.Errorf("row %s: __timestamp %s is %d ms before the commit (snapshot time %s)", r[0], r[1], d, time.UnixMilli(commit).UTC().Format("15:04:05.000"))
		}
	}
	if len(distinct) != 1 {
		t.Errorf("the rows of one commit carry %d different __timestamp values: %v", len(distinct), res.rows)
	}
}

func flContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// flBreakSchema writes schema-1 of a legacy table: schema-0 without __offset.
func flBreakSchema(t *testing.T, root string) {
	t.Helper()
	var s0 map[string]any
	data, err := os.ReadFile(filepath.Join(root, "schema", "schema-0"))
	if err != nil || json.Unmarshal(data, &s0) != nil {
		t.Fatalf("schema-0: %v", err)
	}
	var kept []any
	for _, f := range s0["fields"].([]any) {
		if f.(map[string]any)["name"] != "__offset" {
			kept = append(kept, f)
		}
	}
	s0["fields"], s0["id"] = kept, 1
	data, _ = json.MarshalIndent(s0, "", "  ")
	if err := os.WriteFile(filepath.Join(root, "schema", "schema-1"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
