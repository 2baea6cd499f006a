package schema

import (
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Names Java reserves for its system columns (SpecialFields).
const keyFieldPrefix = "_KEY_"

var systemFieldNames = []string{"_SEQUENCE_NUMBER", "_VALUE_KIND", "_LEVEL", "rowkind", "_ROW_ID"}

// normalizeKeys applies what Java's Schema constructor does before a schema
// is stored: 'primary-key' and 'partition' options become the key lists,
// the key lists must name existing columns without repeats, and primary-key
// columns become NOT NULL. It returns the new fields and key lists and
// removes the two options from opts.
func normalizeKeys(fields []types.DataField, partitionKeys, primaryKeys []string, opts options.Options) ([]types.DataField, []string, []string, error) {
	var err error
	if partitionKeys, err = keysFromOption(opts, options.Partition.Key, partitionKeys, "partition"); err != nil {
		return nil, nil, nil, err
	}
	if primaryKeys, err = keysFromOption(opts, options.PrimaryKey.Key, primaryKeys, "primary key"); err != nil {
		return nil, nil, nil, err
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	if d := duplicates(names); len(d) > 0 {
		return nil, nil, nil, fmt.Errorf("table columns %v must not contain duplicate names; found: %v", names, d)
	}
	if d := duplicates(partitionKeys); len(d) > 0 {
		return nil, nil, nil, fmt.Errorf("partition keys %v must not contain duplicate columns; found: %v", partitionKeys, d)
	}
	if missing := missingFrom(names, partitionKeys); len(missing) > 0 {
		return nil, nil, nil, fmt.Errorf("partition keys %v name columns that do not exist: %v", partitionKeys, missing)
	}
	if len(primaryKeys) == 0 {
		return fields, partitionKeys, primaryKeys, nil
	}
	if d := duplicates(primaryKeys); len(d) > 0 {
		return nil, nil, nil, fmt.Errorf("primary key %v must not contain duplicate columns; found: %v", primaryKeys, d)
	}
	if missing := missingFrom(names, primaryKeys); len(missing) > 0 {
		return nil, nil, nil, fmt.Errorf("primary key %v names columns that do not exist: %v", primaryKeys, missing)
	}
	out := make([]types.DataField, len(fields))
	for i, f := range fields {
		if contains(primaryKeys, f.Name) {
			f.Type = f.Type.WithNullable(false)
		}
		out[i] = f
	}
	return out, partitionKeys, primaryKeys, nil
}

// keysFromOption moves a comma-separated key list out of an option.
func keysFromOption(opts options.Options, key string, declared []string, what string) ([]string, error) {
	v, ok := opts[key]
	if !ok {
		return declared, nil
	}
	if len(declared) > 0 {
		return nil, fmt.Errorf("cannot define the %s both in the DDL and with option '%s'", what, key)
	}
	delete(opts, key)
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out, nil
}

func duplicates(names []string) []string {
	seen := map[string]int{}
	var out []string
	for _, n := range names {
		seen[n]++
		if seen[n] == 2 {
			out = append(out, n)
		}
	}
	return out
}

func missingFrom(all, names []string) []string {
	var out []string
	for _, n := range names {
		if !contains(all, n) {
			out = append(out, n)
		}
	}
	return out
}

// validate runs the checks of Java's TableSchema constructor and
// SchemaValidation.validateTableSchema that apply to a table paimon-sql
// writes. Checks of engine-specific features (merge-function factories,
// chain tables, scan start-up modes) are left to the engines that use them.
func validate(s *spec.TableSchema) error {
	if err := options.Validate(s.Options); err != nil {
		return err
	}
	o := s.Options
	names := s.FieldNames()
	if len(s.PrimaryKeys) > 0 && len(missingFrom(s.PartitionKeys, s.PrimaryKeys)) == 0 {
		return fmt.Errorf("primary key %v must not consist of partition keys %v only: each partition would hold a single row; add a non-partition column to the primary key",
			s.PrimaryKeys, s.PartitionKeys)
	}
	bucketKeys, err := validBucketKeys(s)
	if err != nil {
		return err
	}
	upsertKeys := optionList(o, options.UpsertKey.Key, ",")
	for _, c := range []struct {
		keys []string
		what string
	}{{s.PrimaryKeys, "primary key"}, {s.PartitionKeys, "partition"}, {upsertKeys, "upsert key"}} {
		if err := onlyPrimitive(s, c.keys, c.what); err != nil {
			return err
		}
	}
	if len(upsertKeys) > 0 && len(s.PrimaryKeys) > 0 {
		return fmt.Errorf("cannot define 'upsert-key' %v together with the primary key %v", upsertKeys, s.PrimaryKeys)
	}
	if err := validateBucket(s, o, bucketKeys); err != nil {
		return err
	}
	if err := validateFieldsPrefix(s); err != nil {
		return err
	}
	if err := validateSequenceField(s, o); err != nil {
		return err
	}
	if err := validateChangelogProducer(s, o); err != nil {
		return err
	}
	if err := validateRetention(o); err != nil {
		return err
	}
	if err := validateFileFormats(s, o); err != nil {
		return err
	}
	// Java builds the merge function's factory when a schema is validated
	// (a sequence group naming a missing column fails there); paimon-sql
	// also refuses here what its factory would refuse at the first write or
	// read, such as sum on a VARCHAR, which Java accepts and then can never
	// write.
	engine, err := mergefunc.NewEngine(o)
	if err != nil {
		return err
	}
	if err := engine.Validate(s.Fields, s.PrimaryKeys); err != nil {
		return err
	}
	for _, n := range names {
		if contains(systemFieldNames, n) {
			return fmt.Errorf("column name '%s' is reserved for a Paimon system column (%s); rename the column", n, strings.Join(systemFieldNames, ", "))
		}
		if strings.HasPrefix(n, keyFieldPrefix) {
			return fmt.Errorf("column name '%s' must not start with '%s', which Paimon reserves for key columns; rename the column", n, keyFieldPrefix)
		}
	}
	if options.PartitionExpirationTime.IsSet(s.Options) && len(s.PartitionKeys) == 0 {
		return fmt.Errorf("cannot set '%s' on a table without partitions", options.PartitionExpirationTime.Key)
	}
	if err := validateRecordLevelTimeField(s, o); err != nil {
		return err
	}
	if f, ok := options.RowkindField.Stored(s.Options); ok && !contains(names, f) {
		return fmt.Errorf("option '%s' names column '%s', which does not exist", options.RowkindField.Key, f)
	}
	if err := validateVectorFields(s, o); err != nil {
		return err
	}
	if err := validateBlobFields(s, o); err != nil {
		return err
	}
	if err := validateRowTracking(s, o); err != nil {
		return err
	}
	if err := validateIncrementalClustering(s, o); err != nil {
		return err
	}
	if b, _ := options.TableReadSequenceNumberEnabled.Get(o); b && len(s.PrimaryKeys) == 0 {
		return fmt.Errorf("option '%s' needs a primary-key table: sequence numbers exist only there", options.TableReadSequenceNumberEnabled.Key)
	}
	return validatePkClusteringOverride(o)
}

// validateFileFormats refuses columns a format the table writes cannot
// store ('file.format', its per-level map and 'changelog-file.format'), as
// Java's SchemaValidation does for 'file.format': a table created or
// altered into Avro with TIMESTAMP(9) could not be loaded by Java.
func validateFileFormats(s *spec.TableSchema, o options.Options) error {
	names := []string{options.FileFormat.Default}
	if f := options.FileFormat.Text(o); f != "" {
		names[0] = f
	}
	if f := options.ChangelogFileFormat.Text(o); f != "" {
		names = append(names, f)
	}
	perLevel, err := o.LevelMap(options.FileFormatPerLevel)
	if err != nil {
		return err
	}
	for _, f := range perLevel {
		names = append(names, f)
	}
	for _, name := range names {
		if err := format.ValidateFields(name, s.Fields); err != nil {
			return fmt.Errorf("'file.format' = '%s': %w", strings.ToLower(name), err)
		}
	}
	return nil
}

// validBucketKeys checks 'bucket-key' as the TableSchema constructor does
// and returns the effective bucket keys (the trimmed primary key by default).
func validBucketKeys(s *spec.TableSchema) ([]string, error) {
	raw := options.BucketKey.Text(s.Options)
	if strings.TrimSpace(raw) == "" {
		return s.TrimmedPrimaryKeys(), nil
	}
	keys := strings.Split(raw, ",")
	if missing := missingFrom(s.FieldNames(), keys); len(missing) > 0 {
		return nil, fmt.Errorf("bucket keys %v name columns that do not exist: %v", keys, missing)
	}
	for _, k := range keys {
		if contains(s.PartitionKeys, k) {
			return nil, fmt.Errorf("bucket key '%s' is a partition key %v; bucket keys must be other columns", k, s.PartitionKeys)
		}
	}
	if len(s.PrimaryKeys) > 0 {
		if missing := missingFrom(s.PrimaryKeys, keys); len(missing) > 0 {
			return nil, fmt.Errorf("bucket keys %v must be primary-key columns %v; not: %v", keys, s.PrimaryKeys, missing)
		}
	}
	return keys, nil
}

func onlyPrimitive(s *spec.TableSchema, keys []string, what string) error {
	for _, k := range keys {
		f, _, ok := s.Field(k)
		if !ok {
			return fmt.Errorf("%s column '%s' does not exist", what, k)
		}
		switch f.Type.Kind {
		case types.Map, types.Array, types.Row, types.Multiset:
			return fmt.Errorf("%s column '%s' has type %s; %s columns cannot be ARRAY, MAP, MULTISET or ROW", what, k, f.Type.SQL(), what)
		}
	}
	return nil
}

func validateBucket(s *spec.TableSchema, o options.Options, bucketKeys []string) error {
	buckets, err := o.Bucket()
	if err != nil {
		return err
	}
	switch {
	case buckets == bucket.Dynamic:
		if options.BucketKey.IsSet(s.Options) {
			return fmt.Errorf("cannot define 'bucket-key' with bucket = -1: remove 'bucket-key' or set 'bucket' to a number of buckets")
		}
		if options.FullCompactionDeltaCommits.IsSet(s.Options) && len(s.PrimaryKeys) == 0 {
			return fmt.Errorf("append tables with bucket = -1 do not support '%s'", options.FullCompactionDeltaCommits.Key)
		}
	case buckets < 1 && !(buckets == bucket.Postpone && len(s.PrimaryKeys) > 0):
		return fmt.Errorf("'bucket' = %d is not valid: use a number of buckets > 0, -1 (dynamic, or unaware for append tables) or -2 (postpone, primary-key tables only)", buckets)
	default:
		if len(s.PrimaryKeys) == 0 && len(bucketKeys) == 0 {
			return fmt.Errorf("an append table with 'bucket' = %d needs a 'bucket-key' option naming the columns to bucket by", buckets)
		}
		for _, k := range bucketKeys {
			if f, _, ok := s.Field(k); ok {
				switch f.Type.Kind {
				case types.Array, types.Multiset, types.Map, types.Row:
					return fmt.Errorf("bucket key '%s' has nested type %s; bucket keys must be atomic columns", k, f.Type.SQL())
				}
			}
		}
	}
	return nil
}

// validateFieldsPrefix checks that 'fields.<a,b>.<setting>' options name
// existing columns.
func validateFieldsPrefix(s *spec.TableSchema) error {
	names := s.FieldNames()
	for k := range s.Options {
		if !strings.HasPrefix(k, options.FieldsPrefix) || k == options.FieldsDefaultAggregateFunction.Key {
			continue
		}
		parts := strings.Split(k, ".")
		if len(parts) < 2 {
			continue
		}
		for _, f := range strings.Split(parts[1], ",") {
			if !contains(names, f) {
				return fmt.Errorf("option '%s' names column '%s', which does not exist", k, f)
			}
		}
	}
	return nil
}

func validateSequenceField(s *spec.TableSchema, o options.Options) error {
	raw, ok := options.SequenceField.Stored(s.Options)
	if !ok {
		return nil
	}
	fields := strings.Split(raw, ",")
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	names := s.FieldNames()
	for i, f := range fields {
		if !contains(names, f) {
			return fmt.Errorf("sequence field '%s' does not exist", f)
		}
		if _, agg := s.Options.Field(f, options.FieldAggregateFunction); agg {
			return fmt.Errorf("sequence field '%s' must not have an aggregate function", f)
		}
		if contains(fields[:i], f) {
			return fmt.Errorf("sequence field '%s' is listed more than once", f)
		}
	}
	if crossPartitionUpdate(s) {
		return fmt.Errorf("'sequence.field' cannot be used when the primary key %v does not include all partition keys %v", s.PrimaryKeys, s.PartitionKeys)
	}
	return nil
}

func crossPartitionUpdate(s *spec.TableSchema) bool {
	return len(s.PrimaryKeys) > 0 && len(s.PartitionKeys) > 0 && len(missingFrom(s.PrimaryKeys, s.PartitionKeys)) > 0
}

func validateChangelogProducer(s *spec.TableSchema, o options.Options) error {
	producer, _ := o.ChangelogProducer()
	if len(s.PrimaryKeys) == 0 && producer != options.ChangelogProducerNone {
		return fmt.Errorf("'changelog-producer' = '%s' needs a primary key; define one or remove the option", producer)
	}
	overwrite, _ := options.StreamingReadOverwrite.Get(o)
	if overwrite && (producer == options.ChangelogProducerFullCompaction || producer == options.ChangelogProducerLookup) {
		return fmt.Errorf("cannot set '%s' = true with changelog producer '%s': it would read duplicated changes", options.StreamingReadOverwrite.Key, producer)
	}
	if overwrite && len(s.PrimaryKeys) == 0 {
		return fmt.Errorf("'%s' needs a primary key; for append tables use 'streaming-read-append-overwrite'", options.StreamingReadOverwrite.Key)
	}
	if o.DeletionVectorsEnabled() && producer != options.ChangelogProducerNone && producer != options.ChangelogProducerInput && producer != options.ChangelogProducerLookup {
		return fmt.Errorf("deletion vectors support only changelog producers 'none', 'input' and 'lookup'")
	}
	return nil
}

func validateRetention(o options.Options) error {
	snapMin, _ := o.SnapshotNumRetainedMin()
	snapMax, _ := o.SnapshotNumRetainedMax()
	// Each count is at least 1 by its range (optionRanges).
	if snapMin > snapMax {
		return fmt.Errorf("'%s' must not be larger than '%s'", options.SnapshotNumRetainedMin.Key, options.SnapshotNumRetainedMax.Key)
	}
	chMin, _ := o.ChangelogNumRetainedMin()
	chMax, _ := o.ChangelogNumRetainedMax()
	if chMin > chMax {
		return fmt.Errorf("'%s' must not be larger than '%s'", options.ChangelogNumRetainedMin.Key, options.ChangelogNumRetainedMax.Key)
	}
	return nil
}

func validateRecordLevelTimeField(s *spec.TableSchema, o options.Options) error {
	name, ok := options.RecordLevelTimeField.Stored(s.Options)
	if !ok {
		return nil
	}
	f, _, found := s.Field(name)
	if !found {
		return fmt.Errorf("option '%s' names column '%s', which does not exist", options.RecordLevelTimeField.Key, name)
	}
	switch f.Type.Kind {
	case types.Int, types.BigInt, types.Timestamp, types.TimestampLTZ:
		return nil
	}
	return fmt.Errorf("record-level time field '%s' has type %s; use INT, BIGINT, TIMESTAMP or TIMESTAMP_LTZ", name, f.Type.SQL())
}

func validateVectorFields(s *spec.TableSchema, o options.Options) error {
	raw := strings.TrimSpace(options.VectorField.Text(s.Options))
	if raw == "" {
		return nil
	}
	for _, name := range strings.Split(raw, ",") {
		f, _, ok := s.Field(name)
		if !ok {
			return fmt.Errorf("option '%s' names column '%s', which does not exist", options.VectorField.Key, name)
		}
		if f.Type.Kind != types.Vector {
			return fmt.Errorf("column '%s' is listed in '%s' and must have type VECTOR, not %s", name, options.VectorField.Key, f.Type.SQL())
		}
	}
	return nil
}

func validateBlobFields(s *spec.TableSchema, o options.Options) error {
	var blobs []string
	for _, f := range s.Fields {
		if f.Type.Kind == types.Blob {
			blobs = append(blobs, f.Name)
		}
	}
	descriptors := optionList(o, options.BlobDescriptorField.Key, ",")
	for _, f := range descriptors {
		if !contains(blobs, f) {
			return fmt.Errorf("column '%s' in '%s' must be a BLOB column", f, options.BlobDescriptorField.Key)
		}
	}
	external := optionList(o, options.BlobExternalStorageField.Key, ",")
	for _, f := range external {
		if !contains(blobs, f) {
			return fmt.Errorf("column '%s' in '%s' must be a BLOB column", f, options.BlobExternalStorageField.Key)
		}
		if !contains(descriptors, f) {
			return fmt.Errorf("column '%s' in '%s' must also be in '%s'", f, options.BlobExternalStorageField.Key, options.BlobDescriptorField.Key)
		}
	}
	if len(external) > 0 && options.BlobExternalStoragePath.Text(s.Options) == "" {
		return fmt.Errorf("'%s' must be set when '%s' is", options.BlobExternalStoragePath.Key, options.BlobExternalStorageField.Key)
	}
	if len(blobs) > 0 {
		if de, _ := options.DataEvolutionEnabled.Get(o); !de {
			return fmt.Errorf("a table with a BLOB column needs '%s' = true", options.DataEvolutionEnabled.Key)
		}
		if len(s.Fields) == len(blobs) {
			return fmt.Errorf("a table with BLOB columns must also have other columns")
		}
		for _, b := range blobs {
			if contains(s.PartitionKeys, b) {
				return fmt.Errorf("BLOB column '%s' cannot be a partition key", b)
			}
		}
	}
	return nil
}

func validateRowTracking(s *spec.TableSchema, o options.Options) error {
	rowTracking, _ := options.RowTrackingEnabled.Get(o)
	if rowTracking {
		if b, _ := o.Bucket(); b != bucket.Unaware {
			return fmt.Errorf("row tracking ('%s') supports only 'bucket' = -1", options.RowTrackingEnabled.Key)
		}
		if len(s.PrimaryKeys) > 0 {
			return fmt.Errorf("row tracking ('%s') is not supported on primary-key tables", options.RowTrackingEnabled.Key)
		}
	}
	if de, _ := options.DataEvolutionEnabled.Get(o); de {
		if !rowTracking {
			return fmt.Errorf("'%s' needs '%s' = true", options.DataEvolutionEnabled.Key, options.RowTrackingEnabled.Key)
		}
		if o.DeletionVectorsEnabled() {
			return fmt.Errorf("'%s' cannot be combined with 'deletion-vectors.enabled'", options.DataEvolutionEnabled.Key)
		}
		if ci, _ := options.ClusteringIncremental.Get(o); ci {
			return fmt.Errorf("'%s' cannot be combined with '%s'", options.DataEvolutionEnabled.Key, options.ClusteringIncremental.Key)
		}
	}
	return nil
}

func validateIncrementalClustering(s *spec.TableSchema, o options.Options) error {
	if ci, _ := options.ClusteringIncremental.Get(o); !ci {
		return nil
	}
	if len(s.PrimaryKeys) > 0 {
		return fmt.Errorf("'%s' is not supported on primary-key tables", options.ClusteringIncremental.Key)
	}
	if b, _ := o.Bucket(); b != bucket.Unaware {
		if ordered, _ := options.BucketAppendOrdered.Get(o); ordered {
			return fmt.Errorf("'%s' must be false for an incremental clustering table", options.BucketAppendOrdered.Key)
		}
		if o.DeletionVectorsEnabled() {
			return fmt.Errorf("an incremental clustering table with 'bucket' != -1 cannot enable deletion vectors")
		}
	}
	return nil
}

func validatePkClusteringOverride(o options.Options) error {
	if on, _ := options.PKClusteringOverride.Get(o); !on {
		return nil
	}
	switch {
	case len(optionList(o, options.ClusteringColumns.Key, ",")) == 0:
		return fmt.Errorf("'%s' needs '%s'", options.PKClusteringOverride.Key, options.ClusteringColumns.Key)
	case !o.DeletionVectorsEnabled():
		return fmt.Errorf("'%s' needs 'deletion-vectors.enabled' = true", options.PKClusteringOverride.Key)
	case options.RecordLevelExpireTime.Text(o) != "":
		return fmt.Errorf("'%s' cannot be combined with '%s'", options.PKClusteringOverride.Key, options.RecordLevelExpireTime.Key)
	case len(o.SequenceFields()) > 0:
		return fmt.Errorf("'%s' cannot be combined with 'sequence.field'", options.PKClusteringOverride.Key)
	}
	if p, _ := o.ChangelogProducer(); p != options.ChangelogProducerNone && p != options.ChangelogProducerInput {
		return fmt.Errorf("'%s' supports only changelog producers 'none' and 'input'", options.PKClusteringOverride.Key)
	}
	return nil
}

// optionList splits a list option the way CoreOptions does (no trimming).
func optionList(o options.Options, key, sep string) []string {
	v := o[key]
	if v == "" {
		return nil
	}
	return strings.Split(v, sep)
}

// checkCreateOptions is CatalogUtils.validateCreateTable's option check.
func checkCreateOptions(opts options.Options) error {
	// A typo must not be stored silently: Java would keep it and ignore it.
	if err := options.CheckKeys(opts); err != nil {
		return err
	}
	if on, _ := options.AutoCreate.Get(opts); on {
		return fmt.Errorf("option '%s' must be false", options.AutoCreate.Key)
	}
	if options.Path.IsSet(opts) {
		// Java's FileSystemCatalog refuses it too (allowCustomTablePath):
		// the table is where the catalog puts it.
		return fmt.Errorf("option '%s' cannot be set: a table of this catalog is where its database and name put it", options.Path.Key)
	}
	if v, ok := options.Branch.Stored(opts); ok {
		return checkBranchOption(v)
	}
	return nil
}

// checkBranchOption refuses storing 'branch' other than 'main': it is the
// branch a Java read of the table opens (branch/branch-<value>, a directory
// a value such as '../..' would take out of the table), a choice of each
// read, not of the table.
func checkBranchOption(value string) error {
	if value == "main" {
		return nil
	}
	return fmt.Errorf("option '%s' = '%s' cannot be stored: it would make Java read that branch (a directory of the table) instead of the table; read a branch as t$branch_<name>", options.Branch.Key, value)
}
