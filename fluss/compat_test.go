package fluss

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// stored is fresh as a table holds it, ids assigned in order.
func stored(fresh schema.NewSchema) *schema.TableSchema {
	fields := slices.Clone(fresh.Fields)
	for i := range fields {
		fields[i].ID = i
	}
	return &schema.TableSchema{Version: schema.CurrentVersion, Fields: fields, HighestFieldID: len(fields) - 1,
		PartitionKeys: slices.Clone(fresh.PartitionKeys), PrimaryKeys: slices.Clone(fresh.PrimaryKeys),
		Options: maps.Clone(fresh.Options)}
}

func withSystem(t *testing.T, s *schema.TableSchema, specs ...string) *schema.TableSchema {
	s.Fields = append(s.Fields, cols(t, specs...)...)
	return s
}

func TestCheckCompatible(t *testing.T) {
	fresh, err := PaimonSchema(ordersTable(t))
	if err != nil {
		t.Fatal(err)
	}
	ltz3, ltz6 := "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE", "__timestamp TIMESTAMP(6) WITH LOCAL TIME ZONE"
	for _, tc := range []struct {
		name     string
		existing func() *schema.TableSchema
		says     []string // nil: compatible
	}{
		{"CLEAN table as Fluss creates it", func() *schema.TableSchema { return stored(fresh) }, nil},
		{"§5.32 LEGACY: compared with the system columns appended", func() *schema.TableSchema {
			return withSystem(t, stored(fresh), "__bucket INT", "__offset BIGINT", ltz3)
		}, nil},
		{"§5.2/§5.30 LEGACY LTZ(6): the precision relaxation", func() *schema.TableSchema {
			return withSystem(t, stored(fresh), "__bucket INT", "__offset BIGINT", ltz6)
		}, nil},
		{"§5.3 LEGACY with NOT NULL __timestamp LTZ(6): no relaxation, as in Fluss", func() *schema.TableSchema {
			return withSystem(t, stored(fresh), "__bucket INT", "__offset BIGINT", ltz6+" NOT NULL")
		}, []string{"column `__timestamp` is TIMESTAMP(6) WITH LOCAL TIME ZONE NOT NULL, expected TIMESTAMP(3) WITH LOCAL TIME ZONE"}},
		{"§5.3 LEGACY with NOT NULL __bucket", func() *schema.TableSchema {
			return withSystem(t, stored(fresh), "__bucket INT NOT NULL", "__offset BIGINT", ltz3)
		}, []string{"column `__bucket` is INT NOT NULL, expected INT"}},
		{"the relaxation is for LEGACY only: a CLEAN LTZ(6) column must match", func() *schema.TableSchema {
			s := stored(fresh)
			s.Fields[1].Type = types.DataType{Kind: types.TimestampLTZ, Precision: 6, Nullable: true}
			return s
		}, []string{"column `item` is TIMESTAMP(6) WITH LOCAL TIME ZONE, expected STRING"}},
		{"§5.12 a table with an invalid layout is a layout error", func() *schema.TableSchema {
			return withSystem(t, stored(fresh), "__offset BIGINT")
		}, []string{"invalid system-column layout", "found `__offset`"}},
		{"a missing user column", func() *schema.TableSchema {
			s := stored(fresh)
			s.Fields = s.Fields[:2]
			return s
		}, []string{"it has 2 columns, expected 3 (`order_id`, `item`, `amount`)"}},
		{"a renamed user column", func() *schema.TableSchema {
			s := stored(fresh)
			s.Fields[1].Name = "name"
			return s
		}, []string{"column 2 is `name`, expected `item`"}},
		{"nullability is compared", func() *schema.TableSchema {
			s := stored(fresh)
			s.Fields[0].Type.Nullable = false
			return s
		}, []string{"column `order_id` is BIGINT NOT NULL, expected BIGINT"}},
		{"ids and top-level comments are ignored", func() *schema.TableSchema {
			s := stored(fresh)
			s.Fields[0].ID, s.Fields[0].Description = 42, strPtr("x")
			comment := "t"
			s.Comment = &comment
			return s
		}, nil},
		{"partition and primary keys are compared", func() *schema.TableSchema {
			s := stored(fresh)
			s.PartitionKeys, s.PrimaryKeys = []string{"item"}, []string{"order_id"}
			return s
		}, []string{"partition keys are (`item`), expected ()", "primary key is (`order_id`), expected ()"}},
		{"§5.33 another bucket count", func() *schema.TableSchema {
			s := stored(fresh)
			s.Options["bucket"] = "8"
			return s
		}, []string{"option 'bucket' is '8', expected '4'"}},
		{"§5.33 another bucket key", func() *schema.TableSchema {
			s := stored(fresh)
			delete(s.Options, "bucket-key")
			return s
		}, []string{"option 'bucket-key' is unset, expected 'order_id'"}},
		{"partition.legacy-name must be false", func() *schema.TableSchema {
			s := stored(fresh)
			delete(s.Options, "partition.legacy-name")
			return s
		}, []string{"option 'partition.legacy-name' is unset, expected 'false'"}},
		{"an immutable option differs", func() *schema.TableSchema {
			s := stored(fresh)
			s.Options["merge-engine"] = "first-row"
			return s
		}, []string{"option 'merge-engine' is 'first-row', expected unset"}},
		{"§5.33 file.format, fluss.* and other options are ignored", func() *schema.TableSchema {
			s := stored(fresh)
			s.Options["file.format"] = "orc"
			s.Options["fluss.table.replication.factor"] = "1"
			s.Options["snapshot.num-retained.max"] = "3"
			return s
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckCompatible(tc.existing(), fresh)
			if tc.says == nil {
				if err != nil {
					t.Fatalf("incompatible: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("compatible")
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %q", err, s)
				}
			}
		})
	}
}

// Nested fields compare as Paimon's equalsIgnoreFieldId: comments and
// default values count, ids do not.
func TestCheckCompatibleNested(t *testing.T) {
	fresh, err := PaimonSchema(usersTable(t))
	if err != nil {
		t.Fatal(err)
	}
	existing := stored(fresh)
	existing.Fields[4].Type.Fields = slices.Clone(existing.Fields[4].Type.Fields)
	existing.Fields[4].Type.Fields[0].ID = 17
	if err := CheckCompatible(existing, fresh); err != nil {
		t.Errorf("nested ids are ignored: %v", err)
	}
	for name, edit := range map[string]func(f *types.DataField){
		"nested comment": func(f *types.DataField) { f.Description = strPtr("town") },
		"nested default": func(f *types.DataField) { f.DefaultValue = strPtr("'x'") },
	} {
		existing := stored(fresh)
		existing.Fields[4].Type.Fields = slices.Clone(existing.Fields[4].Type.Fields)
		edit(&existing.Fields[4].Type.Fields[0])
		var ie *IncompatibleError
		if err := CheckCompatible(existing, fresh); !errors.As(err, &ie) || len(ie.Differences) != 1 {
			t.Errorf("%s differs: got %v", name, err)
		}
	}
}
