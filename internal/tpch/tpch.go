// Package tpch is TPC-H for paimon-sql's differential test and benchmark:
// the eight tables with their keys, the 22 queries (queries.sql, in a form
// MySQL, MariaDB, DuckDB and paimon-sql all parse) and the rows of DuckDB's
// dbgen (its tpch extension, run by Python from a venv that .ci/run makes).
package tpch

import (
	"bufio"
	_ "embed" // queries.sql
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Table is a TPC-H table as dbgen generates it, columns in its order.
type Table struct {
	Name    string
	Columns []string // "name TYPE NOT NULL"
	Key     string   // the primary key's columns, comma-separated
}

// ColumnNames are the table's column names.
func (t Table) ColumnNames() []string {
	out := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		out[i], _, _ = strings.Cut(c, " ")
	}
	return out
}

// Tables are TPC-H's tables with their keys.
var Tables = []Table{
	{"nation", []string{"n_nationkey INT NOT NULL", "n_name CHAR(25) NOT NULL", "n_regionkey INT NOT NULL", "n_comment VARCHAR(152) NOT NULL"}, "n_nationkey"},
	{"region", []string{"r_regionkey INT NOT NULL", "r_name CHAR(25) NOT NULL", "r_comment VARCHAR(152) NOT NULL"}, "r_regionkey"},
	{"part", []string{"p_partkey INT NOT NULL", "p_name VARCHAR(55) NOT NULL", "p_mfgr CHAR(25) NOT NULL", "p_brand CHAR(10) NOT NULL",
		"p_type VARCHAR(25) NOT NULL", "p_size INT NOT NULL", "p_container CHAR(10) NOT NULL", "p_retailprice DECIMAL(15,2) NOT NULL",
		"p_comment VARCHAR(23) NOT NULL"}, "p_partkey"},
	{"supplier", []string{"s_suppkey INT NOT NULL", "s_name CHAR(25) NOT NULL", "s_address VARCHAR(40) NOT NULL", "s_nationkey INT NOT NULL",
		"s_phone CHAR(15) NOT NULL", "s_acctbal DECIMAL(15,2) NOT NULL", "s_comment VARCHAR(101) NOT NULL"}, "s_suppkey"},
	{"partsupp", []string{"ps_partkey INT NOT NULL", "ps_suppkey INT NOT NULL", "ps_availqty INT NOT NULL", "ps_supplycost DECIMAL(15,2) NOT NULL",
		"ps_comment VARCHAR(199) NOT NULL"}, "ps_partkey, ps_suppkey"},
	{"customer", []string{"c_custkey INT NOT NULL", "c_name VARCHAR(25) NOT NULL", "c_address VARCHAR(40) NOT NULL", "c_nationkey INT NOT NULL",
		"c_phone CHAR(15) NOT NULL", "c_acctbal DECIMAL(15,2) NOT NULL", "c_mktsegment CHAR(10) NOT NULL", "c_comment VARCHAR(117) NOT NULL"}, "c_custkey"},
	{"orders", []string{"o_orderkey INT NOT NULL", "o_custkey INT NOT NULL", "o_orderstatus CHAR(1) NOT NULL", "o_totalprice DECIMAL(15,2) NOT NULL",
		"o_orderdate DATE NOT NULL", "o_orderpriority CHAR(15) NOT NULL", "o_clerk CHAR(15) NOT NULL", "o_shippriority INT NOT NULL",
		"o_comment VARCHAR(79) NOT NULL"}, "o_orderkey"},
	{"lineitem", []string{"l_orderkey INT NOT NULL", "l_partkey INT NOT NULL", "l_suppkey INT NOT NULL", "l_linenumber INT NOT NULL",
		"l_quantity DECIMAL(15,2) NOT NULL", "l_extendedprice DECIMAL(15,2) NOT NULL", "l_discount DECIMAL(15,2) NOT NULL",
		"l_tax DECIMAL(15,2) NOT NULL", "l_returnflag CHAR(1) NOT NULL", "l_linestatus CHAR(1) NOT NULL", "l_shipdate DATE NOT NULL",
		"l_commitdate DATE NOT NULL", "l_receiptdate DATE NOT NULL", "l_shipinstruct CHAR(25) NOT NULL", "l_shipmode CHAR(10) NOT NULL",
		"l_comment VARCHAR(44) NOT NULL"}, "l_orderkey, l_linenumber"},
}

// QueryFile is queries.sql: the 22 queries as DuckDB's tpch extension
// gives them (tpch_queries()), each after a "-- name: qNN" line, with the
// differential test's expected failures ("-- fails:") among the comments.
//
//go:embed queries.sql
var QueryFile string

// Query is one of the 22.
type Query struct {
	Name, SQL string
}

// Queries parses QueryFile: each query runs from its "-- name:" line to the
// ";" that ends a line; other comment lines are left out.
func Queries() []Query {
	var (
		out  []Query
		cur  Query
		body []string
	)
	for _, line := range strings.Split(QueryFile, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "-- name:"):
			cur = Query{Name: strings.TrimSpace(strings.TrimPrefix(trimmed, "-- name:"))}
		case strings.HasPrefix(trimmed, "--") || trimmed == "" && len(body) == 0:
		default:
			body = append(body, line)
			if strings.HasSuffix(trimmed, ";") {
				cur.SQL = strings.TrimSuffix(strings.TrimSpace(strings.Join(body, "\n")), ";")
				out = append(out, cur)
				cur, body = Query{}, nil
			}
		}
	}
	return out
}

// Python is the python of the venv with DuckDB and its TPC-H extension
// (.ci/run makes it in $PAIMON_SQL_CACHE or ~/.cache/paimon-sql).
func Python() (string, error) {
	cache := os.Getenv("PAIMON_SQL_CACHE")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		cache = filepath.Join(home, ".cache", "paimon-sql")
	}
	venv := filepath.Join(cache, "venv-duckdb-tpch")
	py := filepath.Join(venv, "bin", "python")
	if err := exec.Command(py, "-c", "import duckdb, duckdb_extension_tpch").Run(); err != nil {
		return "", fmt.Errorf("DuckDB with its TPC-H extension is not in %s (python3 -m venv %s && %s/bin/pip install duckdb==1.5.5 duckdb-extension-tpch==1.5.5; .ci/run does it): %v",
			venv, venv, venv, err)
	}
	return py, nil
}

// generateScript writes dbgen's tables at a scale factor as tab-separated
// files <table>.tsv into a directory (argv: sf, dir).
const generateScript = `
import sys, glob, os, duckdb, duckdb_extension_tpch
ext = glob.glob(os.path.join(os.path.dirname(duckdb_extension_tpch.__file__), "extensions", "*", "tpch.duckdb_extension"))[0]
con = duckdb.connect()
con.execute("LOAD '%s'" % ext)
con.execute("CALL dbgen(sf=%s)" % sys.argv[1])
for (t,) in con.execute("SHOW TABLES").fetchall():
    con.execute("COPY %s TO '%s' (DELIMITER '\t', HEADER false, QUOTE '')" % (t, os.path.join(sys.argv[2], t + ".tsv")))
`

// Generate runs dbgen at scale factor sf (e.g. "0.01") with python (see
// Python), writing <table>.tsv files into dir.
func Generate(python, sf, dir string) error {
	out, err := exec.Command(python, "-c", generateScript, sf, dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("dbgen at scale factor %s: %v: %s", sf, err, out)
	}
	return nil
}

// Rows calls fn with each row of tb's file in dir (written by Generate),
// its fields as SQL literals. dbgen below scale factor 0.01 repeats some
// partsupp keys: the first row of a key is kept, as MariaDB's LOAD DATA
// keeps it.
func Rows(dir string, tb Table, fn func(fields []string) error) error {
	quoted := make([]bool, len(tb.Columns))
	for i, c := range tb.Columns {
		typ := strings.Fields(c)[1]
		quoted[i] = !strings.HasPrefix(typ, "INT") && !strings.HasPrefix(typ, "DECIMAL")
	}
	return rawRows(dir, tb, func(_ string, fields []string) error {
		for i, v := range fields {
			if quoted[i] {
				fields[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
			}
		}
		return fn(fields)
	})
}

// WriteLines writes the rows Rows gives, as the lines of tb's file (fields
// separated by tabs, LOAD DATA's default format; dbgen's values hold no
// tab, newline or backslash), to w.
func WriteLines(dir string, tb Table, w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	err := rawRows(dir, tb, func(line string, _ []string) error {
		_, err := bw.WriteString(line + "\n")
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// rawRows calls fn with each line of tb's file and its fields, leaving out
// a line whose key an earlier line had.
func rawRows(dir string, tb Table, fn func(line string, fields []string) error) error {
	f, err := os.Open(filepath.Join(dir, tb.Name+".tsv"))
	if err != nil {
		return err
	}
	defer f.Close()
	names := tb.ColumnNames()
	var keyCols []int
	for _, k := range strings.Split(tb.Key, ", ") {
		keyCols = append(keyCols, slices.Index(names, k))
	}
	// TPC-H's keys are one or two INT columns: a key packs into a uint64,
	// which keeps the set small at scale factor 1 (6M lineitem keys).
	seen := map[uint64]struct{}{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != len(tb.Columns) {
			return fmt.Errorf("%s: %d fields, want %d: %q", tb.Name, len(fields), len(tb.Columns), sc.Text())
		}
		var key uint64
		for _, c := range keyCols {
			k, err := strconv.ParseUint(fields[c], 10, 32)
			if err != nil {
				return fmt.Errorf("%s: key %q: %v", tb.Name, fields[c], err)
			}
			key = key<<32 | k
		}
		if _, dup := seen[key]; dup {
			continue
		}
		seen[key] = struct{}{}
		if err := fn(sc.Text(), fields); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Inserts calls fn with INSERT INTO target VALUES statements of up to
// batch rows each, together holding every row of tb (see Rows).
func Inserts(dir string, tb Table, target string, batch int, fn func(stmt string) error) error {
	if batch < 1 {
		return errors.New("tpch: batch must be at least 1")
	}
	var b strings.Builder
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		err := fn(b.String())
		b.Reset()
		n = 0
		return err
	}
	err := Rows(dir, tb, func(fields []string) error {
		if n == 0 {
			fmt.Fprintf(&b, "INSERT INTO %s VALUES ", target)
		} else {
			b.WriteString(", ")
		}
		b.WriteString("(" + strings.Join(fields, ", ") + ")")
		if n++; n == batch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
