// paimon-sql client check with node's mysql2.
//
// Usage: node client.js HOST PORT DB TABLE NESTED_DB [CALL]
//
// Prints one JSON document (see tests/clients_test.go).
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
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack || err) + '\n');
  process.exit(1);
});
