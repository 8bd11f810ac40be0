// The preview webview's page. Pure (no VS Code), so the security rules are unit-tested
// (test/previewHtml.test.ts).
//
// Security: the page allows nothing by default (`default-src 'none'`); its one style sheet and
// one script carry a fresh nonce; images only from `data:`. The board SVG comes from the server
// (self-contained and escaped there) but is treated as untrusted: it is shown as an
// `<img src="data:image/svg+xml;base64,...">`, in which an SVG can never run script nor load
// anything, and every other text is set with `textContent`, never parsed as HTML.

import { randomBytes } from 'node:crypto';

/** The messages the extension posts to the page. */
export type ToPage =
  | {
      type: 'preview';
      uri: string;
      fileName: string;
      format: string | null;
      title: string;
      /** The SVG, base64 (UTF-8). */
      svg: string;
      text: string;
      problems: string;
      /** The seed the cards were dealt with (Patience), or null for the table undealt. */
      deal: number | null;
    }
  | { type: 'message'; uri: string | null; fileName: string; message: string };

/** What the page keeps with `setState`, given back by the serializer after a reload. */
export interface PageState {
  uri?: string;
  scrollX?: number;
  scrollY?: number;
  showText?: boolean;
}

/** The messages the page posts to the extension. */
export type FromPage = { type: 'ready' } | { type: 'deal'; seed: number | null };

/** A seed from the page: a whole number from 0 to 2^53 - 1, or `null` (deal nothing); anything
 * else is `undefined` (ignored). */
export function validSeed(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return undefined;
  return value;
}

export function makeNonce(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    'img-src data:',
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function svgBase64(svg: string): string {
  return Buffer.from(svg, 'utf8').toString('base64');
}

/** The page: a heading, the board image, an optional text drawing. Content arrives by message. */
export function previewHtml(nonce: string, initial: PageState): string {
  const state = JSON.stringify(initial).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Retroboard Preview</title>
<style nonce="${nonce}">
  body { margin: 0; padding: 12px 16px; font-family: var(--vscode-font-family, sans-serif);
         font-size: var(--vscode-font-size, 13px); color: var(--vscode-foreground, #ccc);
         background: var(--vscode-editor-background, #1e1e1e); }
  header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 10px; }
  h1 { font-size: 1.15em; font-weight: 600; margin: 0; }
  .meta { opacity: 0.75; }
  .problems.has { color: var(--vscode-editorError-foreground, #f48771); opacity: 1; }
  #toggle { margin-left: auto; }
  #dealing[hidden] { display: none; }
  #dealing { display: inline-flex; align-items: baseline; gap: 6px; }
  #seed { width: 9em; font: inherit; color: var(--vscode-input-foreground, inherit);
          background: var(--vscode-input-background, #3c3c3c); border: 1px solid var(--vscode-input-border, transparent);
          padding: 1px 4px; }
  button { font: inherit; color: var(--vscode-button-secondaryForeground, inherit);
           background: var(--vscode-button-secondaryBackground, #3a3d41); border: none; padding: 2px 8px;
           border-radius: 2px; cursor: pointer; }
  button:hover { background: var(--vscode-button-secondaryHoverBackground, #45494e); }
  #board { display: block; max-width: 100%; height: auto; border-radius: 2px; }
  #board[hidden], #drawing[hidden], #message[hidden] { display: none; }
  #drawing { font-family: var(--vscode-editor-font-family, monospace); font-size: var(--vscode-editor-font-size, 13px);
             line-height: 1.25; white-space: pre; overflow-x: auto; margin: 12px 0 0; padding: 8px;
             background: var(--vscode-textCodeBlock-background, rgba(127,127,127,0.1)); }
  #message { opacity: 0.85; }
</style>
</head>
<body>
<header>
  <h1 id="title">Retroboard Preview</h1>
  <span id="file" class="meta"></span>
  <span id="problems" class="meta problems"></span>
  <span id="dealing" hidden>
    <label for="seed">Seed</label>
    <input id="seed" type="number" min="0" step="1" inputmode="numeric" placeholder="no deal" title="A whole number: the same seed deals the same cards">
    <button id="deal" type="button" title="Deal the game with this seed (empty: show the table undealt)">Deal</button>
    <button id="again" type="button" title="Deal again with a new seed">Deal again</button>
  </span>
  <button id="toggle" type="button" title="Show the board as text">Text</button>
</header>
<p id="message">Loading the board…</p>
<img id="board" alt="" hidden>
<pre id="drawing" hidden></pre>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const initial = ${state};
  let state = Object.assign({}, initial, vscode.getState() || {});
  const $ = (id) => document.getElementById(id);
  const board = $('board'), drawing = $('drawing'), message = $('message'), toggle = $('toggle');
  const save = (patch) => { state = Object.assign(state, patch); vscode.setState(state); };
  const showDrawing = (on) => {
    drawing.hidden = !on || drawing.textContent === '';
    toggle.textContent = on ? 'Board only' : 'Text';
    toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
  };
  toggle.addEventListener('click', () => { save({ showText: !state.showText }); showDrawing(state.showText); });
  // Dealing (Patience): the seed box, "Deal" and "Deal again" (a new random seed).
  const seed = $('seed');
  const deal = (value) => vscode.postMessage({ type: 'deal', seed: value });
  $('deal').addEventListener('click', () => {
    const text = seed.value.trim();
    if (text === '') { deal(null); return; }
    const value = Number(text);
    if (Number.isSafeInteger(value) && value >= 0) deal(value);
    else seed.setCustomValidity('A whole number from 0 up');
  });
  seed.addEventListener('input', () => seed.setCustomValidity(''));
  seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') $('deal').click(); });
  $('again').addEventListener('click', () => {
    const value = Math.floor(Math.random() * 1000000);
    seed.value = String(value);
    deal(value);
  });
  let restored = false;
  const restoreScroll = () => {
    if (restored) return;
    restored = true;
    if (state.scrollX || state.scrollY) window.scrollTo(state.scrollX || 0, state.scrollY || 0);
  };
  let scrollTimer;
  window.addEventListener('scroll', () => {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => save({ scrollX: window.scrollX, scrollY: window.scrollY }), 100);
  });
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.uri !== state.uri) {
      if (m.uri) save({ uri: m.uri, scrollX: 0, scrollY: 0 });
      restored = true;
    }
    $('file').textContent = String(m.fileName || '');
    if (m.type === 'preview') {
      $('title').textContent = String(m.title);
      document.title = String(m.title);
      $('problems').textContent = String(m.problems || '');
      $('problems').classList.toggle('has', !!m.problems && !/^no problems/.test(m.problems));
      message.hidden = true;
      const b64 = String(m.svg);
      if (/^[A-Za-z0-9+\\/]*={0,2}$/.test(b64)) {
        board.src = 'data:image/svg+xml;base64,' + b64;
        board.alt = String(m.title);
        board.dataset.format = String(m.format || '');
        board.hidden = false;
      }
      drawing.textContent = String(m.text || '');
      showDrawing(!!state.showText);
      $('dealing').hidden = m.format !== 'patience-game';
      if (document.activeElement !== seed) seed.value = typeof m.deal === 'number' ? String(m.deal) : '';
      if (board.complete) restoreScroll(); else board.addEventListener('load', restoreScroll, { once: true });
    } else if (m.type === 'message') {
      $('title').textContent = 'Retroboard Preview';
      $('problems').textContent = '';
      message.textContent = String(m.message);
      message.hidden = false;
      board.hidden = true;
      board.removeAttribute('src');
      drawing.textContent = '';
      showDrawing(false);
      $('dealing').hidden = true;
    }
  });
  vscode.setState(state);
  vscode.postMessage({ type: 'ready' });
})();
</script>
</body>
</html>
`;
}
