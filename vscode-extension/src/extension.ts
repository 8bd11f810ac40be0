// Retroboard for VS Code: starts the `retroboard lsp` server for the nine file kinds and
// retroboard.toml, corrects the language of `.pat`/`.brd` files by their content, and shows a
// live board preview.

import * as vscode from 'vscode';
import { InlayHintRequest, LanguageClient, type LanguageClientOptions, type ServerOptions, State } from 'vscode-languageclient/node';
import { Corrections } from './corrections';
import { commandLinks, EXPLAIN_SCHEME, Explanations, SHOW_EXPLANATION, showExplanation } from './explain';
import { ByteKeeper } from './keepBytes';
import { PreviewManager, VIEW_TYPE } from './preview';
import { findServer, ServerNotFound } from './serverBinary';
import { HEAD_LINES, isRetroboardLanguage, LANGUAGE_IDS, sniff } from './sniff';

let client: LanguageClient | undefined;
let starting: Promise<void> | undefined;
let log: vscode.LogOutputChannel;
let trace: vscode.OutputChannel;
let preview: PreviewManager;
let keeper: ByteKeeper;
let extensionPath: string;
/** The documents whose language is being corrected by content (corrections.ts). */
const corrections = new Corrections();

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  log = vscode.window.createOutputChannel('Retroboard', { log: true });
  trace = vscode.window.createOutputChannel('Retroboard Trace');
  // The preview does not draw a document in the language it is leaving.
  preview = new PreviewManager(() => client, log, (doc) => corrections.waits(doc.uri.toString(), doc.languageId));
  keeper = new ByteKeeper(log);
  context.subscriptions.push(
    log,
    trace,
    preview,
    keeper,
    followCursor(),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, preview),
    vscode.commands.registerCommand('retroboard.openPreviewToSide', (uri?: vscode.Uri) => openPreview(uri, true)),
    vscode.commands.registerCommand('retroboard.openPreview', (uri?: vscode.Uri) => openPreview(uri, false)),
    vscode.commands.registerCommand('retroboard.restartServer', () => restart()),
    vscode.commands.registerCommand('retroboard.showServerLog', () => log.show(true)),
    vscode.commands.registerCommand(SHOW_EXPLANATION, (code?: unknown) => showExplanation(code)),
    vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, new Explanations(() => client)),
    vscode.workspace.onDidOpenTextDocument(opened),
    vscode.workspace.onDidCloseTextDocument(forgetLater),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('retroboard.server.path')) {
        log.info('retroboard.server.path changed: restarting the server');
        void restart();
      }
    }),
    { dispose: () => void client?.stop() },
  );
  for (const doc of vscode.workspace.textDocuments) {
    // Languages before the server starts; the file's bytes need not wait.
    if (!(await correctLanguage(doc))) void keeper.opened(doc);
  }
  // Not awaited: activation does not wait for the server (its errors are shown and logged).
  void start();
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop(2000).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Opening a document

/** Gives a document its language by content, then its file's encoding (keepBytes.ts). */
async function opened(doc: vscode.TextDocument): Promise<void> {
  // A new language closes the document and opens it again: the keeper sees that opening.
  if (!(await correctLanguage(doc))) await keeper.opened(doc);
}

// ---------------------------------------------------------------------------------------------
// Content sniffing

/**
 * Changing a document's language closes and at once reopens it: a URI is forgotten only when it
 * stays closed for a while, so it is looked at again only when really opened again.
 */
function forgetLater(doc: vscode.TextDocument): void {
  const key = doc.uri.toString();
  setTimeout(() => {
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) corrections.forget(key);
  }, 5000);
}

/**
 * Corrects the language of a document by its content; true when it did. It looks at the document
 * before the client's open listener runs (registered later, when the server starts): the client's
 * middleware (see start) then holds its opening back.
 */
async function correctLanguage(doc: vscode.TextDocument): Promise<boolean> {
  if (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled') return false;
  const key = doc.uri.toString();
  const wanted = corrections.look(key, doc.languageId, () =>
    sniff(doc.uri.path, doc.languageId, doc.getText(new vscode.Range(0, 0, Math.min(doc.lineCount, HEAD_LINES), 0))),
  );
  if (!wanted) return false;
  log.info(`${doc.uri.fsPath}: ${doc.languageId} -> ${wanted} (by its content)`);
  let changed = false;
  try {
    await vscode.languages.setTextDocumentLanguage(doc, wanted);
    changed = true;
  } catch (err) {
    log.warn(`cannot set the language of ${doc.uri.fsPath}: ${(err as Error).message}`);
  }
  // Failed: the document keeps its language, and the server now hears of its opening.
  corrections.settled(key)?.();
  return changed;
}

// ---------------------------------------------------------------------------------------------
// The language server

async function start(): Promise<void> {
  if (starting) return starting;
  starting = (async () => {
    const setting = vscode.workspace.getConfiguration('retroboard').get<string>('server.path');
    let server;
    try {
      server = await findServer(setting, extensionPath, (line) => log.info(line));
    } catch (err) {
      const message = err instanceof ServerNotFound ? err.message : `Retroboard cannot start its server: ${(err as Error).message}`;
      log.error(message);
      void vscode.window.showErrorMessage(message, 'Open Settings', 'Show Log').then((choice) => {
        if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'retroboard.server.path');
        if (choice === 'Show Log') log.show(true);
      });
      return;
    }
    const serverOptions: ServerOptions = {
      run: { command: server.path, args: ['lsp'] },
      debug: { command: server.path, args: ['lsp'] },
    };
    const documentSelector = [
      ...LANGUAGE_IDS.flatMap((language) => [
        { scheme: 'file', language },
        { scheme: 'untitled', language },
      ]),
      // The settings file, whatever language VS Code gives it (toml, plaintext): the server
      // checks it, offers its fixes and completes its codes.
      { scheme: 'file', pattern: '**/{retroboard.toml,.retroboard.toml}' },
    ];
    const clientOptions: LanguageClientOptions = {
      documentSelector,
      // The server reads `retroboard.inlayHints` from these, and again on every change.
      initializationOptions: { retroboard: { inlayHints: inlayHintSettings() } },
      synchronize: { configurationSection: 'retroboard' },
      middleware: {
        // A document whose language is being corrected by content (correctLanguage) is opened in
        // the server only in its new language: checked in the one it leaves, it would show a
        // Patience game's ~200 Crossmines findings for a moment. Its close, edits and saves
        // until then are not sent either (the reopening sends its whole text).
        didOpen: (document, next) => {
          const key = document.uri.toString();
          if (!corrections.waits(key, document.languageId)) return next(document);
          corrections.hold(key, () => {
            next(document).catch((err) => log.warn(`cannot open ${document.uri.fsPath} in the server: ${(err as Error).message}`));
          });
          return Promise.resolve();
        },
        didClose: (document, next) => (corrections.closed(document.uri.toString()) ? Promise.resolve() : next(document)),
        didChange: (event, next) => (corrections.isHeld(event.document.uri.toString()) ? Promise.resolve() : next(event)),
        didSave: (document, next) => (corrections.isHeld(document.uri.toString()) ? Promise.resolve() : next(document)),
        // Each code links to its explanation: a command link, which Problems and the hover run.
        handleDiagnostics: (uri, diagnostics, next) => {
          commandLinks(diagnostics);
          next(uri, diagnostics);
        },
        // "cursor": the server gives the hints inside the line it is asked about, so ask
        // about the cursor's line only (asked again when the cursor moves, see activate).
        provideInlayHints: (document, range, token, next) => {
          if (hintPlaces(document.languageId) === 'cursor') {
            const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
            if (!editor) return [];
            const cursor = editor.selection.active;
            range = new vscode.Range(cursor, cursor);
          }
          return next(document, range, token);
        },
      },
      outputChannel: log,
      traceOutputChannel: trace,
      initializationFailedHandler: (error) => {
        log.error(`the server failed to initialize: ${String(error)}`);
        return false;
      },
    };
    const next = new LanguageClient('retroboard', 'Retroboard', serverOptions, clientOptions);
    next.onDidChangeState((e) => {
      if (e.newState === State.Running) {
        log.info(`server running (${server.path}, retroboard ${server.version})`);
        preview.refresh();
      } else if (e.newState === State.Stopped) {
        log.info('server stopped');
      }
    });
    client = next;
    try {
      await next.start();
    } catch (err) {
      const message = `The Retroboard server (${server.path}) did not start: ${(err as Error).message}`;
      log.error(message);
      void vscode.window.showErrorMessage(message, 'Show Log').then((choice) => choice && log.show(true));
    }
  })();
  try {
    await starting;
  } finally {
    starting = undefined;
  }
}

/** The `retroboard.inlayHints` setting of each language that has inlay hints. */
const HINT_SETTINGS: Readonly<Record<string, string>> = {
  'patience-game': 'patience',
  'colossus-cre': 'cre',
  'colossus-map': 'map',
};

/** Where a language's inlay hints go: "end" (the default), "cursor", "all" or "off". */
function hintPlaces(languageId: string): string | undefined {
  const key = HINT_SETTINGS[languageId];
  return key === undefined ? undefined : (vscode.workspace.getConfiguration('retroboard').get<string>(`inlayHints.${key}`) ?? 'end');
}

/** Every `retroboard.inlayHints` setting, as the server reads them. */
function inlayHintSettings(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(HINT_SETTINGS).map(([language, key]) => [key, hintPlaces(language)]));
}

/** Asks again for an editor's inlay hints in "cursor" mode when its cursor moves to another line. */
function followCursor(): vscode.Disposable {
  let lastLine = -1;
  return vscode.window.onDidChangeTextEditorSelection((e) => {
    const document = e.textEditor.document;
    if (hintPlaces(document.languageId) !== 'cursor') return;
    const line = e.selections[0]?.active.line ?? -1;
    if (line === lastLine) return;
    lastLine = line;
    client?.getFeature(InlayHintRequest.method)?.getProvider(document)?.onDidChangeInlayHints.fire();
  });
}

async function restart(): Promise<void> {
  if (starting) await starting.catch(() => undefined);
  const old = client;
  client = undefined;
  if (old) {
    log.info('restarting the server');
    try {
      await old.stop(3000);
    } catch (err) {
      log.warn(`the old server did not stop cleanly: ${(err as Error).message}`);
    }
  }
  await start();
  const now = client as LanguageClient | undefined; // start() set it
  if (now?.isRunning()) void vscode.window.setStatusBarMessage('Retroboard server restarted', 3000);
}

// ---------------------------------------------------------------------------------------------
// Commands

async function openPreview(uri: vscode.Uri | undefined, toSide: boolean): Promise<void> {
  let target = uri instanceof vscode.Uri ? uri : undefined;
  if (!target) {
    const editor = vscode.window.activeTextEditor;
    if (editor && isRetroboardLanguage(editor.document.languageId)) target = editor.document.uri;
  }
  if (!target) {
    const any = vscode.window.visibleTextEditors.find((e) => isRetroboardLanguage(e.document.languageId));
    target = any?.document.uri;
  }
  if (!target) {
    void vscode.window.showInformationMessage('Retroboard: open a Crossmines, Patience, Othello, Colossus or peg solitaire file to preview its board.');
    return;
  }
  preview.open(target, toSide);
}
