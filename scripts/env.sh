# shellcheck shell=bash
# Sourced by every script in scripts/: finds the repo root and puts the
# project's tools on PATH.  node_modules/.bin comes FIRST so npm's wasm-opt
# (binaryen 132) wins over any older system wasm-opt (Debian's 108 silently
# breaks wasm-bindgen output); ~/.cargo/bin holds wasm-pack, wasm-bindgen and
# wasm-bindgen-test-runner.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in *":$CARGO_BIN:"*) ;; *) PATH="$CARGO_BIN:$PATH" ;; esac
PATH="$ROOT/node_modules/.bin:$PATH"
export PATH

# Small logging helpers (stderr, so they never pollute captured output).
log()  { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }
