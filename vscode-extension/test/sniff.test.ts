import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { hasBordShape, isRetroboardLanguage, languageOfExtension, sniff, sniffBrd, sniffPat } from '../src/sniff';

test('.pat: patience by a second non-blank line `decks piles` (the shared table has the slips)', () => {
  assert.equal(sniffPat('Mysteriet\r\n\r\n  2  34\r\n104 4'), 'patience-game');
  assert.equal(sniffPat('Name\n\n\n1 2\n'), 'patience-game');
  assert.equal(sniffPat('Name\r\r1 2\r'), 'patience-game'); // Mac line ends
  assert.equal(sniffPat('Name\n-1\t7\n'), 'patience-game');
  assert.equal(sniffPat('Name\n   \n 1 2  \n'), 'patience-game');
});

test('.pat: crossmines otherwise', () => {
  assert.equal(sniffPat('1\nJohn\n4 and 8\n'), 'crossmines-pattern');
  assert.equal(sniffPat('Name\n2 3 4\n'), 'crossmines-pattern');
  assert.equal(sniffPat('Name\n2\n'), 'crossmines-pattern');
  assert.equal(sniffPat('Name\n2 x\n'), 'crossmines-pattern');
  assert.equal(sniffPat(''), 'crossmines-pattern');
  assert.equal(sniffPat('only one line'), 'crossmines-pattern');
  assert.equal(sniffPat('7\nA. Modder\nTest\nA test pattern.\n19\n19\n6\n6\n5\n5\n...11.\n'), 'crossmines-pattern');
});

test('.brd: peg with a v1 header, line breaks allowed between', () => {
  assert.equal(sniffBrd('1D~\r\nXX222XXX!'), 'peg-brd');
  assert.equal(sniffBrd('1\r\nN\r\n~EEE!'), 'peg-brd');
  assert.equal(sniffBrd('\n\n1N~'), 'peg-brd');
  assert.equal(sniffBrd('1X~'), 'peg-brd'); // a row of v1 elements outweighs no Othello evidence
  assert.equal(sniffBrd('1 D~'), 'othello-bord');
});

test('.brd: peg with a `version` line, any case, wherever it is', () => {
  assert.equal(sniffBrd('Version 2\r\nMode: Normal\r\n'), 'peg-brd');
  assert.equal(sniffBrd('VERSION 2  \n'), 'peg-brd');
  assert.equal(sniffBrd('version 2'), 'peg-brd');
  assert.equal(sniffBrd('version 3\n'), 'peg-brd');
  assert.equal(sniffBrd(' version 2\n'), 'peg-brd');
  assert.equal(sniffBrd('version 3\n2\n'), 'othello-bord'); // a tie goes to Othello
});

test('.brd: othello otherwise', () => {
  assert.equal(sniffBrd('16\r16\r\rW'), 'othello-bord');
  assert.equal(sniffBrd(''), 'othello-bord');
});

test('BORD shape', () => {
  const board = `28\r4\rD4E5\r${'0'.repeat(27)}WB${'0'.repeat(35)}\r(c) me\r`;
  assert.ok(hasBordShape(board));
  assert.ok(!hasBordShape('hello\nworld\n'));
});

test('sniff: corrects the static association of .pat and .brd', () => {
  assert.equal(sniff('/w/examples/Mysteriet.pat', 'crossmines-pattern', 'Mysteriet\n\n2 34\n'), 'patience-game');
  assert.equal(sniff('/w/a.pat', 'patience-game', '1\nJohn\n'), 'crossmines-pattern');
  assert.equal(sniff('/w/a.pat', 'crossmines-pattern', '1\nJohn\n'), undefined); // already right
  assert.equal(sniff('/w/English Standard.brd', 'othello-bord', '1D~XX'), 'peg-brd');
  assert.equal(sniff('/w/b.BRD', 'peg-brd', '16\n16\n'), 'othello-bord');
  assert.equal(sniff('C:\\w\\a.pat', 'plaintext', 'N\n1 2\n'), 'patience-game');
});

test('sniff: leaves other languages alone', () => {
  assert.equal(sniff('/w/a.pat', 'markdown', 'N\n1 2\n'), undefined);
  assert.equal(sniff('/w/a.txt', 'plaintext', 'hello'), undefined);
  assert.equal(sniff('/w/a.map', 'colossus-map', 'anything'), undefined);
});

test('sniff: Battlelands', () => {
  assert.equal(sniff('/v/Tiny/Battlelands/Brush', 'colossus-battleland', ''), undefined);
  assert.equal(sniff('/v/Tiny/Battlelands/Brush', 'plaintext', ''), 'colossus-battleland');
  assert.equal(sniff('/v/Tiny/Battlelands/notes.txt', 'colossus-battleland', ''), 'plaintext');
  assert.equal(sniff('/v/Tiny/Battlelands/Tiny.ter', 'colossus-battleland', ''), 'colossus-ter');
  assert.equal(sniff('/v/Tiny/Battlelands/.hidden', 'plaintext', ''), 'colossus-battleland'); // no extension, as the server sees it
});

test('sniff: BORD-shaped extension-less plain text', () => {
  const board = `28\n4\nD4E5\n${'0'.repeat(64)}\n`;
  assert.equal(sniff('/w/Boards/Opening', 'plaintext', board), 'othello-bord');
  assert.equal(sniff('/w/notes', 'plaintext', 'hello\n'), undefined);
});

test('language ids', () => {
  assert.ok(isRetroboardLanguage('colossus-var'));
  assert.ok(!isRetroboardLanguage('plaintext'));
  assert.equal(languageOfExtension('.TES'), 'crossmines-pattern');
  assert.equal(languageOfExtension('.txt'), undefined);
});
