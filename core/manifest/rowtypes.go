package manifest

import "github.com/paimon-sql/paimon-sql/core/types"

// The row types of Java Paimon 1.4.2's manifest objects, with the field ids
// Java gives them (ManifestFileMeta.SCHEMA, ManifestEntry.SCHEMA,
// DataFileMeta.SCHEMA, SimpleStats.SCHEMA, IndexManifestEntry.SCHEMA), each
// behind the _VERSION field (id -1) VersionedObjectSerializer puts first.
// Non-Avro manifest formats write files of exactly these fields, so that
// Java, which reads Parquet and ORC manifests with these types, reads ours.

func scalar(k types.Kind, nullable bool) types.DataType {
	return types.DataType{Kind: k, Nullable: nullable}
}

func varType(k types.Kind, nullable bool) types.DataType {
	return types.DataType{Kind: k, Nullable: nullable, Length: types.MaxLength}
}

func arrayOf(elem types.DataType, nullable bool) types.DataType {
	return types.DataType{Kind: types.Array, Nullable: nullable, Element: &elem}
}

func rowOf(nullable bool, fields ...types.DataField) types.DataType {
	return types.DataType{Kind: types.Row, Nullable: nullable, Fields: fields}
}

func field(id int, name string, t types.DataType) types.DataField {
	return types.DataField{ID: id, Name: name, Type: t}
}

var versionField = field(-1, "_VERSION", scalar(types.Int, false))

// statsType is SimpleStats.SCHEMA.
var statsType = rowOf(false,
	field(0, "_MIN_VALUES", varType(types.VarBinary, false)),
	field(1, "_MAX_VALUES", varType(types.VarBinary, false)),
	field(2, "_NULL_COUNTS", arrayOf(scalar(types.BigInt, true), true)))

// ManifestListFields are the fields of a manifest-list row.
var ManifestListFields = []types.DataField{
	versionField,
	field(0, "_FILE_NAME", varType(types.VarChar, false)),
	field(1, "_FILE_SIZE", scalar(types.BigInt, false)),
	field(2, "_NUM_ADDED_FILES", scalar(types.BigInt, false)),
	field(3, "_NUM_DELETED_FILES", scalar(types.BigInt, false)),
	field(4, "_PARTITION_STATS", statsType),
	field(5, "_SCHEMA_ID", scalar(types.BigInt, false)),
	field(6, "_MIN_BUCKET", scalar(types.Int, true)),
	field(7, "_MAX_BUCKET", scalar(types.Int, true)),
	field(8, "_MIN_LEVEL", scalar(types.Int, true)),
	field(9, "_MAX_LEVEL", scalar(types.Int, true)),
	field(10, "_MIN_ROW_ID", scalar(types.BigInt, true)),
	field(11, "_MAX_ROW_ID", scalar(types.BigInt, true)),
}

// dataFileType is DataFileMeta.SCHEMA.
var dataFileType = rowOf(false,
	field(0, "_FILE_NAME", varType(types.VarChar, false)),
	field(1, "_FILE_SIZE", scalar(types.BigInt, false)),
	field(2, "_ROW_COUNT", scalar(types.BigInt, false)),
	field(3, "_MIN_KEY", varType(types.VarBinary, false)),
	field(4, "_MAX_KEY", varType(types.VarBinary, false)),
	field(5, "_KEY_STATS", statsType),
	field(6, "_VALUE_STATS", statsType),
	field(7, "_MIN_SEQUENCE_NUMBER", scalar(types.BigInt, false)),
	field(8, "_MAX_SEQUENCE_NUMBER", scalar(types.BigInt, false)),
	field(9, "_SCHEMA_ID", scalar(types.BigInt, false)),
	field(10, "_LEVEL", scalar(types.Int, false)),
	field(11, "_EXTRA_FILES", arrayOf(varType(types.VarChar, false), false)),
	field(12, "_CREATION_TIME", types.DataType{Kind: types.Timestamp, Nullable: true, Precision: 3}),
	field(13, "_DELETE_ROW_COUNT", scalar(types.BigInt, true)),
	field(14, "_EMBEDDED_FILE_INDEX", varType(types.VarBinary, true)),
	field(15, "_FILE_SOURCE", scalar(types.TinyInt, true)),
	field(16, "_VALUE_STATS_COLS", arrayOf(varType(types.VarChar, false), true)),
	field(17, "_EXTERNAL_PATH", varType(types.VarChar, true)),
	field(18, "_FIRST_ROW_ID", scalar(types.BigInt, true)),
	field(19, "_WRITE_COLS", arrayOf(varType(types.VarChar, false), true)))

// ManifestFields are the fields of a manifest row.
var ManifestFields = []types.DataField{
	versionField,
	field(0, "_KIND", scalar(types.TinyInt, false)),
	field(1, "_PARTITION", varType(types.VarBinary, false)),
	field(2, "_BUCKET", scalar(types.Int, false)),
	field(3, "_TOTAL_BUCKETS", scalar(types.Int, false)),
	field(4, "_FILE", dataFileType),
}

// IndexManifestFields are the fields of an index-manifest row
// (DeletionVectorMeta.SCHEMA and GlobalIndexMeta.SCHEMA nested).
var IndexManifestFields = []types.DataField{
	versionField,
	field(0, "_KIND", scalar(types.TinyInt, false)),
	field(1, "_PARTITION", varType(types.VarBinary, false)),
	field(2, "_BUCKET", scalar(types.Int, false)),
	field(3, "_INDEX_TYPE", varType(types.VarChar, false)),
	field(4, "_FILE_NAME", varType(types.VarChar, false)),
	field(5, "_FILE_SIZE", scalar(types.BigInt, false)),
	field(6, "_ROW_COUNT", scalar(types.BigInt, false)),
	field(7, "_DELETIONS_VECTORS_RANGES", arrayOf(rowOf(true,
		field(0, "f0", varType(types.VarChar, false)),
		field(1, "f1", scalar(types.Int, false)),
		field(2, "f2", scalar(types.Int, false)),
		field(3, "_CARDINALITY", scalar(types.BigInt, true))), true)),
	field(8, "_EXTERNAL_PATH", varType(types.VarChar, true)),
	field(9, "_GLOBAL_INDEX", rowOf(true,
		field(0, "_ROW_RANGE_START", scalar(types.BigInt, false)),
		field(1, "_ROW_RANGE_END", scalar(types.BigInt, false)),
		field(2, "_INDEX_FIELD_ID", scalar(types.Int, false)),
		field(3, "_EXTRA_FIELD_IDS", arrayOf(scalar(types.Int, false), true)),
		field(4, "_INDEX_META", varType(types.VarBinary, true)))),
}
