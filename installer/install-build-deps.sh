#!/usr/bin/env bash
# Installs what building, running and testing AMP Workbench needs on Debian 12:
# 1. Debian's packages (toolchain, Qt 6, QCustomPlot, OpenCV, the dataset, test tools);
# 2. libtorch from PyTorch's own wheel on PyPI, into the virtual environment .venv/ in the checkout
#    (git-ignored). CMake finds Torch through that wheel (torch.utils.cmake_prefix_path), and the tests
#    run the same wheel's torch/torchvision as their Python reference, so every comparison is like for
#    like. A venv rather than a system-wide pip install: it never touches Debian's Python, it goes
#    away with the checkout, and `AMPWB_VENV=DIR` puts it elsewhere (one venv for several checkouts).
#    The wheel is a CUDA 13.0 build: with the nvidia-* runtime wheels it pulls in, the venv takes ~4.7 GB
#    (~2.9 GB downloaded; about 70 s on the project's machines).
# Safe to run again: apt-get and pip skip what is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    # toolchain, and clang-format for .ci/check-format
    g++ cmake ninja-build pkg-config clang-format
    # engine: libcurl and OpenSSL download pretrained weights and check their SHA-256
    libopencv-dev libjpeg-dev nlohmann-json3-dev zlib1g-dev libcurl4-openssl-dev libssl-dev
    # data-parallel training on c10d: the Gloo headers that libtorch's ProcessGroupGloo.hpp includes
    libgloo-dev
    # ONNX export (protobuf classes and checker)
    libonnx-dev libprotobuf-dev
    # GUI
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
    libqcustomplot-dev libgl-dev fonts-noto-cjk
    # the default dataset
    dataset-fashion-mnist
    # the virtual environment for the wheel, and a display for screenshots
    python3-venv xvfb xauth
    # the install test screenshots the installed window with Debian's PIL
    python3-pil
    # real photos the preprocessing and classification tests use
    opencv-doc
    # `serve`: its HTTP library (Boost.Beast, header-only); its tests' HTTP client and local download
    # server (cpp-httplib), browser test (headless Chromium via Selenium) and load benchmark
    libboost-dev libcpp-httplib-dev chromium chromium-driver python3-selenium wrk
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
    echo "All Debian build dependencies are installed."
else
    echo "Installing: ${missing[*]}"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

venv=${AMPWB_VENV:-.venv}
if [ ! -x "$venv/bin/python" ]; then
    /usr/bin/python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --progress-bar off -r installer/python-requirements.txt
"$venv/bin/python" -c 'import torch; print("libtorch", torch.__version__, "from", torch.utils.cmake_prefix_path)'
