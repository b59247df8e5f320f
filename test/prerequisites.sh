#!/usr/bin/env bash
# What `npm test` needs beside Node.js and npm, made sure of before the first test runs:
#   - Debian's chromium at /usr/bin/chromium (the browser tests drive it through playwright-core);
#   - Virtuoso 7's server and isql (virtuoso-t, isql-vt): the remote-store pass starts a throwaway one;
#   - Java (java on the PATH, Debian's default-jre-headless): the W3C Nu HTML Checker (npm vnu-jar) checks the pages;
#   - HAProxy (haproxy on the PATH): the remote-store pass runs two service processes behind it
#     (test/integration/severalProcesses.remote.test.ts), as README's "Running several processes" says.
# Missing ones are installed from Debian's packages when this machine can (root, or sudo without a
# password, and apt-get); otherwise the run stops here, saying exactly what to install, rather than
# failing test by test later.
#
# Usage: prerequisites.sh [chromium] [virtuoso] [java] [haproxy]   (no argument: all four). virtuoso/start.sh
# asks for Virtuoso alone, so that the install is written here only.
set -uo pipefail

log() { echo "[test prerequisites] $*" >&2; }

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(chromium virtuoso java haproxy)
missing=()
for want in "${wanted[@]}"; do
  case "$want" in
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
    virtuoso) { command -v virtuoso-t >/dev/null && command -v isql-vt >/dev/null; } || missing+=(virtuoso-opensource-7-bin) ;;
    java) command -v java >/dev/null || missing+=(default-jre-headless) ;;
    haproxy) command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy) ;;
    *) log "unknown prerequisite: $want (chromium, virtuoso, java or haproxy)"; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo="none"; fi
fi

if [ "$sudo" = none ] || ! command -v apt-get >/dev/null; then
  log "missing: ${missing[*]}"
  log "install them as root from Debian's packages, then run npm test again:"
  log "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  log "(not Debian: chromium at /usr/bin/chromium, Virtuoso 7 open source with virtuoso-t and isql-vt, Java 11 or later and HAProxy 2 on the PATH)"
  exit 1
fi

log "installing ${missing[*]} from Debian's packages"
if ! { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2; then
  log "could not install ${missing[*]}: install them by hand (apt-get install -y --no-install-recommends ${missing[*]}) and run npm test again"
  exit 1
fi
