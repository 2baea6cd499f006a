package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Paimon's limits.
const (
	maxDecimalPrecision   = 38
	maxTimestampPrecision = 9
)

// PaimonType maps a MySQL column type of CREATE TABLE or ALTER TABLE to the
// Paimon type it creates (docs/sql.md "Type mapping", read backwards).
// Unsigned integers widen to the next signed type, since Paimon has none.
func PaimonType(t sql.Type, nullable bool) (types.DataType, error) {
	dt, err := paimonType(t)
	if err != nil {
		return types.DataType{}, err
	}
	dt.Nullable = nullable
	return dt, nil
}

func paimonType(t sql.Type) (types.DataType, error) {
	if gtypes.IsBoolean(t) {
		return types.New(types.Boolean), nil
	}
	switch t.Type() {
	case sqltypes.Int8:
		return types.New(types.TinyInt), nil
	case sqltypes.Uint8, sqltypes.Int16:
		return types.New(types.SmallInt), nil
	case sqltypes.Uint16, sqltypes.Int24, sqltypes.Uint24, sqltypes.Int32:
		return types.New(types.Int), nil
	case sqltypes.Uint32, sqltypes.Int64:
		return types.New(types.BigInt), nil
	case sqltypes.Uint64:
		return types.NewDecimal(20, 0), nil
	case sqltypes.Float32:
		return types.New(types.Float), nil
	case sqltypes.Float64:
		return types.New(types.Double), nil
	case sqltypes.Decimal:
		d := t.(sql.DecimalType)
		if d.Precision() > maxDecimalPrecision {
			return types.DataType{}, fmt.Errorf("DECIMAL(%d, %d) is too wide: Paimon's DECIMAL holds at most %d digits", d.Precision(), d.Scale(), maxDecimalPrecision)
		}
		return types.NewDecimal(int(d.Precision()), int(d.Scale())), nil
	case sqltypes.Date:
		return types.New(types.Date), nil
	case sqltypes.Time:
		return types.DataType{Kind: types.Time, Nullable: true}, nil
	case sqltypes.Datetime:
		return types.NewTimestamp(t.(sql.DatetimeType).Precision()), nil
	case sqltypes.Timestamp:
		return types.DataType{Kind: types.TimestampLTZ, Precision: t.(sql.DatetimeType).Precision(), Nullable: true}, nil
	case sqltypes.Char:
		return types.DataType{Kind: types.Char, Length: int(t.(sql.StringType).MaxCharacterLength()), Nullable: true}, nil
	case sqltypes.VarChar:
		return types.DataType{Kind: types.VarChar, Length: int(t.(sql.StringType).MaxCharacterLength()), Nullable: true}, nil
	case sqltypes.Text:
		return types.NewString(), nil
	case sqltypes.Binary:
		return types.DataType{Kind: types.Binary, Length: int(t.(sql.StringType).MaxByteLength()), Nullable: true}, nil
	case sqltypes.VarBinary:
		return types.DataType{Kind: types.VarBinary, Length: int(t.(sql.StringType).MaxByteLength()), Nullable: true}, nil
	case sqltypes.Blob:
		return types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}, nil
	}
	return types.DataType{}, fmt.Errorf("column type %s has no Paimon equivalent: use INT, BIGINT, DECIMAL, DOUBLE, VARCHAR, TEXT, VARBINARY, BLOB, DATE, TIME, DATETIME, TIMESTAMP or BOOLEAN", t.String())
}
