#!/usr/bin/env bash
# THE RUN COMMAND: install what is missing, build the wasm core, then serve the
# app at http://127.0.0.1:8080/ (foreground; Ctrl-C to stop).
#
#   scripts/run.sh                 # port 8080
#   scripts/run.sh --port 9000     # or: PORT=9000 scripts/run.sh
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

port="${PORT:-8080}"
while [ $# -gt 0 ]; do
  case "$1" in
    --port|-p) [ $# -ge 2 ] || die "--port needs a value"; port="$2"; shift 2 ;;
    --port=*)  port="${1#--port=}"; shift ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (usage: scripts/run.sh [--port N])" ;;
  esac
done
[[ "$port" =~ ^[0-9]+$ ]] || die "invalid port: $port"

"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh"
log "open http://127.0.0.1:$port/ in a browser"
exec node "$ROOT/scripts/serve.mjs" --port "$port"
