#!/usr/bin/env bash
# Idempotent install of everything the project needs on a fresh Debian machine
# that has rustup's Rust, Node/npm and apt (as root).  Every step is skipped
# when the tool is already there at the right version, so running it again
# costs a second or two.
#
#   wasm32-unknown-unknown   rustup target
#   clippy rustfmt           rustup components (the lint suite's gates)
#   chromium chromium-driver apt (headless browser + WebDriver for tests)
#   poppler-utils            apt (pdftoppm: the printed worksheets' test turns a PDF into pixels)
#   wasm-bindgen-cli         cargo install, EXACTLY the wasm-bindgen version in Cargo.lock
#   wasm-pack                cargo install
#   node_modules             npm ci (playwright-core, binaryen = wasm-opt 132, typescript, esbuild)
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

# Two scripts running setup at once (e.g. run.sh and test.sh) must not start
# two concurrent `cargo install`s of the same tool: serialise on a lock.
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/nqueens-setup.lock"
  flock 9
fi

need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found: $2"; }
need cargo  "install Rust with rustup first (https://rustup.rs)"
need rustup "install Rust with rustup first (https://rustup.rs)"
need node   "install Node.js (>= 20) and npm first"
need npm    "install Node.js (>= 20) and npm first"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $*"; fi
}

# --- 1. Rust target -----------------------------------------------------------
installed_targets="$(rustup target list --installed)"
if grep -qx 'wasm32-unknown-unknown' <<<"$installed_targets"; then
  log "rust target wasm32-unknown-unknown: present"
else
  log "rust target wasm32-unknown-unknown: installing"
  rustup target add wasm32-unknown-unknown
fi

# --- 1b. clippy and rustfmt (the lint suite) -----------------------------------
installed_components="$(rustup component list --installed)"
for component in clippy rustfmt; do
  if grep -q "^$component" <<<"$installed_components"; then
    log "rust component $component: present"
  else
    log "rust component $component: installing"
    rustup component add "$component"
  fi
done

# --- 2. Chromium + chromedriver, and poppler-utils (pdftoppm: the printed worksheets' test) (apt)
apt_missing=()
for pkg in chromium chromium-driver poppler-utils; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [ "$status" != "install ok installed" ]; then
    apt_missing+=("$pkg")
  fi
done
if [ "${#apt_missing[@]}" -eq 0 ]; then
  log "apt chromium chromium-driver poppler-utils: present ($(chromium --version 2>/dev/null | head -n1))"
else
  log "apt: installing ${apt_missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${apt_missing[@]}"
fi

# --- 3. wasm-bindgen-cli at exactly Cargo.lock's wasm-bindgen version ---------
if [ ! -f Cargo.lock ]; then
  log "no Cargo.lock yet: cargo generate-lockfile"
  cargo generate-lockfile
fi
wb_version="$(awk '
  /^\[\[package\]\]/ { name = "" }
  /^name = /         { name = $3; gsub(/"/, "", name) }
  /^version = / && name == "wasm-bindgen" { v = $3; gsub(/"/, "", v); print v; exit }
' Cargo.lock)"
[ -n "$wb_version" ] || die "could not find the wasm-bindgen package in Cargo.lock"

have_wb="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_wb" = "$wb_version" ] && command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
  log "wasm-bindgen-cli $wb_version: present"
else
  log "wasm-bindgen-cli: installing $wb_version (have: ${have_wb:-none}); this takes a few minutes"
  # --locked first; the registry mirror here may lack a pinned transitive
  # dependency (measured: webpki-roots 1.0.11 for 0.2.130), so fall back to an
  # unlocked resolve of the same wasm-bindgen-cli version.
  if ! cargo install --locked wasm-bindgen-cli --version "$wb_version"; then
    warn "cargo install --locked wasm-bindgen-cli failed; retrying without --locked"
    cargo install wasm-bindgen-cli --version "$wb_version"
  fi
  have_wb="$(wasm-bindgen --version | awk '{print $2}')"
  [ "$have_wb" = "$wb_version" ] || die "wasm-bindgen is $have_wb after install, wanted $wb_version (is another one earlier on PATH? $(command -v wasm-bindgen))"
fi

# --- 4. wasm-pack ----------------------------------------------------------------
if command -v wasm-pack >/dev/null 2>&1; then
  log "wasm-pack: present ($(wasm-pack --version))"
else
  log "wasm-pack: installing; this takes a few minutes"
  if ! cargo install --locked wasm-pack; then
    warn "cargo install --locked wasm-pack failed; retrying without --locked"
    cargo install wasm-pack
  fi
fi

# --- 5. npm devDependencies (playwright-core, binaryen, typescript, esbuild) ----
# node_modules/.package-lock.json is rewritten by every npm install/ci, so it is
# a reliable "installed at" stamp.
stamp=node_modules/.package-lock.json
if [ ! -f package-lock.json ]; then
  log "npm: no package-lock.json, running npm install"
  npm install --no-audit --no-fund
elif [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  log "npm: node_modules missing or stale, running npm ci"
  npm ci --no-audit --no-fund
else
  log "npm: node_modules up to date"
fi

# --- sanity: the wasm-opt that wasm-pack will pick up ----------------------------
wasm_opt="$(command -v wasm-opt || true)"
case "$wasm_opt" in
  "$ROOT"/node_modules/.bin/wasm-opt) log "wasm-opt: $($wasm_opt --version)" ;;
  *) die "wasm-opt on PATH is '${wasm_opt:-none}', expected $ROOT/node_modules/.bin/wasm-opt (npm ci failed?)" ;;
esac
log "setup done"
