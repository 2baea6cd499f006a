"""Runs statements with PyMySQL on one connection, in order, and prints one
JSON document: for each statement its column names and rows (values as
text, NULL as null) or its error (MySQL number and message). A statement
that fails does not stop the others: the connection must stay usable.

Usage: python3 pymysql_statements.py HOST PORT STATEMENTS_JSON
"""
import json
import sys

import pymysql


def main():
    host, port, statements = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    conn = pymysql.connect(host=host, port=port, user="root", password="", autocommit=True)
    out = []
    for sql in statements:
        res = {"sql": sql}
        try:
            with conn.cursor() as cur:
                cur.execute(sql)
                res["columns"] = [d[0] for d in cur.description or []]
                res["rows"] = [[None if v is None else str(v) for v in row] for row in cur.fetchall()]
        except pymysql.MySQLError as e:
            res["error"] = [e.args[0], str(e.args[1]) if len(e.args) > 1 else ""]
        except Exception as e:  # the driver itself failed to read the answer
            res["error"] = [0, "%s: %s" % (type(e).__name__, e)]
        out.append(res)
    print(json.dumps(out))


main()
