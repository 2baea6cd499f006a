package catalog

import (
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// InsertLiterals runs an INSERT of literal rows (sqlext.ParseLiteralInsert)
// without go-mysql-server's planner and row-at-a-time executor: the rows
// go through the same conversions and the same row writer as the engine's
// INSERT, and the session's transaction stages them alike. It handles a
// statement only when the engine would store exactly the same rows
// without an error or a warning: each value is the literal go-mysql-server
// builds, converted by the column's type as its INSERT converts it. For
// anything else — an unknown table or column, a missing privilege, a
// column count that differs, a value out of range, too long or NULL for a
// NOT NULL column, a default to compute, a read-only table — handled is
// false and nothing was staged: the engine then runs the statement and
// reports what MySQL reports. The caller owns the transaction (begin and
// autocommit), as the engine does around its INSERT.
func (p *Provider) InsertLiterals(ctx *sql.Context, ins *sqlext.LiteralInsert) (rows int64, handled bool) {
	dbName := ins.Database
	if dbName == "" {
		dbName = ctx.GetCurrentDatabase()
	}
	if dbName == "" || strings.ContainsRune(ins.Table, '$') {
		return 0, false // branches, system and $physical tables: the engine
	}
	d, err := p.Database(ctx, dbName)
	if err != nil {
		return 0, false
	}
	db, ok := d.(*Database)
	if !ok || db.sys {
		return 0, false
	}
	found, ok, err := db.GetTableInsensitive(ctx, ins.Table)
	if err != nil || !ok {
		return 0, false
	}
	t, ok := found.(*Table)
	if !ok || !p.allowed(ctx, db.name, t.t.Name, sql.PrivilegeType_Insert) {
		return 0, false
	}
	values, ok := literalRows(ctx, t.Schema(), ins)
	if !ok {
		return 0, false
	}
	w := t.inserter(ctx)
	w.StatementBegin(ctx)
	for i, row := range values {
		if i%1024 == 0 && ctx.Err() != nil {
			w.err = ctx.Err() // KILL QUERY, a client gone: the engine reports it
			break
		}
		if err := w.Insert(ctx, row); err != nil {
			w.err = err
			break
		}
	}
	if w.err == nil {
		w.err = w.StatementComplete(ctx)
	}
	if w.err != nil {
		// The engine runs the statement again and reports its error the
		// way it reports it; this attempt leaves nothing staged.
		_ = w.DiscardChanges(ctx, w.err)
		return 0, false
	}
	stats.LiteralInserts.Add(1)
	return int64(len(values)), true
}

// literalRows builds the rows of ins in the order of schema, converted as
// the engine's INSERT converts them; ok is false when the engine would
// store something else, warn or fail.
func literalRows(ctx *sql.Context, schema sql.Schema, ins *sqlext.LiteralInsert) ([]sql.Row, bool) {
	// target[i] is the schema position of the statement's i-th value.
	var target []int
	if ins.Columns == nil {
		for i := range schema {
			target = append(target, i)
		}
	} else {
		seen := make([]bool, len(schema))
		for _, name := range ins.Columns {
			i := schema.IndexOfColName(name)
			if i < 0 || seen[i] {
				return nil, false
			}
			seen[i] = true
			target = append(target, i)
		}
		// A column left out takes its default: only a nullable column
		// without one (NULL) is done here.
		for i, col := range schema {
			if !seen[i] && (col.Default != nil || !col.Nullable) {
				return nil, false
			}
		}
	}
	for _, col := range schema {
		if col.Generated != nil || col.AutoIncrement || col.Virtual {
			return nil, false
		}
	}
	out := make([]sql.Row, len(ins.Rows))
	for r, lits := range ins.Rows {
		if len(lits) != len(target) {
			return nil, false // MySQL's 1136, from the engine
		}
		row := make(sql.Row, len(schema))
		for i, lit := range lits {
			col := schema[target[i]]
			v, ok := literalValue(ctx, lit, col.Type)
			if !ok {
				return nil, false
			}
			if v == nil {
				if !col.Nullable {
					return nil, false
				}
				continue
			}
			converted, inRange, err := col.Type.Convert(ctx, v)
			if err != nil || inRange != sql.InRange {
				return nil, false
			}
			row[target[i]] = converted
		}
		out[r] = row
	}
	return out, true
}

// literalValue is the value go-mysql-server's planner gives lit
// (planbuilder's ConvertVal, with a minus sign as its UnaryMinus), when
// the column type t takes that kind of literal without a conversion that
// could warn: numbers into numeric columns (integers only into integer
// ones), strings into text, DATE, DATETIME and TIMESTAMP columns.
func literalValue(ctx *sql.Context, lit sqlext.Literal, t sql.Type) (any, bool) {
	switch lit.Kind {
	case sqlext.LitNull:
		return nil, true
	case sqlext.LitInt:
		if !types.IsInteger(t) && !types.IsFloat(t) && !types.IsDecimal(t) {
			return nil, false
		}
		n, err := strconv.ParseInt(lit.Text, 10, 64)
		if err != nil {
			return nil, false
		}
		return smallestInt(n), true
	case sqlext.LitDecimal:
		if !types.IsFloat(t) && !types.IsDecimal(t) {
			return nil, false
		}
		p, s := expression.GetDecimalPrecisionAndScale(lit.Text)
		if t.Equals(types.Float64) && p <= types.DecimalTypeMaxPrecision && s <= types.DecimalTypeMaxScale {
			// The engine's DOUBLE of the exact DECIMAL literal is its
			// correctly rounded float64 (decimal.Decimal.Float64), which
			// strconv gives without the decimal; a negated zero stays 0.
			f, err := strconv.ParseFloat(lit.Text, 64)
			if err != nil {
				return nil, false
			}
			if lit.Negative && f != 0 {
				f = -f
			}
			return f, true
		}
		dt, err := types.CreateDecimalType(p, s)
		if err != nil {
			return nil, false
		}
		v, _, err := dt.Convert(ctx, lit.Text)
		if err != nil {
			return nil, false
		}
		d, ok := v.(decimal.Decimal)
		if !ok {
			return nil, false
		}
		if lit.Negative {
			return d.Neg(), true
		}
		return d, true
	case sqlext.LitFloat:
		if !types.IsFloat(t) {
			return nil, false
		}
		f, err := strconv.ParseFloat(lit.Text, 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, false
		}
		if lit.Negative {
			f = -f
		}
		return f, true
	case sqlext.LitString:
		// A date or time column parses the string in the column type's
		// Convert (literalRows), as the engine's INSERT does: a string
		// it cannot read fails there and goes to the engine.
		if !types.IsTextOnly(t) && !types.IsDateType(t) && !types.IsDatetimeType(t) && !types.IsTimestampType(t) {
			return nil, false
		}
		return lit.Text, true
	}
	return nil, false
}

// smallestInt is the Go type planbuilder's convertInt gives an integer
// literal: the first of int8, uint8, int16, uint16, int32, uint32, int64
// that holds it.
func smallestInt(n int64) any {
	switch {
	case n >= math.MinInt8 && n <= math.MaxInt8:
		return int8(n)
	case n >= 0 && n <= math.MaxUint8:
		return uint8(n)
	case n >= math.MinInt16 && n <= math.MaxInt16:
		return int16(n)
	case n >= 0 && n <= math.MaxUint16:
		return uint16(n)
	case n >= math.MinInt32 && n <= math.MaxInt32:
		return int32(n)
	case n >= 0 && n <= math.MaxUint32:
		return uint32(n)
	}
	return n
}
