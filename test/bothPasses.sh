#!/usr/bin/env bash
# `npm test`'s two mocha passes, run at the same time: the embedded-store pass (.mocharc.cjs) in the
# foreground, and the remote-store pass (test/virtuoso/mocharc.json: the suites again on a throwaway
# Virtuoso) beside it, its output kept in a temporary file and shown, whole, once the embedded pass
# is done. Much of the remote pass is spent waiting on Virtuoso and on sockets, time the embedded
# pass fills; the static checks (lint, then the formatting) run beside both too, in that time, their
# output shown first. The exit status fails when either pass or a check fails.
set -uo pipefail
cd "$(dirname "$0")/.."
mocha=node_modules/.bin/mocha

remote_log=$(mktemp "${TMPDIR:-/tmp}/linkedart-remote-pass.XXXXXX")
"$mocha" --config test/virtuoso/mocharc.json >"$remote_log" 2>&1 &
remote=$!
checks_log=$(mktemp "${TMPDIR:-/tmp}/linkedart-checks.XXXXXX")
{ npm run --silent lint && npm run --silent format:check; } >"$checks_log" 2>&1 &
checks=$!
# Interrupted: stop the remote pass (its fixture stops Virtuoso on SIGTERM) and the checks, and say where the output is.
trap 'kill -TERM "$remote" "$checks" 2>/dev/null; wait "$remote"; echo "remote-store pass output: $remote_log" >&2; exit 130' INT TERM

echo "== embedded-store pass (the remote-store pass runs beside it; its output follows) =="
"$mocha"
embedded=$?
wait "$remote"
remote_status=$?
wait "$checks"
checks_status=$?
trap - INT TERM

echo
echo "== lint and formatting (eslint src test; prettier --check .) =="
cat "$checks_log"
rm -f "$checks_log"

echo
echo "== remote-store pass (Virtuoso) =="
cat "$remote_log"
rm -f "$remote_log"
echo "lint and formatting: exit $checks_status; embedded-store pass: exit $embedded; remote-store pass: exit $remote_status"
[ "$checks_status" -eq 0 ] && [ "$embedded" -eq 0 ] && [ "$remote_status" -eq 0 ]
