package fluss

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// FlussTable is a Fluss table definition as Fluss's coordinator hands it to
// the lake: defaults applied, columns already in Paimon types (Fluss's types
// map one to one, see PaimonSchema).
type FlussTable struct {
	// Columns in order; a column's Description is its comment.
	Columns    []types.DataField
	PrimaryKey []string
	// PartitionKeys are part of PrimaryKey in a partitioned primary-key table.
	PartitionKeys []string
	// BucketKeys are Fluss's distribution keys. When empty in a primary-key
	// table they default, as in Fluss, to the primary key minus the
	// partition keys.
	BucketKeys []string
	// BucketCount is the number of buckets, needed with bucket keys.
	BucketCount int
	// Properties are Fluss table properties (table.*); CustomProperties are
	// the user's other properties. Keys starting "paimon." are Paimon options.
	Properties, CustomProperties map[string]string
	Comment                      *string
}

// Prefixes of Fluss property keys with a meaning for the Paimon table.
const (
	// paimonPrefix marks a Paimon option set through Fluss.
	paimonPrefix = "paimon."
	// catalogPrefix marks the cluster's lake-catalog settings, not copied.
	catalogPrefix = "table.datalake.paimon."
)

// PaimonSchema is the Paimon table Fluss creates for a Fluss table: always
// CLEAN (only the user columns, in order, comments as descriptions), with
//
//   - partition.legacy-name = false, so partition values are typed;
//   - bucket = BucketCount and bucket-key = the bucket keys, or bucket = -1
//     (bucket-unaware) for a table without bucket keys;
//   - changelog-producer = input for a primary-key table, whose primary-key
//     columns become NOT NULL as Paimon makes them;
//   - each property "paimon.k" as option k, each other property k as
//     fluss.k, except the cluster's table.datalake.paimon.* settings.
//
// Like Fluss it refuses reserved column names, the options it owns set by
// hand, and deletion vectors with a partition key that is not STRING. Field
// ids are left to schema.Manager.Create.
func PaimonSchema(ft FlussTable) (schema.NewSchema, error) {
	fail := func(format string, args ...any) (schema.NewSchema, error) {
		return schema.NewSchema{}, fmt.Errorf("Fluss lake table: "+format, args...)
	}
	for _, props := range []map[string]string{ft.Properties, ft.CustomProperties} {
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if slices.Contains(ownedOptions, strings.TrimPrefix(k, paimonPrefix)) {
				return fail("property '%s' is set by Fluss and cannot be set by hand", k)
			}
		}
	}
	opts := map[string]string{options.PartitionLegacyName.Key: "false"}
	bucketKeys := slices.Clone(ft.BucketKeys)
	if len(bucketKeys) == 0 && len(ft.PrimaryKey) > 0 {
		for _, k := range ft.PrimaryKey {
			if !slices.Contains(ft.PartitionKeys, k) {
				bucketKeys = append(bucketKeys, k)
			}
		}
	}
	if len(bucketKeys) > 0 {
		if ft.BucketCount <= 0 {
			return fail("the bucket count must be set for bucket keys %s", quoteList(bucketKeys))
		}
		opts[options.Bucket.Key] = strconv.Itoa(ft.BucketCount)
		opts[options.BucketKey.Key] = strings.Join(bucketKeys, ",")
	} else {
		opts[options.Bucket.Key] = "-1"
	}
	fields := make([]types.DataField, len(ft.Columns))
	for i, c := range ft.Columns {
		// Exact match, as Fluss compares names.
		if slices.Contains(reservedNames, c.Name) {
			return fail("column `%s` is reserved by Fluss (reserved names: %s)", c.Name, quoteList(reservedNames))
		}
		typ, err := paimonType(c.Type)
		if err != nil {
			return fail("column `%s`: %v", c.Name, err)
		}
		if slices.Contains(ft.PrimaryKey, c.Name) {
			typ = typ.WithNullable(false)
		}
		fields[i] = types.DataField{Name: c.Name, Type: typ, Description: c.Description}
	}
	if len(ft.PrimaryKey) > 0 {
		opts[options.ChangelogProducer.Key] = "input"
	}
	// Properties after the defaults, custom ones last: a later key wins.
	for _, props := range []map[string]string{ft.Properties, ft.CustomProperties} {
		for k, v := range props {
			switch {
			case strings.HasPrefix(k, paimonPrefix):
				opts[strings.TrimPrefix(k, paimonPrefix)] = v
			case !strings.HasPrefix(k, catalogPrefix):
				opts[flussPrefix+k] = v
			}
		}
	}
	if options.Options(opts).DeletionVectorsEnabled() {
		for _, k := range ft.PartitionKeys {
			i := slices.IndexFunc(fields, func(f types.DataField) bool { return f.Name == k })
			if i >= 0 && !isString(fields[i].Type) {
				return fail("partition key `%s` is %s, but with 'deletion-vectors.enabled' = 'true' Fluss supports only STRING partition keys", k, fields[i].Type.SQL())
			}
		}
	}
	return schema.NewSchema{
		Fields:        fields,
		PartitionKeys: slices.Clone(ft.PartitionKeys),
		PrimaryKeys:   slices.Clone(ft.PrimaryKey),
		Options:       opts,
		Comment:       ft.Comment,
	}, nil
}

func isString(t types.DataType) bool { return t.Kind == types.VarChar && t.Length == types.MaxLength }

// paimonType is the Paimon type Fluss's conversion gives a Fluss type. The
// types match one to one, except that TIME loses its precision; types Fluss
// does not have are refused.
func paimonType(t types.DataType) (types.DataType, error) {
	switch t.Kind {
	case types.Boolean, types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Float,
		types.Double, types.Decimal, types.Char, types.Binary, types.Date, types.Timestamp, types.TimestampLTZ:
		return t, nil
	case types.VarChar, types.VarBinary:
		if t.Length == types.MaxLength {
			return t, nil // STRING, BYTES
		}
	case types.Time:
		t.Precision = 0
		return t, nil
	case types.Array:
		elem, err := paimonType(*t.Element)
		t.Element = &elem
		return t, err
	case types.Map:
		k, err := paimonType(*t.Key)
		if err != nil {
			return t, err
		}
		v, err := paimonType(*t.Value)
		t.Key, t.Value = &k, &v
		return t, err
	case types.Row:
		fields := make([]types.DataField, len(t.Fields))
		for i, f := range t.Fields {
			ft, err := paimonType(f.Type)
			if err != nil {
				return t, fmt.Errorf("field `%s`: %w", f.Name, err)
			}
			fields[i] = types.DataField{Name: f.Name, Type: ft, Description: f.Description}
		}
		t.Fields = fields
		return t, nil
	}
	return t, fmt.Errorf("Fluss has no type %s", t.SQL())
}
