#!/usr/bin/env bash
# Copy grammars/<format-id>/queries/highlights.scm to nvim/queries/<language>/highlights.scm, the
# single source being the grammar's file. With --check, change nothing and exit 1 when a copy
# differs (CI runs that).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
check=0
[ "${1:-}" = "--check" ] && check=1

stale=0
for grammar in "$root"/grammars/*/grammar.js; do
    dir="$(dirname "$grammar")"
    src="$dir/queries/highlights.scm"
    [ -f "$src" ] || continue
    # The tree-sitter language name is the grammar's `name` (crossmines-pattern -> crossmines_pattern).
    lang="$(sed -n "s/^[[:space:]]*name:[[:space:]]*['\"]\([a-z0-9_]*\)['\"].*/\1/p" "$grammar" | head -n 1)"
    if [ -z "$lang" ]; then
        echo "sync-queries: no grammar name in $grammar" >&2
        exit 2
    fi
    dst="$root/nvim/queries/$lang/highlights.scm"
    if cmp -s "$src" "$dst"; then
        continue
    fi
    if [ "$check" = 1 ]; then
        echo "sync-queries: nvim/queries/$lang/highlights.scm differs from ${src#"$root"/}" >&2
        stale=1
    else
        mkdir -p "$(dirname "$dst")"
        cp "$src" "$dst"
        echo "updated nvim/queries/$lang/highlights.scm"
    fi
done
# A copy whose grammar is gone.
for dst in "$root"/nvim/queries/*/highlights.scm; do
    [ -f "$dst" ] || continue
    lang="$(basename "$(dirname "$dst")")"
    if ! grep -lqE "^[[:space:]]*name:[[:space:]]*['\"]${lang}['\"]" "$root"/grammars/*/grammar.js; then
        if [ "$check" = 1 ]; then
            echo "sync-queries: nvim/queries/$lang has no grammar" >&2
            stale=1
        else
            rm -r "$(dirname "$dst")"
            echo "removed nvim/queries/$lang"
        fi
    fi
done
if [ "$stale" = 1 ]; then
    echo "sync-queries: run nvim/scripts/sync-queries.sh to copy the grammars' highlight queries" >&2
    exit 1
fi
