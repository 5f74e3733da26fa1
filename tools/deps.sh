#!/usr/bin/env bash
# System prerequisites for building CPython: compiler and the headers of the stdlib's
# C modules (ssl, ffi, zlib, bz2, lzma, sqlite, readline, ...); g++ for janus_ext's
# TensorFlow ops.
# Usage: deps.sh check   exit 1 and list what is missing
#        deps.sh install  apt-get install what is missing (as root), else print the command
set -euo pipefail
packages=(gcc g++ make patch xz-utils pkg-config libc6-dev libssl-dev libffi-dev zlib1g-dev
          libbz2-dev liblzma-dev libsqlite3-dev libreadline-dev libncurses-dev uuid-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
case "${1:-check}" in
    check)
        echo "missing build prerequisites: ${missing[*]}" >&2
        exit 1 ;;
    install)
        cmd="apt-get install -y --no-install-recommends ${missing[*]}"
        if [ "$(id -u)" -ne 0 ]; then
            echo "error: building janus-python needs: ${missing[*]}" >&2
            echo "run as root: apt-get update && $cmd" >&2
            exit 1
        fi
        echo "[janus] deps       installing ${missing[*]}"
        apt-get update -q >/dev/null
        DEBIAN_FRONTEND=noninteractive $cmd ;;
    *)
        echo "usage: deps.sh check|install" >&2
        exit 2 ;;
esac
