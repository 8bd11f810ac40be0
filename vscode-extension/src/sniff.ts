// Which Retroboard language a file is, from its name and first lines. Pure: no VS Code here, so
// the rules are unit-tested with node's test runner (test/sniff.test.ts).
//
// VS Code's static association picks one language per extension (`.pat` -> crossmines-pattern,
// `.brd` -> othello-bord, anything in a `Battlelands` folder -> colossus-battleland); the
// extension then looks at the content and corrects it, by the server's own detection rules
// (server/src/registry/detect.rs).

/** Every language (format) id the extension contributes. */
export const LANGUAGE_IDS = [
  'crossmines-pattern',
  'patience-game',
  'othello-bord',
  'peg-brd',
  'colossus-map',
  'colossus-ter',
  'colossus-cre',
  'colossus-battleland',
  'colossus-var',
] as const;

export type LanguageId = (typeof LANGUAGE_IDS)[number];

export function isRetroboardLanguage(id: string): id is LanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(id);
}

/**
 * Detection reads the first HEAD_LINES lines of the first HEAD_BYTES bytes. Where two formats share
 * a path (`.pat`, `.brd`, an extension-less file), each candidate gets a score from the evidence of
 * the whole head, not from one line, so a slip in a header line does not turn a file into another
 * game. The same rules, constants and scores are in the server (server/src/registry/detect.rs) and
 * the Neovim plugin (nvim/lua/retroboard/detect.lua); all three pass the shared table of cases
 * tests/detection/cases.json (here: test/detection.test.ts).
 */
export const HEAD_BYTES = 8192;
export const HEAD_LINES = 64;

/** `.pat`: Patience when its score beats Crossmines', else Crossmines. */
export function sniffPat(text: string): 'patience-game' | 'crossmines-pattern' {
  const lines = headLines(text);
  return patienceScore(lines) > crossminesScore(lines) ? 'patience-game' : 'crossmines-pattern';
}

/** `.brd`: a peg solitaire board when its score beats Othello's, else a Super Othello BORD. */
export function sniffBrd(text: string): 'peg-brd' | 'othello-bord' {
  const lines = headLines(text);
  return pegScore(lines) > othelloScore(lines) ? 'peg-brd' : 'othello-bord';
}

/**
 * An extension-less file is a Super Othello board when its line 4 is a board and most of the
 * other lines fit (score 4 of 5: one count line may be wrong).
 */
export function hasBordShape(text: string): boolean {
  const lines = headLines(text);
  return [...(lines[3] ?? '').trim()].length === 64 && othelloScore(lines) >= 4;
}

/**
 * Patience: 2 for a second non-blank line `decks piles`, 2 for each pile row (a line with at least
 * 6 whole numbers: a pile has 11).
 */
function patienceScore(lines: string[]): number {
  const second = lines.filter((line) => line.trim() !== '')[1];
  const fields = second === undefined ? [] : words(second);
  const decksPiles = fields.length === 2 && fields.every(isInteger);
  const pileRows = lines.filter((line) => words(line).filter(isInteger).length >= 6).length;
  return 2 * Number(decksPiles) + 2 * pileRows;
}

/** Crossmines: 1 for each line that is one word of grid characters (ID, sizes, grid rows). */
function crossminesScore(lines: string[]): number {
  return lines.filter((line) => /^[A-Za-z0-9.#,-]+$/.test(line.trim())).length;
}

/**
 * Peg solitaire: 3 for a v1 header `1`, `D|N`, `~` at the start (line breaks may stand between, as
 * the game deletes them), 2 for each line starting with `version` or `mode` (any case), 1 for each
 * row of v1 elements (3 or more of `X E 1 2 3 * > ! ~`) or of v2 elements (`* r y g e` in either
 * case, once blanks and dots are deleted).
 */
function pegScore(lines: string[]): number {
  const v1Header = /^1[DN]~/.test(lines.join(''));
  const headerLines = lines.filter((line) => /^\s*(version|mode)/i.test(line)).length;
  const rows = lines.filter(
    (line) => /^[XE123*>!~]{3,}$/.test(line) || /^[*rygeRYGE]+$/.test(line.replace(/[ .]/g, '')),
  ).length;
  return 3 * Number(v1Header) + 2 * headerLines + rows;
}

/**
 * Super Othello: 1 each for a whole number on lines 1 and 2, 1 for a used-squares line 3 of
 * letters and digits, 2 for a board line 4 of 64 characters.
 */
function othelloScore(lines: string[]): number {
  const line = (n: number) => (lines[n] ?? '').trim();
  const board = [...line(3)].length === 64 && !/\s/.test(line(3));
  return (
    Number(isInteger(line(0))) +
    Number(isInteger(line(1))) +
    Number(lines.length > 2 && /^[A-Za-z0-9]*$/.test(line(2))) +
    2 * Number(board)
  );
}

/** The language a file's extension stands for, when it is one of ours (lower-case compare). */
export function languageOfExtension(ext: string): LanguageId | undefined {
  switch (ext.toLowerCase()) {
    case '.pat':
    case '.tes':
      return 'crossmines-pattern';
    case '.bord':
    case '.brd':
      return 'othello-bord';
    case '.map':
      return 'colossus-map';
    case '.ter':
      return 'colossus-ter';
    case '.cre':
      return 'colossus-cre';
    case '.var':
      return 'colossus-var';
    default:
      return undefined;
  }
}

/**
 * The format of a file with this path (either separator) and text, as the server's `detect`, or
 * `undefined` when it is none of them. Extensions are compared in lower case.
 */
export function detect(path: string, text: string): LanguageId | undefined {
  const { base, parent, ext } = splitPath(path);
  if (ext === '.pat') return sniffPat(text);
  if (ext === '.brd') return sniffBrd(text);
  if (ext !== '') return languageOfExtension(ext);
  if (parent === 'Battlelands') return 'colossus-battleland';
  return base !== '' && hasBordShape(text) ? 'othello-bord' : undefined;
}

/**
 * The language a document should have, or `undefined` to leave it as it is.
 *
 * `path` is the file's path (either separator), `current` its language id now, `text` its
 * content. Only documents VS Code gave one of our languages (or plain text) are considered, so a
 * language another extension or the user chose is never overridden for other files.
 */
export function sniff(path: string, current: string, text: string): string | undefined {
  const ours = isRetroboardLanguage(current) || current === 'plaintext';
  if (!ours) {
    return undefined;
  }
  const { parent, ext } = splitPath(path);
  const detected = detect(path, text);
  let wanted: string | undefined;
  if (ext === '.pat' || ext === '.brd' || (current === 'colossus-battleland' && parent === 'Battlelands')) {
    // The pattern `**/Battlelands/*` also catches files with an extension, which are not
    // battlelands: give them the language of their extension, or plain text.
    wanted = detected ?? 'plaintext';
  } else if (current === 'plaintext') {
    wanted = detected;
  }
  return wanted !== undefined && wanted !== current ? wanted : undefined;
}

/** A path's file name, parent folder name and extension (lower case, with the dot; `.hidden` has none). */
function splitPath(path: string): { base: string; parent: string; ext: string } {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  const dot = base.lastIndexOf('.');
  return { base, parent, ext: dot > 0 ? base.slice(dot).toLowerCase() : '' };
}

/** The head of a text, split as LSP splits lines (CRLF, LF or a lone CR). */
function headLines(text: string): string[] {
  return firstLines(firstBytes(text, HEAD_BYTES), HEAD_LINES);
}

/** The longest start of `text` whose UTF-8 encoding has at most `max` bytes. */
function firstBytes(text: string, max: number): string {
  if (text.length * 3 <= max) return text;
  const bytes = new TextEncoder().encode(text);
  let cut = Math.min(bytes.length, max);
  while (cut < bytes.length && (bytes[cut] & 0xc0) === 0x80) cut -= 1;
  return new TextDecoder().decode(bytes.subarray(0, cut));
}

function words(line: string): string[] {
  return line.split(/\s+/).filter((w) => w !== '');
}

/** The first `max` lines of `text`, split as LSP splits lines (CRLF, LF or a lone CR). */
function firstLines(text: string, max: number): string[] {
  return text.split(/\r\n|\r|\n/, max);
}

function isInteger(s: string): boolean {
  return /^-?[0-9]+$/.test(s);
}
