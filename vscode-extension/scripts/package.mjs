// Builds the .vsix with the release server bundled: copies the `retroboard` binary into
// server/ (and the settings' JSON Schema into schemas/), bundles the extension and runs `vsce package` (offline) for the binary's platform.
//
//   node scripts/package.mjs [--binary PATH] [--target linux-x64] [--out FILE.vsix]
//
// The binary defaults to $CARGO_TARGET_DIR/release/retroboard, else ../target/release/retroboard.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(root, '..', 'target');
const exe = process.platform === 'win32' ? 'retroboard.exe' : 'retroboard';
const binary = path.resolve(option('--binary', path.join(targetDir, 'release', exe)));
const platformTarget = option('--target', `${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch}`);
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const out = path.resolve(option('--out', path.join(root, `retroboard-${platformTarget}-${version}.vsix`)));

if (!existsSync(binary)) {
  console.error(`no server binary at ${binary}: run \`cargo build --release\` first (or pass --binary PATH)`);
  process.exit(2);
}
const reported = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10000 }).trim();
if (!reported.startsWith('retroboard ')) {
  console.error(`${binary} --version printed ${JSON.stringify(reported)}: not a retroboard binary`);
  process.exit(2);
}
mkdirSync(path.join(root, 'server'), { recursive: true });
const bundled = path.join(root, 'server', exe);
copyFileSync(binary, bundled);
chmodSync(bundled, 0o755);
// Release builds keep line tables for backtraces; the packaged copy needs none of it.
if (process.platform !== 'win32') {
  try {
    execFileSync('strip', [bundled], { stdio: 'ignore', timeout: 60000 });
  } catch {
    console.log('(strip not available: bundling the binary as built)');
  }
}
console.log(`bundling ${reported} from ${binary}`);

// The JSON Schema of retroboard.toml, for Even Better TOML (`tomlValidation` in package.json):
// the repository's one copy, made from the settings types (schemas/retroboard.schema.json).
mkdirSync(path.join(root, 'schemas'), { recursive: true });
copyFileSync(path.join(root, '..', 'schemas', 'retroboard.schema.json'), path.join(root, 'schemas', 'retroboard.schema.json'));

const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
execFileSync(
  process.execPath,
  [vsce, 'package', '--target', platformTarget, '--no-dependencies', '--allow-missing-repository', '--out', out],
  { cwd: root, stdio: 'inherit', timeout: 300000 },
);
console.log(`packaged ${out}`);
