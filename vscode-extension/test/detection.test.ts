// The shared table of detection cases, tests/detection/cases.json: a path and a text, and the
// format id they must be read as (null: none). The server (tests/detection.rs) and the Neovim
// plugin (tests/nvim/main.lua) run the same table, so the three detections agree.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detect } from '../src/sniff';

interface Case {
  path: string;
  text: string;
  format: string | null;
  why: string;
}

// Compiled to out/test/: the repository root is three folders up.
const table = join(__dirname, '..', '..', '..', 'tests', 'detection', 'cases.json');
const cases = JSON.parse(readFileSync(table, 'utf8')) as Case[];

test(`every case of the shared detection table (${cases.length} cases)`, () => {
  assert.ok(cases.length >= 90, 'the table lost its cases');
  const wrong = cases
    .filter((c) => (detect(c.path, c.text) ?? null) !== c.format)
    .map((c) => `${c.path} (${c.why}): expected ${c.format}, got ${detect(c.path, c.text) ?? null}`);
  assert.deepEqual(wrong, []);
});
