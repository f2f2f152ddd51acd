#!/usr/bin/env bash
# Creates (once) the Python virtual environment with the pinned OpenHands agent-server, and
# prints its python. The version lives in package.json (config.agentServerVersion). The venv is
# cached outside the clone, keyed by version, and reused. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").config.agentServerVersion')
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
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
  # openhands-sdk is pinned too: left free, the resolver can pick an older SDK the server cannot import.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "openhands-agent-server==$version" "openhands-tools==$version" "openhands-sdk==$version" >&2
  # No price-map download on import: the network is closed and litellm would retry for seconds.
  LITELLM_LOCAL_MODEL_COST_MAP=true "$venv/bin/python" -c 'import openhands.agent_server.api' >&2
  touch "$stamp"
fi
echo "$venv/bin/python"
