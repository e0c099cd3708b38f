#!/usr/bin/env bash
# Fills .gpu-deps/ (ignored by git) with what bench/gpu/h200-compare.sh may not find on the lent GPU machine,
# which has PyTorch's CUDA wheel but neither network nor this project's Debian packages: cmake and ninja as
# PyPI wheels (self-contained), and Debian 12's development packages for the engine's other libraries
# (JSON, zlib, libcurl, OpenSSL, Gloo's headers) unpacked into .gpu-deps/root. Run here, from the repository
# root, then name .gpu-deps in the device call's `carry`:
#   bash bench/gpu/carry-deps.sh && du -sh .gpu-deps      (must stay well under 64 MiB)
set -euo pipefail
deps=.gpu-deps
rm -rf "$deps"
mkdir -p "$deps/wheels" "$deps/debs" "$deps/root"
python3 -m pip download --quiet --only-binary=:all: --dest "$deps/wheels" cmake==3.31.6 ninja==1.11.1.4
packages=(nlohmann-json3-dev zlib1g-dev libcurl4-openssl-dev libcurl4 libssl-dev libssl3 libgloo-dev
          libnghttp2-14 librtmp1 libssh2-1 libpsl5 libbrotli1 libidn2-0 libldap-2.5-0 libsasl2-2 libzstd1)
(cd "$deps/debs" && apt-get download "${packages[@]}" > /dev/null)
for package in "$deps"/debs/*.deb; do
    dpkg-deb -x "$package" "$deps/root"
done
rm -rf "$deps/debs" "$deps/root/usr/share/doc" "$deps/root/usr/share/man"
find "$deps/root" -name "*.a" -delete
du -sh "$deps"
