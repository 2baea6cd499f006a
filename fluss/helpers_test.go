package fluss

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// cols builds top-level columns from "name TYPE" specs, with ids in order.
func cols(t *testing.T, specs ...string) []types.DataField {
	t.Helper()
	out := make([]types.DataField, len(specs))
	for i, s := range specs {
		name, typ, _ := strings.Cut(s, " ")
		dt, err := types.ParseAtomic(typ)
		if err != nil {
			t.Fatalf("column %q: %v", s, err)
		}
		out[i] = types.DataField{ID: i, Name: name, Type: dt}
	}
	return out
}

// row is a ROW column with the given nested fields.
func row(id int, name string, nested ...types.DataField) types.DataField {
	return types.DataField{ID: id, Name: name, Type: types.DataType{Kind: types.Row, Nullable: true, Fields: nested}}
}

// flussOptions are the options of a table Fluss 0.9 created (§3.6 example).
func flussOptions() map[string]string {
	return map[string]string{
		"bucket": "4", "bucket-key": "order_id", "partition.legacy-name": "false",
		"fluss.table.replication.factor": "3", "fluss.table.datalake.enabled": "true",
		"fluss.table.datalake.format": "paimon",
	}
}

// lakeSchema is a Fluss lake table's schema with the given columns.
func lakeSchema(fields []types.DataField) *spec.TableSchema {
	highest := -1
	for _, f := range fields {
		highest = max(highest, f.ID)
	}
	return &spec.TableSchema{Version: schema.CurrentVersion, Fields: fields, HighestFieldID: highest,
		PartitionKeys: []string{}, PrimaryKeys: []string{}, Options: flussOptions()}
}

// legacyOrders is the §3.6 LEGACY log table: orders(order_id, item, amount)
// plus the system columns, __timestamp of the given type.
func legacyOrders(t *testing.T, ts string) *spec.TableSchema {
	t.Helper()
	return lakeSchema(cols(t, "order_id BIGINT", "item STRING", "amount DECIMAL(10, 2)",
		"__bucket INT", "__offset BIGINT", "__timestamp "+ts))
}

func mustOf(t *testing.T, s *spec.TableSchema) *Table {
	t.Helper()
	tab, err := Of(s)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
