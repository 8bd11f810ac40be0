// Finding the `retroboard` executable and checking that it is new enough. No VS Code here (the
// caller shows the messages), so the rules are unit-tested (test/serverBinary.test.ts).

import { execFile } from 'node:child_process';
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The oldest server that has everything this extension uses (`retroboard/preview`). */
export const MIN_SERVER_VERSION = '0.1.0';

export type Source = 'setting' | 'bundled' | 'path';

export interface Candidate {
  source: Source;
  /** An absolute path, or the bare name `retroboard` to be looked up on PATH. */
  command: string;
}

export interface Found {
  source: Source;
  path: string;
  version: string;
}

/** Why no usable server was found, with the fix, for an error message. */
export class ServerNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerNotFound';
  }
}

const exe = (platform: NodeJS.Platform) => (platform === 'win32' ? 'retroboard.exe' : 'retroboard');

/**
 * Where to look, in order: the `retroboard.server.path` setting (alone, when set: a setting
 * that points nowhere is an error, not a reason to run some other binary), else the binary
 * bundled in the extension (`server/retroboard`), else `retroboard` on PATH.
 */
export function candidates(setting: string | undefined, extensionPath: string, platform: NodeJS.Platform): Candidate[] {
  const configured = setting?.trim();
  if (configured) {
    return [{ source: 'setting', command: configured }];
  }
  return [
    { source: 'bundled', command: path.join(extensionPath, 'server', exe(platform)) },
    { source: 'path', command: exe(platform) },
  ];
}

/** The version in `retroboard --version` output (`retroboard 0.1.0`), or undefined. */
export function parseVersion(output: string): string | undefined {
  const match = /^retroboard\s+v?(\d+\.\d+\.\d+)(?:[-+][0-9A-Za-z.+-]*)?\s*$/m.exec(output);
  return match?.[1];
}

/** -1, 0 or 1 as version `a` is older than, equal to or newer than `b` (`x.y.z` only). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) {
      return d < 0 ? -1 : 1;
    }
  }
  return 0;
}

/** The absolute path of `name` on `PATH`, or undefined. */
export async function onPath(name: string, envPath = process.env.PATH ?? '', platform = process.platform): Promise<string | undefined> {
  const exts = platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE').split(';')] : [''];
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const full = path.join(dir, name + ext);
      if (await isExecutableFile(full, platform)) {
        return full;
      }
    }
  }
  return undefined;
}

async function isExecutableFile(file: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    if (platform !== 'win32') await fs.access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs `file --version` (5 s at most) and returns what it printed. */
export function runVersion(file: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, ['--version'], { timeout: timeoutMs, windowsHide: true }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`\`${file} --version\` failed: ${err.message.trim()}${stderr ? ` (${stderr.trim()})` : ''}`));
      } else {
        resolve(stdout.toString());
      }
    });
  });
}

const FIX =
  'Set "retroboard.server.path" to a retroboard executable (build one with `cargo build --release` in the ' +
  'Retroboard repository: target/release/retroboard), or put `retroboard` on PATH, then run "Retroboard: Restart Server".';

/**
 * The server to start: the first candidate that exists, whose `--version` answers, and that is at
 * least `MIN_SERVER_VERSION`. Throws `ServerNotFound` with a message that says what to do.
 */
export async function findServer(
  setting: string | undefined,
  extensionPath: string,
  log: (line: string) => void = () => {},
  platform: NodeJS.Platform = process.platform,
): Promise<Found> {
  const problems: string[] = [];
  for (const candidate of candidates(setting, extensionPath, platform)) {
    let file: string | undefined;
    if (candidate.source === 'path') {
      file = await onPath(candidate.command, process.env.PATH, platform);
      if (!file) {
        problems.push('no `retroboard` on PATH');
        continue;
      }
    } else {
      file = candidate.command;
      if (candidate.source === 'bundled') {
        try {
          await fs.stat(file);
        } catch {
          log(`no bundled server at ${file}`);
          continue; // a build of the extension without a bundled binary: look on PATH
        }
        // Some unzip paths drop the executable bit: put it back.
        if (platform !== 'win32') {
          await fs.chmod(file, 0o755).catch(() => undefined);
        }
      } else if (!(await isExecutableFile(file, platform))) {
        throw new ServerNotFound(
          `The Retroboard server set in "retroboard.server.path" (${file}) does not exist or is not executable. ${FIX}`,
        );
      }
    }
    let output: string;
    try {
      output = await runVersion(file);
    } catch (err) {
      const what = `${describe(candidate.source)} (${file}) does not run: ${(err as Error).message}`;
      if (candidate.source === 'setting') throw new ServerNotFound(`${what}. ${FIX}`);
      problems.push(what);
      continue;
    }
    const version = parseVersion(output);
    if (!version) {
      const what = `${describe(candidate.source)} (${file}) is not a retroboard server (\`--version\` printed ${JSON.stringify(output.trim().slice(0, 80))})`;
      if (candidate.source === 'setting') throw new ServerNotFound(`${what}. ${FIX}`);
      problems.push(what);
      continue;
    }
    if (compareVersions(version, MIN_SERVER_VERSION) < 0) {
      const what = `${describe(candidate.source)} (${file}) is version ${version}; this extension needs ${MIN_SERVER_VERSION} or newer`;
      if (candidate.source === 'setting') throw new ServerNotFound(`${what}. ${FIX}`);
      problems.push(what);
      continue;
    }
    log(`using ${describe(candidate.source)} ${file} (retroboard ${version})`);
    return { source: candidate.source, path: file, version };
  }
  throw new ServerNotFound(`Retroboard cannot start its language server: ${problems.join('; ') || 'no server found'}. ${FIX}`);
}

function describe(source: Source): string {
  switch (source) {
    case 'setting':
      return 'the server set in "retroboard.server.path"';
    case 'bundled':
      return 'the bundled server';
    case 'path':
      return 'the server on PATH';
  }
}
