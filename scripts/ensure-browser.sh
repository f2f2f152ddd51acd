#!/usr/bin/env bash
# Installs what the browser tests need from Debian: Chromium and a fixed font set. Never
# downloads a browser build of its own (the network reaches package registries only).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# The journeys' browser: Debian's headless build of the same Chromium (playwright.config.ts).
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing from Debian: ${need[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
command -v chromium >/dev/null
command -v chromium-headless-shell >/dev/null
