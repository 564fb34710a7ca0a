#!/usr/bin/env node
// The one build: esbuild bundles the Node side (the core library, the command line, Electron's
// main process and preload) into dist/node; tsc declares the library entry into dist/types; Vite
// builds the two renderer apps into dist/renderer.
// Pure-JS dependencies are bundled in; native, WebAssembly and worker-spawning ones (better-sqlite3,
// highs, piscina) and Electron stay installed beside the package.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { rmSync, mkdirSync, chmodSync, readFileSync, readdirSync, existsSync, statSync, renameSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.includes('--node') ? 'node' : process.argv.includes('--renderer') ? 'renderer' : 'all';
const started = performance.now();

async function node() {
  rmSync(`${root}dist/node`, { recursive: true, force: true });
  mkdirSync(`${root}dist/node`, { recursive: true });
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // Pure-JS dependencies are bundled: a host's start then reads a few files instead of resolving
    // and compiling hundreds of modules. Native, WebAssembly and worker-spawning ones stay installed.
    external: ['better-sqlite3', 'highs', 'piscina', 'electron', 'typescript', 'vite', 'esbuild'],
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  };
  await Promise.all([
    build({
      ...common,
      format: 'esm',
      // Bundled CommonJS calls require(): ESM has none of its own.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      entryPoints: {
        cli: 'core/hosts/cli/bin.ts',
        // The headless host's service thread (core/hosts/host-thread.ts starts it).
        'host-worker': 'core/hosts/host-worker.ts',
        // A worker of the pool for heavy requests (core/node/pool/pool.ts starts it; paths.ts names it).
        'pool-worker': 'core/node/pool/worker.ts',
        core: 'core/index.ts',
        'electron-main': 'electron/entry.ts',
      },
      outdir: 'dist/node',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    // Sandboxed preloads are CommonJS with Electron's own modules only.
    build({
      ...common,
      format: 'cjs',
      entryPoints: { preload: 'electron/preload.ts' },
      outExtension: { '.js': '.cjs' },
      outdir: 'dist/node',
    }),
  ]);
  chmodSync(`${root}dist/node/cli.js`, 0o755);
}

/**
 * The library entry's declarations (dist/types/index.d.ts, package.json `types`): tsc on a process
 * of its own, beside esbuild, then only the files the entry's declarations reach are kept.
 */
async function types() {
  const out = `${root}dist/types`;
  // Only core/ and the configs shape them: a build for a renderer change leaves them be.
  const index = join(out, 'index.d.ts');
  const inputs = ['core', 'build/tsconfig.types.json', 'tsconfig.base.json'].map((p) => newest(join(root, p)));
  if (existsSync(index) && statSync(index).mtimeMs > Math.max(...inputs)) return;
  // Declared into a folder of this build's own, then moved into place: builds running at once
  // never see each other's half-written declarations.
  const staging = `${root}.tmp/types-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Type errors are `tsc -b`'s to report (the build never waits on them): exit 2 means declared anyway.
  await new Promise((done, fail) =>
    execFile(
      process.execPath,
      [tsc, '-p', `${root}build/tsconfig.types.json`, '--outDir', staging],
      { cwd: root },
      (err, stdout) =>
        err && err.code !== 2 ? fail(new Error(`declarations: ${stdout || err.message}`)) : done(undefined),
    ),
  );
  const keep = new Set();
  const visit = (file) => {
    if (keep.has(file) || !existsSync(file)) return;
    keep.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from |import\()['"](\.{1,2}\/[^'"]+)['"]/g))
      visit(join(dirname(file), spec.replace(/\.js$/, '.d.ts')));
  };
  visit(join(staging, 'index.d.ts'));
  const prune = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        prune(p);
        if (readdirSync(p).length === 0) rmSync(p, { recursive: true });
      } else if (!keep.has(p)) rmSync(p);
    }
  };
  prune(staging);
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(staging, out);
  } catch {
    // Another build moved its declarations in first: the same sources, so either will do.
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The newest modification time under a path (0 for a file removed while looking). */
function newest(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((e) => newest(join(path, e))));
}

async function renderer() {
  // Always React's production build: a NODE_ENV inherited from the caller (Vitest sets "test")
  // would otherwise ship React's development build, twice as slow to render.
  process.env.NODE_ENV = 'production';
  await viteBuild({ configFile: `${root}vite.config.ts`, mode: 'production', logLevel: 'error' });
}

// The declarations take longest; they run on their own process beside the bundles.
const declared = only !== 'renderer' ? types() : undefined;
if (only !== 'renderer') await node();
if (only !== 'node') await renderer();
await declared;
process.stdout.write(
  `built ${only === 'all' ? 'dist/node, dist/types and dist/renderer' : only === 'node' ? 'dist/node and dist/types' : 'dist/renderer'} in ${Math.round(performance.now() - started)} ms\n`,
);
