#!/usr/bin/env bash
# Side-by-side benchmark: paimon-sql vs MariaDB (InnoDB) vs DuckDB (over the
# Paimon table's Parquet files), same rows, same queries, one run.
#
#   bench/peers.sh [-n ROWS] [-r REPEAT] [-o results.md]
#
# Generates an append table bench.t (id BIGINT, v INT, s STRING) with
# cmd/paimon-bench (internal/gentable), serves it with a
# freshly built paimon-sql, copies the rows into a private MariaDB (installed
# with apt when missing) and queries the Parquet files with DuckDB (pip, in a
# venv under ~/.cache/paimon-sql/venv-duckdb). A peer that cannot be set up is
# skipped with a message. Every process started here is stopped on exit.
set -euo pipefail

ROWS=2000000
REPEAT=3
OUT=""
while getopts "n:r:o:h" opt; do
  case $opt in
    n) ROWS=$OPTARG ;;
    r) REPEAT=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d /tmp/paimon-peers.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do
    kill "$p" 2>/dev/null || true
  done
  for p in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "== $(date +%T) $*" >&2; }
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
waitfor() { # waitfor SECONDS CMD...
  local n=$(( $1 * 10 )); shift
  for _ in $(seq "$n"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

command -v mysql >/dev/null || { echo "the mysql client is required" >&2; exit 1; }

# 1. paimon-sql and the table.
log "building paimon-sql"
(cd "$ROOT" && go build -o "$TMP/paimon-sql" ./cmd/paimon-sql)
WH=$TMP/warehouse
log "generating $ROWS rows with paimon-bench (it also runs its own short benchmark)"
(cd "$ROOT" && go run ./cmd/paimon-bench -rows "$ROWS" -repeat 1 -dir "$WH") > "$TMP/paimon-bench.log" 2>&1 \
  || { cat "$TMP/paimon-bench.log" >&2; exit 1; }
PGLOB="$WH/bench.db/t/bucket-*/*.parquet"
ls $PGLOB >/dev/null
PPORT=$(freeport)
"$TMP/paimon-sql" serve -warehouse "$WH" -listen "127.0.0.1:$PPORT" -log-level warn > "$TMP/paimon-sql.log" 2>&1 &
PIDS+=($!)
waitfor 30 mysql -h127.0.0.1 -P"$PPORT" -uroot -e 'SELECT 1' || { cat "$TMP/paimon-sql.log" >&2; exit 1; }
log "paimon-sql on port $PPORT"

# 2. MariaDB.
MSOCK=""
setup_mariadb() {
  local bin
  if ! command -v mariadbd >/dev/null && ! [ -x /usr/sbin/mariadbd ]; then
    log "installing mariadb-server with apt"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q mariadb-server >"$TMP/apt.log" 2>&1 \
      || { DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null 2>&1 &&
           DEBIAN_FRONTEND=noninteractive apt-get install -y -q mariadb-server >"$TMP/apt.log" 2>&1; } \
      || { tail -5 "$TMP/apt.log" >&2; return 1; }
  fi
  bin=$(command -v mariadbd || echo /usr/sbin/mariadbd)
  local dd=$TMP/mariadb
  mkdir -p "$dd"
  mariadb-install-db --no-defaults --datadir="$dd" --user=root --auth-root-authentication-method=normal \
    >"$TMP/mariadb-install.log" 2>&1 || { tail -5 "$TMP/mariadb-install.log" >&2; return 1; }
  local port; port=$(freeport)
  MSOCK=$TMP/mariadb.sock
  "$bin" --no-defaults --datadir="$dd" --socket="$MSOCK" --port="$port" --bind-address=127.0.0.1 \
    --user=root --skip-grant-tables --local-infile=1 --innodb-buffer-pool-size=512M \
    --innodb-flush-log-at-trx-commit=2 --log-error="$TMP/mariadbd.err" --pid-file="$TMP/mariadbd.pid" &
  PIDS+=($!)
  waitfor 60 mysql --socket="$MSOCK" -uroot -e 'SELECT 1' || { tail -20 "$TMP/mariadbd.err" >&2; MSOCK=""; return 1; }
  log "MariaDB $(mysql --socket="$MSOCK" -uroot -N -e 'SELECT VERSION()') on $MSOCK; exporting rows from paimon-sql"
  mysql -h127.0.0.1 -P"$PPORT" -uroot --batch --quick --skip-column-names -e 'SELECT id, v, s FROM t' bench > "$TMP/t.tsv"
  log "loading $(wc -l < "$TMP/t.tsv") rows into InnoDB"
  mysql --socket="$MSOCK" -uroot --local-infile=1 -e "
    CREATE DATABASE bench; USE bench;
    CREATE TABLE t (id BIGINT NOT NULL PRIMARY KEY, v INT, s VARCHAR(32)) ENGINE=InnoDB;
    LOAD DATA LOCAL INFILE '$TMP/t.tsv' INTO TABLE t;
    ANALYZE TABLE t;" >/dev/null
  rm -f "$TMP/t.tsv"
  local n; n=$(mysql --socket="$MSOCK" -uroot -N -e 'SELECT COUNT(*) FROM bench.t')
  [ "$n" = "$ROWS" ] || { echo "MariaDB has $n rows, want $ROWS" >&2; return 1; }
}
setup_mariadb || { echo "MariaDB unavailable: skipped" >&2; MSOCK=""; }

# 3. DuckDB.
VENV=$HOME/.cache/paimon-sql/venv-duckdb
DUCK_GLOB=""
if { [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"; } &&
   { "$VENV/bin/python" -c 'import duckdb' 2>/dev/null || "$VENV/bin/pip" install -q duckdb; }; then
  DUCK_GLOB=$PGLOB
  PY=$VENV/bin/python
  log "DuckDB $("$PY" -c 'import duckdb; print(duckdb.__version__)')"
else
  echo "DuckDB unavailable: skipped" >&2
  PY=python3
fi

# 4. Workloads.
log "running the workloads, $REPEAT repetitions, load: $(uptime)"
ARGS=(--rows "$ROWS" --paimon-port "$PPORT" --repeat "$REPEAT")
[ -n "$MSOCK" ] && ARGS+=(--mariadb-socket "$MSOCK")
[ -n "$DUCK_GLOB" ] && ARGS+=(--parquet-glob "$DUCK_GLOB")
[ -n "$OUT" ] && ARGS+=(--markdown "$OUT")
echo "N=$ROWS  $(date -u '+%Y-%m-%d %H:%M UTC')  nproc=$(nproc)  $(uptime)"
"$PY" "$ROOT/bench/peers.py" "${ARGS[@]}"
echo "load after: $(uptime)"
