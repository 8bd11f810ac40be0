import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { contentSecurityPolicy, filledPlace, makeNonce, paletteOf, plainHover, previewHtml, svgAllowed, svgBase64, validActions, validElementId, validSeed, validSolution } from '../src/previewHtml';

test('nonces are fresh and plain', () => {
  const a = makeNonce();
  assert.match(a, /^[A-Za-z0-9]{16,}$/);
  assert.notEqual(a, makeNonce());
});

test('the CSP allows nothing but the nonce: no images, no frames, no connections', () => {
  const csp = contentSecurityPolicy('abc');
  assert.match(csp, /^default-src 'none'; /);
  assert.doesNotMatch(csp, /img-src|data:/);
  assert.match(csp, /style-src 'nonce-abc';/);
  assert.match(csp, /script-src 'nonce-abc';/);
  assert.doesNotMatch(csp, /unsafe|https?:|\*/);
});

test('the page: CSP meta, nonced style and script only, no remote content', () => {
  const html = previewHtml('N0nce', { uri: 'file:///a</script><script>alert(1)</script>.map' });
  assert.ok(html.includes(`content="${contentSecurityPolicy('N0nce')}"`));
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  assert.deepEqual(scripts, ['<script nonce="N0nce">']);
  const styles = html.match(/<style\b[^>]*>/g) ?? [];
  assert.deepEqual(styles, ['<style nonce="N0nce">']);
  assert.doesNotMatch(html, /\b(src|href)="(https?:|\/\/)/);
  assert.doesNotMatch(html, /\sstyle="/);
  // The state is embedded as JSON that cannot close the script element.
  assert.ok(!html.includes('</script><script>alert(1)'));
  assert.ok(html.includes('\\u003c/script>'));
});

test('the board goes in as base64, never as markup: parsed as XML and copied element by element', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Tiny — 8 hexes</title><script>alert(1)</script></svg>';
  const b64 = svgBase64(svg);
  assert.match(b64, /^[A-Za-z0-9+/]*={0,2}$/);
  assert.equal(Buffer.from(b64, 'base64').toString('utf8'), svg);
  const html = previewHtml('n', {});
  assert.ok(html.includes("new DOMParser().parseFromString(fromBase64(b64), 'image/svg+xml')"));
  assert.ok(html.includes('if (svgAllowed(node.localName, a.name, a.value)) copy.setAttribute(a.name, a.value);'));
  // The page's copy of svgAllowed is this module's.
  assert.ok(html.includes(`const svgAllowed = (${svgAllowed.toString()});`));
  assert.doesNotMatch(html, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|<img/);
});

test('only shapes, text, numbers and colours of the board are copied', () => {
  for (const element of ['svg', 'g', 'rect', 'polygon', 'line', 'circle', 'text']) assert.ok(svgAllowed(element), element);
  for (const element of ['script', 'foreignObject', 'a', 'image', 'use', 'style', 'iframe', 'animate', 'set', 'title', '__proto__', 'constructor', 'toString'])
    assert.equal(svgAllowed(element), false, element);
  assert.ok(svgAllowed('polygon', 'points', '508,514.83 556,514.83 -1.5,0'));
  assert.ok(svgAllowed('rect', 'fill', '#ffaa00'));
  assert.ok(svgAllowed('rect', 'fill', 'none'));
  assert.ok(svgAllowed('text', 'class', 'ink'));
  assert.ok(svgAllowed('rect', 'class', 'ink ink-line'));
  assert.ok(svgAllowed('g', 'data-rb-id', 'creature:Gargoyle <"x">'));
  assert.ok(svgAllowed('svg', 'font-family', 'DejaVu Sans, Verdana, Arial, sans-serif'));
  assert.ok(svgAllowed('text', 'text-anchor', 'middle'));
  // The drawing's default anchor, on its root; its texts inherit it.
  assert.ok(svgAllowed('svg', 'text-anchor', 'middle'));
  assert.equal(svgAllowed('svg', 'text-anchor', 'middle;x'), false);
  assert.ok(svgAllowed('rect', 'data-rb-mark', ''));
  for (const [element, name, value] of [
    ['rect', 'onclick', 'alert(1)'],
    ['rect', 'onload', ''],
    ['rect', 'fill', 'url(#x)'],
    ['rect', 'fill', 'url(https://example.com/x.svg#p)'],
    ['rect', 'stroke', 'red;background:url(x)'],
    ['rect', 'style', 'fill:red'],
    ['rect', 'href', 'javascript:alert(1)'],
    ['rect', 'xlink:href', '#x'],
    ['text', 'x', '1);alert(1'],
    ['rect', 'class', 'ink" onclick="x'],
    ['rect', 'filter', 'url(#f)'],
    ['g', 'data-rb-id', ''],
    ['g', 'data-rb-id', 'x'.repeat(201)],
    ['g', 'transform', 'scale(2)'],
    ['svg', 'font-family', 'x; src: url(a)'],
    ['svg', 'onload', 'alert(1)'],
  ] as const) assert.equal(svgAllowed(element, name, value), false, `${element} ${name}="${value}"`);
});

test('the page deals Patience games: a seed box, Deal and Deal again', () => {
  const html = previewHtml('n', {});
  assert.ok(html.includes('<input id="seed" type="number"'));
  assert.ok(html.includes('>Deal</button>'));
  assert.ok(html.includes('>Deal again</button>'));
  assert.ok(html.includes("vscode.postMessage({ type: 'deal', seed: value })"));
  assert.ok(html.includes("$('dealing').hidden = m.format !== 'patience-game'"));
});

test('a click on the board posts the element under it; older versions are dropped', () => {
  const html = previewHtml('n', {});
  // An element that can change keeps the focus on the page, whose palette opens beside it.
  assert.ok(html.includes("vscode.postMessage({ type: 'reveal', id, focus: !editable });"));
  assert.ok(html.includes('if (editable) openPalette(id);'));
  assert.ok(html.includes("vscode.postMessage({ type: 'edit', id, action });"));
  assert.ok(html.includes("if (e.key === 'Escape') closePalette();"));
  // The palette's helper is the tested one.
  assert.ok(html.includes(`const paletteOf = (${paletteOf.toString()});`));
  assert.ok(html.includes("svg.querySelectorAll('g[data-rb-id]')"));
  assert.ok(html.includes('shown.opening === m.opening && version < shown.version) return;'));
  // The heading changes with its picture, in the same task.
  assert.ok(html.includes('placeFor(m);\n      showPreview(m, b64, version);'));
  // Typing redraws what changed: elements are keyed and copied again only when their source changed.
  assert.ok(html.includes('let node = old && old.source === source ? old.node : null;'));
});

test('element ids from the page are short strings', () => {
  assert.equal(validElementId('hex:12'), 'hex:12');
  assert.equal(validElementId(''), undefined);
  assert.equal(validElementId(12), undefined);
  assert.equal(validElementId('x'.repeat(201)), undefined);
  assert.equal(validElementId(null), undefined);
});

test('seeds from the page are whole numbers or null', () => {
  assert.equal(validSeed(0), 0);
  assert.equal(validSeed(42), 42);
  assert.equal(validSeed(null), null);
  assert.equal(validSeed(-1), undefined);
  assert.equal(validSeed(1.5), undefined);
  assert.equal(validSeed('7'), undefined);
  assert.equal(validSeed(2 ** 60), undefined);
  assert.equal(validSeed(undefined), undefined);
});

test('the page steps through a peg solution: First, Previous, Next, Last and the label', () => {
  const html = previewHtml('n', {});
  for (const label of ['First', 'Previous', 'Next', 'Last']) assert.ok(html.includes(`>${label}</button>`), label);
  assert.ok(html.includes('<span id="step" aria-live="polite"></span>'));
  assert.ok(html.includes("'jump ' + n + ' of ' + total"));
  assert.ok(html.includes('<p id="verdict" hidden></p>'));
});

test('solutions from the server are checked piece by piece', () => {
  const good = {
    verdict: 'solvable',
    moves: [{ from: [0, 0], over: [0, 1], to: [0, 2] }],
    holes: [[0, 0], [0, 1], [0, 2]],
    start: '110',
  };
  assert.deepEqual(validSolution(good), { ...good, reason: null });
  const stuck = { verdict: 'unsolvable', reason: 'This board cannot be won: …', moves: [], holes: [[0, 0]], start: '1' };
  assert.deepEqual(validSolution(stuck), stuck);
  assert.equal(validSolution(undefined), null);
  assert.equal(validSolution({ ...good, verdict: 'maybe' }), null);
  assert.equal(validSolution({ ...good, start: '11' }), null);
  assert.equal(validSolution({ ...good, start: '11x' }), null);
  assert.equal(validSolution({ ...good, holes: [[0, -1], [0, 1], [0, 2]] }), null);
  assert.equal(validSolution({ ...good, moves: [{ from: [0, 0], over: [0, 1] }] }), null);
  assert.equal(validSolution({ ...good, moves: [{ from: [0, 0], over: [0, 1], to: ['0', 2] }] }), null);
});

test('text → board: the highlight is drawn from numbers only, over the picture, keyed by id', () => {
  const html = previewHtml('n', {});
  assert.ok(html.includes('<svg id="overlay" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"></svg>'));
  assert.ok(html.includes("} else if (m.type === 'highlight') {"));
  assert.ok(html.includes("el.setAttribute('class', 'highlight');"));
  // Only geometry is copied from the untrusted SVG: numbers, and polygon points checked as such.
  assert.ok(html.includes('for (const n of names) attrs[n] = number(el, n);'));
  assert.ok(html.includes('if (!points.every((p) => p.length === 2 && p.every(Number.isFinite))) return null;'));
  assert.ok(html.includes("pointer-events: none"));
});

test('zoom: buttons, Ctrl+wheel around the pointer, the zoom kept in the page state', () => {
  const html = previewHtml('n', { zoom: 2 });
  for (const label of ['−', '+', 'Fit width', '100 %']) assert.ok(html.includes(`>${label}</button>`), label);
  assert.ok(html.includes('"zoom":2'));
  assert.ok(html.includes("stage.addEventListener('wheel', (e) => {"));
  assert.ok(html.includes('if (!e.ctrlKey && !e.metaKey) return; // a plain wheel scrolls (pans)'));
  assert.ok(html.includes("board.style.width = "));
});

test('hover on the board asks for the explanation; the tooltip is set as text', () => {
  const html = previewHtml('n', {});
  assert.ok(html.includes("vscode.postMessage({ type: 'hover', id })"));
  assert.ok(html.includes("tip.textContent = m.text + '\\n\\nClick to select it in the text' + can + '.';"));
});

test('hover Markdown becomes plain tooltip text', () => {
  const md = '**hex 9** — `Brush` at (3, 2)\n\n```\n9 B 10 ARCH\n```\n\n[docs](https://x.invalid) \\* not bold';
  assert.equal(plainHover(md), 'hex 9 — Brush at (3, 2)\n\n9 B 10 ARCH\n\ndocs * not bold');
  assert.equal(plainHover('x'.repeat(20), 10), 'x'.repeat(9) + '…');
});

test('the source map\'s actions, checked: indices into the table, only elements that offer some, ids and titles as strings', () => {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  const table = [{ id: 'empty', title: 'an empty hole' }, { id: 7, title: 'x' }, null];
  const actions = validActions([
    { id: 'hole:0:0', range, actions: [0, 1, 2, 3, -1, 'x', 0.5] },
    { id: 'row:0', range, actions: [] },
    { id: 'hole:0:1', range },
    { id: '', range, actions: [0] },
    { id: 'hole:0:2', range, actions: [0] },
  ], table);
  assert.deepEqual(Object.keys(actions), ['hole:0:0', 'hole:0:2']);
  assert.deepEqual(actions['hole:0:0'], [{ id: 'empty', title: 'an empty hole' }]);
  assert.deepEqual(actions['hole:0:2'], [{ id: 'empty', title: 'an empty hole' }]);
  assert.deepEqual(Object.keys(validActions(undefined, table)), []);
  assert.deepEqual(Object.keys(validActions([{ id: 'hole:0:0', range, actions: [0] }], undefined)), []);
  // A colour is kept only as `#rrggbb`.
  const coloured = validActions([
    { id: 'hex:1', range, actions: [0, 1] },
  ], [{ id: 'terrain:B', title: 'Brush (B)', color: '#4a8c2a' }, { id: 'terrain:D', title: 'Desert (D)', color: 'red; x' }]);
  assert.deepEqual(coloured['hex:1'], [{ id: 'terrain:B', title: 'Brush (B)', color: '#4a8c2a' }, { id: 'terrain:D', title: 'Desert (D)' }]);
  assert.deepEqual(paletteOf(coloured, 'hex:1').map((a) => a.color), ['#4a8c2a', undefined]);
});

test('the palette: every action of the element\'s kind in the server\'s order, what it is now not offered', () => {
  const cells = (except: string) => ['1', '2', 'A', '0', '.', '-', '#'].filter((c) => c !== except).map((c) => ({ id: `cell:${c}`, title: `cell ${c}` }));
  const actions = { 'square:0:0': cells('A'), 'square:0:1': cells('1'), 'square:0:2': cells('#'), 'hole:0:0': [{ id: 'empty', title: 'an empty hole' }] };
  const palette = paletteOf(actions, 'square:0:0');
  assert.deepEqual(palette.map((a) => a.label), ['1', '2', 'A', '0', '.', '-', '#']);
  assert.ok(palette.every((a) => a.compact));
  assert.deepEqual(palette.filter((a) => !a.offered).map((a) => a.id), ['cell:A']);
  // Other kinds are not mixed in; titles are labels where the action is more than a character.
  assert.deepEqual(paletteOf(actions, 'hole:0:0'), [{ id: 'empty', title: 'an empty hole', label: 'an empty hole', offered: true, compact: false }]);
  // A peg hole offers goal or no-goal (one of them is what it is): both are shown.
  const peg = {
    'hole:0:0': [{ id: 'stone:red', title: 'a red stone' }, { id: 'empty', title: 'an empty hole' }, { id: 'none', title: 'no hole' }, { id: 'goal', title: 'the goal' }],
    'hole:0:1': [{ id: 'stone', title: 'a stone' }, { id: 'stone:red', title: 'a red stone' }, { id: 'none', title: 'no hole' }, { id: 'goal', title: 'the goal' }],
    'hole:0:2': [{ id: 'stone', title: 'a stone' }, { id: 'stone:red', title: 'a red stone' }, { id: 'none', title: 'no hole' }, { id: 'no-goal', title: 'not the goal' }],
  };
  assert.deepEqual(paletteOf(peg, 'hole:0:0').map((a) => `${a.id}${a.offered ? '' : ' (now)'}`), ['stone (now)', 'stone:red', 'empty', 'none', 'goal', 'no-goal (now)']);
  // An element that offers nothing has no palette.
  assert.deepEqual(paletteOf(actions, 'row:0'), []);
  assert.deepEqual(paletteOf({ __proto__: [] } as never, '__proto__'), []);
});

test('a pile is dragged, not chosen: templates are no buttons; the drag fills them in from its line', () => {
  const piles = { 'pile:1': [{ id: 'place:X,Y', title: 'drag to move' }, { id: 'place-exact:X,Y', title: 'drag to move, to the pixel' }] };
  assert.deepEqual(paletteOf(piles, 'pile:1'), []);
  const html = previewHtml('n', {});
  assert.ok(html.includes("type: 'move'") && html.includes('Alt: no snapping'));
  assert.equal(filledPlace('place:X,Y', ' 6  83  120 0  16   1   0   1  32 999 1304', 217, 180), 'place:300,300');
  assert.equal(filledPlace('place-exact:X,Y', '6 83 120 0', -100, -5), 'place-exact:0,115');
  for (const [template, line] of [['place:X,Y', '6 83'], ['place:X,Y', '6 x 120'], ['stone', '6 83 120'], ['place:1,2', '6 83 120']]) {
    assert.equal(filledPlace(template, line, 1, 1), undefined, `${template} ${line}`);
  }
  assert.equal(filledPlace('place:X,Y', '6 83 120', 0.5, 1), undefined);
});
