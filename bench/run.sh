#!/usr/bin/env bash
# Benchmarks (not part of the test command): builds the wasm page, the native
# Rust bench (bench/native), the seed-000 C baseline (bench/seed000.c) and
# the C queen search (bench/qs4.c, section 10),
# then runs bench/run.mjs, which measures natively and in headless Chromium
# and writes the full report, bench/results/report.md (BENCHMARKS.md holds
# the current figures, copied from it).
#
#   bash bench/run.sh [--lo 12] [--hi 16] [--only PART,...]   (the parts: PARTS in bench/run.mjs)
#
# Env: SKIP_BUILD=1 skips the wasm build (pkg/ must exist).
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
cd "$ROOT"

[ -d node_modules/playwright-core ] || bash scripts/setup.sh
if [ "${SKIP_BUILD:-0}" != 1 ]; then bash scripts/build.sh; fi

# The native builds, unless --only names only parts that measure none of
# them (count, sessions and find compare with native code).
only=""
prev=""
for arg in "$@"; do
  [ "$prev" = "--only" ] && only="$arg"
  prev="$arg"
done
if [ -z "$only" ] || [[ ",$only," =~ ,(count|sessions|find), ]]; then
  log "bench: native build (bench/native, release)"
  mkdir -p target/bench
  # The bench crate resolves the same dependency versions as the main crate.
  [ -f bench/native/Cargo.lock ] || cp Cargo.lock bench/native/Cargo.lock
  cargo build --release --quiet --manifest-path bench/native/Cargo.toml --target-dir target/bench
  gcc -O2 -Wall -Wextra -o target/bench/seed000 bench/seed000.c
  gcc -O2 -Wall -Wextra -o target/bench/qs4 bench/qs4.c
fi

exec node bench/run.mjs "$@"
