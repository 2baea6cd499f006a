"""paimon-sql client check with MySQL Connector/Python (mysql-connector-python).

Usage: python mysql_connector.py HOST PORT DB TABLE ERRORS_JSON

Connects as root with no password and prints one JSON document of what it
read (tests/clients_types_test.go, clientTypes): the databases, the tables
of DB, the columns of TABLE, its rows through plain cursors (text protocol)
and through a prepared cursor (server-side prepared statement, binary
protocol), and the error number and SQLSTATE of each statement of
ERRORS_JSON ([[mode, sql], ...]).
"""
import datetime
import decimal
import json
import sys

import mysql.connector


def cell(v):
    """A value as text: bytes as upper-case hex, datetimes as MySQL prints them."""
    if v is None:
        return "NULL"
    if isinstance(v, (bytes, bytearray)):
        return v.hex().upper()
    if isinstance(v, datetime.datetime):
        return v.strftime("%Y-%m-%d %H:%M:%S.%f")
    if isinstance(v, (datetime.date, decimal.Decimal)):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    return str(v)


def rows(cur):
    return [[cell(v) for v in r] for r in cur.fetchall()]


def main():
    host, port, db, table, errors = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
    out = {"client": "mysql-connector-python " + mysql.connector.__version__}
    conn = mysql.connector.connect(host=host, port=port, user="root", password="", database=db,
                                   time_zone="+00:00", use_pure=True)
    cur = conn.cursor()
    cur.execute("SHOW DATABASES")
    out["databases"] = [r[0] for r in cur.fetchall()]
    cur.execute("SHOW TABLES")
    out["tables"] = [r[0] for r in cur.fetchall()]
    cur.execute("SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS "
                "WHERE TABLE_SCHEMA = %s AND TABLE_NAME = %s ORDER BY ORDINAL_POSITION", (db, table))
    out["columns"] = rows(cur)
    cur.execute("SELECT * FROM `%s` ORDER BY id" % table)
    out["text"] = rows(cur)
    cur.close()

    prepared = conn.cursor(prepared=True)
    prepared.execute("SELECT * FROM `%s` WHERE id >= ? ORDER BY id" % table, (1,))
    out["prepared"] = rows(prepared)
    prepared.close()

    out["errors"] = []
    for mode, sql in errors:
        c = conn.cursor(prepared=(mode == "prepared"))
        try:
            c.execute(sql, (1,) if mode == "prepared" else ())
            c.fetchall()
            out["errors"].append(["none", ""])
        except mysql.connector.Error as e:
            out["errors"].append([str(e.errno), e.sqlstate or ""])
        finally:
            c.close()
    conn.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
