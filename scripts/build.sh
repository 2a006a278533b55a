#!/usr/bin/env bash
# Build the Rust core to WebAssembly: pkg/nqueens.js + pkg/nqueens_bg.wasm.
# Uses wasm-bindgen from ~/.cargo/bin and wasm-opt 132 from node_modules/.bin
# (scripts/env.sh puts both on PATH, node_modules first).  Run setup.sh first.
# Extra arguments go to cargo, e.g. `scripts/build.sh --features test-hooks`.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

command -v wasm-pack >/dev/null 2>&1 || die "wasm-pack not found: run scripts/setup.sh"
log "build: wasm-pack build --release --target web (wasm-opt: $(command -v wasm-opt || echo none))"
start=$SECONDS
if ! wasm-pack build --release --target web --out-dir pkg "$@"; then
  die "wasm-pack build FAILED (see the errors above)"
fi
[ -f pkg/nqueens_bg.wasm ] && [ -f pkg/nqueens.js ] && [ -f pkg/nqueens.d.ts ] \
  || die "wasm-pack reported success but pkg/nqueens_bg.wasm, pkg/nqueens.js or pkg/nqueens.d.ts is missing"
# A method called on the wrong object is refused in the glue, before its pointer reaches the wasm.
node scripts/guard-glue.mjs pkg/nqueens.js || die "scripts/guard-glue.mjs could not guard pkg/nqueens.js (see above)"
# The raw wasm exports' JavaScript values are `unknown`, not `any`, in the declarations.
node scripts/raw-exports.mjs pkg/nqueens.d.ts || die "scripts/raw-exports.mjs could not type pkg/nqueens.d.ts (see above)"
log "build ok in $((SECONDS - start))s: pkg/nqueens_bg.wasm $(wc -c < pkg/nqueens_bg.wasm) bytes"
# Python for "Your search": Pyodide from node_modules into the ignored pyodide/.
node scripts/copy-pyodide.mjs || die "scripts/copy-pyodide.mjs could not copy Pyodide (run npm ci)"
