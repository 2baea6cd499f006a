// paimon-sql client check with node's mysql2.
//
// Usage: node client.js HOST PORT DB TABLE NESTED_DB CALL [TYPES_DB TYPES_TABLE ERRORS_JSON]
//
// Prints one JSON document (see tests/clients_test.go); with TYPES_DB, its
// "types" member is the report of the every-type table and the errors
// (clientTypes in tests/clients_types_test.go).
'use strict';

const mysql = require('mysql2/promise');

function cells(rows) {
  return rows.map((r) => r.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v)) return JSON.stringify(v);
    return String(v);
  }));
}

async function main() {
  const [host, port, db, table, nested] = process.argv.slice(2, 7);
  const call = process.argv[7] || '';
  const out = { client: 'node' };
  const conn = await mysql.createConnection({ host, port: Number(port), user: 'root', password: '', database: db });
  try {
    let [rows] = await conn.query({ sql: 'SHOW TABLES', rowsAsArray: true });
    out.tables = rows.map((r) => r[0]).sort();

    [rows] = await conn.query({
      sql: 'SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
      values: [db, table], rowsAsArray: true,
    });
    out.columns = cells(rows);

    [rows] = await conn.query({ sql: 'SELECT COUNT(*) FROM ??', values: [table], rowsAsArray: true });
    out.count = Number(rows[0][0]);

    [rows] = await conn.query({ sql: 'SELECT snapshot_id FROM ?? ORDER BY snapshot_id', values: [table + '$snapshots'], rowsAsArray: true });
    out.snapshots = rows.map((r) => Number(r[0]));

    // query(): placeholders interpolated by the client; execute(): a
    // server-side prepared statement.
    const sql = 'SELECT * FROM `' + table + '` WHERE f2 = ? ORDER BY f0';
    [rows] = await conn.query({ sql, values: [1], rowsAsArray: true });
    out.param_rows = cells(rows);
    [rows] = await conn.execute({ sql, values: [1], rowsAsArray: true });
    out.prepared_rows = cells(rows);

    [rows] = await conn.query({ sql: 'SELECT * FROM ??.?? LIMIT 1', values: [nested, nested], rowsAsArray: true });
    out.nested_first = cells(rows)[0];

    if (call) {
      const [res] = await conn.query({ sql: call, rowsAsArray: true });
      // A CALL answers its result set, then an OK packet.
      out.call = cells(Array.isArray(res[0]) && Array.isArray(res[0][0]) ? res[0] : res.filter(Array.isArray));
      // The same procedure as a server-side prepared statement with
      // Paimon's named arguments, `table` unquoted as Spark writes it.
      await conn.execute({ sql: 'CALL sys.create_tag(table => ?, tag => ?, snapshot_id => ?)',
        values: [db + '.' + table, 'client_node_prepared', 1] });
    } else {
      out.call = 'skipped: no procedure to call';
    }
  } finally {
    await conn.end();
  }
  if (process.argv[8]) {
    out.types = await types(host, port, process.argv[8], process.argv[9], JSON.parse(process.argv[10]));
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

// types reads the every-type table as applications usually configure
// mysql2: dates as strings, BIGINT and DECIMAL as strings (no precision
// lost); VARBINARY as upper-case hex.
async function types(host, port, db, table, errors) {
  const conn = await mysql.createConnection({
    host, port: Number(port), user: 'root', password: '', database: db,
    dateStrings: true, supportBigNumbers: true, bigNumberStrings: true,
  });
  const text = (rows) => rows.map((r) => r.map((v) => {
    if (v === null) return 'NULL';
    if (Buffer.isBuffer(v)) return v.toString('hex').toUpperCase();
    return String(v);
  }));
  const t = {};
  try {
    await conn.query("SET time_zone = '+00:00'");
    let [rows] = await conn.query({ sql: 'SHOW DATABASES', rowsAsArray: true });
    t.databases = rows.map((r) => r[0]);
    [rows] = await conn.query({ sql: 'SHOW TABLES', rowsAsArray: true });
    t.tables = rows.map((r) => r[0]);
    [rows] = await conn.execute({
      sql: 'SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
      values: [db, table], rowsAsArray: true,
    });
    t.columns = text(rows);
    [rows] = await conn.query({ sql: 'SELECT * FROM ?? ORDER BY id', values: [table], rowsAsArray: true });
    t.text = text(rows);
    [rows] = await conn.execute({ sql: 'SELECT * FROM `' + table + '` WHERE id >= ? ORDER BY id', values: [1], rowsAsArray: true });
    t.prepared = text(rows);
    t.errors = [];
    for (const [mode, sql] of errors) {
      try {
        if (mode === 'prepared') await conn.execute(sql, [1]);
        else await conn.query(sql);
        t.errors.push(['none', '']);
      } catch (err) {
        t.errors.push([String(err.errno), err.sqlState || '']);
      }
    }
  } finally {
    await conn.end();
  }
  return t;
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack || err) + '\n');
  process.exit(1);
});
