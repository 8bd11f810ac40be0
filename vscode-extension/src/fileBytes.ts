// What VS Code must do to give a game file back byte for byte: which encoding to open it in, and
// which line ends to put back after a save. Pure: no VS Code here, so the rules are unit-tested
// with node's test runner (test/fileBytes.test.ts).
//
// The rule for the encoding is the server's (server/src/text.rs `decode`): UTF-8 when the bytes
// are valid UTF-8, else Mac Roman for classic Mac text (lone CR line ends and no LF), else
// Windows-1252. Pure ASCII reads the same in all three: such a file gets the encoding its game
// wrote, so that a character typed into it is saved as the game reads it.

/** The encodings (VS Code's names) a Retroboard file is opened in. */
export type FileEncoding = 'utf8' | 'macroman' | 'windows1252';

/** The encoding each game wrote its files in (DESIGN "Telling formats apart", corpus NOTES). */
export const GAME_ENCODING: Readonly<Record<string, FileEncoding>> = {
  // Notepad on Windows: "ANSI" (Danish names with æøå in Patience games).
  'crossmines-pattern': 'windows1252',
  'patience-game': 'windows1252',
  // Delphi on Windows.
  'peg-brd': 'windows1252',
  // Classic Mac OS (Super Othello 2.0, 1996).
  'othello-bord': 'macroman',
  // Colossus (Java) files are ASCII: VS Code's own default (UTF-8) is right for them.
};

/**
 * The encoding to open a file with these bytes in, for the language it has; `undefined` to leave
 * VS Code's choice: binary data (NUL bytes), a byte order mark (VS Code reads those itself), or
 * ASCII in a language without a game encoding.
 */
export function encodingFor(bytes: Uint8Array, languageId: string): FileEncoding | undefined {
  if (bytes.includes(0) || hasByteOrderMark(bytes)) {
    return undefined;
  }
  if (bytes.every((b) => b < 0x80)) {
    return GAME_ENCODING[languageId];
  }
  if (isUtf8(bytes)) {
    return 'utf8';
  }
  return isCrOnly(bytes) ? 'macroman' : 'windows1252';
}

/** Classic Mac line ends: a CR and no LF anywhere. */
export function isCrOnly(bytes: Uint8Array): boolean {
  return bytes.includes(0x0d) && !bytes.includes(0x0a);
}

/**
 * The bytes with every CRLF turned back into a lone CR, as a classic Mac file had them; `undefined`
 * when there is nothing to put back (no CRLF) or the bytes are not what VS Code writes for such a
 * file (an LF without its CR: someone else wrote them).
 */
export function crlfToCr(bytes: Uint8Array): Uint8Array | undefined {
  let pairs = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a) continue;
    if (i === 0 || bytes[i - 1] !== 0x0d) return undefined;
    pairs++;
  }
  if (pairs === 0) return undefined;
  const out = new Uint8Array(bytes.length - pairs);
  let o = 0;
  for (const b of bytes) {
    if (b !== 0x0a) out[o++] = b;
  }
  return out;
}

/**
 * How saving would change a file: `original` its bytes on disk, `saved` what VS Code would write
 * for its unchanged text (line ends already put back where Retroboard does so). `undefined` when
 * they are the same; else a sentence for the user.
 */
export function changeOnSave(original: Uint8Array, saved: Uint8Array, encoding: string): string | undefined {
  if (equalBytes(original, saved)) {
    return undefined;
  }
  if (equalBytes(normaliseLineEnds(original), normaliseLineEnds(saved))) {
    return 'its line ends are mixed, and VS Code writes all of them alike';
  }
  let at = 0;
  while (at < original.length && at < saved.length && original[at] === saved[at]) at++;
  const { line, column } = lineColumn(original, at);
  if (at >= original.length) {
    return `VS Code would add bytes at its end (line ${line})`;
  }
  const byte = original[at].toString(16).toUpperCase().padStart(2, '0');
  return `the byte 0x${byte} on line ${line}, column ${column} cannot be kept in ${encoding}`;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function hasByteOrderMark(bytes: Uint8Array): boolean {
  const [a, b, c] = bytes;
  return (a === 0xef && b === 0xbb && c === 0xbf) || (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Every CRLF and lone CR as LF. */
function normaliseLineEnds(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0d) {
      out.push(0x0a);
      if (bytes[i + 1] === 0x0a) i++;
    } else {
      out.push(bytes[i]);
    }
  }
  return Uint8Array.from(out);
}

/** The 1-based line and byte column of a byte offset (lines end at CRLF, CR or LF). */
function lineColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    const crlf = bytes[i] === 0x0d && bytes[i + 1] === 0x0a;
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && !crlf)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
