import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('the npm package', () => {
  const work = mkdtempSync(join(tmpdir(), 'td-package-'));
  const prefix = join(work, 'app');
  let tarball = '';
  const children: ChildProcess[] = [];

  beforeAll(() => {
    // dist/ is built by the test setup; packing must not rebuild it under the other suites.
    const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
    tarball = join(work, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
    mkdirSync(prefix);
    npm(['install', '--omit=dev', tarball], prefix);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    rmSync(work, { recursive: true, force: true });
  });

  it('ships compiled code only, with the entries package.json names', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.filter((f) => /\.tsx?$/.test(f) || f.includes('/test/') || f.includes('/core/'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(prefix, 'node_modules/tariff-desk/package.json'), 'utf8'));
    for (const entry of [pkg.main, pkg.bin['tariff-desk'], 'dist/node/preload.cjs', 'dist/renderer/index.html'])
      expect(files, entry).toContain(`package/${entry}`);
    // Only what runs is installed: the renderer's libraries are inside its bundles.
    const installed = readdirSync(join(prefix, 'node_modules'));
    expect(installed).toContain('better-sqlite3');
    expect(installed).not.toContain('react');
    expect(installed).not.toContain('tsx');
  });

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
  }, 60_000);

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
  }, 60_000);
});
