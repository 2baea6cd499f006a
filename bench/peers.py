#!/usr/bin/env python3
"""Times the same queries against paimon-sql, MariaDB and DuckDB (see peers.sh).

paimon-sql and MariaDB are queried through the mysql command-line client
(--batch --quick --skip-ssl, output to /dev/null; paimon-sql offers TLS and
the client would otherwise spend 20-30 ms of every run on the handshake), DuckDB in process over the Paimon
table's Parquet data files. Each workload runs --repeat times; the order of
the sides rotates on every repetition. Prints medians and ratios.
"""
import argparse
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--paimon-port", type=int, required=True)
    ap.add_argument("--paimon-db", default="bench")
    ap.add_argument("--mariadb-socket", default="")
    ap.add_argument("--mariadb-db", default="bench")
    ap.add_argument("--parquet-glob", default="")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lookups", type=int, default=20)
    ap.add_argument("--markdown", default="", help="also write the table as Markdown to this file")
    a = ap.parse_args()

    sides = {}

    def mysql_side(args):
        def run(sql):
            t0 = time.perf_counter()
            p = subprocess.run(["mysql", "--batch", "--quick", "--skip-column-names", "--skip-ssl", *args],
                               input=sql.encode(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            d = time.perf_counter() - t0
            if p.returncode != 0:
                raise RuntimeError(p.stderr.decode().strip())
            return d
        return run

    sides["paimon-sql"] = mysql_side(["-h127.0.0.1", f"-P{a.paimon_port}", "-uroot", a.paimon_db])
    if a.mariadb_socket:
        sides["MariaDB"] = mysql_side([f"--socket={a.mariadb_socket}", "-uroot", a.mariadb_db])
    if a.parquet_glob:
        import duckdb
        con = duckdb.connect()
        con.execute(f"CREATE VIEW t AS SELECT * FROM read_parquet('{a.parquet_glob}')")
        n = con.execute("SELECT COUNT(*) FROM t").fetchone()[0]
        if n != a.rows:
            sys.exit(f"duckdb sees {n} rows, want {a.rows}")

        def duck(sql):
            t0 = time.perf_counter()
            for stmt in filter(None, (s.strip() for s in sql.split(";"))):
                con.execute(stmt).fetchall()
            return time.perf_counter() - t0
        sides["DuckDB"] = duck

    step = max(1, a.rows // a.lookups)
    keys = [(i * step + 7919 * i) % a.rows for i in range(a.lookups)]
    lookups = "".join(f"SELECT * FROM t WHERE id = {k};\n" for k in keys)
    workloads = [
        ("baseline `SELECT 1` (mysql client start + connect without TLS; DuckDB: one query)", "SELECT 1;", 1),
        ("full scan `SELECT * FROM t` to the client", "SELECT * FROM t;", 1),
        ("`SELECT COUNT(*) FROM t`", "SELECT COUNT(*) FROM t;", 1),
        ("`SELECT COUNT(*), SUM(id), SUM(v) FROM t`", "SELECT COUNT(*), SUM(id), SUM(v) FROM t;", 1),
        ("`SELECT id % 100, COUNT(*), SUM(v) FROM t WHERE v < 6000 GROUP BY 1`",
         "SELECT id % 100, COUNT(*), SUM(v) FROM t WHERE v < 6000 GROUP BY 1;", 1),
        (f"point lookup `WHERE id = ?` (mean of {a.lookups}, one connection)", lookups, a.lookups),
    ]
    names = list(sides)
    times = {(w[0], s): [] for w in workloads for s in names}
    for rep in range(a.repeat):
        order = names[rep % len(names):] + names[:rep % len(names)]
        for title, sql, div in workloads:
            for s in order:
                d = sides[s](sql) / div
                times[(title, s)].append(d)
                print(f"rep {rep + 1} {s:10s} {d * 1000:10.1f} ms  {title}", file=sys.stderr, flush=True)

    def fmt(sec):
        return f"{sec:.2f} s" if sec >= 1 else f"{sec * 1000:.1f} ms"

    head = ["Workload", "paimon-sql"] + [s for s in names if s != "paimon-sql"] + \
        [f"paimon-sql / {s}" for s in names if s != "paimon-sql"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for title, _, _ in workloads:
        med = {s: statistics.median(times[(title, s)]) for s in names}
        row = [title, fmt(med["paimon-sql"])] + [fmt(med[s]) for s in names if s != "paimon-sql"] + \
            [f"{med['paimon-sql'] / med[s]:.1f}×" for s in names if s != "paimon-sql"]
        lines.append("| " + " | ".join(row) + " |")
    out = "\n".join(lines) + "\n"
    print(out)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(out)


if __name__ == "__main__":
    main()
