#!/usr/bin/env bash
# THE TEST COMMAND: install what is missing, build, then run every test suite in
# order, stopping at the first failing suite, and print a summary.
#
#   scripts/test.sh                 # the usual suites: lint, native, wasm, api, e2e
#   scripts/test.sh e2e             # only the browser end-to-end tests
#   scripts/test.sh native wasm     # any subset, run in the usual order
#   scripts/test.sh slow            # the slow group (CI runs it after the rest)
#
# Suites:
#   lint    the gates: cargo fmt --check, cargo clippy -D warnings (native and
#           wasm32), cargo doc -D warnings, tsc --noEmit (www/ against
#           pkg/nqueens.d.ts), and the code-map test (ARCHITECTURE.md is true)
#   native  cargo test                               (Rust unit/integration tests)
#   wasm    tests/web.rs in headless Chrome          (wasm-bindgen-test, as
#           `wasm-pack test --headless --chrome` runs it; only tests/web.rs
#           holds such tests, so only it is built for wasm32)
#   api     node --test tests/api/*.test.mjs         (the exported API in node, fuzzed)
#   e2e     node --test tests/e2e/*.test.mjs         (the real page, via playwright-core;
#           E2E_CONCURRENCY files at a time (default 2), and after them one
#           at a time each file that has a line `// e2e: run alone`)
#           (dist, offline and learn-offline host the static site under a
#           sub-path themselves: built from pkg/ with scripts/dist.mjs once
#           for the same sources, in the system's temp folder, and copied)
#   slow    the files of tests/api/ and tests/e2e/ with a line
#           `// test group: slow`: checks at full scale (a board of 10^8
#           queens, searches at N = 1,000 watched for long tasks, the GPU
#           count), sweeps (axe on every view, every tab presented), the
#           built site and its service worker, GIFs recorded in real time,
#           Python's runtime (Pyodide), the files that time the page and so
#           run alone, and the sweeps of several tabs, browsers or window
#           sizes at once. Not part of the usual suites, so that the usual
#           command stays a quick loop; `all` adds it, and CI (.ci/run)
#           runs it after the usual suites. Its e2e files run as e2e's do.
#
# Env: SKIP_SETUP=1 skips scripts/setup.sh, SKIP_BUILD=1 skips scripts/build.sh
# (for quick local iterations; CI runs both). E2E_CONCURRENCY: see e2e.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

USUAL_SUITES=(lint native wasm api e2e)
ALL_SUITES=("${USUAL_SUITES[@]}" slow)
want=()
for arg in "$@"; do
  case "$arg" in
    lint|native|wasm|api|e2e|slow) want+=("$arg") ;;
    all) want+=("${ALL_SUITES[@]}") ;;
    -h|--help) sed -n '2,37p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown suite '$arg' (choose from: ${ALL_SUITES[*]}, all)" ;;
  esac
done
[ "${#want[@]}" -gt 0 ] || want=("${USUAL_SUITES[@]}")
selected() { local s; for s in "${want[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

# The files of a node suite, less (or, with `slow`, only) those in the slow group.
SLOW_MARK='^// test group: slow'
files_of() {
  local group="$1" file; shift
  for file in "$@"; do
    if grep -q "$SLOW_MARK" "$file"; then [ "$group" = slow ] && echo "$file"
    else [ "$group" = usual ] && echo "$file"; fi
  done
  return 0
}

results=()   # "STATUS|name|seconds"
print_summary() {
  local line status name secs
  echo
  echo "==================== test summary ===================="
  for line in "${results[@]}"; do
    IFS='|' read -r status name secs <<<"$line"
    printf '  %-5s %-48s %5ss\n' "$status" "$name" "$secs"
  done
  echo "======================================================"
}
trap print_summary EXIT

# step NAME CMD...: run CMD, record the outcome; on failure stop everything.
step() {
  local name="$1"; shift
  log "$name: $*"
  local start=$SECONDS rc=0
  "$@" || rc=$?
  local secs=$((SECONDS - start))
  if [ "$rc" -eq 0 ]; then
    results+=("PASS|$name|$secs")
  else
    results+=("FAIL|$name (exit $rc)|$secs")
    printf '\033[1;31mFAILED:\033[0m %s\n' "$name" >&2
    exit "$rc"
  fi
}

if [ "${SKIP_SETUP:-0}" != 1 ]; then step "setup (scripts/setup.sh)" "$ROOT/scripts/setup.sh"; fi
# The e2e tests load pkg/ in the browser; the other suites build for themselves.
# The test build adds the `test-hooks` feature (debugPanic, for the panic tests).
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  step "build (scripts/build.sh --features test-hooks)" "$ROOT/scripts/build.sh" --features test-hooks
fi

if selected lint; then
  step "lint: cargo fmt --check" cargo fmt --all --check
  # The searches' modules are declared by a macro (catalogue.rs), which cargo fmt does not follow.
  step "lint: rustfmt --check (the catalogued searches)" rustfmt --check --edition 2021 src/algorithms/*.rs
  step "lint: cargo clippy --all-targets (native)" \
    cargo clippy --all-targets --all-features -- -D warnings
  step "lint: cargo clippy --all-targets (wasm32)" \
    cargo clippy --all-targets --all-features --target wasm32-unknown-unknown -- -D warnings
  step "lint: cargo doc --no-deps" env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features
  # tsc checks www/ against pkg/nqueens.d.ts, which the build writes.
  [ -f pkg/nqueens.d.ts ] || die "pkg/nqueens.d.ts is missing: run scripts/build.sh first (or drop SKIP_BUILD=1)"
  # The page and its workers are two programs (DOM and WebWorker globals clash).
  step "lint: tsc --noEmit (the page's JSDoc types)" tsc --noEmit -p tsconfig.json
  step "lint: tsc --noEmit (the workers' JSDoc types)" tsc --noEmit -p tsconfig.workers.json
  step "lint: node --test tests/lint/" node --test tests/lint/*.test.mjs
fi
if selected native; then
  step "native: cargo test" cargo test
fi
if selected wasm; then
  # Only tests/web.rs runs in the browser (the other test files are native
  # tests), so only it is built for wasm32: a file elsewhere with a
  # wasm_bindgen_test would be left out, and this says so.
  others=$(grep -rl 'wasm_bindgen_test\b' src tests --include='*.rs' | grep -vx 'tests/web.rs' || true)
  [ -z "$others" ] || die "wasm_bindgen_test outside tests/web.rs ($others): add its test target to the wasm suite in scripts/test.sh"
  # cargo runs the test through wasm-bindgen-test-runner (setup.sh installs
  # it at the crate's wasm-bindgen version) in headless Chrome, as
  # `wasm-pack test --headless --chrome` does, without wasm-pack's extra
  # debug build of every test target first.
  command -v chromedriver >/dev/null 2>&1 || die "chromedriver not found: run scripts/setup.sh"
  step "wasm: cargo test --target wasm32-unknown-unknown --test web (headless Chrome)" \
    env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner CHROMEDRIVER="$(command -v chromedriver)" \
    cargo test --target wasm32-unknown-unknown --test web
fi
if selected api; then
  mapfile -t api_files < <(files_of usual tests/api/*.test.mjs)
  step "api: node --test tests/api/ (${#api_files[@]} files)" node --test "${api_files[@]}"
fi
# run_e2e LABEL FILE...: the e2e files given, E2E_CONCURRENCY at a time
# (default 2; each has its own server on a free port and its own browser),
# the largest first so that no long one starts last; then, one at a time,
# each file with a line `// e2e: run alone` (a timing it asserts, or a count
# that wants both cores, which another file's browser would disturb).
run_e2e() {
  local label="$1" file; shift
  local jobs="${E2E_CONCURRENCY:-2}"
  [[ "$jobs" =~ ^[1-9][0-9]?$ ]] || die "E2E_CONCURRENCY must be a whole number from 1 to 99 (it is '$jobs')"
  local shared=() alone=() sorted=()
  mapfile -t sorted < <(wc -c "$@" | grep -v ' total$' | sort -k1,1nr -k2,2 | awk '{print $2}')
  for file in "${sorted[@]}"; do
    if grep -q '^// e2e: run alone' "$file"; then alone+=("$file"); else shared+=("$file"); fi
  done
  if [ "${#shared[@]}" -gt 0 ]; then
    step "$label: node --test tests/e2e/ (${#shared[@]} files, $jobs at a time)" \
      node --test --test-concurrency="$jobs" "${shared[@]}"
  fi
  if [ "${#alone[@]}" -gt 0 ]; then
    step "$label: node --test tests/e2e/ (${#alone[@]} files that run alone)" node --test --test-concurrency=1 "${alone[@]}"
  fi
  return 0
}

if selected e2e; then
  shopt -s nullglob
  mapfile -t e2e_files < <(files_of usual tests/e2e/*.test.mjs)
  shopt -u nullglob
  [ "${#e2e_files[@]}" -gt 0 ] || die "no e2e tests found (tests/e2e/*.test.mjs)"
  # The static build from the pkg/ just built (its e2e tests build their own
  # copy under a sub-path; this checks the command and leaves dist/ to try).
  step "e2e: static build (scripts/dist.sh --no-build)" "$ROOT/scripts/dist.sh" --no-build
  run_e2e e2e "${e2e_files[@]}"
fi
if selected slow; then
  shopt -s nullglob
  mapfile -t slow_api < <(files_of slow tests/api/*.test.mjs)
  mapfile -t slow_e2e < <(files_of slow tests/e2e/*.test.mjs)
  shopt -u nullglob
  [ "$(( ${#slow_api[@]} + ${#slow_e2e[@]} ))" -gt 0 ] || die "no slow tests found (a line '// test group: slow' in tests/api/ or tests/e2e/)"
  if [ "${#slow_api[@]}" -gt 0 ]; then
    step "slow: node --test tests/api/ (${#slow_api[@]} files, one at a time)" node --test --test-concurrency=1 "${slow_api[@]}"
  fi
  [ "${#slow_e2e[@]}" -eq 0 ] || run_e2e slow "${slow_e2e[@]}"
fi
log "all selected suites passed: ${want[*]}"
