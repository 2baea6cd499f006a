package sqlext

import (
	"strings"
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// What ParseLiteralInsert reads must be what vitess reads: the same table,
// columns and values.
func TestParseLiteralInsertAgreesWithVitess(t *testing.T) {
	for _, q := range []string{
		"INSERT INTO t VALUES (1, 'a', NULL)",
		"  insert   into db.t(a,b)values(1,2) , (3,4) ;  ",
		"INSERT INTO `my db`.`t``x` (`a b`, c) VALUE (-5, -1.25)",
		"INSERT INTO t (value, x) VALUES (1, 2)",
		"INSERT INTO t VALUES ('it''s', '''', '', 'héllo', 1e3, -2.5E-3, 0.5, 007)",
		"INSERT INTO t VALUES (null, NULL, Null)",
		"INSERT INTO t\n(a)\nVALUES\n(1),\n(2)",
	} {
		ins, ok := ParseLiteralInsert(q)
		if !ok {
			t.Errorf("%q: not read", q)
			continue
		}
		stmt, err := ast.Parse(q)
		if err != nil {
			t.Fatalf("%q: vitess: %v", q, err)
		}
		v := stmt.(*ast.Insert)
		if ins.Database != v.Table.DbQualifier.String() || ins.Table != v.Table.Name.String() {
			t.Errorf("%q: table %s.%s, vitess %s.%s", q, ins.Database, ins.Table, v.Table.DbQualifier, v.Table.Name)
		}
		var cols []string
		for _, c := range v.Columns {
			cols = append(cols, c.String())
		}
		if strings.Join(cols, ",") != strings.Join(ins.Columns, ",") {
			t.Errorf("%q: columns %v, vitess %v", q, ins.Columns, cols)
		}
		rows := v.Rows.(*ast.AliasedValues).Values
		if len(rows) != len(ins.Rows) {
			t.Errorf("%q: %d rows, vitess %d", q, len(ins.Rows), len(rows))
			continue
		}
		for r, row := range rows {
			for i, e := range row {
				if got, want := literalText(ins.Rows[r][i]), vitessText(e); got != want {
					t.Errorf("%q: row %d value %d is %s, vitess %s", q, r, i, got, want)
				}
			}
		}
	}
}

func literalText(l Literal) string {
	kinds := map[LiteralKind]string{LitNull: "null", LitInt: "int", LitDecimal: "float", LitFloat: "float", LitString: "str"}
	text := l.Text
	if l.Negative {
		text = "-" + text
	}
	return kinds[l.Kind] + ":" + text
}

func vitessText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.NullVal:
		return "null:"
	case *ast.UnaryExpr:
		return strings.Replace(vitessText(e.Expr), ":", ":-", 1)
	case *ast.SQLVal:
		switch e.Type {
		case ast.StrVal:
			return "str:" + string(e.Val)
		case ast.IntVal:
			return "int:" + string(e.Val)
		case ast.FloatVal:
			return "float:" + string(e.Val)
		}
	}
	return "other:" + ast.String(e)
}

// Everything else is left to the engine.
func TestParseLiteralInsertLeavesTheRestToTheEngine(t *testing.T) {
	for _, q := range []string{
		"INSERT INTO t VALUES (1 + 1)",
		"INSERT INTO t VALUES (DEFAULT)",
		"INSERT INTO t VALUES (NOW())",
		"INSERT INTO t VALUES ('a\\'b')",
		"INSERT INTO t VALUES (\"dq\")",
		"INSERT INTO t VALUES (TRUE)",
		"INSERT INTO t VALUES (0x1F)",
		"INSERT INTO t VALUES (1234567890123456789)",
		"INSERT INTO t VALUES (.5)",
		"INSERT INTO t VALUES (5.)",
		"INSERT INTO t VALUES (1abc)",
		"INSERT INTO t VALUES (?)",
		"INSERT INTO t VALUES (1), (1, 2)",
		"INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1",
		"INSERT IGNORE INTO t VALUES (1)",
		"INSERT INTO t SELECT 1",
		"INSERT INTO t SET a = 1",
		"INSERT INTO t PARTITION (p0) VALUES (1)",
		"/* c */ INSERT INTO t VALUES (1)",
		"INSERT INTO t VALUES (1) -- c",
		"INSERT INTO t VALUES (1); SELECT 1",
		"INSERT /*+ OPTIONS('a'='b') */ INTO t VALUES (1)",
		"INSERT OVERWRITE t VALUES (1)",
		"INSERT INTO select VALUES (1)",
		"REPLACE INTO t VALUES (1)",
		"INSERT INTO t VALUES (1",
		"INSERT INTO t VALUES",
		"INSERT INTO t VALUES (_utf8mb4'x')",
		"INSERT INTO t VALUES (N'x')",
	} {
		if ins, ok := ParseLiteralInsert(q); ok {
			t.Errorf("%q: read as %+v, want it left to the engine", q, ins)
		}
	}
}
