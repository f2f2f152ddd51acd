#!/usr/bin/env bash
# Creates (once) the Python virtual environment with one pinned OpenHands agent-server version,
# and prints its python. Usage: agent-server-venv.sh VERSION (default: the first version in
# package.json's config.agentServerVersions). The venv is cached outside the clone, keyed by
# version, and reused until its lock changes. Idempotent.
#
# Every package of the venv is pinned: scripts/agent-server-locks/VERSION.txt lists each one at
# its version, and is installed as it is (`--no-deps`), so that a package released upstream since
# cannot change the server the journeys run. (cryptography 51 did: it refuses the key the SDK
# derives from OH_SECRET_KEY, and every model key the server was given failed; see
# docs/agent-server-notes.md.) `agent-server-venv.sh --lock VERSION` makes a version's lock: it
# resolves the three openhands packages afresh in a scratch venv, through uv with
# scripts/agent-server-overrides.txt (the pins that replace what the packages declare), and lists
# what it installed. Check the suites on a new lock before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
lock_only=no
if [ "${1:-}" = --lock ]; then
  lock_only=yes
  shift
fi
version=${1:-$(node -p 'require("./package.json").config.agentServerVersions[0]')}
cache="${TETHER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tether}"
venv="$cache/agent-server-$version"
stamp="$venv/.tether-installed"
lock="scripts/agent-server-locks/$version.txt"

is_python312() { "$1" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' >/dev/null 2>&1; }

find_python312() {
  local candidates=()
  if command -v pyenv >/dev/null 2>&1; then
    local v
    for v in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.12(\.[0-9]+)?$' | sort -rV); do
      candidates+=("$(pyenv root)/versions/$v/bin/python")
    done
  fi
  candidates+=("$HOME"/.pyenv/versions/3.12*/bin/python)
  command -v python3.12 >/dev/null 2>&1 && candidates+=("$(command -v python3.12)")
  local c
  for c in "${candidates[@]}"; do
    if [ -x "$c" ] && is_python312 "$c"; then echo "$c"; return; fi
  done
}

new_venv() {
  local python
  python=$(find_python312 || true)
  if [ -z "$python" ]; then
    echo "The real agent-server suite needs Python 3.12 (python3.12 on PATH, or pyenv with a 3.12 version); none was found." >&2
    exit 3
  fi
  rm -rf "$1"
  mkdir -p "$(dirname "$1")"
  "$python" -m venv "$1"
  "$1/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip uv >&2
}

if [ "$lock_only" = yes ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  echo "Resolving the agent-server $version afresh for its lock" >&2
  new_venv "$scratch/venv"
  # openhands-sdk is pinned too: left free, the resolver can pick an older SDK the server cannot import.
  "$scratch/venv/bin/python" -m uv pip install --quiet --python "$scratch/venv/bin/python" \
    --override scripts/agent-server-overrides.txt \
    "openhands-agent-server==$version" "openhands-tools==$version" "openhands-sdk==$version" >&2
  mkdir -p "$(dirname "$lock")"
  {
    echo "# Every package of the agent-server $version venv, installed as listed (--no-deps)."
    echo "# Made by scripts/agent-server-venv.sh --lock $version; do not edit by hand."
    "$scratch/venv/bin/python" -m uv pip freeze --python "$scratch/venv/bin/python" | grep -v -E '^(pip|uv)=='
  } >"$lock"
  echo "$lock"
  exit 0
fi

if [ ! -f "$lock" ]; then
  echo "No lock for the agent-server $version: make one with \`bash scripts/agent-server-venv.sh --lock $version\`." >&2
  exit 1
fi
# The venv stands for its lock: a lock changed since (a new pin) makes it again.
wanted=$(sha256sum "$lock" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "Creating the agent-server venv ($version) in $venv" >&2
  new_venv "$venv"
  "$venv/bin/python" -m uv pip install --quiet --python "$venv/bin/python" --no-deps -r "$lock" >&2
  echo "$wanted" >"$stamp"
fi
# What the server imports, in order, for the journeys' fork server (e2e/real/forkServer.py), which
# imports the libraries among them once for every server it starts. Made by importing the server's
# app, which also compiles its modules once, here rather than at the first start. An older venv
# gets it too.
imports="$venv/tether-imports.txt"
if [ ! -s "$imports" ]; then
  # No price-map download on import: the network is closed and litellm would retry for seconds.
  LITELLM_LOCAL_MODEL_COST_MAP=true "$venv/bin/python" e2e/real/forkServer.py --list "$imports.partial" \
    >/dev/null 2>"$venv/tether-imports.log" || {
    cat "$venv/tether-imports.log" >&2
    exit 1
  }
  mv "$imports.partial" "$imports"
fi
echo "$venv/bin/python"
