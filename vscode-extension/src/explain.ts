// What a diagnostic code means, as the server words it (`retroboard explain CODE`), shown in a
// Markdown preview. The server links each diagnostic's code to `retroboard-explain:CODE`; VS Code
// opens a Problems or hover link through its opener, which runs `command:` links and would open
// any other scheme as a text editor, so each link is made a command link here (commandLinks) and
// the command shows the preview of the `retroboard-explain:` document this file provides.

import * as vscode from 'vscode';
import { ExecuteCommandRequest, type LanguageClient } from 'vscode-languageclient/node';

/** The scheme of the server's links and of the documents holding the explanations. */
export const EXPLAIN_SCHEME = 'retroboard-explain';
/** The extension's command: shows the explanation of a code (the argument, else the diagnostic at the cursor). */
export const SHOW_EXPLANATION = 'retroboard.showExplanation';
/** The server's command: answers the Markdown of a code. */
const SERVER_EXPLAIN = 'retroboard.explain';

/** The code a link of the server names (`retroboard-explain:colossus/unused-terrain`), else undefined. */
export function codeOfLink(link: vscode.Uri): string | undefined {
  return link.scheme === EXPLAIN_SCHEME && link.path ? link.path.replace(/\.md$/, '') : undefined;
}

/** The command link that shows the explanation of `code`. */
export function commandLink(code: string): vscode.Uri {
  return vscode.Uri.parse(`command:${SHOW_EXPLANATION}?${encodeURIComponent(JSON.stringify([code]))}`);
}

/** Makes the server's links of `diagnostics` command links VS Code opens (in place). */
export function commandLinks(diagnostics: vscode.Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    const code = diagnostic.code;
    if (typeof code !== 'object' || code === null) continue;
    const name = codeOfLink(code.target);
    if (name) diagnostic.code = { value: code.value, target: commandLink(name) };
  }
}

/** The `retroboard-explain:CODE.md` documents: the server's Markdown for the code. */
export class Explanations implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: () => LanguageClient | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const code = codeOfLink(uri) ?? '';
    const running = this.client();
    if (!running?.isRunning()) return `# \`${code}\`\n\nThe Retroboard server is not running: start it to read the explanation.\n`;
    try {
      const markdown: unknown = await running.sendRequest(ExecuteCommandRequest.type, { command: SERVER_EXPLAIN, arguments: [code] });
      return typeof markdown === 'string' ? markdown : `# \`${code}\`\n\nNo explanation.\n`;
    } catch (err) {
      return `# \`${code}\`\n\n${(err as Error).message}\n`;
    }
  }
}

/** The code of the first Retroboard diagnostic at the active editor's cursor. */
function codeAtCursor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const at = editor.selection.active;
  const here = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'retroboard' && d.range.contains(at));
  for (const d of here) {
    if (typeof d.code === 'string') return d.code;
    if (typeof d.code === 'object' && d.code !== null) return String(d.code.value);
  }
  return undefined;
}

/** Shows the explanation of `code` (else of the diagnostic at the cursor) in a Markdown preview beside the editor. */
export async function showExplanation(code?: unknown): Promise<void> {
  const name = typeof code === 'string' && code ? code : codeAtCursor();
  if (!name) {
    void vscode.window.showInformationMessage('No Retroboard diagnostic at the cursor to explain.');
    return;
  }
  const uri = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `${name}.md` });
  await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
}
