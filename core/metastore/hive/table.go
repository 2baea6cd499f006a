package hive

import (
	"fmt"
	"math"
	"os/user"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/hive_metastore"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// The names Java Paimon's HiveCatalog writes for a Paimon table (paimon-hive-catalog
// HiveCatalog.java); Java's HiveCatalog lists only tables with these input and output formats.
const (
	inputFormatClass   = "org.apache.paimon.hive.mapred.PaimonInputFormat"
	outputFormatClass  = "org.apache.paimon.hive.mapred.PaimonOutputFormat"
	serdeClass         = "org.apache.paimon.hive.PaimonSerDe"
	storageHandlerKey  = "storage_handler" // hive_metastoreConstants.META_TABLE_STORAGE
	storageHandler     = "org.apache.paimon.hive.PaimonStorageHandler"
	tableTypeKey       = "table_type"
	paimonTableType    = "PAIMON"
	externalKey        = "EXTERNAL"
	commentKey         = "comment"
	managedTable       = "MANAGED_TABLE"
	externalTable      = "EXTERNAL_TABLE"
	locationInParamKey = "paimon_location" // LocationKeyExtractor.TBPROPERTIES_LOCATION_KEY
	hivePrefix         = "hive."
	// StatsSetupConst.CASCADE and DO_NOT_UPDATE_STATS: the environment of an alter.
	cascadeKey          = "CASCADE"
	doNotUpdateStatsKey = "DO_NOT_UPDATE_STATS"
)

// Options that map a table's partitions into the metastore. Java then also registers every
// partition on commit, which paimon-sql does not, so such tables are refused.
var metastorePartitionOptions = []string{options.MetastorePartitionedTable.Key, options.MetastoreTagToPartition.Key}

// isPaimonTable is Java's HiveCatalog.isPaimonTable.
func isPaimonTable(t *hive_metastore.Table) bool {
	return t.Sd != nil && t.Sd.InputFormat == inputFormatClass && t.Sd.OutputFormat == outputFormatClass
}

// tableLocation is where the metastore records the table's directory: Java's
// TBPropertiesLocationHelper ('location-in-properties') keeps it in a parameter, the
// default StorageLocationHelper in the storage descriptor.
func tableLocation(t *hive_metastore.Table) string {
	if loc, ok := t.Parameters[locationInParamKey]; ok {
		return loc
	}
	if t.Sd == nil {
		return ""
	}
	return t.Sd.Location
}

// isExternal is Java's HiveCatalog.usingExternalTable plus an explicit 'path' option.
func (m *Metastore) isExternal(opts map[string]string) bool {
	if _, ok := opts["path"]; ok {
		return true
	}
	v, ok := opts[strings.ToLower(externalKey)]
	if !ok {
		v = opts[externalKey]
	}
	return m.cfg.ExternalTables || strings.EqualFold(v, "TRUE")
}

// newHiveTable is Java's HiveCatalog.createHiveTable for a Paimon (not a format) table.
func (m *Metastore) newHiveTable(db, name, location string, s *spec.TableSchema) (*hive_metastore.Table, error) {
	now := int32(time.Now().Unix())
	t := &hive_metastore.Table{
		TableName:      name,
		DbName:         db,
		Owner:          currentUser(),
		CreateTime:     now,
		LastAccessTime: now,
		Retention:      math.MaxInt32,
		PartitionKeys:  []*hive_metastore.FieldSchema{},
		Parameters:     m.syncedParameters(s),
		TableType:      managedTable,
	}
	t.Parameters[tableTypeKey] = paimonTableType
	t.Parameters[storageHandlerKey] = storageHandler
	if m.isExternal(s.Options) {
		t.TableType = externalTable
		t.Parameters[externalKey] = "TRUE"
	}
	if err := updateHiveTable(t, s, location); err != nil {
		return nil, err
	}
	return t, nil
}

// syncedParameters are the table parameters Java copies from the schema: with
// 'sync-all-properties' (true by default) every option plus the primary, partition and
// bucket keys; otherwise only the 'hive.'-prefixed options (prefix removed) and two options
// other engines query in the metastore.
func (m *Metastore) syncedParameters(s *spec.TableSchema) map[string]string {
	params := map[string]string{}
	if m.cfg.SyncAllProperties {
		for k, v := range s.Options {
			params[k] = v
		}
		for k, v := range tableKeys(s) {
			params[k] = v
		}
		return params
	}
	for k, v := range s.Options {
		if strings.HasPrefix(k, hivePrefix) {
			params[strings.TrimPrefix(k, hivePrefix)] = v
		}
	}
	for _, k := range []string{options.PartitionExpirationTime.Key, options.DataFilePathDirectory.Key} {
		if v, ok := s.Options[k]; ok {
			params[k] = v
		}
	}
	return params
}

// tableKeys is Java's convertToPropertiesTableKey: the keys a schema file holds outside its
// options, as the options that declare them.
func tableKeys(s *spec.TableSchema) map[string]string {
	keys := map[string]string{}
	if len(s.PrimaryKeys) > 0 {
		keys["primary-key"] = strings.Join(s.PrimaryKeys, ",")
	}
	if len(s.PartitionKeys) > 0 {
		keys["partition"] = strings.Join(s.PartitionKeys, ",")
	}
	if bk := s.BucketKeys(); len(bk) > 0 {
		keys[options.BucketKey.Key] = strings.Join(bk, ",")
	}
	return keys
}

// updateHiveTable is Java's HiveCatalog.updateHmsTable for a Paimon table: formats, serde,
// columns, comment and location.
func updateHiveTable(t *hive_metastore.Table, s *spec.TableSchema, location string) error {
	for _, k := range metastorePartitionOptions {
		if v, ok := s.Options[k]; ok && v != "" && v != "false" {
			return fmt.Errorf("option '%s' is not supported with the Hive Metastore: paimon-sql does not register partitions in the metastore", k)
		}
	}
	sd := t.Sd
	if sd == nil {
		sd = &hive_metastore.StorageDescriptor{BucketCols: []string{}, SortCols: []*hive_metastore.Order{}, Parameters: map[string]string{}}
	}
	sd.InputFormat = inputFormatClass
	sd.OutputFormat = outputFormatClass
	if sd.SerdeInfo == nil {
		sd.SerdeInfo = &hive_metastore.SerDeInfo{}
	}
	sd.SerdeInfo.Parameters = map[string]string{}
	sd.SerdeInfo.SerializationLib = serdeClass
	cols := make([]*hive_metastore.FieldSchema, len(s.Fields))
	for i, f := range s.Fields {
		typeName, err := hiveTypeName(f.Type)
		if err != nil {
			return fmt.Errorf("column %s: %w", f.Name, err)
		}
		cols[i] = &hive_metastore.FieldSchema{Name: f.Name, Type: typeName, Comment: f.Description}
	}
	// Without 'metastore.partitioned-table' Java lists every column, partition keys too, and
	// declares no partition keys to the metastore.
	sd.Cols = cols
	t.Sd = sd
	if s.Comment != nil {
		t.Parameters[commentKey] = *s.Comment
	}
	if _, ok := t.Parameters[locationInParamKey]; ok {
		t.Parameters[locationInParamKey] = location
	} else {
		sd.Location = location
	}
	return nil
}

// alterParameters is Java's updateHmsTablePars after a schema change: the synced parameters
// of the new schema are set, and Paimon options the new schema no longer has are removed
// (Java removes the keys of RemoveOption changes; a key that is a Paimon option and absent
// from the new schema is exactly such a key when the metastore was in sync).
func (m *Metastore) alterParameters(t *hive_metastore.Table, s *spec.TableSchema) {
	if t.Parameters == nil {
		t.Parameters = map[string]string{}
	}
	synced := m.syncedParameters(s)
	for k := range t.Parameters {
		if _, kept := synced[k]; kept {
			continue
		}
		_, isOption := s.Options[k]
		if !isOption && options.CheckKey(k) == nil && m.cfg.SyncAllProperties {
			delete(t.Parameters, k)
		}
	}
	for k, v := range synced {
		t.Parameters[k] = v
	}
}

// currentUser is the table owner Java records: Hadoop's current user, which is the
// operating-system user without Kerberos.
func currentUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return "paimon-sql"
}
