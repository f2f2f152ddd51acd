#!/usr/bin/env bash
# Every test Tether has, from a fresh clone: installs what it needs, then lint, types, unit
# tests, the production build and the Playwright journeys. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it began (seconds since the start), so that a slow CI run says where its
# time went even in the short tail CI keeps.
step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

# The browser and one Python venv per pinned agent-server version install in the background,
# while the node packages install and the checks before the journeys run: on a fresh machine
# that is most of a minute saved. Their output is printed when the journeys need them.
background=$(mktemp -d)
# An early failure waits for them rather than cutting an apt or pip install in the middle.
trap 'wait; rm -rf "$background"' EXIT
bash scripts/ensure-browser.sh >"$background/browser.log" 2>&1 &
browser_job=$!
(
  for version in $(node -p 'require("./package.json").config.agentServerVersions.join(" ")'); do
    set +e
    python=$(bash scripts/agent-server-venv.sh "$version" 2>>"$background/venvs.log")
    status=$?
    set -e
    echo "$version $status $python" >>"$background/venvs"
    # Without Python 3.12 (status 3) no version can be installed; any other failure stops too.
    [ "$status" -eq 0 ] || break
  done
) &
venvs_job=$!

step "Dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

step "Unit tests"
npx vitest run

step "Build"
npx vite build --logLevel warn

step "Lint, format and types (started, beside the journeys)"
# Each is one process on one core with nothing to wait for, and the journeys leave a tenth of the
# two cores idle while they wait on timers, polls and servers: run at the lowest priority, the
# checks take only what the journeys leave, and the run no longer spends half a minute on them
# before its first journey. Their verdict is read after the journeys. (The unit tests stay
# ahead of the journeys at full priority: some bound a parse's time on the clock.)
checks="$background/checks"
mkdir -p "$checks"
# Runs a check at the lowest priority; its output and exit status are kept under its name.
check_beside() {
  local name=$1
  shift
  (
    status=0
    nice -n 19 "$@" >"$checks/$name.log" 2>&1 || status=$?
    echo "$status" >"$checks/$name.status"
  ) &
}
check_beside lint npx eslint .
check_beside format npx prettier --check .
check_beside types npx tsc -p .

step "The browser (Debian Chromium)"
browser_status=0
wait "$browser_job" || browser_status=$?
cat "$background/browser.log"
if [ "$browser_status" -ne 0 ]; then
  echo "Installing Chromium from Debian failed (exit $browser_status)." >&2
  exit "$browser_status"
fi

step "The real OpenHands agent-server (one Python venv per pinned version, cached outside the clone)"
wait "$venvs_job" || true
cat "$background/venvs.log" 2>/dev/null || true
real_servers=yes
for version in $(node -p 'require("./package.json").config.agentServerVersions.join(" ")'); do
  read -r _ status python < <(grep "^$version " "$background/venvs" 2>/dev/null || echo "$version 1")
  if [ "$status" -eq 0 ]; then
    echo "agent-server $version: $python"
    # The fixtures find each version's python here (dots become underscores).
    export "TETHER_AGENT_SERVER_PYTHON_${version//./_}=$python"
  elif [ "$status" -eq 3 ]; then
    echo "WARNING: the journeys against the real agent-server are NOT run: this machine has no Python 3.12." >&2
    real_servers=no
    break
  else
    echo "Installing the agent-server $version failed (exit $status)." >&2
    exit "$status"
  fi
done

step "Browser journeys (Playwright, Debian Chromium): the mock agent-server, then the real ones"
# One suite at a time, so they never compete for the CPU; each runs and reports whatever the
# others did, and the run fails at the end if any failed.
# CI keeps only the end of what a run prints, so each failed journey is summed up again there.
failed=()
failures="$background/failures"
run_suite() {
  local name=$1
  shift
  step "Journeys: $name"
  local log
  log=$(mktemp)
  # Each suite keeps its screenshots and traces in a folder of its own: one run would empty the
  # folder of the one before it, and with it the evidence of a failure.
  local output="test-results/${name// /-}"
  local report="$background/${name// /-}.json"
  if ! TETHER_JSON_REPORT="$report" npx playwright test --output="$output" "$@" 2>&1 | tee "$log"; then
    failed+=("$name")
    {
      printf '\n%s:\n' "$name"
      # Where each failure stopped and its first words; the names alone if there is no report.
      node scripts/failure-summary.mjs "$report" 2>/dev/null ||
        sed -n '/^ *[0-9]* failed$/,/^ *[0-9]* \(passed\|skipped\|did not run\)/p' "$log"
    } >>"$failures"
  fi
  rm -f "$log"
}
run_suite "mock agent-server" --project=mocks
if [ "$real_servers" = yes ]; then
  # Every version in one run: the newest carries the whole real suite, the older ones the smoke
  # set, and a worker left without a journey of one version takes one of another, where one run
  # each left a worker idle for the last half minute of the older version's short suite.
  projects=()
  for version in $(node -p 'require("./package.json").config.agentServerVersions.slice().reverse().join(" ")'); do
    projects+=(--project="real-agent-server-$version")
  done
  run_suite "real agent-servers" "${projects[@]}"
fi

step "Lint, format and types (their verdict)"
wait
for check in lint format types; do
  status=$(cat "$checks/$check.status" 2>/dev/null || echo 1)
  if [ "$status" -ne 0 ]; then
    cat "$checks/$check.log"
    failed+=("$check")
    # What it found, in the short tail CI keeps.
    { printf '\n%s (exit %s):\n' "$check" "$status"; tail -n 20 "$checks/$check.log"; } >>"$failures"
  else
    echo "$check: nothing found."
  fi
done

step "Leftovers"
# A journey leaves no process behind: every process a real agent-server started carries
# TETHER_TEST_PROCESS in its environment (e2e/real/leftovers.ts), its browser tool's Chromium
# included. Any still running now is a defect: named, ended, and the run fails.
leftovers=$(grep -l -a -s 'TETHER_TEST_PROCESS=' /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 || true)
if [ -n "$leftovers" ]; then
  echo "Processes the journeys started are still running:" >&2
  for pid in $leftovers; do ps -o pid=,args= -p "$pid" >&2 || true; done
  kill -9 $leftovers 2>/dev/null || true
  failed+=("leftover processes")
  printf '\nleftover processes: %s\n' "$(echo $leftovers | wc -w)" >>"$failures"
else
  echo "None."
fi

# The timing figures are `npm run bench`'s (a minute more, and timings on a shared CI machine say
# little); the deterministic budgets are checked above, by e2e/budgets.spec.ts.

step "Finished"
if [ ${#failed[@]} -gt 0 ]; then
  cat "$failures" >&2
  printf '\nFAILED: %s\n' "${failed[*]}" >&2
  exit 1
fi
