#!/usr/bin/env bash
# The one test command (`npm test`): static checks, the app build, every vitest project, then the
# browser end-to-end suite. CI runs exactly this. Both test stages run even when the first fails,
# and the closing lines count what ran: "N passed, N failed" is always the last line.
set -uo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
step() { printf '\n=== %s\n' "$*"; }
# A static stage prints nothing while it works, so its header says what it checks, and its end
# says how long it took.
static() {
  local name=$1 doing=$2 started=$SECONDS
  shift 2
  step "$name: $doing"
  if ! "$@"; then
    printf '\nnpm test stopped: %s failed, so no tests ran.\n0 passed, 1 failed\n' "$name"
    exit 1
  fi
  printf '%s: done in %d s\n' "$name" $((SECONDS - started))
}
# Each vitest stage prints "<stage>: N/M files" as its files finish (scripts/vitest-progress.mjs).
tests() {
  local name=$1 report=$2
  shift 2
  step "$name"
  TEST_PROGRESS_LABEL=$name bash scripts/with-keyring.sh npx vitest run "$@" \
    --reporter=default --reporter=./scripts/vitest-progress.mjs --reporter=json --outputFile.json="$report"
}

printf 'npm test on Node %s: static checks, the app build, then the unit, integration and end-to-end tests.\n' "$(node --version)"
# The type check is the longest static stage and uses one core: it runs beside lint and format, and
# its output is printed under its own header once they are done.
typecheck_log="$results/typecheck.log"
typecheck_started=$SECONDS
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
trap 'kill "$typecheck_pid" 2>/dev/null; rm -rf "$results"' EXIT
static "lint" "eslint over sources, tests and scripts" npm run --silent lint
static "format" "prettier --check over the repository" npm run --silent format:check
step "typecheck: tsc on src-core, src-main and test, vue-tsc on src-renderer (started beside lint and format)"
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
cat "$typecheck_log"
if [ "$typecheck_status" -ne 0 ]; then
  printf '\nnpm test stopped: typecheck failed, so no tests ran.\n0 passed, 1 failed\n'
  exit 1
fi
printf 'typecheck: done in %d s\n' $((SECONDS - typecheck_started))
static "proto is current" "regenerating the protobuf codec from proto/ and comparing" npm run --silent gen:proto -- --check
static "no references outside the repository" "scanning tracked files for paths beside the checkout" \
  node scripts/check-standalone.mjs
static "app build" "electron-vite build of main, preload and renderer into out/" npm run --silent build:app

status=0
tests "unit and integration" "$results/unit.json" --project core --project main --project main-isolated --project renderer --project integration || status=1
tests "end-to-end in Chromium" "$results/e2e.json" --project e2e || status=1

node scripts/test-summary.mjs "unit and integration=$results/unit.json" "end-to-end in Chromium=$results/e2e.json" || status=1
exit $status
