// The documents whose language is being corrected by content. VS Code gives every `.pat` the
// Crossmines language and every `.brd` the Othello one; the extension looks at the first lines
// (sniff.ts) and sets the right language, which closes the document and opens it again. Until
// then nothing of the first language may reach the user: the server is not told of that first
// opening (no findings of the wrong format) and the preview does not draw it.
//
// Pure (URIs and language ids as strings, no VS Code), so it is unit-tested with node's test
// runner (test/corrections.test.ts).

export class Corrections {
  /**
   * Documents already looked at: each once per opening, so a language the user picks afterwards
   * stays. Changing a language closes and reopens a document: `forget` is called only when it
   * stays closed.
   */
  private readonly looked = new Set<string>();
  /** Documents whose language is being changed, with the language they get. */
  private readonly changing = new Map<string, string>();
  /** Openings not sent to the server, each with what sends it. */
  private readonly held = new Map<string, () => void>();

  /**
   * The first look at a document in this opening: the language to give it, when `sniff` (run only
   * here) says another than `language`; from then on the document waits for it. Every later
   * look in the same opening: undefined.
   */
  look(uri: string, language: string, sniff: () => string | undefined): string | undefined {
    if (this.looked.has(uri)) return undefined;
    this.looked.add(uri);
    const wanted = sniff();
    if (wanted === undefined || wanted === language) return undefined;
    this.changing.set(uri, wanted);
    return wanted;
  }

  /** Whether a document open in `language` is about to get another: nothing of it is shown. */
  waits(uri: string, language: string): boolean {
    const wanted = this.changing.get(uri);
    return wanted !== undefined && wanted !== language;
  }

  /** Holds back the opening of a waiting document; `send` sends it (see `settled`). */
  hold(uri: string, send: () => void): void {
    this.held.set(uri, send);
  }

  /** Whether the server was not told of the document's opening (so nothing else of it is sent). */
  isHeld(uri: string): boolean {
    return this.held.has(uri);
  }

  /** The document closed: true when its opening was held back, so its close is not sent either. */
  closed(uri: string): boolean {
    return this.held.delete(uri);
  }

  /**
   * The language change is over, done or failed: the opening still held back (the change failed,
   * the document keeps its first language), for the caller to send now.
   */
  settled(uri: string): (() => void) | undefined {
    this.changing.delete(uri);
    const send = this.held.get(uri);
    this.held.delete(uri);
    return send;
  }

  /** The document stayed closed: it is looked at again when it is opened again. */
  forget(uri: string): void {
    this.looked.delete(uri);
  }
}
