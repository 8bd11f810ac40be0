// Keeps game files byte for byte when VS Code saves them (the rules are in fileBytes.ts):
//
// - each file is opened in the encoding its bytes were written in (Mac Roman, Windows-1252 or
//   UTF-8), so a © or an æ is shown as such and written back as the same byte;
// - VS Code keeps only LF or CRLF line ends and writes a classic Mac file (lone CRs) back with
//   CRLF: after such a save the CRs are put back (keeping the save's file time, so that the
//   editor's next save is no conflict), or, when the document has newer edits, after its next
//   save or at its close; the file work on one file runs one step after the other, and a will-save
//   waits for it, so VS Code never writes between our read and our write;
// - whatever VS Code still cannot keep (mixed line ends, a byte the encoding has no character
//   for) is said in a warning when the file is opened, before anything is saved.

import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { changeOnSave, crlfToCr, encodingFor, equalBytes, isCrOnly } from './fileBytes';
import { isRetroboardLanguage } from './sniff';

export class ByteKeeper implements vscode.Disposable {
  /**
   * Files that get their CR line ends back after a save: their bytes were CR-only before the last
   * save VS Code announced (kept for saves VS Code joins into one, which it may announce once).
   */
  private readonly crOnly = new Set<string>();
  /** Files whose CRs could not be put back (edited right after the save): done at the next save or close. */
  private readonly pending = new Set<string>();
  /** The file work per URI, one step after the other, so two saves never interleave. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.subscriptions = [
      vscode.workspace.onWillSaveTextDocument((e) => this.willSave(e)),
      vscode.workspace.onDidSaveTextDocument((doc) => this.didSave(doc)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.didClose(doc)),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  /** A document was opened (with its final language): open it in its file's encoding, and warn of what a save would change. */
  opened(doc: vscode.TextDocument): Promise<void> {
    if (!this.watches(doc)) return Promise.resolve();
    return this.serial(doc.uri, () => this.prepare(doc));
  }

  private watches(doc: vscode.TextDocument): boolean {
    return doc.uri.scheme === 'file' && isRetroboardLanguage(doc.languageId);
  }

  private async prepare(doc: vscode.TextDocument): Promise<void> {
    const bytes = await this.read(doc.uri);
    if (!bytes || doc.isClosed) return;
    const wanted = encodingFor(bytes, doc.languageId);
    if (wanted && wanted !== doc.encoding) {
      if (doc.isDirty) {
        this.log.warn(`${doc.uri.fsPath}: has unsaved changes, so it stays in ${doc.encoding} (its bytes are ${wanted})`);
      } else {
        this.log.info(`${doc.uri.fsPath}: reopened in ${wanted} (VS Code chose ${doc.encoding})`);
        try {
          doc = await vscode.workspace.openTextDocument(doc.uri, { encoding: wanted });
        } catch (err) {
          this.log.warn(`${doc.uri.fsPath}: cannot reopen it in ${wanted}: ${(err as Error).message}`);
        }
      }
    }
    if (doc.isDirty || doc.isClosed) return;
    // What a save of the unchanged text would write, line ends put back as didSave does.
    let saved = await vscode.workspace.encode(doc.getText(), { encoding: doc.encoding });
    if (isCrOnly(bytes) && doc.eol === vscode.EndOfLine.CRLF) saved = crlfToCr(saved) ?? saved;
    const change = changeOnSave(bytes, saved, doc.encoding);
    if (change) {
      const name = doc.uri.path.split('/').pop();
      const message = `Retroboard: saving ${name} in VS Code would change more than your edits: ${change}.`;
      this.log.warn(`${doc.uri.fsPath}: ${message}`);
      void vscode.window.showWarningMessage(message);
    }
  }

  private willSave(e: vscode.TextDocumentWillSaveEvent): void {
    const doc = e.document;
    if (!this.watches(doc)) return;
    const key = doc.uri.toString();
    // The bytes on disk just before this save: classic Mac line ends are to be kept.
    e.waitUntil(
      this.serial(doc.uri, async () => {
        const bytes = await this.read(doc.uri);
        if (this.pending.has(key) || (bytes !== undefined && isCrOnly(bytes))) this.crOnly.add(key);
        else this.crOnly.delete(key);
      }),
    );
  }

  private didSave(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (!this.crOnly.has(key)) return;
    if (doc.eol !== vscode.EndOfLine.CRLF) {
      // The user picked LF for it (status bar): that is their choice, not VS Code's.
      this.crOnly.delete(key);
      this.pending.delete(key);
      this.log.info(`${doc.uri.fsPath}: saved with LF line ends, as chosen`);
      return;
    }
    const version = doc.version;
    void this.serial(doc.uri, () => this.restoreCr(doc, version));
  }

  private didClose(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    // (Changing a document's language closes it and opens it again at once.)
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) return;
    void this.serial(doc.uri, async () => {
      if (this.pending.has(key)) await this.restoreCr(doc, doc.version);
      // Opened again later, the file is judged by its bytes then.
      this.pending.delete(key);
      this.crOnly.delete(key);
    });
  }

  /** Puts the CR line ends back into the file VS Code just saved as `version` of `doc`. */
  private async restoreCr(doc: vscode.TextDocument, version: number): Promise<void> {
    const key = doc.uri.toString();
    const saved = await this.read(doc.uri);
    const restored = saved && crlfToCr(saved);
    if (!saved || !restored) {
      this.pending.delete(key);
      return;
    }
    // The document open for the file now: this one, or the one a language change opened again.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (open && (open.isDirty || (open === doc && doc.version !== version))) {
      // The editor holds newer text than the file: leave the file to that text's save (or the close).
      this.pending.add(key);
      this.log.info(`${doc.uri.fsPath}: edited since the save; its CR line ends come back at its next save or when it closes`);
      return;
    }
    const now = await this.read(doc.uri);
    if (!now || !equalBytes(now, saved)) {
      this.log.info(`${doc.uri.fsPath}: changed on disk since the save; left as it is`);
      return;
    }
    try {
      const savedAt = await fs.stat(doc.uri.fsPath);
      await vscode.workspace.fs.writeFile(doc.uri, restored);
      // The file keeps the time of VS Code's save: the editor knows the file by it, and a newer
      // time would make its next save fail ("the content of the file is newer") should the user
      // type before the editor has read the file again.
      await fs.utimes(doc.uri.fsPath, savedAt.atime, savedAt.mtime);
      this.pending.delete(key);
      this.log.info(`${doc.uri.fsPath}: CR line ends put back (VS Code saved them as CRLF)`);
    } catch (err) {
      const message = `Retroboard: VS Code saved ${doc.uri.fsPath} with CRLF line ends and they could not be put back to CR: ${(err as Error).message}`;
      this.log.error(message);
      void vscode.window.showErrorMessage(message);
    }
  }

  private async read(uri: vscode.Uri): Promise<Uint8Array | undefined> {
    try {
      return await vscode.workspace.fs.readFile(uri);
    } catch (err) {
      this.log.warn(`${uri.fsPath}: cannot read it: ${(err as Error).message}`);
      return undefined;
    }
  }

  private serial(uri: vscode.Uri, work: () => Promise<void>): Promise<void> {
    const key = uri.toString();
    const next = (this.chains.get(key) ?? Promise.resolve()).then(work).catch((err) => {
      this.log.error(`${uri.fsPath}: ${(err as Error).message}`);
    });
    this.chains.set(key, next);
    void next.then(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
    return next;
  }
}
