// Which Retroboard language a file is, from its name and first lines. Pure: no VS Code here, so
// the rules are unit-tested with node's test runner (test/sniff.test.ts).
//
// VS Code's static association picks one language per extension (`.pat` -> crossmines-pattern,
// `.brd` -> othello-bord, anything in a `Battlelands` folder -> colossus-battleland); the
// extension then looks at the content and corrects it, by the rules of DESIGN.md "Telling
// formats apart" (the server's own detection).

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

/** `.pat`: Patience when the second non-blank line is two integers, else Crossmines. */
export function sniffPat(text: string): 'patience-game' | 'crossmines-pattern' {
  const second = firstLines(text, 64).filter((line) => line.trim() !== '')[1];
  if (second === undefined) {
    return 'crossmines-pattern';
  }
  const fields = second.trim().split(/\s+/);
  return fields.length === 2 && fields.every(isInteger) ? 'patience-game' : 'crossmines-pattern';
}

/**
 * `.brd`: a peg solitaire board when it starts with the version 1 header `1`, `D` or `N`, `~`
 * (line breaks allowed anywhere between them, as the game strips CR/LF) or with a first line
 * `version 2` (any case, trailing blanks allowed); else a Super Othello BORD.
 */
export function sniffBrd(text: string): 'peg-brd' | 'othello-bord' {
  const head = text.slice(0, 4096);
  if (/^1[DN]~/.test(head.replace(/[\r\n]/g, ''))) {
    return 'peg-brd';
  }
  const first = firstLines(head, 1)[0] ?? '';
  return first.trimEnd().toLowerCase() === 'version 2' ? 'peg-brd' : 'othello-bord';
}

/** Two numbers, a used-squares line and a 64-square board line: a Super Othello BORD. */
export function hasBordShape(text: string): boolean {
  const lines = firstLines(text, 4);
  return (
    lines.length === 4 &&
    isInteger(lines[0].trim()) &&
    isInteger(lines[1].trim()) &&
    /^[A-Za-z0-9]*$/.test(lines[2].trim()) &&
    [...lines[3].trim()].length === 64
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
 * The language a document should have, or `undefined` to leave it as it is.
 *
 * `path` is the file's path (either separator), `current` its language id now, `text` its
 * content. Only documents VS Code gave one of our languages (or plain text) are considered, so a
 * language another extension or the user chose is never overridden for other files.
 */
export function sniff(path: string, current: string, text: string): string | undefined {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot).toLowerCase() : '';
  const ours = isRetroboardLanguage(current) || current === 'plaintext';
  if (!ours) {
    return undefined;
  }
  let wanted: string | undefined;
  if (ext === '.pat') {
    wanted = sniffPat(text);
  } else if (ext === '.brd') {
    wanted = sniffBrd(text);
  } else if (current === 'colossus-battleland' && parent === 'Battlelands' && ext !== '') {
    // The pattern `**/Battlelands/*` also catches files with an extension, which are not
    // battlelands: give them the language of their extension, or plain text.
    wanted = languageOfExtension(ext) ?? 'plaintext';
  } else if (current === 'plaintext' && ext === '' && !base.startsWith('.')) {
    if (parent === 'Battlelands') {
      wanted = 'colossus-battleland';
    } else if (hasBordShape(text)) {
      wanted = 'othello-bord';
    }
  }
  return wanted !== undefined && wanted !== current ? wanted : undefined;
}

/** The first `max` lines of `text`, split as LSP splits lines (CRLF, LF or a lone CR). */
function firstLines(text: string, max: number): string[] {
  return text.slice(0, 16384).split(/\r\n|\r|\n/, max);
}

function isInteger(s: string): boolean {
  return /^-?[0-9]+$/.test(s);
}
