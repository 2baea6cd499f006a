package fluss

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

func strPtr(s string) *string { return &s }

// ordersTable is the §3.6 log table: orders(order_id BIGINT, item STRING,
// amount DECIMAL(10,2)), 4 buckets on order_id, lake enabled.
func ordersTable(t *testing.T) FlussTable {
	return FlussTable{
		Columns:     cols(t, "order_id BIGINT", "item STRING", "amount DECIMAL(10, 2)"),
		BucketKeys:  []string{"order_id"},
		BucketCount: 4,
		Properties: map[string]string{"table.replication.factor": "3", "table.datalake.enabled": "true",
			"table.datalake.format": "paimon"},
	}
}

// usersTable is the §3.6 partitioned primary-key table, bucket keys left to
// their default.
func usersTable(t *testing.T) FlussTable {
	name := cols(t, "name STRING")[0]
	name.Description = strPtr("display name")
	tags := types.DataField{Name: "tags", Type: types.DataType{Kind: types.Array, Nullable: true, Element: &types.DataType{Kind: types.VarChar, Length: types.MaxLength, Nullable: true}}}
	addr := row(0, "addr", types.DataField{Name: "city", Type: types.NewString()}, types.DataField{Name: "zip", Type: types.New(types.Int)})
	return FlussTable{
		Columns:       append(cols(t, "uid BIGINT", "dt STRING"), name, tags, addr),
		PrimaryKey:    []string{"uid", "dt"},
		PartitionKeys: []string{"dt"},
		BucketCount:   8,
		Properties:    ordersTable(t).Properties,
	}
}

func TestPaimonSchemaLogTable(t *testing.T) {
	got, err := PaimonSchema(ordersTable(t))
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got.Options, flussOptions()) {
		t.Errorf("options %v, want %v (no changelog-producer on a log table)", got.Options, flussOptions())
	}
	if l, err := Detect(got.Fields); l != Clean || err != nil {
		t.Errorf("new lake tables are always CLEAN: %v, %v", l, err)
	}
	if !IsFlussLakeTable(got.Options) {
		t.Error("a created table is not recognised as a Fluss lake table")
	}

	noKey := ordersTable(t)
	noKey.BucketKeys, noKey.BucketCount = nil, 3
	got, err = PaimonSchema(noKey)
	if _, has := got.Options["bucket-key"]; err != nil || got.Options["bucket"] != "-1" || has {
		t.Errorf("a log table without bucket keys is bucket-unaware (bucket = -1, no bucket-key): %v, %v", got.Options, err)
	}
}

// The §3.6 primary-key example, ids assigned by core/schema as in its JSON.
func TestPaimonSchemaPrimaryKeyTable(t *testing.T) {
	ns, err := PaimonSchema(usersTable(t))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"bucket": "8", "bucket-key": "uid", "changelog-producer": "input", "partition.legacy-name": "false"} {
		if ns.Options[k] != v {
			t.Errorf("option %s = %q, want %q", k, ns.Options[k], v)
		}
	}
	fsys, err := fs.Open(context.Background(), "mem://")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := schema.NewManager(fsys, "db.db/users").Create(context.Background(), ns)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0 uid BIGINT NOT NULL", "1 dt STRING NOT NULL", "2 name STRING", "3 tags ARRAY<STRING>",
		"4 addr ROW<`city` STRING, `zip` INT>"}
	for i, f := range ts.Fields {
		if got := fmt.Sprintf("%d %s %s", f.ID, f.Name, f.Type.SQL()); got != want[i] {
			t.Errorf("field %d = %q, want %q", i, got, want[i])
		}
	}
	if ts.HighestFieldID != 6 || *ts.Fields[2].Description != "display name" {
		t.Errorf("highest id %d, name comment %v", ts.HighestFieldID, ts.Fields[2].Description)
	}
	if err := CheckCompatible(ts, ns); err != nil {
		t.Errorf("a table is compatible with the schema it was created from: %v", err)
	}
}

func TestPaimonSchemaProperties(t *testing.T) {
	ft := ordersTable(t)
	ft.PrimaryKey = []string{"order_id"}
	ft.Properties["table.datalake.paimon.warehouse"] = "/wh"
	ft.CustomProperties = map[string]string{"k1": "v1", "paimon.file.format": "orc", "paimon.changelog-producer": "lookup"}
	got, err := PaimonSchema(ft)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"fluss.k1": "v1", "file.format": "orc", "changelog-producer": "lookup"} {
		if got.Options[k] != v {
			t.Errorf("option %s = %q, want %q", k, got.Options[k], v)
		}
	}
	for k := range got.Options {
		if strings.Contains(k, "datalake.paimon") {
			t.Errorf("the cluster's lake catalog setting %s is copied", k)
		}
	}
}

func TestPaimonSchemaTypes(t *testing.T) {
	ft := ordersTable(t)
	ft.Columns = append(ft.Columns, cols(t, "t TIME(3)", "c CHAR(2)", "b BYTES", "ts TIMESTAMP(9)", "ltz TIMESTAMP(6) WITH LOCAL TIME ZONE")...)
	got, err := PaimonSchema(ft)
	if err != nil {
		t.Fatal(err)
	}
	if p := got.Fields[3].Type; p.Kind != types.Time || p.Precision != 0 {
		t.Errorf("Fluss TIME(p) becomes Paimon TIME(0), got %s", p.SQL())
	}
	for _, bad := range []string{"VARCHAR(10)", "VARBINARY(4)", "VARIANT", "BLOB"} {
		ft := ordersTable(t)
		ft.Columns = append(ft.Columns, cols(t, "x "+bad)...)
		if _, err := PaimonSchema(ft); err == nil || !strings.Contains(err.Error(), "Fluss has no type") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestPaimonSchemaRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*FlussTable)
		says string
	}{
		{"§2.3 an owned option set by hand", func(ft *FlussTable) { ft.CustomProperties = map[string]string{"bucket": "2"} },
			"property 'bucket' is set by Fluss"},
		{"§2.3 an owned option with the paimon. prefix", func(ft *FlussTable) { ft.Properties["paimon.partition.legacy-name"] = "true" },
			"property 'paimon.partition.legacy-name' is set by Fluss"},
		{"§5.11 a system column name", func(ft *FlussTable) { ft.Columns = append(ft.Columns, cols(t, "__offset BIGINT")...) },
			"column `__offset` is reserved by Fluss"},
		{"§2.3 a changelog column name", func(ft *FlussTable) { ft.Columns = append(ft.Columns, cols(t, "_commit_timestamp BIGINT")...) },
			"column `_commit_timestamp` is reserved"},
		{"bucket keys need a bucket count", func(ft *FlussTable) { ft.BucketCount = 0 }, "bucket count must be set"},
		{"§5.22 deletion vectors with a non-STRING partition key", func(ft *FlussTable) {
			ft.PartitionKeys = []string{"order_id"}
			ft.CustomProperties = map[string]string{"paimon.deletion-vectors.enabled": "true"}
		}, "partition key `order_id` is BIGINT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ft := ordersTable(t)
			tc.edit(&ft)
			if _, err := PaimonSchema(ft); err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("got %v, want an error saying %q", err, tc.says)
			}
		})
	}
	ft := ordersTable(t)
	ft.Columns = append(ft.Columns, cols(t, "__Offset BIGINT")...)
	if _, err := PaimonSchema(ft); err != nil {
		t.Errorf("§5.9 Fluss compares reserved names exactly: %v", err)
	}
	ft = usersTable(t)
	ft.CustomProperties = map[string]string{"paimon.deletion-vectors.enabled": "true"}
	if _, err := PaimonSchema(ft); err != nil {
		t.Errorf("deletion vectors with a STRING partition key: %v", err)
	}
}
