"""Reads a Paimon table with pypaimon and prints its rows as JSON.

Usage: read.py WAREHOUSE DB.TABLE [SNAPSHOT_ID]

Prints {"rows": [[...], ...]} with values in the interop tests' neutral form
(decimals, dates, times and timestamps as text, binary as base64,
rows and maps as objects), or
{"error": "..."} when pypaimon cannot read the table.
"""
import base64
import datetime
import decimal
import json
import sys

from pypaimon import CatalogFactory


def neutral(v):
    """Converts a value from pyarrow's to_pylist to the neutral JSON form."""
    if isinstance(v, (bytes, bytearray)):
        return base64.b64encode(bytes(v)).decode()
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, datetime.datetime):
        return v.replace(tzinfo=None).isoformat(sep=" ")
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, list):
        # pyarrow gives a MAP as a list of (key, value) tuples.
        if v and all(isinstance(e, tuple) and len(e) == 2 for e in v):
            return {str(neutral(k)): neutral(x) for k, x in v}
        return [neutral(e) for e in v]
    if isinstance(v, dict):  # a ROW, by field name
        return {k: neutral(x) for k, x in v.items()}
    return v


def main():
    warehouse, name = sys.argv[1], sys.argv[2]
    try:
        catalog = CatalogFactory.create({"warehouse": warehouse})
        table = catalog.get_table(name)
        if len(sys.argv) > 3:
            table = table.copy({"scan.snapshot-id": sys.argv[3]})
        rb = table.new_read_builder()
        splits = rb.new_scan().plan().splits()
        arrow = rb.new_read().to_arrow(splits)
        rows = []
        if arrow is not None:
            cols = [arrow.column(i).to_pylist() for i in range(arrow.num_columns)]
            rows = [[neutral(c[r]) for c in cols] for r in range(arrow.num_rows)]
        print(json.dumps({"rows": rows}))
    except Exception as e:  # reported to the Go test as an unsupported feature
        print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}))


main()
