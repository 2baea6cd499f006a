"""paimon-sql client check with PyMySQL, SQLAlchemy and pandas.

Usage: python3 python_client.py HOST PORT DB TABLE NESTED_DB.NESTED_TABLE [CALL_STATEMENT]

Connects as root with no password, as a user of these libraries would, and
prints one JSON document (see tests/clients_test.go for what is checked).
"""
import json
import sys
import warnings

import pandas as pd
import pymysql
import sqlalchemy
from sqlalchemy import inspect, text


def main():
    host, port, db, table, nested = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
    call = sys.argv[6] if len(sys.argv) > 6 else ""
    out = {"client": "python"}

    # PyMySQL: the DB-API, client-side parameter interpolation.
    conn = pymysql.connect(host=host, port=port, user="root", password="", database=db, charset="utf8mb4")
    with conn.cursor() as cur:
        cur.execute("SHOW TABLES")
        out["tables"] = sorted(r[0] for r in cur.fetchall())
        cur.execute("SELECT COUNT(*) FROM `%s`" % table)
        out["count"] = cur.fetchone()[0]
        cur.execute("SELECT snapshot_id FROM `%s$snapshots` ORDER BY snapshot_id" % table)
        out["snapshots"] = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT * FROM `%s` WHERE f2 = %%s ORDER BY f0" % table, (1,))
        out["param_rows"] = [[str(v) for v in r] for r in cur.fetchall()]
        if call:
            cur.execute(call)
            out["call"] = [[str(v) for v in r] for r in cur.fetchall()]
        else:
            out["call"] = "skipped: no procedure to call"
    conn.close()

    # SQLAlchemy: reflection parses SHOW CREATE TABLE with its regexes.
    engine = sqlalchemy.create_engine("mysql+pymysql://root:@%s:%d/%s?charset=utf8mb4" % (host, port, db))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        insp = inspect(engine)
        out["schemas"] = sorted(insp.get_schema_names())
        out["sa_tables"] = sorted(insp.get_table_names())
        out["sa_columns"] = [[c["name"], str(c["type"])] for c in insp.get_columns(table)]
        out["sa_pk"] = insp.get_pk_constraint(table)["constrained_columns"]
        ndb, ntable = nested.split(".")
        out["sa_nested_columns"] = [[c["name"], str(c["type"])] for c in insp.get_columns(ntable, schema=ndb)]
    out["sa_warnings"] = sorted(set(str(w.message) for w in caught))

    # pandas read_sql over SQLAlchemy.
    with engine.connect() as c:
        df = pd.read_sql(text("SELECT * FROM `%s` ORDER BY f0, f1, f2" % table), c)
        out["pandas_shape"] = list(df.shape)
        out["pandas_columns"] = list(df.columns)
        snaps = pd.read_sql(text("SELECT snapshot_id, commit_time FROM `%s$snapshots`" % table), c)
        out["pandas_snapshots"] = sorted(int(v) for v in snaps["snapshot_id"])
        out["pandas_commit_time_dtype"] = str(snaps["commit_time"].dtype)
        nested_df = pd.read_sql(text("SELECT * FROM %s LIMIT 1" % nested), c)
        out["pandas_nested_first"] = [str(v) for v in nested_df.iloc[0]]
    engine.dispose()
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
