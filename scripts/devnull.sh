# Sourced first by ./test and .ci/run: makes sure /dev/null is the null device.
#
# On some machines /dev/null is a regular file. Everything a tool discards
# then lands in it, and the next tool that reads it gets that text: cargo runs
# its rustc probe (`rustc - --print=cfg ...`) with stdin opened on /dev/null,
# so one build script's discarded error became the source rustc was asked to
# compile, and every cargo command after it failed (CI at stops 56 and 57).
ensure_dev_null() {
  [ -c /dev/null ] && return 0
  echo "warning: /dev/null is a regular file here; restoring the null device" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo -n"
  if $sudo rm -f /dev/null && $sudo mknod -m 666 /dev/null c 1 3 && [ -c /dev/null ]; then
    return 0
  fi
  # Without the right to create a device, an empty file is the best we can
  # do: truncate it so no stale text is read as input.
  echo "warning: could not recreate /dev/null; emptying it instead" >&2
  : >/dev/null 2>&1 || true
}
ensure_dev_null
