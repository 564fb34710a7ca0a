import { existsSync, statSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Rebuilds dist/ when a source is newer than the build, so tests run what users run. */
function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) if (e !== 'dist' && e !== 'node_modules') t = Math.max(t, newest(join(path, e)));
  return t;
}

export default function setup() {
  const outputs = ['dist/node/cli.js', 'dist/node/electron-main.js', 'dist/renderer/connect/index.html'];
  const sources = ['core', 'electron', 'renderer', 'build/compile.mjs', 'vite.config.ts', 'package.json'];
  const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (built < Math.max(...sources.map(newest)))
    execFileSync(process.execPath, ['build/compile.mjs'], { stdio: 'inherit' });
}
