# Sourced by ./run and ./test: builds the web UI, applies D1 migrations to a
# local database and starts `wrangler dev` on 127.0.0.1.

# build_web: Trunk builds the Leptos app into dist/ (served by the Worker).
build_web() {
  trunk build --release --offline --skip-version-check >&2
}

# d1_bindings: every D1 binding in wrangler.toml (the directory and each
# shard).
d1_bindings() {
  sed -n 's/^binding = "\(DIRECTORY\|SHARD_[0-9]*\)"$/\1/p' "${CAJA_WRANGLER_TOML:-wrangler.toml}"
}

# start_worker PORT PERSIST_DIR LOG [extra wrangler args...]
# Applies migrations, starts wrangler dev in the background, waits for
# /health, and sets WORKER_PID.
start_worker() {
  local port="$1" persist="$2" log="$3"
  shift 3
  mkdir -p "$persist"
  local binding
  : >"$log.migrate"
  for binding in $(d1_bindings); do
    wrangler d1 migrations apply "$binding" --local --persist-to "$persist" >>"$log.migrate" 2>&1 || {
      cat "$log.migrate" >&2
      return 1
    }
  done
  setsid wrangler dev --local --ip 127.0.0.1 --port "$port" --persist-to "$persist" \
    --show-interactive-dev-session=false "$@" >"$log" 2>&1 &
  WORKER_PID=$!
  local deadline=$((SECONDS + 600))
  until curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
    if ! kill -0 "$WORKER_PID" 2>/dev/null; then
      echo "wrangler dev exited; log follows" >&2
      tail -n 60 "$log" >&2
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "wrangler dev did not answer /health in time" >&2
      tail -n 60 "$log" >&2
      return 1
    fi
    sleep 0.5
  done
}

stop_worker() {
  if [ -n "${WORKER_PID:-}" ] && kill -0 "$WORKER_PID" 2>/dev/null; then
    kill -TERM -- "-$WORKER_PID" 2>/dev/null || kill -TERM "$WORKER_PID" 2>/dev/null
    wait "$WORKER_PID" 2>/dev/null
  fi
  WORKER_PID=""
}
