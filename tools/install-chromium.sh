#!/usr/bin/env bash
# Headless Chromium from Debian's packages, for `make trace-screenshot` (a real browser
# loading TensorBoard's trace viewer on a janus profile).  Nothing else needs it.
# Usage: install-chromium.sh   apt-get install it (as root) if missing, else print the command
set -euo pipefail
packages=(chromium fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "error: the screenshot needs: ${missing[*]}" >&2
    echo "run as root: apt-get update && $cmd" >&2
    exit 1
fi
echo "[janus] chromium   installing ${missing[*]}"
apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive $cmd >/dev/null
