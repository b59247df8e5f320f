#!/usr/bin/env bash
# What `npm test` needs beside Node.js and npm, made sure of before the first test runs:
#   - Debian's chromium at /usr/bin/chromium (the browser tests drive it through playwright-core);
#   - Virtuoso 7's server and isql (virtuoso-t, isql-vt): the remote-store pass starts a throwaway one;
#   - Java (java on the PATH, Debian's default-jre-headless): the W3C Nu HTML Checker (npm vnu-jar) checks the pages.
# Missing ones are installed from Debian's packages when this machine can (root, or sudo without a
# password, and apt-get); otherwise the run stops here, saying exactly what to install, rather than
# failing test by test later.
set -uo pipefail

log() { echo "[test prerequisites] $*" >&2; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
{ command -v virtuoso-t >/dev/null && command -v isql-vt >/dev/null; } || missing+=(virtuoso-opensource-7-bin)
command -v java >/dev/null || missing+=(default-jre-headless)
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo="none"; fi
fi

if [ "$sudo" = none ] || ! command -v apt-get >/dev/null; then
  log "missing: ${missing[*]}"
  log "install them as root from Debian's packages, then run npm test again:"
  log "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  log "(not Debian: chromium at /usr/bin/chromium, Virtuoso 7 open source with virtuoso-t and isql-vt, and Java 11 or later on the PATH)"
  exit 1
fi

log "installing ${missing[*]} from Debian's packages"
if ! { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2; then
  log "could not install ${missing[*]}: install them by hand (apt-get install -y --no-install-recommends ${missing[*]}) and run npm test again"
  exit 1
fi
