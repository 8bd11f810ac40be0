#!/usr/bin/env bash
# VS Code extension CI: builds the release server, type-checks and unit-tests the extension,
# packages the .vsix (server bundled) and runs the end-to-end test in code-server 4.100.3 driven
# by playwright-core in Debian's chromium (tests/vscode/e2e.mjs).
#
# Installs what it needs (Debian packages, code-server, npm packages) and caches it outside the
# clone in ~/.cache/retroboard, so a warm machine skips every install. Screenshots go to
# .screenshots/vscode/ (git-ignored). Last line: `vscode: N passed, M failed`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/retroboard"
mkdir -p "$cache"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$cache/target}"
export CARGO_TERM_COLOR=never
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
if [ "$(id -u)" = 0 ]; then export npm_config_unsafe_perm=true; fi
t0=$SECONDS
phase() { echo "== $* ($((SECONDS - t0)) s)"; }

passed=0
failed=0
pidfile="$(mktemp)"
stop_leftovers() {
    # The process groups the e2e test started (code-server, chromium), if it could not stop them.
    local pid
    for pid in $(cat "$pidfile" 2>/dev/null); do
        kill -KILL -- "-$pid" 2>/dev/null || true
    done
    rm -f "$pidfile"
}
finish() {
    local status=$?
    stop_leftovers
    if [ "$status" -ne 0 ] && [ $((passed + failed)) -eq 0 ]; then failed=1; fi
    echo "vscode: $passed passed, $failed failed"
}
trap finish EXIT

# ---------------------------------------------------------------------------------------------
phase "Debian packages"
need=()
for p in libkrb5-dev pkg-config build-essential ripgrep chromium; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "-- apt-get install ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    timeout 600 apt-get update -qq
    timeout 1200 apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# ---------------------------------------------------------------------------------------------
# code-server 4.100.3 from npm: the last release for Node 20.
cs_version=4.100.3
cs_root="$cache/code-server"
code_server="$cs_root/node_modules/.bin/code-server"
if [ "$(cat "$cs_root/.installed" 2>/dev/null)" != "$cs_version" ] || [ ! -x "$code_server" ]; then
    phase "installing code-server $cs_version into $cs_root"
    rm -rf "$cs_root.tmp"
    mkdir -p "$cs_root.tmp"
    cs_log="$cache/code-server-install.log"
    echo "-- log: $cs_log"
    # (not in an `if`: errexit would be ignored inside the subshell)
    set +e
    (
        set -euo pipefail
        cd "$cs_root.tmp"
        echo '{"name":"retroboard-code-server","private":true}' >package.json
        timeout 1200 npm install "code-server@$cs_version" --ignore-scripts --no-save --loglevel=error
        timeout 600 npm rebuild argon2 --loglevel=error
        cd node_modules/code-server/lib/vscode
        timeout 1200 npm install --omit=dev --ignore-scripts --loglevel=error
        mkdir -p node_modules/@vscode/ripgrep/bin
        cp /usr/bin/rg node_modules/@vscode/ripgrep/bin/rg
        npm_config_yes=true timeout 1800 npm rebuild --loglevel=error
        ln -sfn node_modules node_modules.asar
        ln -sfn code-linux.sh bin/remote-cli/code-server
        ln -sfn browser-linux.sh bin/helpers/browser.sh
        cd extensions
        timeout 600 npm install --omit=dev --loglevel=error
    ) >"$cs_log" 2>&1
    cs_status=$?
    set -e
    if [ "$cs_status" -ne 0 ]; then
        tail -40 "$cs_log"
        echo "installing code-server $cs_version failed (full log: $cs_log)" >&2
        exit 1
    fi
    rm -rf "$cs_root"
    mv "$cs_root.tmp" "$cs_root"
    echo "$cs_version" >"$cs_root/.installed"
fi
echo "code-server $("$code_server" --version 2>/dev/null | awk 'NR == 1 { print $1 }')"

# ---------------------------------------------------------------------------------------------
# npm packages of the extension and of the test harness: installed once per lock file into the
# cache, linked into the clone.
npm_deps() {
    local dir="$1" name="$2" key target
    key="$(cat "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -c1-16)"
    target="$cache/npm/$name-$key"
    if [ -d "$dir/node_modules" ] && [ ! -L "$dir/node_modules" ]; then
        echo "-- $dir/node_modules is a local install: using it"
        return
    fi
    if [ ! -f "$target/.ok" ]; then
        echo "-- npm ci in $dir (cached in $target)"
        rm -rf "$target.tmp"
        mkdir -p "$target.tmp"
        cp "$dir/package.json" "$dir/package-lock.json" "$target.tmp/"
        (cd "$target.tmp" && timeout 900 npm ci --loglevel=error)
        rm -rf "$target"
        mv "$target.tmp" "$target"
        touch "$target/.ok"
    fi
    ln -sfn "$target/node_modules" "$dir/node_modules"
    # Installs for older lock files are not needed any more.
    find "$cache/npm" -maxdepth 1 -name "$name-*" ! -name "$name-$key" -exec rm -rf {} + 2>/dev/null || true
}
phase "npm packages"
npm_deps vscode-extension vscode-extension
npm_deps tests/vscode vscode-e2e

# ---------------------------------------------------------------------------------------------
phase "release server"
timeout 3600 cargo build --release --locked -p retroboard
server="$CARGO_TARGET_DIR/release/retroboard"
"$server" --version

phase "extension: type check and unit tests"
(cd vscode-extension && rm -rf out && node_modules/.bin/tsc -p .)
unit_log="$(mktemp)"
unit_status=0
(cd vscode-extension && timeout 300 node --test out/test/) >"$unit_log" 2>&1 || unit_status=$?
grep -E '^(not ok|# (tests|pass|fail) )' "$unit_log" || true
unit_pass=$(awk '/^# pass /{print $3}' "$unit_log")
unit_fail=$(awk '/^# fail /{print $3}' "$unit_log")
passed=$((passed + ${unit_pass:-0}))
failed=$((failed + ${unit_fail:-0}))
if [ "$unit_status" -ne 0 ] && [ "${unit_fail:-0}" -eq 0 ]; then
    cat "$unit_log"
    failed=$((failed + 1))
fi
rm -f "$unit_log"

phase "extension: package the .vsix with the server"
# Beside the wheel .ci/wheel.sh builds: dist/ holds what a user installs.
version="$(node -p 'require("./vscode-extension/package.json").version')"
mkdir -p dist
vsix="$repo/dist/retroboard-linux-x64-$version.vsix"
rm -f dist/retroboard-*.vsix
(cd vscode-extension && timeout 600 node scripts/package.mjs --binary "$server" --target linux-x64 --out "$vsix")

# ---------------------------------------------------------------------------------------------
phase "end to end: code-server + chromium"
e2e_log="$(mktemp)"
{
    status=0
    RETROBOARD_E2E_PIDFILE="$pidfile" timeout --kill-after=20 600 node tests/vscode/e2e.mjs --vsix "$vsix" \
        --code-server "$code_server" --screenshots "$repo/.screenshots/vscode" 2>&1 || status=$?
    echo "$status" >"$e2e_log.status"
} | tee "$e2e_log"
e2e_status=$(cat "$e2e_log.status" 2>/dev/null || echo 1)
rm -f "$e2e_log.status"
line=$(grep -E '^vscode e2e: [0-9]+ passed, [0-9]+ failed' "$e2e_log" | tail -1 || true)
rm -f "$e2e_log"
if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | awk '{print $3}')))
    failed=$((failed + $(echo "$line" | awk '{print $5}')))
fi
if [ "$e2e_status" -ne 0 ] && { [ -z "$line" ] || [ "$(echo "$line" | awk '{print $5}')" = 0 ]; }; then
    echo "the end-to-end test exited with status $e2e_status"
    failed=$((failed + 1))
fi
phase "done"
[ "$failed" -eq 0 ]
