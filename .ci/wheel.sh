#!/usr/bin/env bash
# The Python wheel a modder without Rust installs: built by maturin from pyproject.toml (the
# `retroboard` binary only), installed with pip into a fresh virtual environment and tried there
# by tests/wheel/try_wheel.py, with a PATH of that environment and the system only. The wheel is
# left in dist/ (git-ignored), beside the .vsix of .ci/vscode.sh. Last line: `wheel: N passed, M
# failed`.
#
# maturin comes from PyPI into a virtual environment cached in ~/.cache/retroboard; the build
# shares .ci/run's cargo target folder, so after .ci/vscode.sh's release build it only links.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/retroboard"
mkdir -p "$cache"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$cache/target}"
export CARGO_TERM_COLOR=never

passed=0
failed=0
tmp="$(mktemp -d)"
finish() {
    local status=$?
    rm -rf "$tmp"
    if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
    echo "wheel: $passed passed, $failed failed"
}
trap finish EXIT

maturin_version=1.9.4
venv="$cache/maturin-venv"
if ! "$venv/bin/maturin" --version 2>/dev/null | grep -qxF "maturin $maturin_version"; then
    echo "== installing maturin $maturin_version (PyPI) into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin==$maturin_version"
fi

echo "== building the wheel"
rm -f dist/retroboard-*.whl
"$venv/bin/maturin" build --release --locked --out dist
wheels=(dist/retroboard-*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [ ! -f "${wheels[0]}" ]; then
    echo "expected one wheel in dist/, found: ${wheels[*]}" >&2
    exit 1
fi
wheel="${wheels[0]}"
echo "-- $wheel ($(du -k "$wheel" | cut -f1) KB)"

echo "== installing it into a fresh virtual environment"
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"

echo "== trying it there, with no cargo and no build folder on PATH"
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)"
try_log="$tmp/try.log"
status=0
env -i HOME="$tmp" LANG=C.UTF-8 PATH="$tmp/venv/bin:/usr/bin:/bin" \
    "$tmp/venv/bin/python" tests/wheel/try_wheel.py --version "$version" --examples "$repo/examples" \
    2>&1 | tee "$try_log" || status=$?
line="$(grep -E '^checks: [0-9]+ passed, [0-9]+ failed$' "$try_log" | tail -1 || true)"
if [ -n "$line" ]; then
    passed=$(echo "$line" | awk '{print $2}')
    failed=$(echo "$line" | awk '{print $4}')
fi
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
