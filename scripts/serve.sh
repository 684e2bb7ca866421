#!/usr/bin/env bash
# Start a local Prefect server with the UI, register Chronicle's deployments and run a process worker.
# Stops the server when the worker exits (Ctrl-C).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PREFECT_PORT:-4200}"
export CHRONICLE_REPO="$PWD"
export PREFECT_API_URL="http://127.0.0.1:${PORT}/api"
export PREFECT_UI_API_URL="$PREFECT_API_URL"
export PREFECT_SERVER_ANALYTICS_ENABLED=false DO_NOT_TRACK=1
BIN=.venv/bin
"$BIN/prefect" server start --host 127.0.0.1 --port "$PORT" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fsS "$PREFECT_API_URL/health" >/dev/null 2>&1 && break
  sleep 1
done
"$BIN/prefect" work-pool inspect chronicle-process >/dev/null 2>&1 || "$BIN/prefect" work-pool create chronicle-process --type process
"$BIN/prefect" --no-prompt deploy --all
echo "Prefect UI: http://127.0.0.1:${PORT}  (Deployments → backfill → Run → Custom run)"
"$BIN/prefect" worker start --pool chronicle-process
