#!/usr/bin/env bash
# Every test Tether has, from a fresh clone: installs what it needs, then lint, types, unit
# tests, the production build and the Playwright journeys. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "Dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-browser.sh

step "Lint and format"
npx eslint .
npx prettier --check .

step "Types"
npx tsc -p .

step "Unit tests"
npx vitest run

step "Build"
npx vite build --logLevel warn

step "Browser journeys (Playwright, Debian Chromium)"
npx playwright test
