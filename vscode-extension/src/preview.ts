// The live board preview: one webview that shows the board of the active Retroboard editor,
// asks the server for `retroboard/preview` a moment after each edit and when the document's
// diagnostics arrive, and comes back after a reload (WebviewPanelSerializer + page state).

import * as path from 'node:path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type LanguageClient } from 'vscode-languageclient/node';
import { isRetroboardLanguage } from './sniff';
import { filledPlace, makeNonce, plainHover, previewHtml, svgBase64, validActions, validElementId, validSeed, validSolution, type PageState, type ToPage } from './previewHtml';

export const VIEW_TYPE = 'retroboard.preview';

/** The server's command that changes an element of the board: `[uri, version, id, action]`. */
const EDIT_BOARD = 'retroboard.editBoard';
/** How long a board edit waits for its text to change, and for the board to be drawn again. */
const EDIT_WAIT_MS = 5000;

interface PreviewResult {
  format: string | null;
  title: string;
  /** How often a Patience game is won, as far as the server's background search has found. */
  headline?: string;
  svg: string;
  text: string;
  /** The seed, when the server dealt the cards (Patience). */
  deal?: number;
  /** A peg board's solution to step through (or why there is none). */
  solution?: unknown;
  /** The document version drawn (null for a file not open). */
  version?: number | null;
  /** Each drawn element's id (`data-rb-id`), the text it stands for, and its actions (indices into `actions`). */
  sourceMap?: { id: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; actions?: unknown }[];
  /** Every action an element offers, each once. */
  actions?: unknown;
}

/** What `retroboard/play` answers. */
interface PlayResult {
  status: string;
  moves: unknown;
  title: string;
  svg: string;
  text?: string;
  message?: string;
  refused?: { index: number; move: string; rule: string };
  hint?: { move: string | null; reason: string };
  /** The preview's headline as it is now (a Patience game's win rate). */
  headline?: string;
}

/** The source map of the board shown: where a click on an element leads. */
interface Shown {
  uri: string;
  /** Versions count anew each time a document is opened: they compare within one opening. */
  opening: number;
  version: number | null;
  ranges: Map<string, vscode.Range>;
}

export class PreviewManager implements vscode.Disposable, vscode.WebviewPanelSerializer<PageState> {
  private panel: vscode.WebviewPanel | undefined;
  private resource: vscode.Uri | undefined;
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  /** The board last posted to the page, with its source map. */
  private shown: Shown | undefined;
  /** How many times a shown document was (re)opened: its versions start over each time. */
  private opening = 0;
  /** The seed each file is dealt with in the preview (Patience), by URI. */
  private readonly seeds = new Map<string, number>();
  private readonly disposables: vscode.Disposable[] = [];
  private panelDisposables: vscode.Disposable[] = [];
  /** Text → board: the highlight is sent at most this often while the cursor moves. */
  private highlightTimer: NodeJS.Timeout | undefined;
  private highlightDue = false;
  /** The ids last highlighted (not sent again while the cursor stays in them). */
  private highlighted = '';
  /** Board edits run one after the other, each on the board drawn after the one before. */
  private edits: Promise<void> = Promise.resolve();
  /** Fires when a board is shown (`shown` changed). */
  private readonly drawn = new vscode.EventEmitter<void>();
  /** The document version a board edit of this preview last gave (edits since are its own). */
  private edited: { uri: string; version: number } | undefined;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly log: vscode.LogOutputChannel,
    /** Whether a document is about to get another language by content (not drawn till then). */
    private readonly waits: (doc: vscode.TextDocument) => boolean,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.isShown(e.document.uri) && e.contentChanges.length > 0) this.schedule();
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        if (this.resource && e.uris.some((u) => this.isShown(u))) this.schedule();
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        // Follow the active editor when it shows a Retroboard file.
        if (this.panel && editor && isRetroboardLanguage(editor.document.languageId)) {
          this.show(editor.document.uri);
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (this.isShown(e.textEditor.document.uri)) this.scheduleHighlight();
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => {
        // A language change (content sniffing) closes and reopens the document: redraw.
        if (this.isShown(doc.uri)) {
          this.opening++;
          this.schedule();
        }
      }),
    );
  }

  /** Opens (or moves) the preview for `uri`, beside the editor or in its place. */
  open(uri: vscode.Uri, toSide: boolean): void {
    const column = toSide ? vscode.ViewColumn.Beside : (vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active);
    if (this.panel) {
      this.panel.reveal(column, toSide);
    } else {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Retroboard Preview', { viewColumn: column, preserveFocus: toSide }, {
        enableScripts: true,
        enableFindWidget: true,
        retainContextWhenHidden: false,
        localResourceRoots: [],
      });
      this.attach(panel, { uri: uri.toString() });
    }
    this.show(uri);
  }

  /** After a reload: VS Code hands back the panel with the page state it had. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PageState | undefined): Promise<void> {
    if (this.panel) {
      // Only one live preview: close the older one.
      this.panel.dispose();
    }
    this.attach(panel, state ?? {});
    if (state?.uri) {
      this.show(vscode.Uri.parse(state.uri));
    } else {
      const editor = vscode.window.activeTextEditor;
      if (editor && isRetroboardLanguage(editor.document.languageId)) this.show(editor.document.uri);
      else this.post({ type: 'message', uri: null, fileName: '', message: 'Open a Retroboard file to see its board.' });
    }
  }

  /** Redraw now (after a server restart). */
  refresh(): void {
    if (this.panel && this.resource) this.schedule(0);
  }

  private attach(panel: vscode.WebviewPanel, state: PageState): void {
    this.panel = panel;
    panel.webview.options = { enableScripts: true, localResourceRoots: [] };
    panel.webview.html = previewHtml(makeNonce(), state);
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        if (this.panel === panel) {
          this.panel = undefined;
          this.resource = undefined;
          clearTimeout(this.timer);
          this.panelDisposables.forEach((d) => d.dispose());
          this.panelDisposables = [];
        }
      }),
      panel.webview.onDidReceiveMessage((m) => {
        if (m?.type === 'ready') this.schedule(0); // the page (re)loaded: send it the board
        if (m?.type === 'deal' && this.resource) {
          const seed = validSeed(m.seed);
          if (seed === undefined) return;
          if (seed === null) this.seeds.delete(this.resource.toString());
          else this.seeds.set(this.resource.toString(), seed);
          this.schedule(0);
        }
        if (m?.type === 'reveal') {
          const id = validElementId(m.id);
          if (id !== undefined) void this.reveal(id, m.focus !== false);
        }
        if (m?.type === 'edit') {
          const id = validElementId(m.id);
          // Any action the page sends (a chosen one, or later one filled in from a template,
          // `place:X,Y`): the server says whether the element offers it.
          const action = validElementId(m.action);
          if (id !== undefined && action !== undefined) {
            this.edits = this.edits.then(() => this.edit(id, action)).catch((err) => this.log.warn(`board edit ${id} ${action}: ${(err as Error).message}`));
          }
        }
        if (m?.type === 'move') {
          // A pile dragged: its template filled in with where it went (see `move`).
          const id = validElementId(m.id);
          const template = validElementId(m.template);
          const whole = (n: unknown): n is number => Number.isSafeInteger(n) && Math.abs(n as number) <= 100000;
          if (id !== undefined && template !== undefined && whole(m.dx) && whole(m.dy)) {
            const { dx, dy } = m;
            this.edits = this.edits.then(() => this.move(id, template, dx, dy)).catch((err) => this.log.warn(`board move ${id}: ${(err as Error).message}`));
          }
        }
        if (m?.type === 'play') {
          const moves = Array.isArray(m.moves) ? m.moves.filter((x: unknown): x is string => typeof x === 'string' && x.length <= 40).slice(0, 10000) : [];
          if (moves.length === (Array.isArray(m.moves) ? m.moves.length : -1)) void this.play(moves, m.hint === true);
        }
        if (m?.type === 'hover') {
          const id = validElementId(m.id);
          if (id !== undefined) void this.explain(id);
        }
      }),
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.visible) this.schedule(0);
      }),
    );
  }

  private show(uri: vscode.Uri): void {
    this.resource = uri;
    if (this.panel) this.panel.title = `Preview ${path.basename(uri.path)}`;
    this.schedule(0);
  }

  private isShown(uri: vscode.Uri): boolean {
    return this.resource !== undefined && uri.toString() === this.resource.toString();
  }

  /** Redraw after `delay` ms; edits within that time are drawn together (throttle, not debounce). */
  private schedule(delay?: number): void {
    const wait = delay ?? vscode.workspace.getConfiguration('retroboard').get<number>('preview.delay', 200);
    if (this.timer && wait > 0) return; // a redraw is already due and will see this change
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, wait);
  }

  private async update(): Promise<void> {
    const panel = this.panel;
    const uri = this.resource;
    if (!panel || !uri || !panel.visible) return;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // Never drawn in the language it leaves: the board shown stays, and the reopening in the new
    // language (onDidOpenTextDocument) draws it.
    if (doc && this.waits(doc)) return;
    const generation = ++this.generation;
    const fileName = path.basename(uri.path);
    const client = this.client();
    let message: ToPage;
    if (!client || !client.isRunning()) {
      message = { type: 'message', uri: uri.toString(), fileName, message: 'The Retroboard server is not running: see the "Retroboard" output, or run "Retroboard: Restart Server".' };
    } else {
      try {
        // Open the document so the server draws the text in the editor (and the sniffed language).
        if (doc && !isRetroboardLanguage(doc.languageId)) {
          message = { type: 'message', uri: uri.toString(), fileName, message: `${fileName} is not a Retroboard file (language "${doc.languageId}").` };
        } else {
          const seed = this.seeds.get(uri.toString());
          const params = { textDocument: { uri: client.code2ProtocolConverter.asUri(uri) }, ...(seed === undefined ? {} : { deal: seed }) };
          const result = await client.sendRequest<PreviewResult>('retroboard/preview', params);
          const version = typeof result.version === 'number' ? result.version : null;
          // In step: never a board older than the one shown (answers can cross).
          const before = this.shown;
          const opening = this.opening;
          if (version !== null && before?.uri === uri.toString() && before.opening === opening && before.version !== null && version < before.version) return;
          const ranges = new Map<string, vscode.Range>();
          for (const e of Array.isArray(result.sourceMap) ? result.sourceMap : []) {
            if (typeof e?.id === 'string' && e.range) ranges.set(e.id, client.protocol2CodeConverter.asRange(e.range));
          }
          if (generation === this.generation && panel === this.panel && this.isShown(uri)) {
            this.shown = { uri: uri.toString(), opening, version, ranges };
          }
          const actions = validActions(result.sourceMap, result.actions);
          message = {
            version,
            opening,
            type: 'preview',
            uri: uri.toString(),
            fileName,
            format: result.format,
            title: result.title,
            headline: typeof result.headline === 'string' ? result.headline : null,
            svg: svgBase64(result.svg),
            text: result.text,
            problems: problemsSummary(vscode.languages.getDiagnostics(uri)),
            deal: typeof result.deal === 'number' ? result.deal : null,
            solution: validSolution(result.solution),
            actions,
          };
        }
      } catch (err) {
        this.shown = undefined;
        this.log.warn(`preview of ${uri.toString()} failed: ${(err as Error).message}`);
        message = { type: 'message', uri: uri.toString(), fileName, message: `No preview: ${(err as Error).message}` };
      }
    }
    if (generation !== this.generation || panel !== this.panel || !this.isShown(uri)) return; // a newer redraw won
    this.post(message);
    this.drawn.fire();
    // The ids may have changed with the text: highlight the cursor's elements of this board.
    this.highlighted = '';
    if (message.type === 'preview') this.sendHighlight();
  }

  /** Text → board, throttled: the first cursor move is sent at once, the moves in the next
   * 80 ms together after them. */
  private scheduleHighlight(): void {
    if (this.highlightTimer) {
      this.highlightDue = true;
      return;
    }
    this.sendHighlight();
    this.highlightTimer = setTimeout(() => {
      this.highlightTimer = undefined;
      if (this.highlightDue) {
        this.highlightDue = false;
        this.sendHighlight();
      }
    }, 80);
  }

  /** Posts the ids of the elements whose text holds the cursor of the editor of the file shown
   * (the active one, else a visible one). */
  private sendHighlight(): void {
    const shown = this.shown;
    if (!this.panel || !shown || !this.isShown(vscode.Uri.parse(shown.uri))) return;
    const active = vscode.window.activeTextEditor;
    const editor =
      active && active.document.uri.toString() === shown.uri ? active : vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === shown.uri);
    if (!editor) return;
    const ids = elementsAt(shown.ranges, editor.selection.active);
    const key = ids.join('\n');
    if (key === this.highlighted) return;
    this.highlighted = key;
    this.post({ type: 'highlight', uri: shown.uri, ids });
  }

  /** The text hover at the start of element `id`, as a tooltip for the page. */
  private async explain(id: string): Promise<void> {
    const shown = this.shown;
    const range = shown?.ranges.get(id);
    if (!shown || !range) return;
    try {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', vscode.Uri.parse(shown.uri), range.start);
      const parts: string[] = [];
      for (const hover of hovers ?? []) {
        for (const c of hover.contents) {
          const value = typeof c === 'string' ? c : 'value' in c ? c.value : '';
          if (value.trim()) parts.push(plainHover(value));
        }
      }
      const text = parts.join('\n\n') || id;
      if (this.shown === shown) this.post({ type: 'tip', id, text });
    } catch (err) {
      this.log.warn(`no hover for ${id} of ${shown.uri}: ${(err as Error).message}`);
    }
  }

  /** Board → text: selects the text of element `id` of the board shown, in an editor beside the
   * preview (the one showing the file, else a new one), and reveals it; `focus`: moves the focus
   * there (else it stays on the preview, whose palette is open). */
  private async reveal(id: string, focus: boolean): Promise<void> {
    const shown = this.shown;
    const range = shown?.ranges.get(id);
    if (!shown || !range) return;
    const uri = vscode.Uri.parse(shown.uri);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === shown.uri);
    const panelColumn = this.panel?.viewColumn;
    const column = visible?.viewColumn ?? (panelColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc, { viewColumn: column, selection: range, preserveFocus: !focus });
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (err) {
      this.log.warn(`cannot show ${id} of ${shown.uri}: ${(err as Error).message}`);
    }
  }

  /**
   * Board → text, changed: makes element `id` what `action` says through the server's
   * `retroboard.editBoard`, which sends the edit back (`workspace/applyEdit`: one undo step),
   * asked of the version of the board shown: the server refuses it when the text moved on since.
   * Where only this preview's own last edit moved it on (the next cell of a brush stroke), the
   * board is drawn again first and the edit asked of that. Then it waits for the text to change,
   * has the board drawn again at once and tells the page, which outlines the element (or shows
   * why the server refused).
   */
  private async edit(id: string, action: string): Promise<void> {
    const client = this.client();
    const uri = this.resource;
    const doc = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const refuse = (message: string) => this.post({ type: 'edited', id, ok: false, message });
    if (!client || !client.isRunning() || !uri) return refuse('the Retroboard server is not running');
    if (!doc || this.shown?.uri !== uri.toString() || this.shown.version === null) {
      return refuse(`open ${path.basename(uri.path)} in an editor to change its board`);
    }
    const own = this.edited?.uri === uri.toString() && this.edited.version === doc.version;
    const current = () => this.shown?.uri === uri.toString() && this.shown.version === doc.version;
    if (own && !current()) {
      this.schedule(0);
      if (!(await when(this.drawn.event, current, EDIT_WAIT_MS))) return refuse('the board was not drawn again after the last change: try again');
    }
    const before = this.shown?.version;
    if (typeof before !== 'number') return refuse('the board is not shown: try again');
    try {
      await client.sendRequest(ExecuteCommandRequest.type, {
        command: EDIT_BOARD,
        arguments: [client.code2ProtocolConverter.asUri(uri), before, id, action],
      });
    } catch (err) {
      this.log.info(`${EDIT_BOARD} ${id} ${action} refused: ${(err as Error).message}`);
      return refuse((err as Error).message);
    }
    const changed = await when(vscode.workspace.onDidChangeTextDocument, () => doc.version > before, EDIT_WAIT_MS);
    if (!changed) return refuse('the editor did not take the change (its text changed meanwhile): try again');
    this.edited = { uri: uri.toString(), version: doc.version };
    this.schedule(0);
    this.post({ type: 'edited', id, ok: true, message: '' });
  }

  /** Plays `moves` on the game of the file shown (`retroboard/play`, dealt with the preview's
   * seed) and posts the position, or why it cannot be played, to the page. */
  private async play(moves: string[], hint: boolean): Promise<void> {
    const client = this.client();
    const uri = this.resource;
    if (!uri) return;
    const answer = (message: ToPage) => {
      if (this.isShown(uri)) this.post(message);
    };
    if (!client || !client.isRunning()) {
      return answer({ type: 'played', uri: uri.toString(), moves, error: 'The Retroboard server is not running.' });
    }
    const deal = this.seeds.get(uri.toString()) ?? 1;
    try {
      const result = await client.sendRequest<PlayResult>('retroboard/play', {
        textDocument: { uri: client.code2ProtocolConverter.asUri(uri) },
        deal,
        moves,
        hint,
      });
      answer({
        type: 'played',
        uri: uri.toString(),
        moves,
        status: String(result.status),
        legal: Array.isArray(result.moves) ? result.moves.filter((x): x is string => typeof x === 'string') : [],
        title: String(result.title),
        svg: svgBase64(result.svg),
        text: String(result.text ?? ''),
        message: String(result.message ?? ''),
        refused: result.refused ?? null,
        hint: result.hint ?? null,
        headline: typeof result.headline === 'string' ? result.headline : null,
      });
    } catch (err) {
      answer({ type: 'played', uri: uri.toString(), moves, error: (err as Error).message });
    }
  }

  /** Element `id` dragged `dx`, `dy` pixels: `template` (`place:X,Y`) filled in with its x and
   * y as its text writes them, moved by that much, asked of the server as any edit. */
  private async move(id: string, template: string, dx: number, dy: number): Promise<void> {
    const uri = this.resource;
    const range = this.shown?.ranges.get(id);
    const doc = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const action = doc && range ? filledPlace(template, doc.getText(range), dx, dy) : undefined;
    if (action === undefined) return this.post({ type: 'edited', id, ok: false, message: `${id} has no x and y to move it by` });
    return this.edit(id, action);
  }

  private post(message: ToPage): void {
    void this.panel?.webview.postMessage(message);
  }

  dispose(): void {
    this.drawn.dispose();
    clearTimeout(this.timer);
    clearTimeout(this.highlightTimer);
    this.panel?.dispose();
    this.disposables.forEach((d) => d.dispose());
    this.panelDisposables.forEach((d) => d.dispose());
  }
}

/** Resolves `true` once `ready()` holds (checked now and at each `event`), `false` after `ms`. */
function when(event: vscode.Event<unknown>, ready: () => boolean, ms: number): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(ok);
    };
    const listener = event(() => {
      if (ready()) finish(true);
    });
    const timer = setTimeout(() => finish(ready()), ms);
  });
}

/** The ids of the elements whose range holds `position`. */
export function elementsAt(ranges: ReadonlyMap<string, vscode.Range>, position: vscode.Position): string[] {
  const ids: string[] = [];
  for (const [id, range] of ranges) if (range.contains(position)) ids.push(id);
  return ids;
}

function problemsSummary(diagnostics: readonly vscode.Diagnostic[]): string {
  const ours = diagnostics.filter((d) => d.source === 'retroboard');
  const count = (s: vscode.DiagnosticSeverity) => ours.filter((d) => d.severity === s).length;
  const errors = count(vscode.DiagnosticSeverity.Error);
  const warnings = count(vscode.DiagnosticSeverity.Warning);
  if (errors + warnings === 0) return 'no problems';
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}
