// Package resultdiff compares the answers of two SQL engines to the same
// query: the differential tests hold paimon-sql to MariaDB's answers and
// the benchmark holds every side to DuckDB's. Values are compared as text,
// numbers by value (see CellsEqual), rows in order only when the query
// orders them.
package resultdiff

import (
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Result is a query's rows (NULL is "NULL") with each column's database
// type name.
type Result struct {
	Types []string
	// Scales is each column's decimals as the wire announces them for a
	// DECIMAL column, -1 for other types.
	Scales []int64
	Rows   [][]string
}

// ErrTimeout marks a query that did not finish within its time.
var ErrTimeout = errors.New("timeout")

// Timed runs q on a connection of its own within limit and says how long
// it took to run and read; a query past the limit is killed on the server
// (KILL) and ErrTimeout returned.
func Timed(db *gosql.DB, q string, limit time.Duration) (Result, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	conn, err := db.Conn(context.Background())
	if err != nil {
		return Result{}, 0, err
	}
	defer conn.Close()
	var id int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		return Result{}, 0, err
	}
	start := time.Now()
	res, err := Query(ctx, conn, q)
	took := time.Since(start)
	if err != nil && ctx.Err() != nil {
		// The driver gave up on the connection; the server must stop too.
		kctx, kcancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer kcancel()
		_, _ = db.ExecContext(kctx, fmt.Sprintf("KILL %d", id))
		return Result{}, took, ErrTimeout
	}
	return res, took, err
}

// Query runs q and reads every row as text.
func Query(ctx context.Context, conn *gosql.Conn, q string) (Result, error) {
	rs, err := conn.QueryContext(ctx, q)
	if err != nil {
		return Result{}, err
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return Result{}, err
	}
	var res Result
	for _, ct := range cts {
		res.Types = append(res.Types, ct.DatabaseTypeName())
		scale := int64(-1)
		if _, s, ok := ct.DecimalSize(); ok && ct.DatabaseTypeName() == "DECIMAL" {
			scale = s
		}
		res.Scales = append(res.Scales, scale)
	}
	for rs.Next() {
		vals := make([]gosql.NullString, len(cts))
		ptrs := make([]any, len(cts))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return Result{}, err
		}
		row := make([]string, len(cts))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, rs.Err()
}

// Differ says how got differs from want (named wantName in the message),
// or "" when they agree; rows compare in order when ordered.
func Differ(got, want Result, ordered bool, wantName string) string {
	if len(got.Types) != len(want.Types) {
		return fmt.Sprintf("%d columns, %s %d", len(got.Types), wantName, len(want.Types))
	}
	g, w := got.Rows, want.Rows
	if !ordered {
		g, w = slices.Clone(g), slices.Clone(w)
		slices.SortFunc(g, compareRows)
		slices.SortFunc(w, compareRows)
	}
	if len(g) != len(w) {
		return fmt.Sprintf("%d rows, %s %d:\n%s", len(g), wantName, len(w), showRows(got.Rows, want.Rows, wantName))
	}
	for i := range g {
		for c := range g[i] {
			if !CellsEqual(g[i][c], w[i][c], isFloatType(got.Types[c]), isFloatType(want.Types[c])) {
				return fmt.Sprintf("row %d column %d: %s, %s %s:\n%s", i+1, c+1, g[i][c], wantName, w[i][c], showRows(got.Rows, want.Rows, wantName))
			}
		}
	}
	return ""
}

// ScalesDiffer says how the DECIMAL columns of got differ in scale from
// want's (the decimals the wire announces and the digits printed after the
// point), or "" when they agree: a client shows a DECIMAL as it is printed,
// so 8.5000 is not 8.50000000 although Differ finds their values equal.
func ScalesDiffer(got, want Result, wantName string) string {
	for c := range min(len(got.Scales), len(want.Scales)) {
		if got.Types[c] != "DECIMAL" || want.Types[c] != "DECIMAL" {
			continue
		}
		if got.Scales[c] != want.Scales[c] {
			return fmt.Sprintf("column %d: DECIMAL with %d decimals, %s %d", c+1, got.Scales[c], wantName, want.Scales[c])
		}
		g, w := printedScales(got.Rows, c), printedScales(want.Rows, c)
		if !slices.Equal(g, w) {
			return fmt.Sprintf("column %d: printed with %v decimals, %s %v:\n%s", c+1, g, wantName, w, showRows(got.Rows, want.Rows, wantName))
		}
	}
	return ""
}

// printedScales is the sorted set of the numbers of digits after the
// point in column c's non-NULL cells.
func printedScales(rows [][]string, c int) []int {
	var scales []int
	for _, r := range rows {
		if r[c] != "NULL" && !slices.Contains(scales, decimalScale(r[c])) {
			scales = append(scales, decimalScale(r[c]))
		}
	}
	slices.Sort(scales)
	return scales
}

// isFloatType reports whether a column of this type holds approximate
// numbers.
func isFloatType(typ string) bool {
	return typ == "DOUBLE" || typ == "FLOAT"
}

// CellsEqual compares two values of a column: exactly, except numbers,
// which are equal when their values are. Two doubles agree within a
// relative 1e-9; otherwise a value agrees to the precision of the coarser
// decimal printed (MySQL's AVG has four more digits than its argument,
// another engine more, and an engine that averages in doubles is held to
// the decimal side's scale).
func CellsEqual(a, b string, aFloat, bFloat bool) bool {
	if a == b {
		return true
	}
	if a == "NULL" || b == "NULL" {
		return false
	}
	ra, okA := new(big.Rat).SetString(a)
	rb, okB := new(big.Rat).SetString(b)
	if !okA || !okB {
		return false
	}
	if ra.Cmp(rb) == 0 {
		return true
	}
	fa, _ := ra.Float64()
	fb, _ := rb.Float64()
	closeFloats := math.Abs(fa-fb) <= 1e-9*math.Max(math.Abs(fa), math.Abs(fb))+1e-12
	exp := strings.ContainsAny(a+b, "eE")
	if aFloat && bFloat || exp && !aFloat && !bFloat {
		return closeFloats
	}
	var scale int
	switch {
	case aFloat:
		scale = decimalScale(b)
	case bFloat:
		scale = decimalScale(a)
	default:
		scale = min(decimalScale(a), decimalScale(b))
	}
	if scale == 0 {
		return closeFloats
	}
	diff := new(big.Rat).Sub(ra, rb)
	diff.Abs(diff)
	// Half a unit of the last digit, and a little more for a double that
	// was rounded from a value exactly half way.
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
	if aFloat || bFloat {
		half.Mul(half, big.NewRat(1000001, 1000000))
	}
	return diff.Cmp(half) <= 0 || closeFloats
}

func decimalScale(s string) int {
	if strings.ContainsAny(s, "eE") {
		return 0
	}
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// compareCells orders two values for sorting unordered results: numbers
// by value, NULL first, everything else as text.
func compareCells(a, b string) int {
	if a == b {
		return 0
	}
	if a == "NULL" {
		return -1
	}
	if b == "NULL" {
		return 1
	}
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	if errA == nil && errB == nil && fa != fb {
		if fa < fb {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

func compareRows(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if c := compareCells(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// showRows prints the first rows of both sides for a failure message.
func showRows(got, want [][]string, wantName string) string {
	show := func(rows [][]string) string {
		var b strings.Builder
		for i, r := range rows {
			if i == 12 {
				fmt.Fprintf(&b, "    ... %d rows\n", len(rows))
				break
			}
			fmt.Fprintf(&b, "    %s\n", strings.Join(r, " | "))
		}
		return b.String()
	}
	return "  got:\n" + show(got) + "  " + wantName + ":\n" + show(want)
}

// Ordered reports whether q orders its result: an ORDER BY outside
// parentheses and quotes.
func Ordered(q string) bool {
	depth := 0
	var quote byte
	upper := strings.ToUpper(q)
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && strings.HasPrefix(upper[i:], "ORDER") && i+5 < len(q):
			rest := strings.TrimLeft(upper[i+5:], " \t\n")
			if strings.HasPrefix(rest, "BY") && (i == 0 || !isIdentByte(q[i-1])) {
				return true
			}
		}
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
