#!/usr/bin/env bash
# Fuzzing, bounded: every target of fuzz/ runs for FUZZ_SECONDS (default 15) from seeds made of
# the fixtures of its format. A crash fails the run and leaves its input in
# fuzz/artifacts/<target>/ (turn it into a regression test). Prints executions per target.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/retroboard"
seconds="${FUZZ_SECONDS:-15}"

# cargo-fuzz, built from crates.io once per machine. It drives libFuzzer; on stable Rust it
# runs without sanitizers (--sanitizer none), which still finds panics, overflows and hangs.
fuzz_version=0.13.2
fuzz_root="$cache/cargo-fuzz"
if ! "$fuzz_root/bin/cargo-fuzz" --version 2>/dev/null | grep -qF "$fuzz_version"; then
    echo "== installing cargo-fuzz $fuzz_version"
    cargo install cargo-fuzz --locked --version "$fuzz_version" --root "$fuzz_root"
fi
export PATH="$fuzz_root/bin:$PATH"
export CARGO_TARGET_DIR="$cache/fuzz-target"

# Seeds: the fixtures of each format.
seed() {
    local target="$1"
    shift
    mkdir -p "fuzz/corpus/$target"
    find tests/fixtures "$@" -type f -exec cp -t "fuzz/corpus/$target" {} + 2>/dev/null || true
}
seed crossmines -path '*/crossmines/*' \( -name '*.pat' -o -name '*.tes' \)
seed patience -path '*/patience/*' -name '*.pat'
seed othello -path '*/othello/*' \( -name '*.bord' -o -name '*.brd' \)
seed colossus_map -name '*.map'
seed colossus_ter -name '*.ter'
seed colossus_cre -name '*.cre'
seed colossus_var -name '*.var'
seed colossus_battleland -path '*/Battlelands/*' ! -name '*.*'
seed peg -path '*/peg/*' -name '*.brd'
mkdir -p fuzz/corpus/edits fuzz/corpus/lsp
# The server's: each malformed message shape and message order tests/lsp_abuse.rs sends.
python3 fuzz/seeds/lsp.py fuzz/corpus/lsp

echo "== fuzz: build"
cargo fuzz build --sanitizer none

targets=(crossmines patience othello colossus_map colossus_ter colossus_cre colossus_battleland
    colossus_var peg edits lsp)
: > "$cache/fuzz.log"
for target in "${targets[@]}"; do
    echo "-- $target (${seconds}s)"
    if ! cargo fuzz run --sanitizer none "$target" -- -max_total_time="$seconds" \
        -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        > "$cache/fuzz-$target.log" 2>&1; then
        tail -n 60 "$cache/fuzz-$target.log" >&2
        echo "fuzz: $target failed; the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$cache/fuzz-$target.log" | grep -oE '[0-9]+$' || echo 0)
    echo "fuzz: $target $runs executions, no crash" | tee -a "$cache/fuzz.log"
done
echo "fuzz: ${#targets[@]} passed, 0 failed"
