import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Corrections } from '../src/corrections';

const PAT = 'file:///games/Mysteriet.pat';

test('a .pat of pile rows: its Crossmines opening is held back, its Patience reopening is not', () => {
  const c = new Corrections();
  assert.equal(
    c.look(PAT, 'crossmines-pattern', () => 'patience-game'),
    'patience-game',
  );
  assert.equal(c.waits(PAT, 'crossmines-pattern'), true);
  let sent = 0;
  c.hold(PAT, () => sent++);
  assert.equal(c.isHeld(PAT), true);
  // The language change: a close of the first language (not sent: its opening was not), then an
  // opening in the new one, which waits for nothing.
  assert.equal(c.closed(PAT), true);
  assert.equal(c.isHeld(PAT), false);
  assert.equal(c.waits(PAT, 'patience-game'), false);
  assert.equal(c.settled(PAT), undefined);
  assert.equal(sent, 0);
  // Its later close is sent as any other.
  assert.equal(c.closed(PAT), false);
});

test('each document is looked at once per opening: a language picked by hand stays', () => {
  const c = new Corrections();
  let sniffed = 0;
  const sniff = () => {
    sniffed++;
    return 'patience-game';
  };
  assert.equal(c.look(PAT, 'crossmines-pattern', sniff), 'patience-game');
  c.settled(PAT);
  // Reopened by the change, then set back to Crossmines by the user: left as it is.
  assert.equal(c.look(PAT, 'patience-game', sniff), undefined);
  assert.equal(c.look(PAT, 'crossmines-pattern', sniff), undefined);
  assert.equal(c.waits(PAT, 'crossmines-pattern'), false);
  assert.equal(sniffed, 1);
  // Closed for good, opened again: looked at again.
  c.forget(PAT);
  assert.equal(c.look(PAT, 'crossmines-pattern', sniff), 'patience-game');
  assert.equal(sniffed, 2);
});

test('a document of the right language waits for nothing', () => {
  const c = new Corrections();
  const pat = 'file:///games/Tiny.pat';
  assert.equal(c.look(pat, 'crossmines-pattern', () => undefined), undefined);
  assert.equal(c.waits(pat, 'crossmines-pattern'), false);
  const brd = 'file:///games/Opening.brd';
  assert.equal(c.look(brd, 'othello-bord', () => 'othello-bord'), undefined);
  assert.equal(c.waits(brd, 'othello-bord'), false);
});

test('a .brd whose language cannot be changed: its held opening is handed back to be sent', () => {
  const c = new Corrections();
  const brd = 'file:///games/English.brd';
  assert.equal(c.look(brd, 'othello-bord', () => 'peg-brd'), 'peg-brd');
  let sent = 0;
  c.hold(brd, () => sent++);
  const send = c.settled(brd);
  assert.ok(send);
  send();
  assert.equal(sent, 1);
  // It keeps its first language, now shown as any other document.
  assert.equal(c.waits(brd, 'othello-bord'), false);
  assert.equal(c.isHeld(brd), false);
  assert.equal(c.closed(brd), false);
});

test('a document closed while its language changes: nothing of it is sent', () => {
  const c = new Corrections();
  assert.equal(c.look(PAT, 'crossmines-pattern', () => 'patience-game'), 'patience-game');
  c.hold(PAT, () => assert.fail('a closed document was opened in the server'));
  assert.equal(c.closed(PAT), true);
  assert.equal(c.settled(PAT), undefined);
});
