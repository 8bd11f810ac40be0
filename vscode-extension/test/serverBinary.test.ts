import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { candidates, compareVersions, findServer, MIN_SERVER_VERSION, parseVersion, ServerNotFound } from '../src/serverBinary';

test('candidates: the setting alone, else bundled then PATH', () => {
  assert.deepEqual(candidates('/opt/retroboard', '/ext', 'linux'), [{ source: 'setting', command: '/opt/retroboard' }]);
  assert.deepEqual(candidates('  ', '/ext', 'linux'), [
    { source: 'bundled', command: path.join('/ext', 'server', 'retroboard') },
    { source: 'path', command: 'retroboard' },
  ]);
  assert.equal(candidates(undefined, '/ext', 'win32')[1].command, 'retroboard.exe');
});

test('parseVersion', () => {
  assert.equal(parseVersion('retroboard 0.1.0\n'), '0.1.0');
  assert.equal(parseVersion('retroboard 1.22.333-dev\n'), '1.22.333');
  assert.equal(parseVersion('something else 1.0.0'), undefined);
  assert.equal(parseVersion(''), undefined);
});

test('compareVersions', () => {
  assert.equal(compareVersions('0.1.0', '0.1.0'), 0);
  assert.equal(compareVersions('0.0.9', '0.1.0'), -1);
  assert.equal(compareVersions('0.10.0', '0.9.0'), 1);
  assert.equal(compareVersions('1.0.0', MIN_SERVER_VERSION), 1);
});

function fakeServer(dir: string, name: string, output: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\necho '${output}'\n`);
  chmodSync(file, 0o755);
  return file;
}

test('findServer: a good setting is used; a missing, old or foreign one is a clear error', { skip: process.platform === 'win32' }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'retroboard-test-'));
  try {
    const good = fakeServer(dir, 'good', 'retroboard 9.9.9');
    assert.deepEqual(await findServer(good, dir), { source: 'setting', path: good, version: '9.9.9' });

    await assert.rejects(findServer(path.join(dir, 'missing'), dir), (e: Error) => e instanceof ServerNotFound && /does not exist/.test(e.message) && /retroboard\.server\.path/.test(e.message));
    const old = fakeServer(dir, 'old', 'retroboard 0.0.1');
    await assert.rejects(findServer(old, dir), (e: Error) => e instanceof ServerNotFound && /version 0\.0\.1/.test(e.message) && /Restart Server/.test(e.message));
    const foreign = fakeServer(dir, 'foreign', 'hello 1.0');
    await assert.rejects(findServer(foreign, dir), /not a retroboard server/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('findServer: bundled before PATH, PATH when nothing is bundled, error when neither', { skip: process.platform === 'win32' }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'retroboard-test-'));
  const savedPath = process.env.PATH;
  try {
    const ext = path.join(dir, 'ext');
    const bin = path.join(dir, 'bin');
    mkdirSync(path.join(ext, 'server'), { recursive: true });
    mkdirSync(bin);
    fakeServer(bin, 'retroboard', 'retroboard 1.0.0');
    process.env.PATH = bin;
    assert.equal((await findServer('', ext)).source, 'path');
    const bundled = fakeServer(path.join(ext, 'server'), 'retroboard', 'retroboard 2.0.0');
    chmodSync(bundled, 0o644); // lost its executable bit in the zip: put back
    assert.deepEqual(await findServer('', ext), { source: 'bundled', path: bundled, version: '2.0.0' });
    rmSync(bundled);
    process.env.PATH = path.join(dir, 'nowhere');
    await assert.rejects(findServer('', ext), (e: Error) => e instanceof ServerNotFound && /no `retroboard` on PATH/.test(e.message) && /cargo build --release/.test(e.message));
  } finally {
    process.env.PATH = savedPath;
    rmSync(dir, { recursive: true, force: true });
  }
});
