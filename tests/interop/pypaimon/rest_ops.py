"""Runs operations on a table through pypaimon's REST catalog.

Reads one JSON object on standard input: {"options": catalog options,
"table": "db.t", "ops": [...]}, each op one of {"write": [[id, name,
price], ...]} (one batch commit; price as text), {"createTag": name},
{"createBranch": name, "tag": tag} and {"rollbackTag": name}; prints one
JSON line, {"results": [{"ok": true} | {"error": "..."}, ...]}, an op
failing not stopping the next ones.
"""
import decimal
import json
import sys

import pyarrow as pa

from pypaimon import CatalogFactory
from pypaimon.table.instant import Instant


def write(catalog, name, rows):
    table = catalog.get_table(name)
    builder = table.new_batch_write_builder()
    writer = builder.new_write()
    commit = builder.new_commit()
    schema = pa.schema([("id", pa.int32(), False), ("name", pa.string()), ("price", pa.decimal128(10, 2))])
    data = pa.Table.from_pylist(
        [{"id": r[0], "name": r[1], "price": decimal.Decimal(r[2])} for r in rows], schema=schema)
    writer.write_arrow(data)
    commit.commit(writer.prepare_commit())
    writer.close()
    commit.close()


def run(catalog, name, op):
    if "write" in op:
        write(catalog, name, op["write"])
    elif "createTag" in op:
        catalog.create_tag(name, op["createTag"])
    elif "createBranch" in op:
        catalog.create_branch(name, op["createBranch"], op.get("tag"))
    elif "rollbackTag" in op:
        catalog.rollback_to(name, Instant.tag(op["rollbackTag"]))
    else:
        raise ValueError("unknown op %s" % op)


def main():
    req = json.loads(sys.stdin.read())
    catalog = CatalogFactory.create(req["options"])
    results = []
    for op in req["ops"]:
        try:
            run(catalog, req["table"], op)
            results.append({"ok": True})
        except Exception as e:  # reported to the Go test
            results.append({"error": "%s: %s" % (type(e).__name__, e)})
    print(json.dumps({"results": results}), flush=True)


main()
