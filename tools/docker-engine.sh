#!/usr/bin/env bash
# Makes a Docker engine answer on this machine: installs Debian's docker.io (with
# debootstrap for tools/base-image.sh, iproute2 for tests/image) when missing, then starts
# dockerd when no daemon answers. The daemon runs without iptables or a bridge (this
# machine's sandbox allows neither), so containers get --network host or none, plus
# what a test wires into their namespaces itself.
# Usage: docker-engine.sh      (one progress line when it installs or starts something)
# Env:   DOCKERD_LOG (default /var/log/janus-dockerd.log)
set -euo pipefail
log=${DOCKERD_LOG:-/var/log/janus-dockerd.log}

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
# ip and nsenter: tests/image wires two containers' network namespaces together.
command -v ip >/dev/null 2>&1 || need+=(iproute2)
command -v nsenter >/dev/null 2>&1 || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: the image targets need ${need[*]}; as root: apt-get install -y ${need[*]}" >&2
        exit 1
    fi
    echo "[janus] engine     installing ${need[*]}"
    apt-get update -q >/dev/null
    # policy-rc.d 101: the package must not try to start a service manager's unit here.
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
    rm -f /usr/sbin/policy-rc.d
fi

docker info >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "error: no Docker daemon answers and only root can start one" >&2
    exit 1
fi
echo "[janus] engine     starting dockerd (log: $log)"
# nice: builds and containers inherit it (the machine is shared). setsid: the daemon
# outlives the make that started it, and no terminal signal reaches it.
nice -n 10 setsid dockerd --iptables=false --ip-masq=false --bridge=none > "$log" 2>&1 < /dev/null &
for _ in $(seq 60); do
    docker info >/dev/null 2>&1 && exit 0
    sleep 1
done
tail -n 20 "$log" >&2
echo "error: dockerd did not answer within 60 s; log: $log" >&2
exit 1
