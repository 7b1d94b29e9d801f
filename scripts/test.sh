#!/usr/bin/env bash
# The one test command (`npm test`): static checks, the app build, every vitest project, then the
# browser end-to-end suite. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1

step() { printf '\n=== %s\n' "$*"; }

step "lint";            npm run --silent lint
step "typecheck";       npm run --silent typecheck
step "proto is current"; npm run --silent gen:proto -- --check
step "app build";       npm run --silent build:app
step "unit and integration tests"
bash scripts/with-keyring.sh npx vitest run --project core --project main --project renderer --project integration
step "end-to-end tests in Chromium"
bash scripts/with-keyring.sh npm run --silent test:e2e
