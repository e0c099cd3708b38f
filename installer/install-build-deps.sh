#!/usr/bin/env bash
# Installs what building, running and testing AMP Workbench needs on Debian 12.
# Safe to run again: apt-get skips what is already installed.
set -euo pipefail

packages=(
    # toolchain, and clang-format for .ci/check-format
    g++ cmake ninja-build pkg-config clang-format
    # engine: libtorch links libblas.so.3; OpenBLAS makes it ~50x faster than the reference BLAS;
    # libcurl and OpenSSL download pretrained weights and check their SHA-256
    libtorch-dev libopenblas0-pthread libopencv-dev libjpeg-dev nlohmann-json3-dev zlib1g-dev
    libcurl4-openssl-dev libssl-dev
    # data-parallel training on c10d: the Gloo headers that libtorch's ProcessGroupGloo.hpp includes
    libgloo-dev
    # ONNX export (protobuf classes and checker)
    libonnx-dev libprotobuf-dev
    # GUI
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
    libqcustomplot-dev libgl-dev fonts-noto-cjk
    # the default dataset
    dataset-fashion-mnist
    # reference implementation the tests compare against, and a display for screenshots
    python3-torch python3-torchvision python3-pil python3-onnx xvfb xauth
    # evaluation figures are checked against scikit-learn's
    python3-sklearn
    # real photos the preprocessing and classification tests use
    opencv-doc
    # `serve`: the HTTP library; its browser test (headless Chromium via Selenium) and load benchmark
    libcpp-httplib-dev chromium chromium-driver python3-selenium wrk
    # the Debian package: icons rendered from the SVG, dpkg-shlibdeps, and the install test's checks
    librsvg2-bin dpkg-dev lintian desktop-file-utils appstream
)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "All build dependencies are installed."
    exit 0
fi
echo "Installing: ${missing[*]}"
as_root apt-get update -q
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
