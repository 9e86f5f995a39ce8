#!/usr/bin/env bash
# Checks scripts/devnull.sh: in a private mount namespace whose /dev/null is a
# regular file holding a rustc error (what CI had at stops 56 and 57), the
# guard brings back the null device and cargo's rustc probe succeeds again.
# Needs root and unshare (as on CI); elsewhere it says why it did not run.
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ "$(id -u)" -ne 0 ] || ! unshare -m true 2>/dev/null; then
  echo "dev-null guard: not run (needs root and unshare -m)"
  exit 0
fi
probe_dir="$(mktemp -d)"
trap 'rm -rf "$probe_dir"' EXIT
unshare -m bash -c '
  set -u
  mount -t tmpfs tmpfs /dev || exit 2
  printf "error[E0554]: \`#![feature]\` may not be used on the stable release channel\n" >/dev/null
  [ -f /dev/null ] || { echo "setup: /dev/null is not a regular file"; exit 2; }
  # Without the guard the probe reads that text as source and fails.
  if CARGO_TARGET_DIR="$1/before" cargo metadata -q --format-version 1 >"$1/out" 2>&1; then
    echo "setup: cargo did not fail on a regular /dev/null"; exit 2
  fi
  source scripts/devnull.sh 2>"$1/warn"
  [ -c /dev/null ] || { echo "FAIL: /dev/null is still not a device"; exit 1; }
  CARGO_TARGET_DIR="$1/after" cargo metadata -q --format-version 1 >"$1/out" 2>&1 \
    || { echo "FAIL: cargo metadata still fails"; head -5 "$1/out"; exit 1; }
  grep -q "restoring the null device" "$1/warn" || { echo "FAIL: no warning"; exit 1; }
' guard "$probe_dir"
rc=$?
[ "$rc" -eq 0 ] && echo "dev-null guard: ok"
exit "$rc"
