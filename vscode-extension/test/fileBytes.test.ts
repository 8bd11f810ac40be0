import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { changeOnSave, crlfToCr, encodingFor, isCrOnly } from '../src/fileBytes';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

// examples/Opening.bord: CR line ends, © as Mac Roman 0xA9.
const opening = bytes('28\r4\rD4D5E4E5\r', '0'.repeat(27), 'WB', '0'.repeat(6), 'BW', '0'.repeat(27), '\r', [0xa9], ' 1996 Yellow Lemon Software\r');
// A Patience game from Notepad: CRLF, "Kabale æøå" in Windows-1252.
const kabale = bytes('Kabale ', [0xe6, 0xf8, 0xe5], '\r\n  1  1\r\n104 4 4 0 0 0 999 10 1 0 0\r\n');

test('encoding: the server rule for non-ASCII bytes, whatever the language', () => {
  assert.equal(encodingFor(opening, 'othello-bord'), 'macroman');
  assert.equal(encodingFor(opening, 'colossus-map'), 'macroman');
  assert.equal(encodingFor(kabale, 'patience-game'), 'windows1252');
  assert.equal(encodingFor(kabale, 'othello-bord'), 'windows1252'); // CRLF: not classic Mac text
  // Valid UTF-8 stays UTF-8, also in a game that wrote Windows-1252.
  assert.equal(encodingFor(bytes('Kabale ', [0xc3, 0xa6], '\r\n'), 'patience-game'), 'utf8');
  assert.equal(encodingFor(bytes([0xc2, 0xa9], ' me\r'), 'othello-bord'), 'utf8');
  // Invalid UTF-8 with LF only, and with mixed CR and LF: Windows-1252.
  assert.equal(encodingFor(bytes([0xe6], '\n'), 'colossus-ter'), 'windows1252');
  assert.equal(encodingFor(bytes([0xe6], '\r\n\r'), 'crossmines-pattern'), 'windows1252');
});

test("encoding: ASCII gets its game's encoding; Colossus and unknown languages are left alone", () => {
  const ascii = bytes('28\r4\r');
  assert.equal(encodingFor(ascii, 'othello-bord'), 'macroman');
  assert.equal(encodingFor(ascii, 'peg-brd'), 'windows1252');
  assert.equal(encodingFor(ascii, 'patience-game'), 'windows1252');
  assert.equal(encodingFor(ascii, 'crossmines-pattern'), 'windows1252');
  assert.equal(encodingFor(ascii, 'colossus-cre'), undefined);
  assert.equal(encodingFor(ascii, 'plaintext'), undefined);
  assert.equal(encodingFor(bytes(''), 'othello-bord'), 'macroman');
});

test('encoding: binary and byte order marks are left to VS Code', () => {
  assert.equal(encodingFor(bytes('a', [0], [0xe6]), 'patience-game'), undefined);
  assert.equal(encodingFor(bytes([0xef, 0xbb, 0xbf], 'x', [0xc3, 0xa6]), 'patience-game'), undefined);
  assert.equal(encodingFor(bytes([0xff, 0xfe], 'x', [0]), 'patience-game'), undefined);
  assert.equal(encodingFor(bytes([0xfe, 0xff], [0], 'x'), 'patience-game'), undefined);
});

test('line ends: CR-only is a CR and no LF', () => {
  assert.equal(isCrOnly(opening), true);
  assert.equal(isCrOnly(kabale), false);
  assert.equal(isCrOnly(bytes('a\rb\n')), false);
  assert.equal(isCrOnly(bytes('no line end')), false);
});

test('line ends: CRLF back to CR, only from what VS Code writes', () => {
  const saved = bytes('28\r\n4\r\n', [0xa9], ' x\r\n');
  assert.deepEqual(crlfToCr(saved), bytes('28\r4\r', [0xa9], ' x\r'));
  assert.deepEqual(crlfToCr(bytes('a\r\nb')), bytes('a\rb'));
  // Nothing to do: already CR-only, or no line end at all.
  assert.equal(crlfToCr(opening), undefined);
  assert.equal(crlfToCr(bytes('one line')), undefined);
  // An LF without its CR: not VS Code's CRLF file, left alone.
  assert.equal(crlfToCr(bytes('a\r\nb\nc\r\n')), undefined);
  assert.equal(crlfToCr(bytes('\na')), undefined);
});

test('round trip: the same bytes say nothing', () => {
  assert.equal(changeOnSave(opening, Uint8Array.from(opening), 'macroman'), undefined);
  assert.equal(changeOnSave(bytes(''), bytes(''), 'utf8'), undefined);
});

test('round trip: mixed line ends and lost bytes are named', () => {
  assert.equal(
    changeOnSave(bytes('a\r\nb\nc\r\n'), bytes('a\r\nb\r\nc\r\n'), 'windows1252'),
    'its line ends are mixed, and VS Code writes all of them alike',
  );
  assert.equal(
    changeOnSave(bytes('ab\r\nc', [0x81], 'd\r\n'), bytes('ab\r\nc?d\r\n'), 'windows1252'),
    'the byte 0x81 on line 2, column 2 cannot be kept in windows1252',
  );
  assert.equal(changeOnSave(bytes('a\rb'), bytes('a\rb\r'), 'macroman'), 'VS Code would add bytes at its end (line 2)');
  // A UTF-8 file decoded as Mac Roman would be written back in other bytes.
  assert.equal(changeOnSave(bytes('x\r', [0xc2, 0xa9]), bytes('x\r', [0xe2, 0x88, 0x9a]), 'macroman'), 'the byte 0xC2 on line 2, column 1 cannot be kept in macroman');
});
