#!/usr/bin/env bash
# Compile the tree-sitter parser of every Retroboard grammar with the system C compiler.
#
#   nvim/scripts/build-parsers.sh [OUT_DIR]
#
# OUT_DIR defaults to nvim/parser (Neovim loads parser/<language>.so from 'runtimepath', so the
# plugin folder's parser/ works as is). CC picks the compiler (default cc). The same as
# :RetroboardBuildParsers inside Neovim.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/nvim/parser}"
cc="${CC:-cc}"
mkdir -p "$out"

pids=()
names=()
for grammar in "$root"/grammars/*/grammar.js; do
    dir="$(dirname "$grammar")"
    [ -f "$dir/src/parser.c" ] || continue
    lang="$(sed -n "s/^[[:space:]]*name:[[:space:]]*['\"]\([a-z0-9_]*\)['\"].*/\1/p" "$grammar" | head -n 1)"
    flags=(-shared -fPIC -O2 -std=c11 -I "$dir/src")
    srcs=("$dir/src/parser.c")
    [ -f "$dir/src/scanner.c" ] && srcs+=("$dir/src/scanner.c")
    "$cc" "${flags[@]}" -o "$out/$lang.so" "${srcs[@]}" &
    pids+=("$!")
    names+=("$lang")
done
failed=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "build-parsers: ${names[$i]} failed to compile" >&2
        failed=1
    fi
done
[ "$failed" = 0 ] || exit 1
echo "built ${#names[@]} parsers into $out: ${names[*]}"
