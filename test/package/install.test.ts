import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FREE_PORTS } from '../host/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: 'pipe',
  });

/** Resolves with the child's first stdout line that parses as JSON. */
function firstJsonLine(child: ChildProcess): Promise<Record<string, string>> {
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        /* notices before the ready line */
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
}

/** Stops a child and everything it started (npx runs the command in a process of its own). */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function login(apiUrl: string, account: string, key: string): Promise<number> {
  const r = await fetch(`${apiUrl}/login`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${account}:${key}`).toString('base64') },
  });
  return r.status;
}

/** Electron stood in: the parts the main process uses, reporting the window it would show. */
const ELECTRON_STAND_IN = `const { EventEmitter } = require('node:events');
const app = Object.assign(new EventEmitter(), {
  requestSingleInstanceLock: () => true,
  quit: () => process.exit(0),
  exit: (code) => process.exit(code),
  getPath: () => process.env.STAND_IN_USER_DATA,
  whenReady: () => Promise.resolve(),
});
class BrowserWindow extends EventEmitter {
  constructor(opts) { super(); this.opts = opts; this.webContents = { reload() {} }; }
  loadURL(url) {
    process.stdout.write(JSON.stringify({ event: 'window', url, preload: this.opts.webPreferences.preload, sandbox: this.opts.webPreferences.sandbox }) + '\\n');
    return Promise.resolve();
  }
  show() {}
  restore() {}
}
module.exports = {
  app,
  BrowserWindow,
  Menu: { buildFromTemplate: (t) => t, setApplicationMenu() {} },
  shell: { openPath: async () => '' },
  ipcMain: { handle() {} },
  session: { defaultSession: { webRequest: { onHeadersReceived() {} } } },
};
`;

/** A command's exit code and output; a failing command does not throw. */
function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => done({ code, out }));
  });
}

describe('the npm package', () => {
  const work = mkdtempSync(join(tmpdir(), 'td-package-'));
  // The package is installed where an integrator has it: beside the example backend's own files.
  const prefix = join(work, 'integrator');
  let tarball = '';
  const children: ChildProcess[] = [];

  // Packing and installing take seconds on an idle machine and minutes on a loaded one: the limit
  // only stops a hung install.
  beforeAll(() => {
    // dist/ is built by the test setup; packing must not rebuild it under the other suites.
    const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
    tarball = join(work, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
    cpSync(join(ROOT, 'examples/integrator'), prefix, {
      recursive: true,
      filter: (src) => !relative(join(ROOT, 'examples/integrator'), src).split('/').includes('node_modules'),
    });
    // The example takes the package from this repository (file:../..); here it takes the tarball.
    const pkg = JSON.parse(readFileSync(join(prefix, 'package.json'), 'utf8'));
    delete pkg.devDependencies;
    writeFileSync(join(prefix, 'package.json'), JSON.stringify(pkg, null, 2));
    // Install scripts are skipped: the one that matters, better-sqlite3's, would compile the same
    // native addon this checkout's own install compiled (minutes of CPU that prove nothing about the
    // package), and Electron's would try to download a binary. The built addon is copied in instead,
    // where the versions are the same; otherwise it is rebuilt.
    npm(['install', '--omit=dev', '--prefer-offline', '--ignore-scripts', tarball], prefix);
    const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    const version = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'node_modules/better-sqlite3/package.json'), 'utf8')).version as string;
    if (version(ROOT) === version(prefix) && existsSync(join(ROOT, addon))) {
      mkdirSync(join(prefix, addon, '..'), { recursive: true });
      cpSync(join(ROOT, addon), join(prefix, addon));
    } else npm(['rebuild', 'better-sqlite3'], prefix);
  }, 900_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    rmSync(work, { recursive: true, force: true });
  });

  it('ships compiled code only, with the entries package.json names', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    // Sources stay home; declarations (.d.ts) are compiled output.
    expect(files.filter((f) => /(?<!\.d)\.tsx?$/.test(f) || f.includes('/test/') || f.includes('/core/'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(prefix, 'node_modules/tariff-desk/package.json'), 'utf8'));
    for (const entry of [
      pkg.main,
      pkg.bin['tariff-desk'],
      'dist/node/preload.cjs',
      'dist/renderer/index.html',
      pkg.types.slice(2),
    ])
      expect(files, entry).toContain(`package/${entry}`);
    // Only what runs is installed: the renderer's libraries are inside its bundles.
    const installed = readdirSync(join(prefix, 'node_modules'));
    expect(installed).toContain('better-sqlite3');
    expect(installed).not.toContain('react');
    expect(installed).not.toContain('tsx');
    expect(installed).not.toContain('typescript');
    // The renderer is React's production build (the development build renders at half the speed).
    const assets = join(prefix, 'node_modules/tariff-desk/dist/renderer/assets');
    const dev = readdirSync(assets).filter((f) =>
      readFileSync(join(assets, f), 'utf8').includes('react-stack-top-frame'),
    );
    expect(dev).toEqual([]);
  });

  it('declares its library entry: package.json types and exports name the shipped .d.ts, which import only dependencies', () => {
    const pkgDir = join(prefix, 'node_modules/tariff-desk');
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    expect(pkg.types).toBe('./dist/types/index.d.ts');
    expect(pkg.exports['.']).toMatchObject({ types: pkg.types, import: './dist/node/core.js' });
    expect(existsSync(join(pkgDir, pkg.types))).toBe(true);
    const declared = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? declared(join(dir, e.name)) : [join(dir, e.name)],
      );
    const files = declared(join(pkgDir, 'dist/types'));
    expect(files.every((f) => f.endsWith('.d.ts'))).toBe(true);
    const bare = new Set<string>();
    for (const f of files)
      for (const [, spec] of readFileSync(f, 'utf8').matchAll(/(?:from |import\()['"]([^'".][^'"]*)['"]/g))
        bare.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
    // Every package the declarations name is a run-time dependency, so --omit=dev installs it.
    expect([...bare].filter((m) => !(m in pkg.dependencies))).toEqual([]);
  });

  it("a consumer's TypeScript file type-checks against the shipped declarations, with no @types loaded", async () => {
    // The project's own compiler, on the example's consumer file beside a wrong use, in one run (a
    // run checks every shipped declaration, which is most of its time). The consumer file and the
    // declarations give no error, its @ts-expect-error lines stay errors, and the wrong use is the
    // one error: the declarations are real types, not any.
    writeFileSync(
      join(prefix, 'wrong.ts'),
      "import { startTariffDesk } from 'tariff-desk';\nexport const n: number = (await startTariffDesk()).apiUrl;\n",
    );
    writeFileSync(
      join(prefix, 'tsconfig.both.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['consumer-types.ts', 'wrong.ts'] }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const both = await run(process.execPath, [tsc, '-p', 'tsconfig.both.json'], prefix);
    expect(both.code).not.toBe(0);
    const errors = both.out.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^wrong\.ts\(2,14\): error TS2322: Type 'string' is not assignable to type 'number'/);
  }, 480_000);

  it("the integrator example's tests pass on the installed package (node --test)", async () => {
    const r = await run(process.execPath, ['--test'], prefix);
    expect(r.out).toMatch(/^# pass 4$/m);
    expect(r.out).toMatch(/^# fail 0$/m);
    expect(r.code).toBe(0);
  }, 480_000);

  it("the migration example's client suite passes against both API generations (node --test)", async () => {
    // Beside the integrator, sharing its installed package: node finds it up the linked folder.
    const migration = join(work, 'migration');
    cpSync(join(ROOT, 'examples/migration'), migration, {
      recursive: true,
      filter: (src) => !relative(join(ROOT, 'examples/migration'), src).split('/').includes('node_modules'),
    });
    symlinkSync(join(prefix, 'node_modules'), join(migration, 'node_modules'));
    const r = await run(process.execPath, ['--test'], migration);
    // The suite's six tests under each generation, and the shared-world test.
    expect(r.out).toMatch(/^# pass 13$/m);
    expect(r.out).toMatch(/^# fail 0$/m);
    expect(r.code).toBe(0);
  }, 480_000);

  it('npx tariff-desk serve --json prints the ready line of a working host', async () => {
    const child = spawn(
      'npx',
      ['tariff-desk', 'serve', '--json', '--data-dir', join(work, 'data-serve'), ...FREE_PORTS],
      { cwd: prefix, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    children.push(child);
    const info = await firstJsonLine(child);
    expect(info.event).toBe('ready');
    expect(await login(info.api_url!, info.account_id!, info.test_key!)).toBe(200);
    const page = await (await fetch(info.app_url!)).text();
    expect(page).toContain('<title>Tariff Desk</title>');
    await stop(child);
  }, 480_000);

  it('the Electron entry starts the service and shows the app in a sandboxed window, with Electron stood in', async () => {
    const standIn = join(prefix, 'node_modules/electron');
    mkdirSync(standIn, { recursive: true });
    writeFileSync(
      join(standIn, 'package.json'),
      JSON.stringify({ name: 'electron', version: '0.0.0-stand-in', main: 'index.js' }),
    );
    writeFileSync(join(standIn, 'index.js'), ELECTRON_STAND_IN);
    const pkgDir = join(prefix, 'node_modules/tariff-desk');
    const main = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).main as string;
    const userData = join(work, 'user-data');
    const child = spawn(process.execPath, [join(pkgDir, main)], {
      cwd: prefix,
      env: { ...process.env, STAND_IN_USER_DATA: userData },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    const win = await firstJsonLine(child);
    expect(win).toMatchObject({ event: 'window', sandbox: true });
    expect(existsSync(win.preload!)).toBe(true);
    expect(await (await fetch(win.url!)).text()).toContain('<title>Tariff Desk</title>');
    const boot = (await (await fetch(`${win.url}/bootstrap.json`)).json()) as Record<string, string>;
    expect(boot.data_dir).toBe(join(userData, 'data'));
    expect(await login(boot.api_url!, boot.account_id!, boot.test_key!)).toBe(200);
    expect(existsSync(join(userData, 'data', 'tariff-desk.sqlite'))).toBe(true);
    await stop(child);
  }, 480_000);
});
