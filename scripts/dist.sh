#!/usr/bin/env bash
# The static build: dist/, for any static host under any sub-path, offline
# once loaded (service worker). Builds the wasm (scripts/build.sh, release,
# no test hooks) and then runs scripts/dist.mjs, which copies, minifies,
# precompresses (.br, .gz) and writes the service worker's file list. Like
# the other README commands it first installs what is missing
# (scripts/setup.sh, idempotent: about a second once everything is there;
# SKIP_SETUP=1 skips it).
#
#   scripts/dist.sh                 # build the wasm, then dist/
#   scripts/dist.sh --no-build      # dist/ from the pkg/ already there
#   scripts/dist.sh --out DIR       # another folder than dist/
#
# Try it: node scripts/serve.mjs --dist   (serves dist/ compressed)
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

build=1
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --out) [ $# -ge 2 ] || die "--out needs a folder"; args+=(--out "$2"); shift ;;
    --out=*) args+=("$1") ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see scripts/dist.sh --help)" ;;
  esac
  shift
done

if [ "${SKIP_SETUP:-0}" != 1 ]; then "$ROOT/scripts/setup.sh"; fi
[ -d node_modules/esbuild ] || die "esbuild is missing from node_modules: run scripts/setup.sh"
if [ "$build" = 1 ]; then "$ROOT/scripts/build.sh"; fi
log "dist: node scripts/dist.mjs ${args[*]}"
node scripts/dist.mjs "${args[@]}"
