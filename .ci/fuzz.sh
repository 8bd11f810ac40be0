#!/usr/bin/env bash
# Fuzzing, bounded: every target of fuzz/ runs from seeds made of the fixtures: `formats` (any
# bytes as any format) for FUZZ_SECONDS per format (default 15 each), `edits` and `lsp` for
# FUZZ_SECONDS. A crash fails the run and leaves its input in
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
project_target="${CARGO_TARGET_DIR:-$cache/target}"
export CARGO_TARGET_DIR="$cache/fuzz-target"

# Seeds: the fixtures, each prefixed with the registry index of the format it is read as (the
# byte the `formats` target reads first). Built with the project's own target dir.
seeded=$(CARGO_TARGET_DIR="$project_target" \
    cargo run --quiet --locked --example fuzz_seeds -- tests/fixtures fuzz/corpus/formats)
echo "$seeded"
# "fuzz_seeds: N seeds of M formats in DIR": the formats target runs M times FUZZ_SECONDS.
formats=$(sed -E 's/.* seeds of ([0-9]+) formats.*/\1/' <<<"$seeded")
mkdir -p fuzz/corpus/edits fuzz/corpus/lsp
# The server's: each malformed message shape and message order tests/lsp_abuse.rs sends.
python3 fuzz/seeds/lsp.py fuzz/corpus/lsp

echo "== fuzz: build"
cargo fuzz build --sanitizer none

targets=(formats edits lsp)
: > "$cache/fuzz.log"
for target in "${targets[@]}"; do
    run_seconds="$seconds"
    if [ "$target" = formats ]; then
        # As long as one target per format would run: FUZZ_SECONDS for each format seeded.
        run_seconds=$((seconds * formats))
    fi
    echo "-- $target (${run_seconds}s)"
    if ! cargo fuzz run --sanitizer none "$target" -- -max_total_time="$run_seconds" \
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
