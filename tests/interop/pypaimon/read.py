"""Reads a Paimon table with pypaimon and prints its rows as JSON.

Reads lines "WAREHOUSE<tab>DB.TABLE" on standard input (or, instead of the
warehouse, a JSON object of catalog options) (one process serves
a whole test run) and answers each with a JSON line: {"rows": [[...], ...]}
with values in the interop tests' neutral form
(decimals, dates, times and timestamps as text, binary as base64,
rows and maps as objects), or
{"error": "..."} when pypaimon cannot read the table.
"""
import base64
import datetime
import decimal
import json
import sys

import pyarrow as pa

from pypaimon import CatalogFactory


def neutral(v, t):
    """Converts a value of arrow type t from to_pylist to the neutral form."""
    if v is None:
        return None
    if pa.types.is_map(t):  # a list of (key, value) pairs
        return {str(neutral(k, t.key_type)): neutral(x, t.item_type) for k, x in v}
    if pa.types.is_struct(t):  # a ROW, by field name
        return {f.name: neutral(v[f.name], f.type) for f in t}
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t):
        return [neutral(e, t.value_type) for e in v]
    if isinstance(v, (bytes, bytearray)):
        return base64.b64encode(bytes(v)).decode()
    if isinstance(v, decimal.Decimal):
        return format(v, "f")
    if isinstance(v, datetime.datetime):
        return v.replace(tzinfo=None).isoformat(sep=" ")
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, float):
        return repr(v)
    return v


def column_values(col):
    """A column's values; timestamps as text, since datetime drops nanoseconds."""
    if pa.types.is_timestamp(col.type):
        return col.cast(pa.timestamp(col.type.unit)).cast(pa.string()).to_pylist()
    return col.to_pylist()


def read(warehouse, name):
    """The table's rows in the neutral form, or the error pypaimon gave."""
    try:
        # A JSON object is the options of another catalog (the REST catalog).
        options = json.loads(warehouse) if warehouse.startswith("{") else {"warehouse": warehouse}
        catalog = CatalogFactory.create(options)
        rb = catalog.get_table(name).new_read_builder()
        arrow = rb.new_read().to_arrow(rb.new_scan().plan().splits())
        rows = []
        if arrow is not None:
            cols = [column_values(arrow.column(i)) for i in range(arrow.num_columns)]
            types = [f.type for f in arrow.schema]
            rows = [[neutral(c[r], t) for c, t in zip(cols, types)]
                    for r in range(arrow.num_rows)]
        return {"rows": rows}
    except Exception as e:  # reported to the Go test
        return {"error": "%s: %s" % (type(e).__name__, e)}


def main():
    for line in sys.stdin:
        warehouse, name = line.rstrip("\n").split("\t")
        print(json.dumps(read(warehouse, name)), flush=True)


main()
