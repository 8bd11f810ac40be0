// The preview webview's page. Pure (no VS Code), so the security rules are unit-tested
// (test/previewHtml.test.ts).
//
// Security: the page allows nothing by default (`default-src 'none'`); its one style sheet and
// one script carry a fresh nonce. The board SVG comes from the server (self-contained and
// escaped there) but is treated as untrusted: it is parsed as an inert XML document and copied
// into the page element by element, keeping only the elements and attributes `svgAllowed`
// lists (shapes, text, numbers, colours; no script, link, style, event handler or URL); every
// other text is set with `textContent`, never parsed as HTML.

import { randomBytes } from 'node:crypto';

/** The messages the extension posts to the page. */
export type ToPage =
  | {
      type: 'preview';
      uri: string;
      fileName: string;
      format: string | null;
      title: string;
      /** A line under the title: how often a Patience game is won (the server's background search). */
      headline: string | null;
      /** The SVG, base64 (UTF-8). */
      svg: string;
      text: string;
      problems: string;
      /** The seed the cards were dealt with (Patience), or null for the table undealt. */
      deal: number | null;
      /** A peg board's solution to step through, or why there is none. */
      solution: Solution | null;
      /** The document version drawn (null: a file not open); an older one than shown is dropped. */
      version: number | null;
      /** Which opening of the document the version counts in (versions start over on reopening). */
      opening: number;
      /** What each element can become, by id (only elements that can change). */
      actions: Actions;
    }
  | { type: 'message'; uri: string | null; fileName: string; message: string }
  /** Text → board: the elements to highlight (those whose text holds the editor's cursor). */
  | { type: 'highlight'; uri: string; ids: string[] }
  /** The explanation of an element the pointer rests on (the text hover at its start). */
  | { type: 'tip'; id: string; text: string }
  /** A board edit made (`ok`: the element is flashed once redrawn) or refused (`message`: why). */
  | { type: 'edited'; id: string; ok: boolean; message: string }
  /** A game played (`retroboard/play`): the position after `moves` (the page's list, as asked). */
  | {
      type: 'played';
      uri: string;
      moves: string[];
      status: string;
      /** The legal moves now. */
      legal: string[];
      title: string;
      /** The SVG, base64 (UTF-8). */
      svg: string;
      text: string;
      message: string;
      /** The first move refused and the rule that forbids it: the moves from it were not played. */
      refused: { index: number; move: string; rule: string } | null;
      hint: { move: string | null; reason: string } | null;
      /** The preview's line under the title as it is now (a Patience game's win rate). */
      headline: string | null;
    }
  /** A game that could not be played: why. */
  | { type: 'played'; uri: string; moves: string[]; error: string };

/** One thing an element can become: the server's action id, its title, and the colour it
 * gives the element where it has one (`#rrggbb`, a terrain's). */
export interface Action {
  id: string;
  title: string;
  color?: string;
}

/** The actions of a preview's elements, by element id. */
export type Actions = Record<string, Action[]>;

/** The actions of the server's source map, checked: each element names its actions by their
 * index in the answer's `actions` table; only elements that offer some are kept, each action a
 * non-empty id and a title (at most 200 characters each). */
export function validActions(sourceMap: unknown, table: unknown): Actions {
  const actions: Actions = Object.create(null);
  if (!Array.isArray(sourceMap) || !Array.isArray(table)) return actions;
  const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
  const colour = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);
  // Each entry of the table checked once: null where it is not an action.
  const checked = (table as { id?: unknown; title?: unknown; color?: unknown }[]).map((a): Action | null => {
    if (!a || !text(a.id) || !text(a.title)) return null;
    return colour(a.color) ? { id: a.id, title: a.title, color: a.color } : { id: a.id, title: a.title };
  });
  for (const e of sourceMap as { id?: unknown; actions?: unknown }[]) {
    if (!e || !text(e.id) || !Array.isArray(e.actions)) continue;
    const offered = (e.actions as unknown[])
      .map((i) => (Number.isInteger(i) && (i as number) >= 0 && (i as number) < checked.length ? checked[i as number] : null))
      .filter((a): a is Action => a !== null);
    if (offered.length > 0) actions[e.id] = offered;
  }
  return actions;
}

/**
 * The palette of element `id`: every action an element of its kind (the id up to its first `:`,
 * `square`, `hole`) offers, in the server's order, each with a label (a one-character action,
 * `cell:A`, shows that character; any other its title) and whether `id` offers it (what it does
 * not offer is what it already is). Empty when `id` offers nothing. Self-contained: the page's
 * script carries its source.
 */
export function paletteOf(actions: Record<string, { id: string; title: string; color?: string }[]>, id: string): { id: string; title: string; label: string; offered: boolean; compact: boolean; color?: string }[] {
  // A template (`place:X,Y`) is no button: it is filled in by a drag.
  const plain = (list: { id: string; title: string; color?: string }[]) => list.filter((a) => !a.id.endsWith(':X,Y'));
  const own = Object.prototype.hasOwnProperty.call(actions, id) ? plain(actions[id]) : [];
  if (own.length === 0) return [];
  const kind = id.split(':')[0] + ':';
  const titles = new Map<string, string>(own.map((a) => [a.id, a.title]));
  const colours = new Map<string, string>();
  for (const a of own) if (a.color) colours.set(a.id, a.color);
  // Each element lists all but what it is, in the server's order: a few lists that differ
  // give the whole order.
  const lists = [own];
  const seen = new Set([own.map((a) => a.id).join('\n')]);
  for (const other of Object.keys(actions)) {
    if (!other.startsWith(kind)) continue;
    const list = plain(actions[other]);
    for (const a of list) {
      if (!titles.has(a.id)) titles.set(a.id, a.title);
      if (a.color && !colours.has(a.id)) colours.set(a.id, a.color);
    }
    const key = list.map((a) => a.id).join('\n');
    if (lists.length < 8 && !seen.has(key)) {
      seen.add(key);
      lists.push(list);
    }
  }
  // Each list's neighbours, one before the other; the order that keeps them all (the first
  // listed first where they leave it open).
  const ids: string[] = [];
  const all = [...titles.keys()];
  const next = new Map(all.map((a) => [a, new Set<string>()]));
  const waits = new Map(all.map((a) => [a, 0]));
  for (const list of lists) {
    for (let i = 1; i < list.length; i++) {
      const follows = next.get(list[i - 1].id) as Set<string>;
      if (follows.has(list[i].id)) continue;
      follows.add(list[i].id);
      waits.set(list[i].id, (waits.get(list[i].id) as number) + 1);
    }
  }
  while (ids.length < all.length) {
    const left = all.filter((a) => !ids.includes(a));
    const a = left.find((a) => (waits.get(a) as number) <= 0) ?? left[0];
    ids.push(a);
    for (const b of next.get(a) as Set<string>) waits.set(b, (waits.get(b) as number) - 1);
  }
  return ids.map((a) => {
    const tail = a.slice(a.indexOf(':') + 1);
    const compact = a.includes(':') && [...tail].length === 1;
    const title = titles.get(a) as string;
    const color = colours.get(a);
    const item = { id: a, title, label: compact ? tail : title, offered: own.some((x) => x.id === a), compact };
    return color ? { ...item, color } : item;
  });
}

/**
 * A place template (`place:X,Y`, `place-exact:X,Y`) filled in for an element dragged by `dx`,
 * `dy` pixels of the drawing (a Patience table is drawn a game pixel to a unit): `X,Y` its x and
 * y as its line writes them (the second and third numbers of a pile line) moved by that much,
 * at least 0. `undefined` for another action, a line without them, or a move that is not whole
 * pixels.
 */
export function filledPlace(template: string, line: string, dx: number, dy: number): string | undefined {
  if (!/^[a-z][a-z-]*:X,Y$/.test(template) || !Number.isSafeInteger(dx) || !Number.isSafeInteger(dy)) return undefined;
  const numbers = line.trim().split(/\s+/).slice(0, 3);
  if (numbers.length < 3 || !numbers.every((n) => /^[-+]?\d{1,9}$/.test(n))) return undefined;
  const x = Math.max(0, Number(numbers[1]) + dx), y = Math.max(0, Number(numbers[2]) + dy);
  return template.slice(0, -'X,Y'.length) + x + ',' + y;
}

/** A place on a peg board's jump grid: row and column from 0. */
export type Place = [number, number];

/** A peg board's solution as `retroboard/preview` gives it: the jumps, and the holes (the SVG
 * groups `data-rb-id="hole:ROW:COLUMN"`) with a `1` in `start` for each holding a peg. */
export interface Solution {
  verdict: 'solvable' | 'unsolvable' | 'unknown';
  reason: string | null;
  moves: { from: Place; over: Place; to: Place }[];
  holes: Place[];
  start: string;
}

/** The server's `solution` checked piece by piece; `null` when absent or malformed. */
export function validSolution(value: unknown): Solution | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const place = (p: unknown): Place | null =>
    Array.isArray(p) && p.length === 2 && p.every((n) => Number.isSafeInteger(n) && n >= 0) ? [p[0] as number, p[1] as number] : null;
  if (v.verdict !== 'solvable' && v.verdict !== 'unsolvable' && v.verdict !== 'unknown') return null;
  if (!Array.isArray(v.moves) || !Array.isArray(v.holes) || typeof v.start !== 'string') return null;
  const holes = v.holes.map(place);
  if (holes.some((h) => h === null) || holes.length !== v.start.length || !/^[01]*$/.test(v.start)) return null;
  const moves = [];
  for (const m of v.moves as unknown[]) {
    if (!m || typeof m !== 'object') return null;
    const { from, over, to } = m as Record<string, unknown>;
    const [f, o, t] = [place(from), place(over), place(to)];
    if (!f || !o || !t) return null;
    moves.push({ from: f, over: o, to: t });
  }
  return {
    verdict: v.verdict,
    reason: typeof v.reason === 'string' ? v.reason : null,
    moves,
    holes: holes as Place[],
    start: v.start,
  };
}

/** What the page keeps with `setState`, given back by the serializer after a reload. */
export interface PageState {
  uri?: string;
  scrollX?: number;
  scrollY?: number;
  showText?: boolean;
  /** The zoom: 'fit' (the board as wide as the page) or a factor (1 is 100 %). */
  zoom?: 'fit' | number;
}

/** The messages the page posts to the extension. */
export type FromPage =
  | { type: 'ready' }
  | { type: 'deal'; seed: number | null }
  /** Board → text: select the element's text; `focus: false` keeps the focus on the page. */
  | { type: 'reveal'; id: string; focus?: boolean }
  | { type: 'hover'; id: string }
  /** Make element `id` what `action` says (`retroboard.editBoard`). */
  | { type: 'edit'; id: string; action: string }
  /** Element `id` dragged by `dx`, `dy` pixels of the drawing: `template` (`place:X,Y`) filled in. */
  | { type: 'move'; id: string; template: string; dx: number; dy: number };

/** The zoom factors the page allows. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;

/** A hover's Markdown as the plain text of a tooltip: no code fences, emphasis, links' targets
 * or headings' hashes; at most `limit` characters. */
export function plainHover(markdown: string, limit = 1500): string {
  const text = markdown
    .replace(/^```.*$/gm, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}\[\]()#+\-.!|<>])/g, '$1')
    .replace(/^\s*(---|\*\*\*)\s*$/gm, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > limit ? text.slice(0, limit - 1) + '…' : text;
}

/** An element id from the page (a `data-rb-id` of the board: `hex:12`, `pile:3`); anything
 * else is `undefined` (ignored). */
export function validElementId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

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
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Whether the preview copies an element of the server's SVG (`name` absent) or one of its
 * attributes with this value. Self-contained: the page's script carries its source. */
export function svgAllowed(element: string, name?: string, value?: string): boolean {
  const shape = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'class'];
  const allowed: Record<string, string[]> = {
    svg: ['width', 'height', 'viewBox', 'font-family', 'text-anchor'],
    g: ['data-rb-id'],
    rect: ['x', 'y', 'width', 'height', 'data-rb-mark', ...shape],
    polygon: ['points', ...shape],
    line: ['x1', 'y1', 'x2', 'y2', ...shape],
    circle: ['cx', 'cy', 'r', ...shape],
    text: ['x', 'y', 'font-size', 'text-anchor', ...shape],
  };
  const names = Object.prototype.hasOwnProperty.call(allowed, element) ? allowed[element] : undefined;
  if (!names) return false;
  if (name === undefined) return true;
  if (!names.includes(name) || typeof value !== 'string' || value.length > 100000) return false;
  switch (name) {
    case 'data-rb-id': return value.length > 0 && value.length <= 200;
    case 'class': return /^[a-z]+(-[a-z]+)*( [a-z]+(-[a-z]+)*)*$/.test(value);
    case 'font-family': return /^[A-Za-z ,-]{0,200}$/.test(value);
    case 'fill':
    case 'stroke': return /^(none|#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})$/.test(value);
    case 'text-anchor': return /^(start|middle|end)$/.test(value);
    // The rest are numbers: coordinates, sizes, a list of points, a dash pattern.
    default: return /^[-0-9., ]*$/.test(value);
  }
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
  #headline { order: 10; flex-basis: 100%; margin: 0; }
  #headline[hidden] { display: none; }
  #dealing[hidden] { display: none; }
  #dealing { display: inline-flex; align-items: baseline; gap: 6px; }
  #seed { width: 9em; font: inherit; color: var(--vscode-input-foreground, inherit);
          background: var(--vscode-input-background, #3c3c3c); border: 1px solid var(--vscode-input-border, transparent);
          padding: 1px 4px; }
  button { font: inherit; color: var(--vscode-button-secondaryForeground, inherit);
           background: var(--vscode-button-secondaryBackground, #3a3d41); border: none; padding: 2px 8px;
           border-radius: 2px; cursor: pointer; }
  button:hover { background: var(--vscode-button-secondaryHoverBackground, #45494e); }
  #stage { position: relative; width: max-content; }
  #stage:focus { outline: none; }
  #stage[hidden], #zoombar[hidden] { display: none; }
  #board { display: block; border-radius: 2px; user-select: none; -webkit-user-drag: none;
           outline: 1px solid var(--vscode-widget-border, transparent); }
  /* The paper around the game's board, and what is written on it, in the theme's colours; the
     board's own colours stay the game's. */
  #board .paper { fill: var(--vscode-editor-background, #1e1e1e); }
  #board .ink { fill: var(--vscode-foreground, #ccc); }
  #board .muted { fill: var(--vscode-descriptionForeground, #999); }
  #board .ink-line { stroke: var(--vscode-foreground, #ccc); }
  #board.pointing { cursor: pointer; }
  #board.panning, #board.moving { cursor: grabbing; }
  #board.movable { cursor: grab; }
  /* A pile being dragged: its outline follows the pointer. */
  #overlay .ghost { fill: var(--vscode-focusBorder, #007fd4); fill-opacity: 0.15; stroke: var(--vscode-focusBorder, #007fd4);
                    stroke-width: 2; stroke-dasharray: 6 3; vector-effect: non-scaling-stroke; }
  #board[hidden], #drawing[hidden], #message[hidden] { display: none; }
  #overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; overflow: visible; }
  /* An outline only: a fill over the element would dim its label. */
  #overlay .highlight { fill: none; stroke: var(--vscode-focusBorder, #007fd4); stroke-width: 4;
                        vector-effect: non-scaling-stroke; }
  #overlay line.highlight { stroke-width: 8; }
  #zoombar { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; margin: 0 -16px 8px; padding: 4px 16px;
             position: sticky; top: 0; z-index: 5; background: var(--vscode-editor-background, #1e1e1e); }
  #zoom-level { min-width: 4em; text-align: center; font-variant-numeric: tabular-nums; }
  #tip { position: fixed; z-index: 10; max-width: min(36em, 80vw); padding: 4px 8px; white-space: pre-wrap;
         pointer-events: none; color: var(--vscode-editorHoverWidget-foreground, var(--vscode-foreground, #ccc));
         background: var(--vscode-editorHoverWidget-background, #252526);
         border: 1px solid var(--vscode-editorHoverWidget-border, #454545); border-radius: 3px;
         box-shadow: 0 2px 8px var(--vscode-widget-shadow, rgba(0,0,0,0.36)); }
  #tip[hidden] { display: none; }
  #drawing { font-family: var(--vscode-editor-font-family, monospace); font-size: var(--vscode-editor-font-size, 13px);
             line-height: 1.25; white-space: pre; overflow-x: auto; margin: 12px 0 0; padding: 8px;
             background: var(--vscode-textCodeBlock-background, rgba(127,127,127,0.1)); }
  #message { opacity: 0.85; }
  #stepper[hidden], #verdict[hidden] { display: none; }
  #stepper { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; margin: 0 0 10px; }
  #step { min-width: 11em; font-variant-numeric: tabular-nums; }
  #verdict { margin: 0 0 10px; padding: 4px 8px; border-left: 3px solid var(--vscode-editorWarning-foreground, #cca700);
             background: var(--vscode-textBlockQuote-background, rgba(127,127,127,0.1)); }
  #verdict.unknown { border-left-color: var(--vscode-editorInfo-foreground, #3794ff); }
  button:disabled { opacity: 0.5; cursor: default; }
  /* The palette of the element clicked: what it can become. */
  #palette { position: absolute; z-index: 6; min-width: 11em; max-width: 20em; padding: 6px 8px 8px;
             color: var(--vscode-editorWidget-foreground, var(--vscode-foreground, #ccc));
             background: var(--vscode-editorWidget-background, #252526);
             border: 1px solid var(--vscode-editorWidget-border, #454545); border-radius: 4px;
             box-shadow: 0 2px 8px var(--vscode-widget-shadow, rgba(0,0,0,0.36)); }
  #palette[hidden], #edit-status[hidden] { display: none; }
  #palette-head { display: flex; align-items: baseline; gap: 8px; margin-bottom: 6px; }
  #palette-title { flex: 1; font-weight: 600; }
  #palette-actions .swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.4em;
    vertical-align: -0.1em; border: 1px solid #0006; border-radius: 2px; }
  #palette-close { padding: 0 6px; }
  #palette-actions { display: flex; flex-direction: column; gap: 3px; }
  #palette-actions button { text-align: left; }
  #palette-actions.compact { display: grid; grid-template-columns: repeat(8, 2.1em); }
  #palette-actions.compact button { padding: 3px 0; text-align: center; font-weight: 600;
                                    font-family: var(--vscode-editor-font-family, monospace); }
  #palette-actions button[aria-pressed="true"] { color: var(--vscode-button-foreground, #fff);
                                                 background: var(--vscode-button-background, #0e639c); }
  #palette-actions button[aria-disabled="true"] { opacity: 0.55; cursor: default;
                                                  outline: 1px dashed var(--vscode-descriptionForeground, #999); outline-offset: -2px; }
  #palette-hint { margin: 6px 0 0; font-size: 0.9em; opacity: 0.8; }
  #edit-status { margin: 6px 0 0; padding: 4px 8px; color: var(--vscode-errorForeground, #f48771);
                 border-left: 3px solid var(--vscode-editorError-foreground, #f14c4c);
                 background: var(--vscode-inputValidation-errorBackground, rgba(90,29,29,0.5)); }
  /* The element an edit changed, outlined for a moment once it is drawn again. */
  #overlay .flash { fill: none; stroke: var(--vscode-editorWarning-foreground, #cca700); stroke-width: 6;
                    vector-effect: non-scaling-stroke; animation: rb-flash 1.8s ease-out forwards; }
  @keyframes rb-flash { 0%, 70% { stroke-opacity: 1; } 100% { stroke-opacity: 0; } }
  #playbar[hidden], #play-message[hidden], #play[hidden], #pass[hidden], #stock[hidden], #engine-side[hidden] { display: none; }
  #playbar { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; margin: 0 0 10px; }
  #play-status { font-weight: 600; }
  #play-message { margin: 0 0 10px; padding: 4px 8px; border-left: 3px solid var(--vscode-focusBorder, #007fd4);
                  background: var(--vscode-textBlockQuote-background, rgba(127,127,127,0.1)); }
  #play-message.refused { color: var(--vscode-errorForeground, #f48771); border-left-color: var(--vscode-editorError-foreground, #f14c4c); }
  #play-message.won { border-left-color: var(--vscode-testing-iconPassed, #73c991); }
  #hint-text { margin-left: 0.5em; opacity: 0.85; }
  button:focus-visible { outline: 1px solid var(--vscode-focusBorder, #007fd4); outline-offset: 1px; }
</style>
</head>
<body>
<header>
  <h1 id="title">Retroboard Preview</h1>
  <span id="file" class="meta"></span>
  <span id="problems" class="meta problems"></span>
  <p id="headline" class="meta" hidden></p>
  <span id="dealing" hidden>
    <label for="seed">Seed</label>
    <input id="seed" type="number" min="0" step="1" inputmode="numeric" placeholder="no deal" title="A whole number: the same seed deals the same cards">
    <button id="deal" type="button" title="Deal the game with this seed (empty: show the table undealt)">Deal</button>
    <button id="again" type="button" title="Deal again with a new seed">Deal again</button>
  </span>
  <button id="play" type="button" hidden title="Play the game from its start">Play</button>
  <button id="toggle" type="button" title="Show the board as text">Text</button>
</header>
<p id="message">Loading the board…</p>
<div id="stepper" role="toolbar" aria-label="Step through the solution" hidden>
  <button id="first" type="button" title="The board at the start (Home)">First</button>
  <button id="prev" type="button" title="The jump before (Left arrow)">Previous</button>
  <button id="next" type="button" title="The next jump (Right arrow)">Next</button>
  <button id="last" type="button" title="The board after the last jump (End)">Last</button>
  <span id="step" aria-live="polite"></span>
</div>
<p id="verdict" hidden></p>
<div id="playbar" role="toolbar" aria-label="Play" hidden>
  <span id="play-status" aria-live="polite"></span>
  <button id="undo" type="button" title="Take the last move back">Undo</button>
  <button id="redo" type="button" title="Play the move taken back again">Redo</button>
  <button id="restart" type="button" title="Back to the start">Restart</button>
  <button id="hint" type="button" title="Suggest a move">Hint</button>
  <button id="pass" type="button" hidden title="No square turns a chip over: pass">Pass</button>
  <button id="stock" type="button" hidden title="Deal from the stock (s)">Stock</button>
  <label id="engine-side" hidden><input id="engine" type="checkbox" checked> the engine plays White</label>
  <button id="stop" type="button" title="Back to the board as the file has it">Stop playing</button>
</div>
<p id="play-message" role="status" hidden></p>
<div id="zoombar" role="toolbar" aria-label="Zoom" hidden>
  <button id="zoom-out" type="button" title="Zoom out (-, Ctrl+wheel)">−</button>
  <span id="zoom-level" aria-live="polite">100 %</span>
  <button id="zoom-in" type="button" title="Zoom in (+, Ctrl+wheel or pinch)">+</button>
  <button id="fit" type="button" title="The board as wide as the preview (W)">Fit width</button>
  <button id="actual" type="button" title="The board at its own size (0)">100 %</button>
</div>
<div id="stage" tabindex="-1" hidden>
  <svg id="board" xmlns="http://www.w3.org/2000/svg" role="img" hidden></svg>
  <svg id="overlay" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"></svg>
  <div id="palette" role="dialog" aria-labelledby="palette-title" hidden>
    <div id="palette-head">
      <span id="palette-title"></span>
      <button id="palette-close" type="button" title="Close (Escape)" aria-label="Close">×</button>
    </div>
    <div id="palette-actions" role="group" aria-label="Change it to"></div>
    <p id="palette-hint"></p>
    <p id="edit-status" role="alert" hidden></p>
  </div>
</div>
<div id="tip" role="tooltip" hidden></div>
<pre id="drawing" hidden></pre>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const initial = ${state};
  let state = Object.assign({}, initial, vscode.getState() || {});
  const $ = (id) => document.getElementById(id);
  const board = $('board'), drawing = $('drawing'), message = $('message'), toggle = $('toggle');
  const save = (patch) => { state = Object.assign(state, patch); vscode.setState(state); };
  // Keys typed into a field or the palette are theirs, not the board's shortcuts.
  const keysTaken = (t) => !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || !!(t.closest && t.closest('#palette')));
  const showDrawing = (on) => {
    drawing.hidden = !on || drawing.textContent === '';
    toggle.textContent = on ? 'Board only' : 'Text';
    toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
  };
  toggle.addEventListener('click', () => { save({ showText: !state.showText }); showDrawing(state.showText); });
  // Dealing (Patience): the seed box, "Deal" and "Deal again" (a new random seed).
  const seed = $('seed');
  // A game under way starts again on the new deal.
  const deal = (value) => {
    if (game) { game.moves = []; game.redo = []; game.selected = null; }
    vscode.postMessage({ type: 'deal', seed: value });
  };
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
  // A peg board's solution: the board after each jump, drawn from the server's SVG with each
  // hole's peg painted or not (edited in its inert XML document, then copied as every drawing is).
  const stepper = $('stepper'), stepLabel = $('step'), verdict = $('verdict');
  let replay = null; // { solution, svg (Document), key, step }
  // The frames of a jump on the board's light paper, whatever the theme.
  const JUMP_FRAMES = { from: '#e07000', over: '#8a2be2', to: '#000000' };
  const fromBase64 = (b64) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  // The drawing: the server's SVG parsed as an inert XML document and copied into the page
  // element by element, keeping only what svgAllowed lists. Each top-level element is keyed by
  // its id (or its place among those without one) and copied again only when its source
  // changed, so typing redraws what changed and nothing else.
  const SVG = 'http://www.w3.org/2000/svg';
  const svgAllowed = (${svgAllowed.toString()});
  const parseSvg = (b64) => {
    let doc;
    try {
      doc = new DOMParser().parseFromString(fromBase64(b64), 'image/svg+xml');
    } catch (err) {
      return null;
    }
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== SVG || root.localName !== 'svg' || doc.querySelector('parsererror')) return null;
    return doc;
  };
  const copyNode = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue || '');
    if (node.nodeType !== Node.ELEMENT_NODE || node.namespaceURI !== SVG || !svgAllowed(node.localName)) return null;
    const copy = document.createElementNS(SVG, node.localName);
    for (const a of node.attributes) if (svgAllowed(node.localName, a.name, a.value)) copy.setAttribute(a.name, a.value);
    for (const child of node.childNodes) {
      const c = copyNode(child);
      if (c) copy.appendChild(c);
    }
    return copy;
  };
  const FRAME = ['width', 'height', 'viewBox', 'font-family', 'text-anchor'];
  let drawn = { frame: null, parts: new Map() }; // parts: key → { node, source }
  const clearSvg = () => {
    while (board.firstChild) board.firstChild.remove();
    drawn = { frame: null, parts: new Map() };
  };
  const showSvg = (doc) => {
    const root = doc.documentElement;
    const frame = FRAME.map((n) => root.getAttribute(n)).join('|');
    const fresh = frame !== drawn.frame;
    if (fresh) {
      for (const n of FRAME) {
        const v = root.getAttribute(n);
        if (v !== null && svgAllowed('svg', n, v)) board.setAttribute(n, v);
        else board.removeAttribute(n);
      }
    }
    const title = [...root.children].find((c) => c.localName === 'title');
    board.setAttribute('aria-label', title ? title.textContent || '' : '');
    const serializer = new XMLSerializer();
    const parts = new Map(), wanted = [], seen = new Map();
    let redrawn = 0;
    for (const child of root.children) {
      if (child.localName === 'title') continue;
      const id = child.getAttribute('data-rb-id') || '';
      const n = seen.get(id) || 0;
      seen.set(id, n + 1);
      const key = id + '#' + n;
      const source = serializer.serializeToString(child);
      const old = fresh ? undefined : drawn.parts.get(key);
      let node = old && old.source === source ? old.node : null;
      if (!node) {
        node = copyNode(child);
        redrawn += 1;
      }
      if (!node) continue;
      parts.set(key, { node, source });
      wanted.push(node);
    }
    // In drawing order, moving only what is out of place.
    let at = board.firstChild;
    for (const node of wanted) {
      if (node === at) at = at.nextSibling;
      else board.insertBefore(node, at);
    }
    while (at) {
      const next = at.nextSibling;
      at.remove();
      at = next;
    }
    drawn = { frame, parts };
    board.dataset.redrawn = String(redrawn);
    board.dataset.elements = String(wanted.length);
  };
  const holeId = (p) => 'hole:' + p[0] + ':' + p[1];
  const drawStep = () => {
    if (!replay) return;
    const { solution, svg } = replay;
    const total = solution.moves.length;
    const n = Math.max(0, Math.min(total, replay.step));
    replay.step = n;
    const groups = new Map();
    for (const g of svg.querySelectorAll('g[data-rb-id^="hole:"]')) groups.set(g.getAttribute('data-rb-id'), g);
    const peg = (id) => groups.get(id)?.querySelector('circle') ?? null;
    // Pegs at the start keep their colour as they jump.
    const colour = new Map();
    solution.holes.forEach((h, i) => {
      colour.set(holeId(h), solution.start[i] === '1' ? (replay.colours.get(holeId(h)) || '#f5d700') : null);
    });
    for (const m of solution.moves.slice(0, n)) {
      colour.set(holeId(m.to), colour.get(holeId(m.from)));
      colour.set(holeId(m.from), null);
      colour.set(holeId(m.over), null);
    }
    let pegs = 0;
    for (const [id, fill] of colour) {
      const c = peg(id);
      if (!c) continue;
      if (fill) { pegs += 1; c.setAttribute('fill', fill); c.setAttribute('stroke', '#000000'); c.setAttribute('stroke-width', '1'); }
      else { c.setAttribute('fill', 'none'); c.removeAttribute('stroke'); c.removeAttribute('stroke-width'); }
    }
    // The current jump: where the peg came from, the peg it took, where it landed.
    for (const r of svg.querySelectorAll('[data-rb-mark]')) r.remove();
    const current = n > 0 ? solution.moves[n - 1] : null;
    if (current) {
      // Colours the board's legend gives no other meaning (its stones are red, yellow and
      // green, its goal frame blue, a problem red), named in the step's words below.
      const marks = [[current.from, JUMP_FRAMES.from, false], [current.over, JUMP_FRAMES.over, true], [current.to, JUMP_FRAMES.to, false]];
      for (const [place, stroke, dashed] of marks) {
        const g = groups.get(holeId(place));
        const slot = g?.querySelector('rect');
        if (!g || !slot) continue;
        const mark = slot.cloneNode(false);
        mark.setAttribute('fill', 'none');
        mark.setAttribute('stroke', stroke);
        mark.setAttribute('stroke-width', '4');
        if (dashed) mark.setAttribute('stroke-dasharray', '6 3'); else mark.removeAttribute('stroke-dasharray');
        mark.setAttribute('data-rb-mark', '');
        g.appendChild(mark);
      }
    }
    showSvg(svg);
    plain = null;
    board.dataset.pegs = String(pegs);
    board.dataset.step = String(n);
    const place = (p) => 'row ' + (p[0] + 1) + ', column ' + (p[1] + 1);
    const where = current ? ' — from ' + place(current.from) + ' (orange) over ' + place(current.over) + ' (purple, taken) to ' + place(current.to) + ' (black)' : ' — the start';
    stepLabel.textContent = 'jump ' + n + ' of ' + total + where + ' · ' + pegs + (pegs === 1 ? ' peg left' : ' pegs left');
    $('first').disabled = $('prev').disabled = n === 0;
    $('next').disabled = $('last').disabled = n === total;
  };
  const go = (n) => { if (replay) { replay.step = n; drawStep(); } };
  $('first').addEventListener('click', () => go(0));
  $('prev').addEventListener('click', () => replay && go(replay.step - 1));
  $('next').addEventListener('click', () => replay && go(replay.step + 1));
  $('last').addEventListener('click', () => replay && go(replay.solution.moves.length));
  document.addEventListener('keydown', (e) => {
    if (!replay || stepper.hidden || e.altKey || e.ctrlKey || e.metaKey || keysTaken(e.target)) return;
    const to = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: replay.solution.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  /** Shows the solution of a new preview (keeping the step while the same solution comes back). */
  const showSolution = (solution, b64) => {
    verdict.hidden = true;
    stepper.hidden = true;
    const old = replay;
    replay = null;
    if (!solution) return false;
    if (solution.verdict !== 'solvable') {
      verdict.textContent = String(solution.reason || 'No solution is known for this board.');
      verdict.className = solution.verdict;
      verdict.hidden = false;
      return false;
    }
    const svg = parseSvg(b64); // its own copy: the steps paint its pegs
    if (!svg) return false;
    const colours = new Map();
    for (const g of svg.querySelectorAll('g[data-rb-id^="hole:"]')) {
      const fill = g.querySelector('circle')?.getAttribute('fill');
      if (fill && fill !== 'none') colours.set(g.getAttribute('data-rb-id'), fill);
    }
    const key = JSON.stringify([solution.moves, solution.holes, solution.start]);
    replay = { solution, svg, colours, key, step: old && old.key === key ? old.step : 0 };
    stepper.hidden = false;
    drawStep();
    return true;
  };
  // Board → text: the element under a click (the last drawn whose own shapes hold the point,
  // so a hole wins over its row and an exit over its hex), posted for the extension to select.
  let shapes = null; // { width, height, elements: [{ id, hit(x, y) }] }
  const number = (el, name) => Number(el.getAttribute(name)) || 0;
  const shapeHit = (el) => {
    switch (el.nodeName) {
      case 'rect': {
        const x = number(el, 'x'), y = number(el, 'y'), w = number(el, 'width'), h = number(el, 'height');
        return (px, py) => px >= x && px <= x + w && py >= y && py <= y + h;
      }
      case 'circle': {
        const cx = number(el, 'cx'), cy = number(el, 'cy'), r = number(el, 'r');
        return (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
      }
      case 'polygon': {
        const pts = (el.getAttribute('points') || '').trim().split(' ').map((p) => p.split(',').map(Number));
        return (px, py) => {
          let inside = false;
          for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
            const [xi, yi] = pts[i], [xj, yj] = pts[j];
            if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
          }
          return inside;
        };
      }
      case 'line': {
        const x1 = number(el, 'x1'), y1 = number(el, 'y1'), x2 = number(el, 'x2'), y2 = number(el, 'y2');
        const reach = Math.max(number(el, 'stroke-width') / 2, 3);
        return (px, py) => {
          const dx = x2 - x1, dy = y2 - y1, length = dx * dx + dy * dy || 1;
          const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length));
          return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)) <= reach;
        };
      }
      case 'text': {
        const x = number(el, 'x'), y = number(el, 'y'), size = number(el, 'font-size') || 10;
        const w = (el.textContent || '').length * size * 0.6;
        const anchor = el.getAttribute('text-anchor');
        const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
        return (px, py) => px >= left && px <= left + w && py >= y - size && py <= y + size * 0.25;
      }
      default:
        return null;
    }
  };
  // An element's shape for the highlight: only its geometry, as numbers, is copied from the
  // untrusted SVG (a text becomes the box it takes).
  const outlineOf = (el) => {
    const pick = (names) => {
      const attrs = {};
      for (const n of names) attrs[n] = number(el, n);
      return attrs;
    };
    switch (el.nodeName) {
      case 'rect': return { name: 'rect', attrs: pick(['x', 'y', 'width', 'height']) };
      case 'circle': return { name: 'circle', attrs: pick(['cx', 'cy', 'r']) };
      case 'line': return { name: 'line', attrs: pick(['x1', 'y1', 'x2', 'y2']) };
      case 'polygon': {
        const points = (el.getAttribute('points') || '').trim().split(/\\s+/).map((p) => p.split(',').map(Number));
        if (!points.every((p) => p.length === 2 && p.every(Number.isFinite))) return null;
        return { name: 'polygon', attrs: { points: points.map((p) => p.join(',')).join(' ') } };
      }
      case 'text': {
        const x = number(el, 'x'), y = number(el, 'y'), size = number(el, 'font-size') || 10;
        const w = (el.textContent || '').length * size * 0.6;
        const anchor = el.getAttribute('text-anchor');
        const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
        return { name: 'rect', text: true, attrs: { x: left - 2, y: y - size, width: w + 4, height: size * 1.3 } };
      }
      default: return null;
    }
  };
  // Text → board: the elements the extension says the cursor is in, outlined over the picture.
  const overlay = $('overlay');
  let highlighted = []; // ids
  const drawHighlight = () => {
    while (overlay.firstChild) overlay.firstChild.remove();
    const drawn = [];
    for (const id of highlighted) {
      const outline = shapes && shapes.outlines.get(id);
      if (!outline) continue;
      drawn.push(id);
      // A hex's outline says enough: boxes around its words as well would only clutter it.
      const shaped = outline.filter((o) => !o.text);
      for (const o of shaped.length > 0 ? shaped : outline) {
        const el = document.createElementNS(SVG, o.name);
        for (const [k, v] of Object.entries(o.attrs)) el.setAttribute(k, String(v));
        el.setAttribute('class', 'highlight');
        el.setAttribute('data-rb-id', id);
        overlay.appendChild(el);
      }
    }
    board.dataset.highlighted = drawn.join(' ');
    // The element an edit just changed.
    const changed = flash && shapes && shapes.outlines.get(flash);
    for (const o of changed ? changed.filter((o) => !o.text) : []) {
      const el = document.createElementNS(SVG, o.name);
      for (const [k, v] of Object.entries(o.attrs)) el.setAttribute(k, String(v));
      el.setAttribute('class', 'flash');
      el.setAttribute('data-rb-id', flash);
      overlay.appendChild(el);
    }
    board.dataset.flashed = changed ? flash : '';
    // The element being dragged (or dropped, till the board is drawn again): its outline moved.
    const moved = ghost && shapes && shapes.outlines.get(ghost.id);
    for (const o of moved ? moved.filter((o) => !o.text) : []) {
      const el = document.createElementNS(SVG, o.name);
      for (const [k, v] of Object.entries(o.attrs)) el.setAttribute(k, String(v));
      el.setAttribute('transform', 'translate(' + ghost.dx + ' ' + ghost.dy + ')');
      el.setAttribute('class', 'ghost');
      el.setAttribute('data-rb-id', ghost.id);
      overlay.appendChild(el);
    }
    board.dataset.ghost = moved ? ghost.id + ' ' + ghost.dx + ' ' + ghost.dy : '';
  };
  let ghost = null; // { id, dx, dy }: an element dragged, in the drawing's units
  let flash = null, flashTimer; // the id of the element an edit changed, outlined for a moment
  const flashElement = (id) => {
    flash = id;
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => { flash = null; drawHighlight(); }, 1800);
    drawHighlight();
  };
  // Zoom and pan: the picture is drawn at its own size times the zoom (an SVG stays sharp);
  // the page scrolls to pan (wheel, scroll bars, or dragging the board); Ctrl+wheel and pinch
  // zoom around the pointer.
  const stage = $('stage'), zoombar = $('zoombar'), zoomLevel = $('zoom-level');
  let natural = { width: 0, height: 0 };
  const available = () => Math.max(50, document.documentElement.clientWidth - 32);
  const clampZoom = (z) => Math.min(${MAX_ZOOM}, Math.max(${MIN_ZOOM}, z));
  const zoomFactor = () => {
    if (!natural.width) return 1;
    return state.zoom === 'fit' || typeof state.zoom !== 'number' ? clampZoom(Math.min(3, available() / natural.width)) : clampZoom(state.zoom);
  };
  const applyZoom = () => {
    const z = zoomFactor();
    if (natural.width) {
      board.style.width = Math.round(natural.width * z * 100) / 100 + 'px';
      board.style.height = Math.round(natural.height * z * 100) / 100 + 'px';
    }
    board.dataset.zoom = String(Math.round(z * 1000) / 1000);
    zoomLevel.textContent = Math.round(z * 100) + ' %';
    $('fit').setAttribute('aria-pressed', state.zoom === 'fit' || typeof state.zoom !== 'number' ? 'true' : 'false');
    placePalette();
  };
  /** Zooms to \`z\` keeping the board's point under (clientX, clientY) where it is. */
  const zoomTo = (z, clientX, clientY) => {
    const before = board.getBoundingClientRect();
    const old = zoomFactor();
    const next = clampZoom(z);
    const cx = clientX ?? Math.min(before.right, document.documentElement.clientWidth) / 2 + Math.max(before.left, 0) / 2;
    const cy = clientY ?? Math.min(before.bottom, document.documentElement.clientHeight) / 2 + Math.max(before.top, 0) / 2;
    const bx = (cx - before.left) / old, by = (cy - before.top) / old;
    save({ zoom: next });
    applyZoom();
    const after = board.getBoundingClientRect();
    window.scrollBy(after.left + bx * next - cx, after.top + by * next - cy);
  };
  $('zoom-in').addEventListener('click', () => zoomTo(zoomFactor() * 1.25));
  $('zoom-out').addEventListener('click', () => zoomTo(zoomFactor() / 1.25));
  $('fit').addEventListener('click', () => { save({ zoom: 'fit' }); applyZoom(); });
  $('actual').addEventListener('click', () => zoomTo(1));
  window.addEventListener('resize', () => { if (state.zoom === 'fit' || typeof state.zoom !== 'number') applyZoom(); });
  stage.addEventListener('wheel', (e) => {
    if (!e.ctrlKey && !e.metaKey) return; // a plain wheel scrolls (pans)
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    zoomTo(zoomFactor() * Math.exp(-e.deltaY * unit * 0.0025), e.clientX, e.clientY);
  }, { passive: false });
  document.addEventListener('keydown', (e) => {
    if (stage.hidden || e.altKey || e.ctrlKey || e.metaKey || keysTaken(e.target)) return;
    if (e.key === '+' || e.key === '=') zoomTo(zoomFactor() * 1.25);
    else if (e.key === '-') zoomTo(zoomFactor() / 1.25);
    else if (e.key === '0') zoomTo(1);
    else if (e.key === 'w' || e.key === 'W') { save({ zoom: 'fit' }); applyZoom(); }
    else return;
    e.preventDefault();
  });
  // Dragging the board pans, or with a brush (the action last chosen in the palette) paints:
  // each element the pointer crosses that offers the brush's action gets it, the first one too.
  // A drag is not a click.
  // An element moved by a drag (a Patience pile, \`place:X,Y\`) is dragged instead: its outline
  // follows the pointer, and on release the extension fills the template in with where it went
  // (\`place-exact:X,Y\` with Alt held: no snapping).
  // While a Patience game is played, a pile dragged onto another plays its cards there, as a
  // click on the one and then the other does (and nothing of the file changes).
  let drag = null; // { x, y, moved, painted: Set of ids while painting, move: the element dragged, cards: the pile played from }
  board.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const id = elementAt(e);
    if (game) {
      const cards = game.format === 'patience-game' && id && /^pile:\\d+$/.test(id) ? id : null;
      drag = { x: e.clientX, y: e.clientY, moved: false, painted: null, move: null, cards };
      return;
    }
    const move = id && movesBy(id) ? id : null;
    drag = { x: e.clientX, y: e.clientY, moved: false, painted: brush && !move ? new Set() : null, move };
  });
  /** The pointer's way since the press, in the drawing's units (whole pixels). */
  const dragged = (e) => {
    const r = board.getBoundingClientRect();
    const scale = shapes && r.width ? r.width / shapes.width : 1;
    return { dx: Math.round((e.clientX - drag.x) / scale), dy: Math.round((e.clientY - drag.y) / scale) };
  };
  const paintAt = (point) => {
    const id = elementAt(point);
    if (!id || drag.painted.has(id)) return;
    drag.painted.add(id);
    if (offers(id, brush)) edit(id, brush);
  };
  window.addEventListener('pointermove', (e) => {
    if (!drag || !(e.buttons & 1)) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    if (drag.cards) {
      if (!drag.moved) {
        drag.moved = true;
        board.classList.add('moving');
        hideTip();
        game.selected = null;
        playClick(drag.cards);
      }
      return;
    }
    if (drag.move) {
      if (!drag.moved) { drag.moved = true; board.classList.add('moving'); hideTip(); }
      ghost = { id: drag.move, ...dragged(e) };
      drawHighlight();
      return;
    }
    if (drag.painted) {
      if (!brush) return;
      if (!drag.moved) { drag.moved = true; hideTip(); paintAt({ clientX: drag.x, clientY: drag.y }); }
      paintAt(e);
      return;
    }
    if (!drag.moved) { drag.moved = true; board.classList.add('panning'); hideTip(); }
    window.scrollBy(-dx, -dy);
    drag.x = e.clientX;
    drag.y = e.clientY;
  });
  window.addEventListener('pointerup', (e) => {
    board.classList.remove('panning');
    board.classList.remove('moving');
    if (drag && drag.cards && drag.moved && game) {
      const to = elementAt(e);
      // Dropped on another pile: the move; anywhere else: nothing selected.
      if (to && to !== drag.cards && /^pile:\\d+$/.test(to) && game.selected) playClick(to);
      else { game.selected = null; highlighted = []; drawHighlight(); }
    }
    if (drag && drag.move && drag.moved) {
      const how = movesBy(drag.move);
      const { dx, dy } = dragged(e);
      ghost = { id: drag.move, dx, dy };
      drawHighlight();
      if (how && (dx || dy)) {
        editStatus.hidden = true;
        vscode.postMessage({ type: 'move', id: drag.move, template: e.altKey ? how.exact : how.snapped, dx, dy });
      } else { ghost = null; drawHighlight(); }
    }
    if (drag && drag.moved) setTimeout(() => { drag = null; }, 0);
    else drag = null;
  });
  // Board → explanation: resting the pointer on an element shows the text hover of its start
  // (the extension asks the language server), as a tooltip.
  const tip = $('tip');
  let tipFor = null, tipTimer, tipAt = { x: 0, y: 0 };
  const hideTip = () => { tip.hidden = true; tip.textContent = ''; tipFor = null; clearTimeout(tipTimer); };
  const placeTip = () => {
    const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
    const r = tip.getBoundingClientRect();
    const x = Math.min(tipAt.x + 14, Math.max(0, w - r.width - 4));
    const y = tipAt.y + 18 + r.height > h ? Math.max(0, tipAt.y - r.height - 8) : tipAt.y + 18;
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  };
  const readShapes = (svg) => {
    const root = svg.documentElement;
    const elements = [];
    const outlines = new Map();
    for (const g of svg.querySelectorAll('g[data-rb-id]')) {
      const id = g.getAttribute('data-rb-id');
      const own = [...g.children].filter((el) => shapeHit(el));
      const hits = own.map(shapeHit);
      if (hits.length) elements.push({ id, hit: (x, y) => hits.some((h) => h(x, y)) });
      const outline = own.map(outlineOf).filter(Boolean);
      if (outline.length) outlines.set(id, (outlines.get(id) || []).concat(outline));
    }
    shapes = { width: number(root, 'width') || 1, height: number(root, 'height') || 1, elements, outlines };
    overlay.setAttribute('viewBox', '0 0 ' + shapes.width + ' ' + shapes.height);
    drawHighlight();
  };
  const elementAt = (event) => {
    if (!shapes) return null;
    const r = board.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const x = ((event.clientX - r.left) * shapes.width) / r.width;
    const y = ((event.clientY - r.top) * shapes.height) / r.height;
    for (let i = shapes.elements.length - 1; i >= 0; i--) if (shapes.elements[i].hit(x, y)) return shapes.elements[i].id;
    return null;
  };
  // A click on an element selects its text; on one that can change it also opens the palette
  // beside it (the focus stays here, on the palette).
  board.addEventListener('click', (event) => {
    if (drag && drag.moved) return;
    if (game) { playClick(elementAt(event)); return; }
    const id = elementAt(event);
    board.dataset.clicked = id || '';
    const editable = !!id && (paletteOf(actions, id).length > 0 || !!movesBy(id));
    if (id) vscode.postMessage({ type: 'reveal', id, focus: !editable });
    if (editable) openPalette(id);
    else closePalette();
  });
  // The palette: what the element can become (what it is now shown, but not offered). Choosing
  // one asks the extension to make it so, and makes it the brush. Escape closes it; a letter,
  // digit or sign chooses the one-character action it names; the arrow keys move between them.
  const paletteOf = (${paletteOf.toString()});
  const palette = $('palette'), paletteActions = $('palette-actions'), editStatus = $('edit-status');
  let actions = {}; // element id → [{ id, title }], of the board shown
  let paletteFor = null; // the element id the palette is open for
  let brush = null; // the action id last chosen
  const offers = (id, action) => Object.prototype.hasOwnProperty.call(actions, id) && actions[id].some((a) => a.id === action);
  /** The place templates element \`id\` is moved by (a drag): { snapped, exact }, or null. */
  const movesBy = (id) => offers(id, 'place:X,Y') ? { snapped: 'place:X,Y', exact: offers(id, 'place-exact:X,Y') ? 'place-exact:X,Y' : 'place:X,Y' } : null;
  const edit = (id, action) => {
    editStatus.hidden = true;
    vscode.postMessage({ type: 'edit', id, action });
  };
  const showPalette = () => {
    const items = paletteOf(actions, paletteFor);
    if (items.length === 0 && !movesBy(paletteFor)) { closePalette(); return; }
    const focused = palette.contains(document.activeElement) ? document.activeElement.dataset.action || '' : null;
    $('palette-title').textContent = paletteFor;
    paletteActions.textContent = '';
    const grid = items.every((a) => a.compact);
    paletteActions.classList.toggle('compact', grid);
    for (const a of items) {
      const b = document.createElement('button');
      b.type = 'button';
      // In a list, a one-character action shows its title (a terrain's name and letter); its
      // character still chooses it.
      b.textContent = grid ? a.label : a.title;
      // A terrain's colour, as the board draws it, before its name.
      if (a.color && !grid) {
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.style.background = a.color;
        b.prepend(swatch);
      }
      if (a.compact) b.dataset.key = a.label;
      b.title = a.offered ? a.title : a.title + ' (what it is now)';
      b.dataset.action = a.id;
      b.setAttribute('aria-label', b.title);
      b.setAttribute('aria-pressed', a.id === brush ? 'true' : 'false');
      if (!a.offered) b.setAttribute('aria-disabled', 'true');
      b.addEventListener('click', () => {
        if (!offers(paletteFor, a.id)) return;
        brush = a.id;
        edit(paletteFor, a.id);
        for (const other of paletteActions.children) other.setAttribute('aria-pressed', other === b ? 'true' : 'false');
        showHint();
      });
      paletteActions.appendChild(b);
    }
    showHint();
    palette.hidden = false;
    placePalette();
    const keep = focused && [...paletteActions.children].find((b) => b.dataset.action === focused);
    if (focused !== null) (keep || paletteActions.firstChild).focus();
  };
  const showHint = () => {
    const chosen = brush && paletteOf(actions, paletteFor).find((a) => a.id === brush);
    const kind = paletteFor === null ? '' : paletteFor.split(':')[0];
    const drag = paletteFor !== null && movesBy(paletteFor) ? 'Drag the ' + kind + ' to move it (snapped to the grid; Alt: no snapping). ' : '';
    $('palette-hint').textContent = chosen
      ? 'Brush: ' + chosen.label + ' — drag over the board to paint. Esc closes.'
      : paletteActions.children.length ? drag + 'Choose what it becomes. Esc closes.' : drag + 'Esc closes.';
  };
  const openPalette = (id) => {
    // The brush stays for another element of its kind.
    if (id !== paletteFor && brush && !paletteOf(actions, id).some((a) => a.id === brush)) brush = null;
    paletteFor = id;
    palette.hidden = true; // placed afresh
    showPalette();
    const first = [...paletteActions.children].find((b) => b.getAttribute('aria-pressed') === 'true')
      || [...paletteActions.children].find((b) => b.getAttribute('aria-disabled') !== 'true');
    if (first) first.focus();
  };
  const closePalette = () => {
    if (paletteFor === null) return;
    const hadFocus = palette.contains(document.activeElement);
    paletteFor = null;
    brush = null;
    palette.hidden = true;
    editStatus.hidden = true;
    if (hadFocus) stage.focus();
  };
  $('palette-close').addEventListener('click', closePalette);
  /** The box of element \`id\` on the board, in the page's pixels relative to the stage. */
  const boxOf = (id) => {
    const outline = shapes && shapes.outlines.get(id);
    const r = board.getBoundingClientRect();
    if (!outline || !r.width) return null;
    const xs = [], ys = [];
    for (const o of outline) {
      const a = o.attrs;
      if (o.name === 'rect') { xs.push(a.x, a.x + a.width); ys.push(a.y, a.y + a.height); }
      else if (o.name === 'circle') { xs.push(a.cx - a.r, a.cx + a.r); ys.push(a.cy - a.r, a.cy + a.r); }
      else if (o.name === 'line') { xs.push(a.x1, a.x2); ys.push(a.y1, a.y2); }
      else for (const p of a.points.split(' ')) { const [x, y] = p.split(',').map(Number); xs.push(x); ys.push(y); }
    }
    const sx = r.width / shapes.width, sy = r.height / shapes.height;
    return { left: Math.min(...xs) * sx, right: Math.max(...xs) * sx, top: Math.min(...ys) * sy, bottom: Math.max(...ys) * sy };
  };
  /** Beside the board at the element's height, where the page has room there (it covers none
   * of the board); else beside the element, on its right or, without room there, its left. */
  const placePalette = () => {
    if (paletteFor === null) return;
    const box = boxOf(paletteFor);
    if (!box) return;
    const stageLeft = stage.getBoundingClientRect().left;
    const width = palette.offsetWidth;
    const room = (from) => document.documentElement.clientWidth - stageLeft - from - 12 >= width;
    const boardWidth = board.getBoundingClientRect().width;
    const left = room(boardWidth) ? boardWidth + 10 : room(box.right) ? box.right + 10 : Math.max(-stageLeft, box.left - width - 10);
    palette.style.left = Math.round(left) + 'px';
    palette.style.top = Math.round(box.top) + 'px';
  };
  palette.addEventListener('keydown', (e) => {
    const buttons = [...paletteActions.children];
    const at = buttons.indexOf(document.activeElement);
    const columns = paletteActions.classList.contains('compact') ? 8 : 1;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[e.key];
    if (e.key === 'Escape') closePalette();
    else if (step !== undefined && buttons.length) buttons[Math.max(0, Math.min(buttons.length - 1, (at < 0 ? 0 : at + step)))].focus();
    else if (e.key.length === 1 && !e.altKey && !e.ctrlKey && !e.metaKey && e.key !== ' ') {
      const b = buttons.find((b) => b.dataset.key === e.key) || buttons.find((b) => b.dataset.key === e.key.toUpperCase());
      if (!b) return;
      b.focus();
      b.click();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });
  // Escape anywhere closes the palette; Enter on the page opens it for the element the
  // editor's cursor is in (highlighted), so the board can be changed from the keyboard.
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || keysTaken(e.target)) return;
    if (e.key === 'Escape' && paletteFor !== null) closePalette();
    else if (e.key === 'Enter' && !(e.target && e.target.tagName === 'BUTTON')) {
      const id = highlighted.find((h) => paletteOf(actions, h).length > 0);
      if (!id) return;
      openPalette(id);
    } else return;
    e.preventDefault();
  });
  board.addEventListener('mousemove', (event) => {
    if (drag && drag.moved) return;
    const id = elementAt(event);
    // A game's squares are clicked to play: no explanation of the text over them.
    if (game) { board.classList.toggle('pointing', !!id); hideTip(); return; }
    board.classList.toggle('pointing', !!id && !movesBy(id));
    board.classList.toggle('movable', !!id && !!movesBy(id));
    tipAt = { x: event.clientX, y: event.clientY };
    if (id === tipFor) { if (!tip.hidden) placeTip(); return; }
    hideTip();
    if (!id) return;
    tipFor = id;
    tipTimer = setTimeout(() => vscode.postMessage({ type: 'hover', id }), 150);
  });
  board.addEventListener('mouseleave', hideTip);
  window.addEventListener('scroll', hideTip, { passive: true });
  let restored = false;
  const restoreScroll = () => {
    if (restored) return;
    restored = true;
    if (state.scrollX || state.scrollY) window.scrollTo(state.scrollX || 0, state.scrollY || 0);
  };
  let scrollTimer;
  window.addEventListener('scroll', () => {
    // The zoom bar stays in view when the board is scrolled sideways too (sticky is only top).
    zoombar.style.transform = window.scrollX ? 'translateX(' + window.scrollX + 'px)' : '';
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => save({ scrollX: window.scrollX, scrollY: window.scrollY }), 100);
  });
  // In step: a preview of an older document version than the one shown is dropped, and the
  // heading changes with its picture, in the same task, so the two always agree.
  let shown = { uri: null, opening: -1, version: -1 };
  let plain = null; // the base64 of the SVG shown as it came (not a solution's step)
  // The line under the title (a Patience game's win rate), from a preview or a move's answer.
  const showHeadline = (headline) => {
    $('headline').textContent = headline ? String(headline) : '';
    $('headline').hidden = !headline;
  };
  const showPreview = (m, b64, version) => {
    const doc = parseSvg(b64);
    $('title').textContent = String(m.title);
    document.title = String(m.title);
    $('problems').textContent = String(m.problems || '');
    $('problems').classList.toggle('has', !!m.problems && !/^no problems/.test(m.problems));
    showHeadline(m.headline);
    message.hidden = !!doc;
    message.textContent = doc ? '' : 'The board could not be drawn.';
    // The same picture again (a redraw for new diagnostics) is not drawn again.
    if (plain !== b64) hideTip(); // it may explain what was there before
    if (!doc) {
      plain = null;
      clearSvg();
    } else if (!showSolution(m.solution || null, b64)) {
      if (plain !== b64) showSvg(doc);
      else board.dataset.redrawn = '0';
      plain = b64;
    }
    board.dataset.format = String(m.format || '');
    board.dataset.version = version === null ? '' : String(version);
    board.removeAttribute('hidden'); // an <svg> has no hidden property
    stage.hidden = false;
    zoombar.hidden = false;
    shapes = null;
    if (doc) readShapes(doc);
    natural = shapes ? { width: shapes.width, height: shapes.height } : { width: 0, height: 0 };
    applyZoom();
    drawing.textContent = String(m.text || '');
    showDrawing(!!state.showText);
    $('dealing').hidden = m.format !== 'patience-game';
    if (document.activeElement !== seed) seed.value = typeof m.deal === 'number' ? String(m.deal) : '';
    shownFormat = m.format || null;
    $('play').hidden = !PLAYABLE[shownFormat] || !!game;
    requestAnimationFrame(restoreScroll);
  };

  // Play: the game the file describes, from its start. The page keeps the moves; the server
  // replays them on the text and draws the position (retroboard/play), so Undo is the list
  // without its last move and an edit of the text replays the game on the new text.
  const PLAYABLE = { 'peg-brd': true, 'othello-bord': true, 'patience-game': true };
  const playbar = $('playbar'), playStatus = $('play-status'), playMessage = $('play-message');
  const engine = $('engine');
  let game = null; // { uri, format, moves, redo, saved, selected, legal, status, asked }
  let shownFormat = null;
  const engineOn = () => !!game && game.format === 'othello-bord' && engine.checked;
  const requestPlay = (hint) => {
    if (!game) return;
    game.asked = game.moves.slice();
    vscode.postMessage({ type: 'play', moves: game.asked, hint: !!hint });
  };
  const startGame = () => {
    if (!PLAYABLE[shownFormat] || !shown.uri) return;
    closePalette();
    hideTip();
    actions = {};
    game = { uri: shown.uri, format: shownFormat, moves: [], redo: [], saved: [], selected: null, legal: [], status: 'playing', asked: [] };
    playbar.hidden = false;
    $('play').hidden = true;
    stepper.hidden = true;
    verdict.hidden = true;
    $('engine-side').hidden = shownFormat !== 'othello-bord';
    playMessage.hidden = true;
    board.dataset.playing = 'true';
    requestPlay(false);
  };
  const stopGame = () => {
    game = null;
    playbar.hidden = true;
    playMessage.hidden = true;
    board.dataset.playing = '';
    highlighted = [];
    drawHighlight();
    plain = null;
    vscode.postMessage({ type: 'ready' }); // the board as the file has it, drawn again
  };
  const play = (notation) => {
    game.saved = game.redo;
    game.redo = [];
    game.selected = null;
    game.moves.push(notation);
    requestPlay(false);
  };
  /** A click on the board while playing: a peg's stone then where it lands, an Othello square,
   * a Patience pile then the pile its cards go to. */
  const playClick = (id) => {
    if (!game || !id) return;
    const select = (sel) => { game.selected = sel; highlighted = sel ? [sel.id] : []; drawHighlight(); };
    if (game.format === 'othello-bord') {
      const m = /^square:([A-H][1-8])$/.exec(id);
      if (m) play(m[1]);
      return;
    }
    let here = null;
    if (game.format === 'peg-brd') {
      const h = /^hole:(\\d+):(\\d+)$/.exec(id);
      if (h) here = (Number(h[1]) + 1) + ',' + (Number(h[2]) + 1);
    } else if (game.format === 'patience-game') {
      const p = /^pile:(\\d+)$/.exec(id);
      if (p) here = p[1];
    }
    if (here === null) return;
    const sep = game.format === 'peg-brd' ? '-' : '>';
    const starts = (place) => game.legal.some((l) => l.startsWith(place + sep) || l.startsWith(place + ':'));
    // A Patience pile that gives no card where the stock may be dealt: a click on the stock.
    if (game.format === 'patience-game' && !game.selected && !starts(here) && game.legal.includes('s') && here === '1') { play('s'); return; }
    if (!game.selected) { select({ id, place: here }); return; }
    if (game.selected.id === id) { select(null); return; }
    let notation = game.selected.place + sep + here;
    // Several cards from a Patience pile: the legal move of them onto this pile, if one.
    if (game.format === 'patience-game' && !game.legal.includes(notation)) {
      const many = game.legal.find((l) => l.startsWith(game.selected.place + ':') && l.endsWith(sep + here));
      if (many) notation = many;
    }
    // Another stone that can jump, where none lands from the one selected: select it. (A
    // Patience pile clicked second is always the target: a refusal says why it takes nothing.)
    if (game.format === 'peg-brd' && !game.legal.includes(notation) && starts(here) && !game.legal.some((l) => l.endsWith(sep + here) && l.startsWith(game.selected.place))) { select({ id, place: here }); return; }
    select(null);
    play(notation);
  };
  const undo = () => {
    if (!game || game.moves.length === 0) return;
    // Against the engine, back to Black's turn: the engine's answer goes with the move.
    const n = engineOn() && game.moves.length % 2 === 0 ? 2 : 1;
    for (let i = 0; i < n && game.moves.length; i++) game.redo.push(game.moves.pop());
    game.selected = null;
    requestPlay(false);
  };
  const redo = () => {
    if (!game || game.redo.length === 0) return;
    const n = engineOn() && game.redo.length >= 2 ? 2 : 1;
    for (let i = 0; i < n && game.redo.length; i++) game.moves.push(game.redo.pop());
    requestPlay(false);
  };
  $('play').addEventListener('click', startGame);
  $('stop').addEventListener('click', stopGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('restart').addEventListener('click', () => { if (game) { game.moves = []; game.redo = []; game.selected = null; requestPlay(false); } });
  $('hint').addEventListener('click', () => requestPlay(true));
  $('pass').addEventListener('click', () => { if (game) play('pass'); });
  $('stock').addEventListener('click', () => { if (game) play('s'); });
  engine.addEventListener('change', () => { if (game && engineOn() && game.moves.length % 2 === 1) requestPlay(true); });
  const STATUS = { playing: 'Playing', won: 'Won', lost: 'Lost', stuck: 'Stuck: no move left' };
  /** The ids a move names on the board: a jump's holes, a square, the piles. */
  const idsOf = (notation) => {
    if (!game || typeof notation !== 'string') return [];
    if (game.format === 'othello-bord') return /^[A-H][1-8]$/.test(notation) ? ['square:' + notation] : [];
    if (game.format === 'peg-brd') {
      const m = /^(\\d+),(\\d+)-(\\d+),(\\d+)$/.exec(notation);
      return m ? ['hole:' + (m[1] - 1) + ':' + (m[2] - 1), 'hole:' + (m[3] - 1) + ':' + (m[4] - 1)] : [];
    }
    const m = /^(\\d+)(?::\\d+)?>(\\d+)$/.exec(notation);
    return m ? ['pile:' + m[1], 'pile:' + m[2]] : [];
  };
  const showPlayed = (m) => {
    if (typeof m.error === 'string') {
      playStatus.textContent = 'Cannot play';
      playMessage.textContent = m.error;
      playMessage.className = 'refused';
      playMessage.hidden = false;
      return;
    }
    const b64 = String(m.svg);
    if (!/^[A-Za-z0-9+\\/]*={0,2}$/.test(b64)) return;
    const refused = m.refused && typeof m.refused.index === 'number' ? m.refused : null;
    if (refused) {
      game.moves = game.asked.slice(0, refused.index);
      game.redo = game.saved;
    }
    game.legal = Array.isArray(m.legal) ? m.legal.filter((l) => typeof l === 'string') : [];
    game.status = String(m.status);
    const doc = parseSvg(b64);
    if (doc) {
      showSvg(doc);
      readShapes(doc);
      natural = { width: shapes.width, height: shapes.height };
      applyZoom();
    }
    plain = null;
    $('title').textContent = String(m.title);
    // The study of a Patience game goes on while it is played: its line as it is now.
    showHeadline(m.headline);
    drawing.textContent = String(m.text || '');
    showDrawing(!!state.showText);
    board.dataset.status = game.status;
    board.dataset.moves = game.moves.join(' ');
    board.dataset.legal = game.legal.join(' ');
    const count = game.moves.length;
    playStatus.textContent = (STATUS[game.status] || game.status) + ' · ' + count + (count === 1 ? ' move' : ' moves');
    playMessage.textContent = refused ? 'Not allowed: ' + refused.move + ': ' + String(refused.rule) : String(m.message);
    playMessage.className = refused ? 'refused' : game.status === 'won' ? 'won' : '';
    playMessage.hidden = false;
    board.dataset.refused = refused ? String(refused.rule) : '';
    highlighted = game.selected ? [game.selected.id] : [];
    board.dataset.hint = '';
    if (m.hint && typeof m.hint.reason === 'string') {
      const next = typeof m.hint.move === 'string' ? m.hint.move : null;
      board.dataset.hint = next || '';
      const hint = document.createElement('span');
      hint.id = 'hint-text';
      hint.textContent = (next ? 'Hint: ' + next + ' — ' : 'Hint: ') + m.hint.reason;
      playMessage.appendChild(hint);
      if (next) highlighted = idsOf(next);
    }
    drawHighlight();
    $('undo').disabled = count === 0;
    $('redo').disabled = game.redo.length === 0;
    $('pass').hidden = !game.legal.includes('pass');
    $('stock').hidden = !game.legal.includes('s');
    // Against the engine: White's turn is the engine's move, asked as a hint and played.
    if (engineOn() && !refused && game.status === 'playing' && count % 2 === 1) {
      if (m.hint && typeof m.hint.move === 'string') { game.moves.push(m.hint.move); requestPlay(false); }
      else if (!m.hint) requestPlay(true);
    }
  };
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'played') {
      if (!game || m.uri !== game.uri || !Array.isArray(m.moves) || JSON.stringify(m.moves) !== JSON.stringify(game.asked)) return; // an older answer
      showPlayed(m);
      return;
    }
    if (m.type === 'preview' && game) {
      // While playing, the text changed (or its findings did): the game replayed on it.
      if (m.uri === game.uri && m.format === game.format) { requestPlay(false); return; }
      stopGame();
    }
    if (m.type === 'preview') {
      const version = typeof m.version === 'number' ? m.version : null;
      if (version !== null && shown.uri === m.uri && shown.opening === m.opening && version < shown.version) return;
      const b64 = String(m.svg);
      if (!/^[A-Za-z0-9+\\/]*={0,2}$/.test(b64)) return;
      if (m.uri !== shown.uri) { highlighted = []; closePalette(); } // another file: its own ids
      shown = { uri: m.uri, opening: m.opening, version: version === null ? -1 : version };
      actions = m.actions && typeof m.actions === 'object' ? m.actions : {};
      // Drawn at once, with its heading: the two always agree.
      placeFor(m);
      showPreview(m, b64, version);
      // What the element can become now (it changed, or the text around it did).
      if (paletteFor !== null) showPalette();
    } else if (m.type === 'highlight') {
      if (m.uri !== shown.uri || !Array.isArray(m.ids)) return;
      highlighted = m.ids.filter((id) => typeof id === 'string').slice(0, 500);
      drawHighlight();
    } else if (m.type === 'tip') {
      if (typeof m.id !== 'string' || m.id !== tipFor || typeof m.text !== 'string' || !m.text) return;
      const can = paletteOf(actions, m.id).length > 0 ? ' and change it' : movesBy(m.id) ? '; drag it to move it (Alt: no snapping)' : '';
      tip.textContent = m.text + '\\n\\nClick to select it in the text' + can + '.';
      tip.hidden = false;
      placeTip();
    } else if (m.type === 'edited') {
      if (typeof m.id !== 'string') return;
      if (ghost && ghost.id === m.id) { ghost = null; drawHighlight(); }
      if (m.ok) {
        flashElement(m.id);
        return;
      }
      // Refused: the server's reason, in the palette (where the choice was made), until the
      // next edit or Escape.
      editStatus.textContent = 'Not changed: ' + String(m.message);
      editStatus.hidden = false;
    } else if (m.type === 'message') {
      if (game) stopGame();
      shownFormat = null;
      $('play').hidden = true;
      shown = { uri: m.uri, opening: -1, version: -1 };
      actions = {};
      closePalette();
      shapes = null;
      highlighted = [];
      drawHighlight();
      hideTip();
      stage.hidden = true;
      zoombar.hidden = true;
      placeFor(m);
      $('title').textContent = 'Retroboard Preview';
      $('problems').textContent = '';
      $('headline').hidden = true;
      message.textContent = String(m.message);
      message.hidden = false;
      board.setAttribute('hidden', '');
      plain = null;
      clearSvg();
      drawing.textContent = '';
      showDrawing(false);
      $('dealing').hidden = true;
      showSolution(null, '');
    }
  });
  /** The file a message is about: its name shown, its scroll place kept per file. */
  const placeFor = (m) => {
    if (m.uri !== state.uri) {
      if (m.uri) save({ uri: m.uri, scrollX: 0, scrollY: 0 });
      restored = true;
    }
    $('file').textContent = String(m.fileName || '');
  };
  vscode.setState(state);
  vscode.postMessage({ type: 'ready' });
})();
</script>
</body>
</html>
`;
}
