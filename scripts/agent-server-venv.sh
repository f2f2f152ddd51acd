#!/usr/bin/env bash
# Creates (once) the Python virtual environment with one pinned OpenHands agent-server version,
# and prints its python. Usage: agent-server-venv.sh VERSION (default: the first version in
# package.json's config.agentServerVersions). The venv is cached outside the clone, keyed by
# version, and reused. Idempotent.
#
# Installs go through uv with scripts/agent-server-overrides.txt: agent-server 1.58.x declares
# certifi>=2026.10.19, newer than any certifi the package index here serves (2026.10.18); the
# override pins that one package (see docs/agent-server-notes.md).
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-$(node -p 'require("./package.json").config.agentServerVersions[0]')}
cache="${TETHER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tether}"
venv="$cache/agent-server-$version"
stamp="$venv/.tether-installed"

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

if [ ! -f "$stamp" ]; then
  python=$(find_python312 || true)
  if [ -z "$python" ]; then
    echo "The real agent-server suite needs Python 3.12 (python3.12 on PATH, or pyenv with a 3.12 version); none was found." >&2
    exit 3
  fi
  echo "Creating the agent-server venv ($version) in $venv" >&2
  rm -rf "$venv"
  mkdir -p "$cache"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip uv >&2
  # openhands-sdk is pinned too: left free, the resolver can pick an older SDK the server cannot import.
  "$venv/bin/python" -m uv pip install --quiet --python "$venv/bin/python" \
    --override scripts/agent-server-overrides.txt \
    "openhands-agent-server==$version" "openhands-tools==$version" "openhands-sdk==$version" >&2
  touch "$stamp"
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
