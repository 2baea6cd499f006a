package tests

// The statement generator of TestFuzzStatements: random SQL from a small
// grammar of what users send (queries with joins, subqueries, aggregates,
// window functions and functions over every type; system tables; time
// travel; SHOW and information_schema; DML, DDL, procedures, prepared
// statements, session and account statements) and damaged versions of
// it. It depends only on its random source and the schema it was given,
// never on results, so a seed and a worker number replay the same
// statements.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// fzCol is a column the generator knows, with its kind of value.
type fzCol struct {
	name string
	kind fzKind
}

type fzKind int

const (
	kInt fzKind = iota
	kFloat
	kDec
	kStr
	kBin
	kDate
	kTime
	kDatetime
	kBool
	kJSON
	nKinds
)

// fzTable is a table the generator names.
type fzTable struct {
	db, name string
	cols     []fzCol
	writable bool // root may write it (the hidden table is never written)
}

func (t *fzTable) full() string { return "`" + t.db + "`.`" + t.name + "`" }

// fzNeed is one privilege a statement needs on db.table ("*" for the
// database level).
type fzNeed struct{ priv, db, table string }

// fzStmt is one generated statement, with the privileges a model of
// MySQL's rules says it needs: a restricted user's statement that
// succeeds without them is a breach.
type fzStmt struct {
	sql   string
	args  []any    // server-side prepared statement arguments
	needs []fzNeed // nil with known: needs nothing
	known bool     // needs is complete (false: the model cannot tell)
}

// fzGen generates the statements of one worker.
type fzGen struct {
	r      *rand.Rand
	tables []*fzTable // every table, the hidden one included
	worker int
	user   string // the account the statements run as
	stmts  int    // statements so far (calls of next)
	n      int    // names made so far, for unique names
	depth  int
	needs  []fzNeed
	known  bool
}

// newRand is the random source of worker i of the run with seed.
func newRand(seed uint64, i int) *rand.Rand { return rand.New(rand.NewPCG(seed, uint64(i))) }

func (g *fzGen) pick(n int) int      { return g.r.IntN(n) }
func (g *fzGen) chance(pct int) bool { return g.r.IntN(100) < pct }

func pickOf[T any](g *fzGen, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// next is the worker's next statement, or a sequence of them run on one
// connection (a transaction, PREPARE/EXECUTE).
func (g *fzGen) next() []fzStmt {
	g.stmts++
	g.n++
	switch x := g.pick(100); {
	case x < 30:
		return g.one(func() string { return g.query() })
	case x < 36:
		return g.one(g.sysTable)
	case x < 40:
		return g.one(g.timeTravel)
	case x < 48:
		return g.one(g.show)
	case x < 60:
		return g.one(g.dml)
	case x < 65:
		return g.one(g.ddl)
	case x < 71:
		return g.one(g.call)
	case x < 76:
		return g.prepared()
	case x < 79:
		return g.transaction()
	case x < 84:
		return g.one(g.session)
	case x < 87:
		return g.one(g.account)
	}
	return []fzStmt{g.malformed()}
}

// one runs build with a fresh privilege record.
func (g *fzGen) one(build func() string) []fzStmt {
	g.needs, g.known = nil, true
	sql := build()
	return []fzStmt{{sql: sql, needs: g.needs, known: g.known}}
}

func (g *fzGen) need(priv string, t *fzTable) {
	g.needs = append(g.needs, fzNeed{priv, t.db, t.name})
}

func (g *fzGen) needDB(priv, db string) { g.needs = append(g.needs, fzNeed{priv, db, "*"}) }

// oneOf runs one of the builders: pickOf would build every alternative,
// and record the privileges of the ones not taken.
func (g *fzGen) oneOf(builders ...func() string) string { return builders[g.pick(len(builders))]() }

// table picks any table; the hidden one among them, which only root may read.
func (g *fzGen) table() *fzTable { return g.tables[g.pick(len(g.tables))] }

// writable picks a table root may write; restricted users try any.
func (g *fzGen) writable() *fzTable {
	if g.user != "root" {
		return g.table()
	}
	for {
		if t := g.table(); t.writable {
			return t
		}
	}
}

// scratch is a table name DDL creates and drops.
func (g *fzGen) scratch() string { return fmt.Sprintf("`fz`.`s%d`", g.pick(4)) }

// ---- expressions ----

func (g *fzGen) literal(k fzKind) string {
	if g.chance(8) {
		return "NULL"
	}
	switch k {
	case kInt:
		return pickOf(g, "0", "1", "-1", "2", "7", "42", "127", "-128", "255", "32767", "-32768",
			"2147483647", "-2147483648", "9223372036854775807", "-9223372036854775808",
			"18446744073709551615", "99999999999999999999999", "3", "10", "100")
	case kFloat:
		return pickOf(g, "0.5", "1e308", "-1e-308", "3.14159", "-0.0", "1.5e10", "2.5", "1e-5", "6.02e23")
	case kDec:
		return pickOf(g, "12.34", "99999999.99", "0.0000001", "-5.5", "12345678901234567890.123456789", "0.00", "1.005")
	case kStr:
		return pickOf(g, "'a'", "''", "'héllo wörld'", "'%'", "'_x%'", "'x''y'", "'\\n\\t'", "'2024-02-29'",
			"'12:34:56'", "'{\"a\": [1, 2, {\"b\": null}]}'", "'[1, 2, 3]'", "'NULL'", "'  pad  '", "'ABC'",
			"'日本語'", "'2024-01-01 10:20:30.123456'", "'0'", "'-12.5e3'", "'zz'", "'abc\\\\'")
	case kBin:
		return pickOf(g, "X'00FF'", "0x41", "_binary 'ab'", "X''", "UNHEX('DEADBEEF')", "CAST('b' AS BINARY)")
	case kDate:
		return pickOf(g, "DATE '2024-02-29'", "DATE '1970-01-01'", "DATE '9999-12-31'", "DATE '0001-01-01'", "CURDATE()", "'2023-13-45'")
	case kTime:
		return pickOf(g, "TIME '12:34:56'", "TIME '838:59:59'", "TIME '-01:00:00'", "TIME '00:00:00.5'")
	case kDatetime:
		return pickOf(g, "TIMESTAMP '2024-01-01 00:00:00.123456'", "TIMESTAMP '1970-01-01 00:00:01'",
			"TIMESTAMP '2038-01-19 03:14:08'", "NOW()", "NOW(6)", "TIMESTAMP '9999-12-31 23:59:59.999999'", "UTC_TIMESTAMP()")
	case kBool:
		return pickOf(g, "TRUE", "FALSE", "1", "0")
	case kJSON:
		return pickOf(g, "JSON_ARRAY(1, 'a', NULL)", "JSON_OBJECT('k', 1, 'v', JSON_ARRAY(2))", "CAST('{\"x\": 1.5}' AS JSON)", "CAST('[]' AS JSON)")
	}
	return "1"
}

// colOf is a column of t of kind k, or of any kind.
func (g *fzGen) colOf(t *fzTable, alias string, k fzKind) (string, bool) {
	var fit []fzCol
	for _, c := range t.cols {
		if c.kind == k || k == nKinds {
			fit = append(fit, c)
		}
	}
	if len(fit) == 0 {
		return "", false
	}
	c := fit[g.pick(len(fit))]
	if alias != "" {
		return alias + ".`" + c.name + "`", true
	}
	return "`" + c.name + "`", true
}

// fzScope is the tables a query's expressions may name.
type fzScope struct {
	tables  []*fzTable
	aliases []string
}

func (g *fzGen) expr(sc fzScope, k fzKind) string {
	g.depth++
	defer func() { g.depth-- }()
	if g.depth > 4 || g.chance(25) {
		return g.leaf(sc, k)
	}
	switch k {
	case kInt:
		return g.intExpr(sc)
	case kFloat, kDec:
		return g.numExpr(sc, k)
	case kStr:
		return g.strExpr(sc)
	case kBin:
		return g.oneOf(
			func() string { return "UNHEX(" + g.expr(sc, kStr) + ")" },
			func() string { return "CAST(" + g.expr(sc, kStr) + " AS BINARY)" },
			func() string {
				return fmt.Sprintf(pickOf(g, "SUBSTRING(%s, 1, 2)", "CONCAT(%s, X'00')", "REVERSE(%s)"), g.leaf(sc, kBin))
			})
	case kDate, kDatetime, kTime:
		return g.timeExpr(sc, k)
	case kBool:
		return g.cond(sc)
	case kJSON:
		return g.oneOf(
			func() string { return "JSON_ARRAY(" + g.expr(sc, kInt) + ", " + g.expr(sc, kStr) + ")" },
			func() string { return "JSON_OBJECT('a', " + g.expr(sc, kStr) + ")" },
			func() string {
				return fmt.Sprintf(pickOf(g, "JSON_EXTRACT(%s, '$[0]')", "JSON_MERGE_PRESERVE(%s, '[1]')",
					"JSON_SET(%s, '$.z', 1)", "JSON_KEYS(%s)"), g.leaf(sc, kJSON))
			})
	}
	return g.leaf(sc, k)
}

// leaf is a column of the scope of kind k, or a literal.
func (g *fzGen) leaf(sc fzScope, k fzKind) string {
	if len(sc.tables) > 0 && g.chance(70) {
		i := g.pick(len(sc.tables))
		if c, ok := g.colOf(sc.tables[i], sc.aliases[i], k); ok {
			return c
		}
		if c, ok := g.colOf(sc.tables[i], sc.aliases[i], nKinds); ok && g.chance(30) {
			return c
		}
	}
	return g.literal(k)
}

func (g *fzGen) anyKind() fzKind { return fzKind(g.pick(int(nKinds))) }

func (g *fzGen) intExpr(sc fzScope) string {
	a := func() string { return g.expr(sc, kInt) }
	s := func() string { return g.expr(sc, kStr) }
	d := func() string { return g.expr(sc, kDatetime) }
	switch g.pick(24) {
	case 0:
		return "(" + a() + " " + pickOf(g, "+", "-", "*", "DIV", "%", "&", "|", "^", "<<", ">>") + " " + a() + ")"
	case 1:
		return pickOf(g, "ABS", "SIGN", "BIT_COUNT", "-", "~", "FLOOR", "CEIL") + "(" + a() + ")"
	case 2:
		return pickOf(g, "LENGTH", "CHAR_LENGTH", "ASCII", "CRC32", "OCTET_LENGTH", "BIT_LENGTH", "ORD") + "(" + s() + ")"
	case 3:
		return pickOf(g, "LOCATE", "INSTR", "STRCMP", "FIND_IN_SET") + "(" + s() + ", " + s() + ")"
	case 4:
		return pickOf(g, "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "DAYOFWEEK", "DAYOFYEAR", "WEEK", "QUARTER", "TO_DAYS", "UNIX_TIMESTAMP", "MICROSECOND", "YEARWEEK", "WEEKDAY") + "(" + d() + ")"
	case 5:
		return "DATEDIFF(" + d() + ", " + d() + ")"
	case 6:
		return "TIMESTAMPDIFF(" + pickOf(g, "SECOND", "DAY", "MONTH", "MICROSECOND", "YEAR") + ", " + d() + ", " + d() + ")"
	case 7:
		return pickOf(g, "GREATEST", "LEAST", "COALESCE", "IFNULL", "NULLIF") + "(" + a() + ", " + a() + ")"
	case 8:
		return "CAST(" + g.expr(sc, g.anyKind()) + " AS " + pickOf(g, "SIGNED", "UNSIGNED", "SIGNED INTEGER") + ")"
	case 9:
		return "ROUND(" + g.expr(sc, kDec) + ")"
	case 10:
		return "CASE WHEN " + g.cond(sc) + " THEN " + a() + " ELSE " + a() + " END"
	case 11:
		return "IF(" + g.cond(sc) + ", " + a() + ", " + a() + ")"
	case 12:
		return "(" + g.scalarSubquery(kInt) + ")"
	case 13:
		return "CONV(" + a() + ", 10, " + pickOf(g, "2", "16", "36", "-10") + ")"
	case 14:
		return "JSON_LENGTH(" + g.expr(sc, kJSON) + ")"
	case 15:
		return "FIELD(" + s() + ", " + s() + ", " + s() + ")"
	case 16:
		return "INTERVAL(" + a() + ", 1, 10, 100)"
	case 17:
		return "TRUNCATE(" + g.expr(sc, kDec) + ", " + pickOf(g, "0", "2", "-1", "40") + ")"
	case 18:
		return "MOD(" + a() + ", " + a() + ")"
	case 19:
		return "INET_ATON(" + s() + ")"
	case 20:
		return "EXTRACT(" + pickOf(g, "YEAR", "DAY_MINUTE", "MICROSECOND", "WEEK") + " FROM " + d() + ")"
	case 21:
		return "PERIOD_DIFF(" + a() + ", " + a() + ")"
	case 22:
		return "TO_SECONDS(" + d() + ")"
	}
	return "(" + a() + " " + pickOf(g, "=", "<", ">=", "<>", "<=>") + " " + a() + ")"
}

func (g *fzGen) numExpr(sc fzScope, k fzKind) string {
	a := func() string { return g.expr(sc, pickOf(g, kFloat, kDec, kInt)) }
	switch g.pick(10) {
	case 0:
		return "(" + a() + " " + pickOf(g, "+", "-", "*", "/") + " " + a() + ")"
	case 1:
		return pickOf(g, "SQRT", "EXP", "LN", "LOG", "LOG2", "LOG10", "SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN", "COT", "DEGREES", "RADIANS") + "(" + a() + ")"
	case 2:
		return pickOf(g, "POW", "ATAN2", "ROUND", "TRUNCATE", "LOG") + "(" + a() + ", " + g.expr(sc, kInt) + ")"
	case 3:
		return "CAST(" + g.expr(sc, g.anyKind()) + " AS " + pickOf(g, "DECIMAL(10,2)", "DECIMAL(38,10)", "DECIMAL(65,30)", "DOUBLE", "FLOAT", "DECIMAL(5)") + ")"
	case 4:
		f := pickOf(g, "PI()", "RAND(7)", "FLOOR", "CEILING")
		if strings.HasSuffix(f, ")") {
			return f
		}
		return f + "(" + a() + ")"
	case 5:
		return "(" + g.scalarSubquery(k) + ")"
	case 6:
		return "COALESCE(" + a() + ", " + a() + ")"
	case 7:
		return "CASE " + a() + " WHEN " + a() + " THEN " + a() + " END"
	}
	return "-" + a()
}

func (g *fzGen) strExpr(sc fzScope) string {
	s := func() string { return g.expr(sc, kStr) }
	i := func() string { return g.expr(sc, kInt) }
	n := func() string { return pickOf(g, "0", "1", "3", "-1", "10", "255") }
	switch g.pick(24) {
	case 0:
		return "CONCAT(" + s() + ", " + g.expr(sc, g.anyKind()) + ")"
	case 1:
		return pickOf(g, "UPPER", "LOWER", "TRIM", "LTRIM", "RTRIM", "REVERSE", "HEX", "MD5", "SHA1", "TO_BASE64", "FROM_BASE64", "QUOTE", "SOUNDEX", "UNHEX", "LCASE", "UCASE", "BIN", "OCT", "INET_NTOA") + "(" + g.expr(sc, pickOf(g, kStr, kInt, kBin)) + ")"
	case 2:
		return pickOf(g, "SUBSTRING", "SUBSTR", "MID") + "(" + s() + ", " + n() + ", " + n() + ")"
	case 3:
		return pickOf(g, "LEFT", "RIGHT", "REPEAT") + "(" + s() + ", " + n() + ")"
	case 4:
		return pickOf(g, "LPAD", "RPAD") + "(" + s() + ", " + n() + ", " + s() + ")"
	case 5:
		return "REPLACE(" + s() + ", " + s() + ", " + s() + ")"
	case 6:
		return "CONCAT_WS(" + s() + ", " + s() + ", " + g.expr(sc, g.anyKind()) + ")"
	case 7:
		return "SHA2(" + s() + ", " + pickOf(g, "224", "256", "512", "0", "7") + ")"
	case 8:
		return "FORMAT(" + g.expr(sc, kDec) + ", " + n() + ")"
	case 9:
		return "INSERT(" + s() + ", " + n() + ", " + n() + ", " + s() + ")"
	case 10:
		return "SUBSTRING_INDEX(" + s() + ", " + s() + ", " + n() + ")"
	case 11:
		return "DATE_FORMAT(" + g.expr(sc, kDatetime) + ", " + pickOf(g, "'%Y-%m-%d %H:%i:%s.%f'", "'%W %M %D %j %U %u %X %x %a %b'", "'%%'", "''") + ")"
	case 12:
		return "CAST(" + g.expr(sc, g.anyKind()) + " AS " + pickOf(g, "CHAR", "CHAR(3)", "NCHAR(2)") + ")"
	case 13:
		return "JSON_UNQUOTE(JSON_EXTRACT(" + g.expr(sc, pickOf(g, kJSON, kStr)) + ", " + pickOf(g, "'$.a'", "'$[1]'", "'$**.b'", "'$'", "'bad path'") + "))"
	case 14:
		return "JSON_TYPE(" + g.expr(sc, kJSON) + ")"
	case 15:
		return "REGEXP_REPLACE(" + s() + ", " + pickOf(g, "'a+'", "'[0-9]'", "'('", "'.*'") + ", " + s() + ")"
	case 16:
		return "ELT(" + i() + ", " + s() + ", " + s() + ")"
	case 17:
		return "SPACE(" + n() + ")"
	case 18:
		return "CHAR(" + i() + ")"
	case 19:
		return pickOf(g, "DATABASE()", "USER()", "CURRENT_USER()", "VERSION()", "CONNECTION_ID()", "SCHEMA()", "@@version_comment", "@@sql_mode", "@@time_zone", "COLLATION('a')", "CHARSET(_latin1 'x')")
	case 20:
		return "WEIGHT_STRING(" + s() + ")"
	case 21:
		return "CONVERT(" + s() + " USING " + pickOf(g, "utf8mb4", "latin1", "binary") + ")"
	case 22:
		return "DAYNAME(" + g.expr(sc, kDate) + ")"
	}
	return "IF(" + g.cond(sc) + ", " + s() + ", " + s() + ")"
}

func (g *fzGen) timeExpr(sc fzScope, k fzKind) string {
	d := func() string { return g.expr(sc, pickOf(g, kDate, kDatetime)) }
	unit := func() string {
		return pickOf(g, "DAY", "MONTH", "YEAR", "SECOND", "MICROSECOND", "HOUR", "WEEK", "QUARTER", "MINUTE_SECOND", "DAY_HOUR")
	}
	switch g.pick(14) {
	case 0:
		return pickOf(g, "DATE_ADD", "DATE_SUB", "ADDDATE", "SUBDATE") + "(" + d() + ", INTERVAL " + g.expr(sc, kInt) + " " + unit() + ")"
	case 1:
		return "(" + d() + " " + pickOf(g, "+", "-") + " INTERVAL " + pickOf(g, "1", "-1", "1000000", "'1:2'") + " " + unit() + ")"
	case 2:
		return pickOf(g, "DATE", "LAST_DAY", "TIMESTAMP") + "(" + d() + ")"
	case 3:
		return "FROM_UNIXTIME(" + g.expr(sc, kInt) + ")"
	case 4:
		return "STR_TO_DATE(" + g.expr(sc, kStr) + ", " + pickOf(g, "'%Y-%m-%d'", "'%d/%m/%Y %H:%i'", "'%s'") + ")"
	case 5:
		return "CONVERT_TZ(" + d() + ", " + pickOf(g, "'+00:00'", "'UTC'", "'Europe/Paris'", "'bogus'") + ", " + pickOf(g, "'+08:00'", "'-12:00'", "'SYSTEM'") + ")"
	case 6:
		return "MAKEDATE(" + g.expr(sc, kInt) + ", " + g.expr(sc, kInt) + ")"
	case 7:
		return "TIMESTAMPADD(" + pickOf(g, "MINUTE", "DAY", "MICROSECOND", "MONTH") + ", " + g.expr(sc, kInt) + ", " + d() + ")"
	case 8:
		return "CAST(" + g.expr(sc, g.anyKind()) + " AS " + pickOf(g, "DATE", "DATETIME", "DATETIME(6)", "TIME", "TIME(3)") + ")"
	case 9:
		return pickOf(g, "TIMEDIFF", "SUBTIME", "ADDTIME") + "(" + g.expr(sc, pickOf(g, kTime, kDatetime)) + ", " + g.expr(sc, kTime) + ")"
	case 10:
		return pickOf(g, "SEC_TO_TIME", "MAKETIME(1, 2, ", "FROM_DAYS") + "(" + g.expr(sc, kInt) + ")"
	case 11:
		return "TIME(" + d() + ")"
	case 12:
		return "GREATEST(" + g.expr(sc, k) + ", " + g.expr(sc, k) + ")"
	}
	return "COALESCE(" + g.expr(sc, k) + ", " + g.literal(k) + ")"
}

func (g *fzGen) cond(sc fzScope) string {
	g.depth++
	defer func() { g.depth-- }()
	k := g.anyKind()
	if g.depth > 4 {
		return g.leaf(sc, k) + " IS NOT NULL"
	}
	switch g.pick(16) {
	case 0:
		return "(" + g.cond(sc) + " " + pickOf(g, "AND", "OR", "XOR", "&&", "||") + " " + g.cond(sc) + ")"
	case 1:
		return "NOT " + g.cond(sc)
	case 2:
		return g.expr(sc, k) + " IS " + pickOf(g, "NULL", "NOT NULL", "TRUE", "NOT FALSE", "UNKNOWN")
	case 3:
		return g.expr(sc, k) + " " + pickOf(g, "", "NOT ") + "BETWEEN " + g.literal(k) + " AND " + g.literal(k)
	case 4:
		return g.expr(sc, k) + " " + pickOf(g, "IN", "NOT IN") + " (" + g.literal(k) + ", " + g.literal(k) + ", " + g.literal(kStr) + ")"
	case 5:
		return g.expr(sc, k) + " " + pickOf(g, "IN", "NOT IN", "= ANY", "> ALL", "= SOME") + " (" + g.subquery(k) + ")"
	case 6:
		return pickOf(g, "", "NOT ") + "EXISTS (" + g.subquery(nKinds) + ")"
	case 7:
		return g.expr(sc, kStr) + " " + pickOf(g, "LIKE", "NOT LIKE") + " " + pickOf(g, "'%a%'", "'_'", "'%'", "'a\\\\%'", "'[a]'") + pickOf(g, "", " ESCAPE '!'")
	case 8:
		return g.expr(sc, kStr) + " " + pickOf(g, "REGEXP", "RLIKE", "NOT REGEXP") + " " + pickOf(g, "'^a'", "'[[:digit:]]+'", "'('", "'a{2,}'", "''")
	case 9:
		return "(" + g.expr(sc, k) + ", " + g.expr(sc, kInt) + ") " + pickOf(g, "=", "<", "IN") + " " + pickOf(g, "(1, 2)", "((1, 2), (3, 4))")
	case 10:
		return "JSON_CONTAINS(" + g.expr(sc, kJSON) + ", '1')"
	}
	return g.expr(sc, k) + " " + pickOf(g, "=", "<>", "!=", "<", "<=", ">", ">=", "<=>") + " " + g.expr(sc, k)
}

// ---- queries ----

// from adds a table reference to a query's scope, with SELECT needed.
func (g *fzGen) from(sc *fzScope, alias string) string {
	t := g.table()
	g.need("SELECT", t)
	sc.tables = append(sc.tables, t)
	sc.aliases = append(sc.aliases, alias)
	ref := t.full()
	if g.chance(10) {
		ref += " AS OF " + g.asOf()
	}
	return ref + " AS " + alias
}

func (g *fzGen) asOf() string {
	return pickOf(g, "1", "2", "3", "'1'", "999", "'2020-01-01 00:00:00'", "NOW()", "'tag_1'", "tag_1",
		"TIMESTAMP '2099-01-01 00:00:00'", "-1", "'x y'", "(SELECT 1)", "1.5", "NULL")
}

func (g *fzGen) alias() string {
	g.n++
	return fmt.Sprintf("q%d", g.n)
}

// query is a SELECT over the tables, at the top level sometimes with a
// UNION, a CTE, EXPLAIN or a locking clause.
func (g *fzGen) query() string {
	if g.depth > 0 {
		return g.selectBlock()
	}
	switch g.pick(20) {
	case 0:
		q := g.selectBlock()
		return q + " UNION " + pickOf(g, "", "ALL ", "DISTINCT ") + "SELECT " + strings.TrimSuffix(strings.Repeat("1, ", 1+g.pick(4)), ", ")
	case 1:
		g.depth++
		inner := g.selectBlock()
		g.depth--
		return "WITH cte AS (" + inner + ") SELECT * FROM cte LIMIT 10"
	case 2:
		return "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < " + pickOf(g, "5", "100", "2000") + ") SELECT COUNT(*), SUM(n) FROM r"
	case 3:
		return pickOf(g, "EXPLAIN ", "EXPLAIN FORMAT=TREE ", "EXPLAIN ANALYZE ") + g.selectBlock()
	case 4:
		return g.selectBlock() + pickOf(g, " FOR UPDATE", " LOCK IN SHARE MODE")
	}
	return g.selectBlock()
}

// selectBlock is one SELECT ... FROM ... WHERE ... GROUP BY ... LIMIT.
func (g *fzGen) selectBlock() string {
	g.depth++
	defer func() { g.depth-- }()
	var sc fzScope
	var b strings.Builder
	from := ""
	if g.depth > 3 || !g.chance(92) {
		from = ""
	} else {
		from = " FROM " + g.from(&sc, g.alias())
		for g.chance(30) && len(sc.tables) < 3 {
			join := pickOf(g, " JOIN ", " LEFT JOIN ", " RIGHT JOIN ", " CROSS JOIN ", " STRAIGHT_JOIN ", " NATURAL JOIN ", " INNER JOIN ")
			ref := g.from(&sc, g.alias())
			from += join + ref
			if !strings.Contains(join, "CROSS") && !strings.Contains(join, "NATURAL") {
				from += " ON " + g.cond(sc)
			}
		}
		if g.chance(10) {
			a := g.alias()
			from += ", (" + g.query() + ") AS " + a
		}
	}
	b.WriteString("SELECT ")
	if g.chance(10) {
		b.WriteString("DISTINCT ")
	}
	agg := len(sc.tables) > 0 && g.chance(30)
	win := len(sc.tables) > 0 && !agg && g.chance(20)
	nsel := 1 + g.pick(4)
	var groupBy []string
	for i := range nsel {
		if i > 0 {
			b.WriteString(", ")
		}
		switch {
		case agg && i == 0 && g.chance(60):
			gb := g.leaf(sc, g.anyKind())
			groupBy = append(groupBy, gb)
			b.WriteString(gb)
		case agg:
			b.WriteString(g.aggregate(sc))
		case win && g.chance(60):
			b.WriteString(g.window(sc))
		case len(sc.tables) > 0 && g.chance(8):
			b.WriteString(sc.aliases[0] + ".*")
		default:
			b.WriteString(g.expr(sc, g.anyKind()))
		}
		if g.chance(30) {
			fmt.Fprintf(&b, " AS c%d", i)
		}
	}
	b.WriteString(from)
	if from != "" && g.chance(60) {
		b.WriteString(" WHERE " + g.cond(sc))
	}
	if len(groupBy) > 0 || (agg && g.chance(20)) {
		if len(groupBy) == 0 {
			groupBy = append(groupBy, g.leaf(sc, g.anyKind()))
		}
		b.WriteString(" GROUP BY " + strings.Join(groupBy, ", "))
		if g.chance(10) {
			b.WriteString(" WITH ROLLUP")
		}
		if g.chance(30) {
			b.WriteString(" HAVING " + g.aggregate(sc) + " " + pickOf(g, ">", "<", "=") + " " + g.literal(kInt))
		}
	}
	if g.chance(35) {
		b.WriteString(" ORDER BY " + pickOf(g, "1", g.leaf(sc, g.anyKind()), "RAND()") + pickOf(g, "", " DESC", " ASC"))
	}
	if g.chance(50) || g.depth == 1 {
		b.WriteString(" LIMIT " + pickOf(g, "0", "1", "5", "20", "100", "3 OFFSET 2", "18446744073709551615", "1, 1"))
	}
	return b.String()
}

// scalarSubquery is a one-value subquery (or one that returns several
// rows, an error path).
func (g *fzGen) scalarSubquery(k fzKind) string {
	var sc fzScope
	from := g.from(&sc, g.alias())
	sel := g.leaf(sc, k)
	if g.chance(50) {
		sel = pickOf(g, "MAX", "MIN", "COUNT", "SUM")
		sel += "(" + g.leaf(sc, k) + ")"
	}
	q := "SELECT " + sel + " FROM " + from
	if g.chance(30) {
		q += " WHERE " + g.cond(sc)
	}
	return q + pickOf(g, " LIMIT 1", "")
}

func (g *fzGen) subquery(k fzKind) string {
	var sc fzScope
	from := g.from(&sc, g.alias())
	sel := "1"
	if k != nKinds {
		sel = g.leaf(sc, k)
	}
	q := "SELECT " + sel + " FROM " + from
	if g.chance(50) {
		q += " WHERE " + g.cond(sc)
	}
	return q
}

func (g *fzGen) aggregate(sc fzScope) string {
	x := func() string { return g.expr(sc, g.anyKind()) }
	switch g.pick(14) {
	case 0:
		return "COUNT(*)"
	case 1:
		return "COUNT(DISTINCT " + x() + ")"
	case 2:
		return "GROUP_CONCAT(" + pickOf(g, "", "DISTINCT ") + x() + pickOf(g, "", " ORDER BY 1 DESC", " SEPARATOR '|'") + ")"
	case 3:
		return "JSON_ARRAYAGG(" + x() + ")"
	case 4:
		return "JSON_OBJECTAGG(" + g.expr(sc, kStr) + ", " + x() + ")"
	case 5:
		return pickOf(g, "BIT_AND", "BIT_OR", "BIT_XOR") + "(" + g.expr(sc, kInt) + ")"
	case 6:
		return pickOf(g, "STDDEV", "STD", "VARIANCE", "VAR_SAMP", "STDDEV_POP") + "(" + x() + ")"
	case 7:
		return "ANY_VALUE(" + x() + ")"
	}
	return pickOf(g, "SUM", "AVG", "MIN", "MAX", "COUNT") + "(" + pickOf(g, "", "DISTINCT ") + x() + ")"
}

func (g *fzGen) window(sc fzScope) string {
	over := " OVER ("
	if g.chance(60) {
		over += "PARTITION BY " + g.leaf(sc, g.anyKind()) + " "
	}
	if g.chance(70) {
		over += "ORDER BY " + g.leaf(sc, g.anyKind()) + pickOf(g, "", " DESC") + " "
		if g.chance(40) {
			over += pickOf(g, "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW", "ROWS UNBOUNDED PRECEDING",
				"RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING", "ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING",
				"RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING")
		}
	}
	over += ")"
	x := g.leaf(sc, g.anyKind())
	switch g.pick(8) {
	case 0:
		return pickOf(g, "ROW_NUMBER()", "RANK()", "DENSE_RANK()", "PERCENT_RANK()", "CUME_DIST()") + over
	case 1:
		return pickOf(g, "LAG", "LEAD") + "(" + x + pickOf(g, "", ", 1", ", 2, NULL", ", -1") + ")" + over
	case 2:
		return pickOf(g, "FIRST_VALUE", "LAST_VALUE") + "(" + x + ")" + over
	case 3:
		return "NTILE(" + pickOf(g, "1", "3", "0") + ")" + over
	case 4:
		return "NTH_VALUE(" + x + ", 2)" + over
	}
	return pickOf(g, "SUM", "AVG", "MIN", "MAX", "COUNT") + "(" + x + ")" + over
}

// ---- other statements ----

var fzSysTables = []string{"snapshots", "schemas", "options", "tags", "consumers", "branches", "manifests", "files",
	"partitions", "buckets", "table_indexes", "audit_log", "binlog", "ro", "aggregation_fields", "statistics",
	"branch_b1", "physical", "nosuch"}

func (g *fzGen) sysTable() string {
	if g.chance(15) {
		// sys.all_*: every user may read them; rows only of granted tables.
		t := pickOf(g, "all_snapshots", "all_files", "all_schemas", "all_tags", "all_branches", "all_consumers",
			"all_manifests", "all_partitions", "all_buckets", "all_table_indexes", "all_table_options")
		g.known = false
		return "SELECT * FROM sys." + t + pickOf(g, "", " WHERE database_name = 'fz'", " ORDER BY 1 LIMIT 5")
	}
	t := g.table()
	g.need("SELECT", t)
	st := pickOf(g, fzSysTables...)
	q := "SELECT " + pickOf(g, "*", "COUNT(*)", "MAX(1)") + " FROM `" + t.db + "`.`" + t.name + "$" + st + "`"
	if g.chance(20) {
		q += " AS OF " + g.asOf()
	}
	if g.chance(15) {
		q += " JOIN " + t.full() + " AS j ON 1 = 1"
	}
	return q + " LIMIT 50"
}

func (g *fzGen) timeTravel() string {
	t := g.table()
	g.need("SELECT", t)
	form := pickOf(g, " AS OF ", " FOR SYSTEM_TIME AS OF ", " FOR VERSION AS OF ", " VERSION AS OF ", " TIMESTAMP AS OF ")
	sc := fzScope{tables: []*fzTable{t}, aliases: []string{"tt"}}
	sel := pickOf(g, "*", "COUNT(*)", "")
	if sel == "" {
		sel = g.expr(sc, g.anyKind())
	}
	q := "SELECT " + sel + " FROM " + t.full() + form + g.asOf() + " AS tt"
	if g.chance(50) {
		q += " WHERE " + g.cond(sc)
	}
	return q + " LIMIT 20"
}

func (g *fzGen) show() string {
	t := g.table()
	switch g.pick(22) {
	case 0:
		return "SHOW DATABASES"
	case 1:
		g.known = false // needs some privilege in the database
		return "SHOW " + pickOf(g, "", "FULL ") + "TABLES FROM `" + t.db + "`"
	case 2:
		g.known = false
		return "SHOW CREATE TABLE " + t.full()
	case 3:
		g.known = false
		return pickOf(g, "DESCRIBE ", "SHOW COLUMNS FROM ", "SHOW FULL COLUMNS FROM ", "EXPLAIN ") + t.full()
	case 4:
		g.known = false
		return pickOf(g, "SHOW INDEX FROM ", "SHOW KEYS FROM ") + t.full()
	case 5:
		g.known = false
		return "SHOW TABLE STATUS FROM `" + t.db + "`"
	case 6:
		return "SHOW GRANTS"
	case 7:
		who := pickOf(g, "root", "fzreader", "fzusage", "fzwriter", "nosuch", "CURRENT_USER()")
		if who == "CURRENT_USER()" {
			return "SHOW GRANTS FOR " + who
		}
		if who != g.user {
			g.needDB("SELECT", "mysql") // another account's grants
		}
		return "SHOW GRANTS FOR '" + who + "'@'%'"
	case 8:
		return "SHOW " + pickOf(g, "", "GLOBAL ", "SESSION ") + pickOf(g, "VARIABLES", "STATUS") + pickOf(g, " LIKE '%time%'", " LIKE 'max%'", "")
	case 9:
		g.known = false
		return "SHOW " + pickOf(g, "", "FULL ") + "PROCESSLIST"
	case 10:
		g.known = false
		return "SHOW CREATE DATABASE `" + t.db + "`"
	case 11:
		return "SHOW " + pickOf(g, "WARNINGS", "ERRORS", "ENGINES", "CHARACTER SET", "COLLATION LIKE 'utf8mb4_0%'", "PRIVILEGES", "PLUGINS", "EVENTS", "TRIGGERS", "PROCEDURE STATUS", "FUNCTION STATUS", "MASTER STATUS", "BINARY LOGS", "OPEN TABLES")
	}
	is := pickOf(g, "TABLES", "COLUMNS", "SCHEMATA", "STATISTICS", "TABLE_PRIVILEGES", "SCHEMA_PRIVILEGES",
		"USER_PRIVILEGES", "PROCESSLIST", "KEY_COLUMN_USAGE", "VIEWS", "ROUTINES", "PARTITIONS",
		"TABLE_CONSTRAINTS", "COLUMN_PRIVILEGES", "CHECK_CONSTRAINTS", "REFERENTIAL_CONSTRAINTS", "TRIGGERS",
		"FILES", "INNODB_TABLES", "COLUMN_STATISTICS", "PARAMETERS", "EVENTS", "ENGINES", "USER_ATTRIBUTES")
	where := pickOf(g, "", " WHERE table_schema = '"+t.db+"'", " WHERE 1 = 1", " LIMIT 30")
	if is == "SCHEMATA" || is == "USER_PRIVILEGES" || is == "PROCESSLIST" || is == "ENGINES" || is == "USER_ATTRIBUTES" || is == "ROUTINES" || is == "PARAMETERS" || is == "EVENTS" {
		where = ""
	}
	if g.chance(20) {
		return "SELECT * FROM mysql." + pickOf(g, "user", "db", "tables_priv", "role_edges", "global_grants", "columns_priv", "procs_priv")
	}
	return "SELECT * FROM information_schema." + is + where
}

// row is a VALUES row for t.
func (g *fzGen) row(t *fzTable) string {
	vals := make([]string, len(t.cols))
	for i, c := range t.cols {
		k := c.kind
		if g.chance(10) {
			k = g.anyKind()
		}
		vals[i] = g.literal(k)
		if g.chance(5) {
			vals[i] = g.expr(fzScope{}, k)
		}
	}
	if g.chance(5) && len(vals) > 1 {
		vals = vals[:len(vals)-1] // wrong column count
	}
	return "(" + strings.Join(vals, ", ") + ")"
}

func (g *fzGen) dml() string {
	t := g.writable()
	sc := fzScope{tables: []*fzTable{t}, aliases: []string{t.full()}}
	switch g.pick(12) {
	case 0, 1, 2:
		g.need("INSERT", t)
		rows := []string{g.row(t)}
		for g.chance(40) && len(rows) < 5 {
			rows = append(rows, g.row(t))
		}
		return pickOf(g, "INSERT INTO ", "INSERT IGNORE INTO ") + t.full() + " VALUES " + strings.Join(rows, ", ")
	case 3:
		g.need("INSERT", t)
		src := g.table()
		g.need("SELECT", src)
		return "INSERT INTO " + t.full() + " SELECT * FROM " + src.full() + pickOf(g, " LIMIT 5", " WHERE 1 = 0", "")
	case 4, 5:
		g.need("UPDATE", t)
		c, ok := g.colOf(t, "", nKinds)
		if !ok {
			c = "`v`"
		}
		g.known = false // a WHERE that reads columns needs SELECT too
		return "UPDATE " + t.full() + " SET " + c + " = " + g.expr(sc, g.anyKind()) + " WHERE " + g.cond(sc)
	case 6, 7:
		g.need("DELETE", t)
		g.known = false
		return "DELETE FROM " + t.full() + " WHERE " + g.cond(sc)
	case 8:
		g.need("INSERT", t)
		g.need("DELETE", t)
		return "INSERT OVERWRITE " + t.full() + " SELECT * FROM " + t.full() + pickOf(g, "", " LIMIT 3")
	case 9:
		if g.chance(80) {
			// Emptying the fixed tables would starve the other statements.
			g.known = false
			return "TRUNCATE TABLE " + g.scratch()
		}
		g.need("DROP", t)
		g.need("INSERT", t)
		g.need("DELETE", t)
		return "TRUNCATE TABLE " + t.full()
	case 10:
		g.need("INSERT", t)
		g.need("DELETE", t)
		return "REPLACE INTO " + t.full() + " VALUES " + g.row(t)
	}
	g.need("INSERT", t)
	g.known = false
	c, _ := g.colOf(t, "", nKinds)
	return "INSERT INTO " + t.full() + " VALUES " + g.row(t) + " ON DUPLICATE KEY UPDATE " + c + " = " + g.expr(sc, g.anyKind())
}

func (g *fzGen) ddl() string {
	s := g.scratch()
	g.needDB(pickOf(g, "CREATE", "DROP", "ALTER"), "fz")
	g.known = false
	switch g.pick(12) {
	case 0, 1:
		opts := pickOf(g, "", " WITH ('bucket' = '2')", " WITH ('deletion-vectors.enabled' = 'true')",
			" WITH ('file.format' = 'orc')", " WITH ('changelog-producer' = 'input')", " WITH ('bucket' = '-1')",
			" WITH ('merge-engine' = 'partial-update')", " WITH ('bogus.option' = 'x')", " WITH ('bucket' = 'zz')")
		pk := pickOf(g, ", PRIMARY KEY (k)", "", ", PRIMARY KEY (k, p)")
		part := pickOf(g, "", "", " PARTITIONED BY (p)")
		return "CREATE TABLE " + pickOf(g, "", "IF NOT EXISTS ") + s + " (k INT NOT NULL, p INT NOT NULL, v VARCHAR(20), d DECIMAL(10,2), ts DATETIME(3)" + pk + ")" + part + opts
	case 2:
		return "DROP TABLE " + pickOf(g, "", "IF EXISTS ") + s
	case 3:
		return "ALTER TABLE " + s + " " + pickOf(g, "ADD COLUMN x BIGINT", "DROP COLUMN v", "RENAME COLUMN v TO w",
			"MODIFY COLUMN d DECIMAL(12,2)", "MODIFY COLUMN v INT", "SET ('snapshot.num-retained.max' = '5')",
			"ADD COLUMN y VARCHAR(5) FIRST", "ALTER COLUMN v SET DEFAULT 'x'", "COMMENT = 'c'", "RENAME TO `fz`.`s9`", "ADD INDEX ix (k)")
	case 4:
		src := g.table()
		return "CREATE TABLE " + pickOf(g, "", "IF NOT EXISTS ") + s + " AS SELECT * FROM " + src.full() + " LIMIT 5"
	case 5:
		src := g.table()
		return "CREATE TABLE " + s + " LIKE " + src.full()
	case 6:
		return pickOf(g, "CREATE DATABASE ", "CREATE DATABASE IF NOT EXISTS ", "DROP DATABASE IF EXISTS ", "CREATE SCHEMA ") + fmt.Sprintf("`fzscratch%d`", g.pick(2))
	case 7:
		return "CREATE TABLE " + fmt.Sprintf("`fzscratch%d`.`t`", g.pick(2)) + " (k INT PRIMARY KEY, v TEXT)"
	case 8:
		return pickOf(g, "CREATE VIEW fz.v1 AS SELECT 1", "CREATE INDEX ix ON "+s+" (k)", "CREATE TRIGGER tr BEFORE INSERT ON "+s+" FOR EACH ROW SET @x = 1",
			"CREATE PROCEDURE fz.p1() SELECT 1", "CREATE FUNCTION f1() RETURNS INT RETURN 1", "CREATE EVENT e1 ON SCHEDULE EVERY 1 DAY DO SELECT 1",
			"RENAME TABLE "+s+" TO "+g.scratch(), "ANALYZE TABLE "+s, "OPTIMIZE TABLE "+s, "CHECK TABLE "+s, "LOCK TABLES "+s+" READ", "UNLOCK TABLES")
	case 9:
		t := g.writable()
		return "ALTER TABLE " + t.full() + " " + pickOf(g, "SET ('comment' = 'x')", "ADD COLUMN fz_extra INT", "RESET ('bogus')", "RENAME TO "+s)
	case 10:
		t := g.table()
		return "DROP TABLE " + pickOf(g, "IF EXISTS ", "") + "`" + t.db + "`.`" + pickOf(g, "nosuch", t.name+"$snapshots") + "`"
	}
	return "DROP DATABASE " + pickOf(g, "IF EXISTS `fzscratch1`", "`nosuch_db`")
}

func (g *fzGen) call() string {
	t := g.writable()
	if g.chance(15) {
		t = g.table()
	}
	g.known = false
	tbl := "'" + t.db + "." + t.name + "'"
	if g.chance(5) {
		tbl = pickOf(g, "'"+t.db+".*'", "'nosuch.t'", "NULL", "''", "'"+t.name+"'", "'"+t.db+"."+t.name+"$branch_b1'")
	}
	tag := pickOf(g, "'tag_1'", "'tag_2'", "'t x'", "''", "'1'")
	switch g.pick(18) {
	case 0:
		return "CALL sys.create_tag(" + tbl + ", " + tag + pickOf(g, "", ", 1", ", 99", ", NULL, '1 d'") + ")"
	case 1:
		return "CALL sys.delete_tag(" + tbl + ", " + tag + ")"
	case 2:
		return "CALL sys.rename_tag(" + tbl + ", " + tag + ", " + tag + ")"
	case 3:
		return "CALL sys.replace_tag(" + tbl + ", " + tag + pickOf(g, "", ", 1") + ")"
	case 4:
		return "CALL sys.expire_tags(" + tbl + pickOf(g, "", ", '2000-01-01 00:00:00'") + ")"
	case 5:
		return "CALL sys.rollback_to(" + tbl + ", " + pickOf(g, tag, "1", "2", "999") + ")"
	case 6:
		return "CALL sys.rollback_to_timestamp(" + tbl + ", " + pickOf(g, "0", "9999999999999", "'x'") + ")"
	case 7:
		return "CALL sys.expire_snapshots(" + tbl + pickOf(g, "", ", 2", ", 1, 1", ", 5, 2, NULL, NULL, NULL, true") + ")"
	case 8:
		return "CALL sys.compact(" + pickOf(g, tbl, "`table` => "+tbl+", compact_strategy => 'full'", "table => "+tbl+", partitions => 'p=1'", "table => "+tbl+", where => 'k > 1'") + ")"
	case 9:
		return "CALL sys.compact_manifest(" + tbl + ")"
	case 10:
		return "CALL sys.create_branch(" + tbl + ", 'b1'" + pickOf(g, "", ", 'tag_1'", ", NULL, true") + ")"
	case 11:
		return "CALL sys.delete_branch(" + tbl + ", 'b1')"
	case 12:
		return "CALL sys.fast_forward(" + tbl + ", 'b1')"
	case 13:
		return "CALL sys.remove_orphan_files(" + tbl + pickOf(g, "", ", '2000-01-01 00:00:00'", ", NULL, true", ", '2999-01-01 00:00:00', true") + ")"
	case 14:
		return "CALL sys.reset_consumer(" + tbl + ", 'c1'" + pickOf(g, "", ", 1") + ")"
	case 15:
		return "CALL sys.alter_table_options(" + tbl + ", " + pickOf(g, "'snapshot.num-retained.min' = '2'", "'bogus'", "NULL") + ")"
	case 16:
		return "CALL sys.expire_partitions(" + tbl + ", '1 d', 'yyyy-MM-dd')"
	}
	return pickOf(g, "CALL sys.nosuch()", "CALL sys.create_tag()", "CALL sys.create_tag(bogus => 1)",
		"CALL sys.create_tag("+tbl+", 'x', 1, '1 d', 5)", "CALL create_tag(table => "+tbl+", 1)", "CALL sys.expire_changelogs("+tbl+")")
}

// prepared is a statement prepared on the server, run with arguments
// through the driver or with PREPARE/EXECUTE.
func (g *fzGen) prepared() []fzStmt {
	g.needs, g.known = nil, true
	t := g.table()
	g.need("SELECT", t)
	c, ok := g.colOf(t, "", nKinds)
	if !ok {
		c = "1"
	}
	q := "SELECT " + pickOf(g, "*", "COUNT(*)", "? + 1", "CONCAT(?, "+c+")", c) + " FROM " + t.full() +
		pickOf(g, " WHERE "+c+" = ?", " WHERE "+c+" > ? LIMIT ?", " AS OF ? LIMIT 5", " WHERE "+c+" IN (?, ?)", " LIMIT 3")
	needs, known := g.needs, g.known
	n := strings.Count(q, "?")
	if g.chance(60) {
		args := make([]any, n)
		for i := range args {
			args[i] = pickOf[any](g, int64(1), int64(-1), 3.5, "a", "2024-01-01", []byte{0, 1}, nil, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), true, uint64(1<<63), "999")
		}
		if g.chance(10) && n > 0 {
			args = args[:n-1] // the wrong number of arguments
		}
		return []fzStmt{{sql: q, args: args, needs: needs, known: known}}
	}
	// A name of its own: an EXECUTE after a refused PREPARE must not run
	// an older statement of that name.
	g.n++
	name := fmt.Sprintf("p%d", g.n)
	using := make([]string, n)
	for i := range using {
		using[i] = fmt.Sprintf("@a%d", i)
	}
	stmts := []fzStmt{
		{sql: "PREPARE " + name + " FROM '" + strings.ReplaceAll(q, "'", "''") + "'"},
		{sql: "SET @a0 = " + g.literal(g.anyKind()) + ", @a1 = " + g.literal(kInt)},
	}
	exec := "EXECUTE " + name
	if len(using) > 0 {
		exec += " USING " + strings.Join(using, ", ")
	}
	stmts = append(stmts, fzStmt{sql: exec, needs: needs, known: known && n <= 2})
	if g.chance(70) {
		stmts = append(stmts, fzStmt{sql: "DEALLOCATE PREPARE " + name})
	}
	return stmts
}

func (g *fzGen) transaction() []fzStmt {
	stmts := []fzStmt{{sql: pickOf(g, "BEGIN", "START TRANSACTION", "SET autocommit = 0", "START TRANSACTION READ ONLY")}}
	for range 1 + g.pick(3) {
		stmts = append(stmts, g.one(pickOf(g, g.dml, func() string { return g.query() }))...)
	}
	end := pickOf(g, "COMMIT", "ROLLBACK", "COMMIT", "SAVEPOINT s1")
	stmts = append(stmts, fzStmt{sql: end})
	if end != "COMMIT" && end != "ROLLBACK" || g.chance(50) {
		stmts = append(stmts, fzStmt{sql: "ROLLBACK"}, fzStmt{sql: "SET autocommit = 1"})
	}
	return stmts
}

func (g *fzGen) session() string {
	t := g.table()
	switch g.pick(10) {
	case 0:
		g.known = false
		return "USE `" + t.db + "`"
	case 1:
		return "SET time_zone = " + pickOf(g, "'+08:00'", "'+00:00'", "'UTC'", "'Asia/Tokyo'", "'bogus'", "'+14:01'", "'-13:00'", "SYSTEM")
	case 2:
		return "SET @v = " + g.expr(fzScope{}, g.anyKind())
	case 3:
		return "SET SESSION sql_mode = " + pickOf(g, "''", "'ANSI_QUOTES'", "'STRICT_TRANS_TABLES'", "'NO_BACKSLASH_ESCAPES'", "DEFAULT", "'BOGUS'")
	case 4:
		g.needDB("SUPER", "*")
		return "SET GLOBAL " + pickOf(g, "net_read_timeout = 30", "read_only = 0", "wait_timeout = 28800", "nosuch_variable = 1")
	case 5:
		return "SET " + pickOf(g, "NAMES utf8mb4", "NAMES latin1", "CHARACTER SET binary", "net_read_timeout = 30", "max_execution_time = 1", "SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE", "@@session.autocommit = 1", "foreign_key_checks = 0")
	case 6:
		return "SELECT @v, @@session.time_zone, @@autocommit, @@version, @@max_allowed_packet, @@secure_file_priv, @@require_secure_transport"
	case 7:
		return pickOf(g, "DO SLEEP(0.01)", "SELECT SLEEP(0)", "SELECT BENCHMARK(10, MD5('a'))", "SELECT GET_LOCK('l', 0), RELEASE_LOCK('l')", "DO 1", "SELECT LAST_INSERT_ID(), ROW_COUNT(), FOUND_ROWS()")
	case 8:
		g.needDB("FILE", "*")
		return pickOf(g, "SELECT LOAD_FILE('/etc/hostname')", "SELECT 1 INTO OUTFILE '/tmp/fz_out'", "LOAD DATA INFILE '/etc/hostname' INTO TABLE "+t.full())
	}
	return pickOf(g, "KILL QUERY 999999", "FLUSH PRIVILEGES", "FLUSH TABLES", "RESET QUERY CACHE", "SHUTDOWN", "SHOW SLAVE STATUS", "HANDLER "+t.full()+" OPEN")
}

// account statements; the generator's users only ever touch scratch
// accounts, so the grants the oracles know stay as they are.
func (g *fzGen) account() string {
	u := fmt.Sprintf("'fzscratch%d'@'%%'", g.pick(2))
	g.needDB("CREATE USER", "*")
	switch g.pick(8) {
	case 0:
		return "CREATE USER " + pickOf(g, "", "IF NOT EXISTS ") + u + " IDENTIFIED BY 'pw'"
	case 1:
		return "DROP USER " + pickOf(g, "", "IF EXISTS ") + u
	case 2:
		g.known = false
		return "GRANT " + pickOf(g, "SELECT", "ALL", "INSERT, DELETE", "EXECUTE", "PROXY", "GRANT OPTION") + " ON " + pickOf(g, "fz.*", "*.*", "hidden_db.*", "sys.*", "fz.t_pk") + " TO " + u
	case 3:
		g.known = false
		return "REVOKE " + pickOf(g, "SELECT", "ALL PRIVILEGES, GRANT OPTION") + " ON " + pickOf(g, "fz.*", "*.*") + " FROM " + u
	case 4:
		return "ALTER USER " + u + " " + pickOf(g, "IDENTIFIED BY 'pw2'", "ACCOUNT LOCK", "ACCOUNT UNLOCK", "PASSWORD EXPIRE")
	case 5:
		return pickOf(g, "CREATE ROLE 'fzrole'", "DROP ROLE IF EXISTS 'fzrole'", "GRANT 'fzrole' TO "+u, "SET ROLE ALL", "SET DEFAULT ROLE ALL TO "+u)
	case 6:
		g.known = false
		return pickOf(g, "SET PASSWORD FOR "+u+" = 'x'", "RENAME USER "+u+" TO 'fzscratch9'@'%'", "GRANT PROXY ON root TO "+u)
	}
	// A user may pass on the privileges they hold WITH GRANT OPTION: none
	// do. (root grants only to the scratch accounts: the oracles know the
	// grants of the others.)
	g.needDB("GRANT OPTION", "*")
	if g.user == "root" {
		return "GRANT SELECT ON hidden_db.* TO " + u
	}
	return "GRANT SELECT ON hidden_db.* TO " + pickOf(g, "CURRENT_USER()", "'fzreader'@'%'", "'fzusage'@'%'", "'fzwriter'@'%'")
}

// malformed damages a generated statement: cut, spliced, with stray
// tokens or bytes, or nested deep.
func (g *fzGen) malformed() fzStmt {
	var base string
	for base == "" || strings.HasPrefix(base, "SET @") {
		base = g.next()[0].sql
	}
	switch g.pick(9) {
	case 0:
		base = base[:g.pick(len(base))]
	case 1:
		i := g.pick(len(base) + 1)
		base = base[:i] + pickOf(g, "'", "\"", "`", "(", ")", ",", ";", "/*", "--", "\\", "\x00", "\xff\xfe", " SELECT ", " FROM ", " ?", " :=", "$", " AS OF ", "#") + base[i:]
	case 2:
		b := []byte(base)
		for range 1 + g.pick(4) {
			b[g.pick(len(b))] = byte(g.pick(256))
		}
		base = string(b)
	case 3:
		d := 10 + g.pick(60)
		base = "SELECT " + strings.Repeat("(", d) + "1" + strings.Repeat(")", d-g.pick(2))
	case 4:
		base = base + "; " + pickOf(g, "SELECT 1", "DROP TABLE fz.t_pk", "")
	case 5:
		words := strings.Fields(base)
		if len(words) > 2 {
			i, j := g.pick(len(words)), g.pick(len(words))
			words[i], words[j] = words[j], words[i]
		}
		base = strings.Join(words, " ")
	case 6:
		base = pickOf(g, "", " ", ";", "/* only a comment */", "--", "SELECT", "SELECT * FROM", "CALL", "CALL sys.", "SHOW", "\\G", "SELECT 1e99999", "SELECT 0x", "SELECT X'4'", "SELECT _utf8mb4 0x", "SELECT 'unterminated")
	case 7:
		base = strings.ReplaceAll(base, " ", pickOf(g, "\t", "\n", "/**/", "  "))
	default:
		base = "SELECT " + strings.Repeat("1 + ", 50+g.pick(150)) + "1"
	}
	return fzStmt{sql: base}
}
