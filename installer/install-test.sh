#!/usr/bin/env bash
# Install test: packs a built tree into the Debian package, checks the package with lintian,
# installs it with apt-get as a user would, runs what was installed (both --version reports,
# a short FP32-vs-AMP comparison on synthetic data, the window on a virtual display, the
# desktop and AppStream validators on the installed files) and removes the package again.
# Needs root or sudo; CI runs it after the test suite.
#
#   bash installer/install-test.sh [BUILD_DIR]      (default: build, as the default preset makes it)
#
# The screenshot of the installed window is kept as BUILD_DIR/install-test/window.png.
set -euo pipefail

build=$(realpath "${1:-build}")
results="$build/install-test"
work=$(mktemp -d)
installed_by_us=false

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
step() {
    echo "== $*"
}
fail() {
    echo "install test FAILED: $*" >&2
    exit 1
}
clean_up() {
    if $installed_by_us; then
        step "removing the package"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q amp-workbench >/dev/null
    fi
    rm -rf "$work"
}
trap clean_up EXIT

[ -f "$build/CPackConfig.cmake" ] || fail "$build is not a configured build folder"
rm -rf "$results" && mkdir -p "$results"

step "packing $build"
(cd "$build" && cpack -G DEB -B "$work/package" >"$results/cpack.log" 2>&1) || {
    cat "$results/cpack.log"
    fail "cpack could not build the package"
}
deb=$(find "$work/package" -maxdepth 1 -name 'amp-workbench_*.deb' | head -n 1)
[ -n "$deb" ] || fail "cpack wrote no amp-workbench_*.deb"
cp "$deb" "$results/"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'

step "lintian (fails on errors)"
lintian --fail-on error --tag-display-limit 0 "$deb" 2>&1 | tee "$results/lintian.log"

step "installing $(basename "$deb") with apt-get"
installed_by_us=true
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$results/apt.log" 2>&1 || {
    cat "$results/apt.log"
    fail "apt-get could not install the package"
}
dpkg-query -W -f='installed: ${Package} ${Version}, Installed-Size ${Installed-Size} KiB\n' amp-workbench

step "desktop entry and AppStream metadata as installed"
desktop-file-validate /usr/share/applications/io.github.ampworkbench.AmpWorkbench.desktop
appstreamcli validate --no-net /usr/share/metainfo/io.github.ampworkbench.AmpWorkbench.metainfo.xml
grep -q '<project_license>GPL-3.0-or-later</project_license>' \
    /usr/share/metainfo/io.github.ampworkbench.AmpWorkbench.metainfo.xml || fail "the metainfo names no project license"
grep -q '^License: GPL-3+$' /usr/share/doc/amp-workbench/copyright || fail "the copyright file names no GPL-3+"
for size in 16 32 48 128 256; do
    [ -s "/usr/share/icons/hicolor/${size}x${size}/apps/io.github.ampworkbench.AmpWorkbench.png" ] ||
        fail "no ${size}x${size} icon installed"
done
man -w amp-workbench amp-workbench-cli >/dev/null || fail "man pages not found"

step "amp-workbench-cli --version and amp-workbench --version (no display)"
cli_version=$(cd "$work" && env -u DISPLAY /usr/bin/amp-workbench-cli --version)
gui_version=$(cd "$work" && env -u DISPLAY QT_QPA_PLATFORM= /usr/bin/amp-workbench --version)
printf '%s\n%s\n' "$cli_version" "$gui_version"
grep -q '^amp-workbench-cli [0-9]' <<<"$cli_version" || fail "the CLI's version line is missing"
# The package holds no CUDA part (docs/user-guide/README.md, "CUDA"); the installed programs must not find the build's.
grep -q '^CUDA: the CUDA part (libampwb_cuda.so) is not installed, no device$' <<<"$cli_version" ||
    fail "the installed CLI does not say that its CUDA part is not installed"
for expected in '^License: GPL-3.0-or-later$' '^libtorch [0-9]' '^OpenCV [0-9]' '^bf16: ' '^fp16: ' '^CUDA: '; do
    grep -q "$expected" <<<"$cli_version" || fail "the CLI's --version lacks $expected"
done
grep -q '^Qt 6\.' <<<"$gui_version" || fail "the window's --version lacks the Qt version"

step "amp-workbench-cli compare on synthetic data"
(cd "$work" && /usr/bin/amp-workbench-cli compare --data synthetic --synthetic-size 64 --image-size 32 \
    --batch-size 16 --max-steps 3 --validation-limit 32 --workers 1 --run-dir "$work/runs" --name installed)
[ -s "$work/runs/installed/report.md" ] || fail "compare wrote no report.md"
for run in fp32 amp; do
    [ -s "$work/runs/installed/$run/summary.json" ] || fail "compare wrote no $run/summary.json"
done

step "the installed window on a virtual display"
mkdir -p "$work/home"
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
    xvfb-run -a -s "-screen 0 1600x1000x24" \
    /usr/bin/python3 - "$results/window.png" "$work/runs" <<'PYTHON'
# Screenshots the empty display, starts the installed window, waits until the screen has
# changed and stopped changing, saves it, and closes the window.
import subprocess, sys, time
from PIL import ImageChops, ImageGrab, ImageStat

screenshot, runs = sys.argv[1], sys.argv[2]
empty = ImageGrab.grab()
window = subprocess.Popen(["/usr/bin/amp-workbench", "--language", "en", "--runs-dir", runs])

def changed_fraction(a, b):
    difference = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 8 else 0)
    return ImageStat.Stat(difference).mean[0] / 255

previous, shot = None, None
for _ in range(120):
    time.sleep(0.5)
    if window.poll() is not None:
        sys.exit(f"amp-workbench exited with status {window.returncode} before showing its window")
    current = ImageGrab.grab()
    if changed_fraction(empty, current) > 0.2 and previous is not None and changed_fraction(previous, current) < 0.001:
        shot = current
        break
    previous = current
window.terminate()
window.wait(timeout=30)
if shot is None:
    sys.exit("the window did not appear within 60 s")
shot.save(screenshot)
colours = len(shot.convert("RGB").getcolors(1 << 24))
print(f"window screenshot {shot.size[0]}x{shot.size[1]}, {changed_fraction(empty, shot):.0%} of the display, "
      f"{colours} colours: {screenshot}")
if colours < 50:
    sys.exit("the screenshot is nearly blank")
PYTHON

step "install test passed"
