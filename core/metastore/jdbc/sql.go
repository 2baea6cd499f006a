package jdbc

// The catalog's tables and statements, as Java's JdbcUtils writes them
// (paimon-core/.../jdbc/JdbcUtils.java, 1.4.2): the same names, columns and
// keys, so that Java's JdbcCatalog and paimon-sql share one catalog. The
// CREATE statements add IF NOT EXISTS where Java first asks the driver's
// metadata whether the table exists.
const (
	createTablesTable = `CREATE TABLE IF NOT EXISTS paimon_tables(` +
		`catalog_key VARCHAR(255) NOT NULL,database_name VARCHAR(255) NOT NULL,table_name VARCHAR(255) NOT NULL,` +
		` PRIMARY KEY (catalog_key, database_name, table_name))`
	createDatabasePropertiesTable = `CREATE TABLE IF NOT EXISTS paimon_database_properties(` +
		`catalog_key VARCHAR(255) NOT NULL,database_name VARCHAR(255) NOT NULL,property_key VARCHAR(255),property_value VARCHAR(1000),` +
		`PRIMARY KEY (catalog_key, database_name, property_key))`
	createTablePropertiesTable = `CREATE TABLE IF NOT EXISTS paimon_table_properties(` +
		`catalog_key VARCHAR(255) NOT NULL,database_name VARCHAR(255) NOT NULL,table_name VARCHAR(255) NOT NULL,` +
		`property_key VARCHAR(255) NOT NULL,property_value VARCHAR(1000),` +
		`PRIMARY KEY (catalog_key, database_name, table_name, property_key))`
	// createLocksTable is the lock dialects' table (the same for SQLite,
	// MySQL and PostgreSQL); %d is lock-key-max-length.
	createLocksTable = `CREATE TABLE IF NOT EXISTS paimon_distributed_locks(` +
		`lock_id VARCHAR(%d) NOT NULL,acquired_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL,` +
		`expire_time_seconds BIGINT DEFAULT 0 NOT NULL,PRIMARY KEY (lock_id))`

	listTableDatabases    = `SELECT DISTINCT database_name FROM paimon_tables WHERE catalog_key = ?`
	listPropertyDatabases = `SELECT DISTINCT database_name FROM paimon_database_properties WHERE catalog_key = ?`
	getTableDatabase      = `SELECT database_name FROM paimon_tables WHERE catalog_key = ? AND database_name = ? LIMIT 1`
	getPropertyDatabase   = `SELECT database_name FROM paimon_database_properties WHERE catalog_key = ? AND database_name = ?`
	insertDatabaseProp    = `INSERT INTO paimon_database_properties (catalog_key, database_name, property_key, property_value) VALUES (?,?,?,?)`
	deleteDatabaseProps   = `DELETE FROM paimon_database_properties WHERE catalog_key = ? AND database_name = ?`
	deleteDatabaseTables  = `DELETE FROM paimon_tables WHERE catalog_key = ? AND database_name = ?`
	deleteDatabaseTblProp = `DELETE FROM paimon_table_properties WHERE catalog_key = ? AND database_name = ?`

	listTables       = `SELECT table_name FROM paimon_tables WHERE catalog_key = ? AND database_name = ?`
	getTable         = `SELECT table_name FROM paimon_tables WHERE catalog_key = ? AND database_name = ? AND table_name = ?`
	insertTable      = `INSERT INTO paimon_tables (catalog_key, database_name, table_name) VALUES (?,?,?)`
	dropTable        = `DELETE FROM paimon_tables WHERE catalog_key = ? AND database_name = ? AND table_name = ?`
	renameTable      = `UPDATE paimon_tables SET database_name = ? , table_name = ? WHERE catalog_key = ? AND database_name = ? AND table_name = ?`
	insertTableProp  = `INSERT INTO paimon_table_properties (catalog_key, database_name, table_name, property_key, property_value) VALUES (?,?,?,?,?)`
	deleteTableProps = `DELETE FROM paimon_table_properties WHERE catalog_key = ? AND database_name = ? AND table_name = ?`
	renameTableProps = `UPDATE paimon_table_properties SET database_name = ? , table_name = ? WHERE catalog_key = ? AND database_name = ? AND table_name = ?`

	lockAcquire = `INSERT INTO paimon_distributed_locks (lock_id,expire_time_seconds) VALUES (?,?)`
	lockRelease = `DELETE FROM paimon_distributed_locks WHERE lock_id = ?`
)

// releaseExpiredLock is each dialect's DELETE of the lock row held longer
// than its expire_time_seconds (Java's getTryReleaseTimedOutLock).
var releaseExpiredLock = map[string]string{
	"sqlite":     `DELETE FROM paimon_distributed_locks WHERE  strftime('%s', 'now') - strftime('%s', acquired_at) > expire_time_seconds and lock_id = ?`,
	"mysql":      `DELETE FROM paimon_distributed_locks WHERE TIMESTAMPDIFF(SECOND, acquired_at, NOW()) >expire_time_seconds and lock_id = ?`,
	"postgresql": `DELETE FROM paimon_distributed_locks WHERE EXTRACT(EPOCH FROM AGE(NOW(), acquired_at)) >expire_time_seconds and lock_id = ?`,
}
