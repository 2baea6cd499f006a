package interop

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// bucketCase is a bucket key type and a bucket function.
type bucketCase struct {
	keyType  string
	function string // bucket-function.type
}

// javaRefuses are the cases whose key type Java's bucket function refuses
// on write: paimon-sql must refuse them too.
var javaRefuses = map[bucketCase]bool{{"TIMESTAMP(3)", "hive"}: true}

var bucketCases = []bucketCase{
	{"INT", "default"}, {"BIGINT", "default"}, {"SMALLINT", "default"}, {"TINYINT", "default"},
	{"STRING", "default"}, {"VARCHAR(10)", "default"}, {"DECIMAL(10, 2)", "default"}, {"DECIMAL(30, 5)", "default"},
	{"DATE", "default"}, {"TIMESTAMP(3)", "default"}, {"TIMESTAMP(6)", "default"}, {"BOOLEAN", "default"},
	{"DOUBLE", "default"}, {"BYTES", "default"},
	{"INT", "mod"}, {"BIGINT", "mod"},
	{"INT", "hive"}, {"BIGINT", "hive"}, {"STRING", "hive"}, {"DECIMAL(10, 2)", "hive"}, {"DATE", "hive"},
	{"BOOLEAN", "hive"}, {"DOUBLE", "hive"}, {"BYTES", "hive"}, {"SMALLINT", "hive"}, {"DECIMAL(30, 5)", "hive"},
	{"TIMESTAMP(3)", "hive"},
}

const bucketRows = 60

// TestBucketsMatchJava: paimon-sql INSERTs random keys into a table with
// 7 buckets; the bucket each row landed in (as Java's scan reports it)
// must be the bucket Java computes for the row.
func TestBucketsMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	seed := time.Now().UnixNano()
	t.Logf("random seed %d", seed)
	rnd := rand.New(rand.NewSource(seed))
	for _, c := range bucketCases {
		name := "b_" + c.function + "_" + strings.ToLower(strings.NewReplacer("(", "", ")", "", ", ", "_", " ", "_").Replace(c.keyType))
		t.Run(name, func(t *testing.T) { runBucketCase(t, j, rnd, name, c) })
	}
	checkKnownMismatchesSeen(t)
}

func runBucketCase(t *testing.T, j *javaDriver, rnd *rand.Rand, name string, c bucketCase) {
	sc := scenario{name: name, feature: "buckets: bucket-function.type " + c.function,
		cols: []column{{"k", c.keyType + " NOT NULL"}, {"v", "INT"}}, pk: []string{"k"},
		options: map[string]string{"bucket": "7", "bucket-function.type": c.function}}
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, dir, createStep(sc))
	rows := randomRows(rnd, c.keyType, bucketRows)
	err := sqlExec(db, insertStatement(sc.table(), sc.cols, rows))
	if javaRefuses[c] {
		problem := ""
		if err == nil {
			problem = "paimon-sql wrote keys that Java's bucket function refuses"
		}
		outcome(t, sc.feature, dirSQLToJava, name+"/refused", problem)
		return
	}
	if err != nil {
		outcome(t, sc.feature, dirSQLToJava, name+"/insert", err.Error())
		return
	}
	placed := j.must(t, dir, jstep{"op": "readBuckets", "table": sc.table()}).Rows
	javaRows := make([]map[string]any, len(placed))
	ourBuckets := make([]int, len(placed))
	for i, raw := range placed {
		// Numbers stay exact (BIGINT keys do not fit a float64).
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var cells []any
		if err := dec.Decode(&cells); err != nil {
			t.Fatal(err)
		}
		b, err := cells[2].(json.Number).Int64()
		if err != nil {
			t.Fatal(err)
		}
		ourBuckets[i] = int(b)
		javaRows[i] = map[string]any{"kind": "+I", "values": cells[:2]}
	}
	want := j.must(t, dir, jstep{"op": "buckets", "table": sc.table(), "rows": javaRows}).Buckets
	var wrong []string
	for i := range placed {
		if ourBuckets[i] != want[i] {
			wrong = append(wrong, fmt.Sprintf("key %v: paimon-sql bucket %d, Java %d", javaRows[i]["values"].([]any)[0], ourBuckets[i], want[i]))
		}
	}
	problem := ""
	if len(placed) != len(rows) {
		problem = fmt.Sprintf("Java read %d rows, paimon-sql wrote %d", len(placed), len(rows))
	} else if len(wrong) > 0 {
		problem = strings.Join(wrong, "\n   ")
	}
	outcome(t, sc.feature, dirSQLToJava, name+"/buckets", problem)
}

// randomRows makes n rows (key, value) with distinct random keys.
func randomRows(rnd *rand.Rand, keyType string, n int) [][]any {
	seen := map[string]bool{}
	var out [][]any
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		k := randomValue(rnd, keyType)
		if s := fmt.Sprint(k); !seen[s] {
			seen[s] = true
			out = append(out, []any{k, rnd.Intn(1000)})
		}
	}
	return out
}

func randomValue(rnd *rand.Rand, typ string) any {
	switch {
	case typ == "INT":
		return int32(rnd.Uint32())
	case typ == "BIGINT":
		return int64(rnd.Uint64())
	case typ == "SMALLINT":
		return int16(rnd.Uint32())
	case typ == "TINYINT":
		return int8(rnd.Uint32())
	case typ == "BOOLEAN":
		return rnd.Intn(2) == 1
	case typ == "DOUBLE":
		return float64(rnd.Intn(2_000_000)-1_000_000) / 64
	case typ == "DATE":
		return time.Unix(rnd.Int63n(6e9)-3e9, 0).UTC().Format("2006-01-02")
	case strings.HasPrefix(typ, "TIMESTAMP"):
		digits := 3
		if strings.Contains(typ, "6") {
			digits = 6
		}
		ts := time.Unix(rnd.Int63n(6e9)-3e9, rnd.Int63n(1e9)).UTC()
		return ts.Format("2006-01-02 15:04:05." + strings.Repeat("0", digits))
	case strings.HasPrefix(typ, "DECIMAL"):
		var p, s int
		if _, err := fmt.Sscanf(typ, "DECIMAL(%d, %d)", &p, &s); err != nil {
			panic(fmt.Sprintf("test type %s: %v", typ, err))
		}
		intDigits := 1 + rnd.Intn(p-s)
		v := fmt.Sprintf("%d.%0*d", rnd.Int63n(pow10(min(intDigits, 18))), s, rnd.Int63n(pow10(s)))
		if rnd.Intn(2) == 0 {
			v = "-" + v
		}
		return v
	case typ == "BYTES":
		b := make([]byte, rnd.Intn(12))
		rnd.Read(b)
		return base64.StdEncoding.EncodeToString(b)
	}
	const letters = "abcdefghijklmnopqrstuvwxyzABC0123456789éß€"
	r := []rune(letters)
	s := make([]rune, rnd.Intn(10))
	for i := range s {
		s[i] = r[rnd.Intn(len(r))]
	}
	return string(s)
}

func pow10(n int) int64 {
	v := int64(1)
	for ; n > 0; n-- {
		v *= 10
	}
	return v
}
