#!/usr/bin/env bash
# Makes the Dockerfile's base image locally when the engine does not have it: Debian's
# debootstrap (minbase, from Debian's archive) into a scratch root, imported with
# `docker import` and tagged with the name the Dockerfile's BASE defaults to. Done once;
# later calls find the tag and return. On a machine that can pull from a registry,
# `docker pull debian:bookworm-slim` gives the official image of the same name instead.
# Usage: base-image.sh TAG            e.g. debian:bookworm-slim
set -euo pipefail
tag=${1:?usage: base-image.sh TAG (e.g. debian:bookworm-slim)}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

docker image inspect "$tag" >/dev/null 2>&1 && exit 0
case "$tag" in
    debian:*) suite=${tag#debian:}; suite=${suite%-slim} ;;
    *) echo "error: base-image.sh can only make debian:SUITE[-slim] images, not $tag" >&2; exit 2 ;;
esac
start=$SECONDS
root=$(mktemp -d /var/tmp/janus-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
echo "[janus] base       debootstrap $suite into $root (once; tagged $tag)"
if ! debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.log" 2>&1; then
    tail -n 20 "$root.log" >&2
    echo "error: debootstrap $suite failed; log: $root.log" >&2
    exit 1
fi
rm -f "$root.log"
# As the official slim image: apt's lists and caches out, no recommended packages, and
# no documentation from packages installed later (docs are what slim drops).
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' \
    > "$root/etc/apt/apt.conf.d/90janus-no-recommends"
printf 'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/man/*\npath-exclude /usr/share/info/*\npath-exclude /usr/share/locale/*\n' \
    > "$root/etc/dpkg/dpkg.cfg.d/90janus-slim"
# A build can install packages: they come from the same archive debootstrap used.
cat > "$root/etc/apt/sources.list" <<SRC
deb $mirror $suite main
deb $mirror $suite-updates main
deb http://deb.debian.org/debian-security $suite-security main
SRC
tar -C "$root" --numeric-owner -c . \
    | docker import --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' - "$tag" > /dev/null
echo "[janus] base       $tag made in $((SECONDS - start))s ($(docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}'))"
