#!/usr/bin/env bash
# Start a throwaway Virtuoso 7 (Debian package) SPARQL 1.1 server on 127.0.0.1 for CI.
# stdout: only the SPARQL endpoint URL (so: URL=$(bash start-virtuoso.sh)); progress goes to stderr.
# Stop with stop-virtuoso.sh (same VIRT_DIR).
#
# Endpoints (BASE=http://127.0.0.1:$VIRT_HTTP_PORT):
#   $BASE/sparql                  query + update (update open when VIRT_OPEN_UPDATE=1)
#   $BASE/sparql-auth             query + update, HTTP digest auth as dba / $VIRT_DBA_PASSWORD
#   $BASE/sparql-graph-crud       Graph Store Protocol (?graph-uri=... or ?graph=...)
#   $BASE/sparql-graph-crud-auth  same, digest auth
set -euo pipefail

VIRT_DIR=${VIRT_DIR:-/tmp/virt/run}           # database + log + pid live here
VIRT_HTTP_PORT=${VIRT_HTTP_PORT:-8890}
VIRT_SQL_PORT=${VIRT_SQL_PORT:-1111}
VIRT_BUFFERS=${VIRT_BUFFERS:-50000}           # 8 KiB pages; 50000 ~ 400 MiB of cache
VIRT_MAX_ROWS=${VIRT_MAX_ROWS:-1000000}       # SELECT results beyond this are silently truncated
VIRT_QUERY_TIMEOUT=${VIRT_QUERY_TIMEOUT:-0}   # seconds; 0 = unlimited
VIRT_DBA_PASSWORD=${VIRT_DBA_PASSWORD:-dba}
VIRT_OPEN_UPDATE=${VIRT_OPEN_UPDATE:-1}       # 1: grant SPARQL_UPDATE to the anonymous /sparql user
VIRT_FRESH=${VIRT_FRESH:-1}                   # 1: wipe any previous database in VIRT_DIR
VIRT_READY_TIMEOUT=${VIRT_READY_TIMEOUT:-120}
VIRT_ISOLATION=${VIRT_ISOLATION:-4}           # DefaultIsolation: 4 repeatable read (Virtuoso's default; a write's one read needs it:
                                              # readIsolation.remote.test), 2 read committed (no read waits, none deadlocks, reads can be torn)
VIRT_DIRS_ALLOWED=${VIRT_DIRS_ALLOWED:-}      # more directories the server may read (comma-separated): ld_dir's dumps

log() { echo "[start-virtuoso] $*" >&2; }

# 1. install (server binary + isql only; ~4 MB download, ~16 MB installed): written once, in prerequisites.sh
bash "$(dirname "${BASH_SOURCE[0]}")/../prerequisites.sh" virtuoso >&2

# 2. refuse to start twice / on a busy port
PIDFILE="$VIRT_DIR/virtuoso.pid"
# (a killed server whose parent has not reaped it yet is a zombie: not running)
alive() { kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
if [ -f "$PIDFILE" ] && alive "$(cat "$PIDFILE")"; then
  log "already running (pid $(cat "$PIDFILE")); run stop-virtuoso.sh first"; exit 1
fi
for p in "$VIRT_HTTP_PORT" "$VIRT_SQL_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then log "port $p on 127.0.0.1 is already in use"; exit 1; fi
done

# 3. fresh database directory + minimal ini
[ "$VIRT_FRESH" = 1 ] && rm -rf "$VIRT_DIR"
mkdir -p "$VIRT_DIR/www"
cat > "$VIRT_DIR/virtuoso.ini" <<EOF
[Database]
DatabaseFile       = $VIRT_DIR/virtuoso.db
ErrorLogFile       = $VIRT_DIR/virtuoso.log
LockFile           = $VIRT_DIR/virtuoso.lck
TransactionFile    = $VIRT_DIR/virtuoso.trx
xa_persistent_file = $VIRT_DIR/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
MaxCheckpointRemap = 2000
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = $VIRT_DIR/virtuoso-temp.db
TransactionFile    = $VIRT_DIR/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping           = 0

[Parameters]
ServerPort         = 127.0.0.1:$VIRT_SQL_PORT
DisableUnixSocket  = 1
ServerThreads      = 20
CheckpointInterval = 60
NumberOfBuffers    = $VIRT_BUFFERS
MaxDirtyBuffers    = $((VIRT_BUFFERS * 3 / 4))
MaxQueryMem        = 512M
DirsAllowed        = ., $VIRT_DIR${VIRT_DIRS_ALLOWED:+, $VIRT_DIRS_ALLOWED}
CaseMode           = 2
DefaultIsolation   = $VIRT_ISOLATION

[HTTPServer]
ServerPort           = 127.0.0.1:$VIRT_HTTP_PORT
ServerRoot           = $VIRT_DIR/www
ServerThreads        = 20
MaxClientConnections = 20
MaxKeepAlives        = 20
KeepAliveTimeout     = 10
HTTPThreadSize       = 280000
HttpTimeout          = 300
EnabledDavVSP        = 0

[SPARQL]
ResultSetMaxRows           = $VIRT_MAX_ROWS
MaxQueryExecutionTime      = $VIRT_QUERY_TIMEOUT
MaxQueryCostEstimationTime = 0
EOF

# 4. start in the foreground mode as our own background child, so that $! is the server pid
log "starting virtuoso-t (dir $VIRT_DIR)"
start_ns=$(date +%s%N)
cd "$VIRT_DIR"
nohup virtuoso-t +foreground +configfile "$VIRT_DIR/virtuoso.ini" \
  </dev/null >"$VIRT_DIR/stdout.log" 2>&1 &
PID=$!
echo "$PID" > "$PIDFILE"

# 5. wait until the SPARQL endpoint answers
BASE="http://127.0.0.1:$VIRT_HTTP_PORT"
ready=0
for _ in $(seq 1 $((VIRT_READY_TIMEOUT * 5))); do
  if ! alive "$PID"; then break; fi
  code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/sparql?query=ASK%7B%7D" 2>/dev/null || true)
  if [ "$code" = 200 ]; then ready=1; break; fi
  sleep 0.2
done
if [ "$ready" != 1 ]; then
  log "virtuoso did not become ready; last log lines:"; tail -n 30 "$VIRT_DIR/virtuoso.log" "$VIRT_DIR/stdout.log" >&2 || true
  kill -TERM "$PID" 2>/dev/null || true; rm -f "$PIDFILE"; exit 1
fi

# 6. permissions / password over the SQL port
isql() { isql-vt "127.0.0.1:$VIRT_SQL_PORT" dba "$1" "exec=$2" >&2; }
if [ "$VIRT_OPEN_UPDATE" = 1 ]; then isql dba 'GRANT SPARQL_UPDATE TO "SPARQL";'; fi
if [ "$VIRT_DBA_PASSWORD" != dba ]; then isql dba "USER_SET_PASSWORD('dba', '$VIRT_DBA_PASSWORD');"; fi

log "ready after $(( ($(date +%s%N) - start_ns) / 1000000 )) ms, pid $PID"
log "graph store: $BASE/sparql-graph-crud   (auth: $BASE/sparql-auth, $BASE/sparql-graph-crud-auth as dba)"
echo "$BASE/sparql"
