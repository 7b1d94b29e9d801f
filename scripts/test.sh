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
static() {
  local name=$1
  shift
  step "$name"
  if ! "$@"; then
    printf '\nnpm test stopped: %s failed, so no tests ran.\n0 passed, 1 failed\n' "$name"
    exit 1
  fi
}

static "lint" npm run --silent lint
static "format" npm run --silent format:check
static "typecheck" npm run --silent typecheck
static "proto is current" npm run --silent gen:proto -- --check
static "no references outside the repository" node scripts/check-standalone.mjs
static "app build" npm run --silent build:app

status=0
step "unit and integration tests"
bash scripts/with-keyring.sh npx vitest run --project core --project main --project renderer --project integration \
  --reporter=default --reporter=json --outputFile.json="$results/unit.json" || status=1
step "end-to-end tests in Chromium"
bash scripts/with-keyring.sh npx vitest run --project e2e \
  --reporter=default --reporter=json --outputFile.json="$results/e2e.json" || status=1

node scripts/test-summary.mjs "unit and integration=$results/unit.json" "end-to-end in Chromium=$results/e2e.json" || status=1
exit $status
