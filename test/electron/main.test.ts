import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, matchesGlob } from 'node:path';
import { runInNewContext } from 'node:vm';
import { runMain, type ElectronLike } from '../../electron/main.js';
import { allowWebview, parseWindowState, PRELOAD_CHANNELS } from '../../electron/security.js';
import { startHostThread } from '../../core/hosts/host-thread.js';
import { loggedIn } from '../e2e/host.js';

/** A stand-in for Electron's main-process modules that records what the app asks of it. */
function standIn(userData: string) {
  const rec = {
    windows: [] as any[],
    handlers: new Map<string, (ev: any, ...a: unknown[]) => unknown>(),
    appEvents: new Map<string, (...a: any[]) => void>(),
    headerHook: undefined as undefined | ((d: any, cb: (r: any) => void) => void),
    menu: undefined as any,
    opened: [] as string[],
    quit: 0,
    /** What the dialogs answer next (a folder, a button), and what they were asked. */
    folders: [] as (string | undefined)[],
    buttons: [] as number[],
    boxes: [] as { type: string; message: string; detail?: string }[],
    reloads: 0,
  };
  class FakeWindow {
    events = new Map<string, () => void>();
    loaded = '';
    webContents = { reload: () => void rec.reloads++ };
    constructor(readonly opts: any) {
      rec.windows.push(this);
    }
    on(ev: string, fn: () => void) {
      this.events.set(ev, fn);
    }
    once(ev: string, fn: () => void) {
      this.events.set(ev, fn);
    }
    async loadURL(u: string) {
      this.loaded = u;
    }
    getBounds() {
      return { x: 10, y: 20, width: 1111, height: 777 };
    }
    isMaximized() {
      return false;
    }
    show() {}
  }
  const electron: ElectronLike = {
    app: {
      requestSingleInstanceLock: () => true,
      quit: () => void rec.quit++,
      getPath: () => userData,
      whenReady: async () => undefined,
      on: (ev, fn) => rec.appEvents.set(ev, fn as (...a: any[]) => void),
    },
    BrowserWindow: FakeWindow as any,
    Menu: { buildFromTemplate: (t) => t, setApplicationMenu: (m) => void (rec.menu = m) },
    shell: {
      openPath: async (p) => {
        rec.opened.push(p);
        return '';
      },
    },
    dialog: {
      showOpenDialog: async () => {
        const dir = rec.folders.shift();
        return { canceled: dir === undefined, filePaths: dir === undefined ? [] : [dir] };
      },
      showMessageBox: async (_win, opts) => {
        rec.boxes.push(opts);
        return { response: rec.buttons.shift() ?? 0 };
      },
    },
    ipcMain: { handle: (c, fn) => void rec.handlers.set(c, fn) },
    session: { defaultSession: { webRequest: { onHeadersReceived: (fn) => void (rec.headerHook = fn) } } },
  };
  return { electron, rec };
}

function contentsStandIn() {
  const handlers = new Map<string, (...a: any[]) => void>();
  let openHandler: any;
  return {
    contents: { setWindowOpenHandler: (f: any) => (openHandler = f), on: (ev: string, f: any) => handlers.set(ev, f) },
    handlers,
    open: (url: string) => openHandler({ url }),
  };
}

/** The main process on the stand-in, its service on free ports. */
const startMain = (electron: ReturnType<typeof standIn>['electron'], demo: boolean) =>
  runMain(electron, {
    startHost: (o) => startHostThread({ ...o, apiPort: 0, connectPort: 0, connectWebPort: 0, appPort: 0, demo }),
    preloadPath: '/app/electron/preload.cjs',
  });

describe('the Electron main process, with Electron replaced by a stand-in', () => {
  it('opens a sandboxed, context-isolated window without Node, with a CSP, guarded navigation and a narrow preload', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'td-electron-'));
    writeFileSync(join(userData, 'window-state.json'), JSON.stringify({ width: 1400, height: 900, x: 5, y: 6 }));
    const { electron, rec } = standIn(userData);
    const started = await startMain(electron, false);
    try {
      const host = started!.host;
      const win = rec.windows[0];
      const wp = win.opts.webPreferences;
      expect(wp.preload).toBe('/app/electron/preload.cjs');
      // Sandboxed and isolated; no Node anywhere in web content.
      const on = [wp.sandbox, wp.contextIsolation, wp.webSecurity, wp.webviewTag];
      expect(on).toEqual([true, true, true, true]);
      const off = [wp.nodeIntegration, wp.nodeIntegrationInSubFrames, wp.allowRunningInsecureContent];
      expect(off).toEqual([false, false, false]);
      expect(win.opts).toMatchObject({ width: 1400, height: 900, x: 5, y: 6 });
      expect(win.loaded).toBe(host.info.app_url);
      expect(host.info.data_dir).toBe(join(userData, 'data'));

      // CSP on every response.
      let headers: any;
      rec.headerHook!({ responseHeaders: { 'X-A': ['1'] } }, (r) => (headers = r.responseHeaders));
      const csp = headers['Content-Security-Policy'][0] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`connect-src 'self' ${host.info.api_url}`);
      expect(csp).toContain(`frame-src ${host.info.connect_web_url}`);
      expect(csp).toContain("object-src 'none'");
      expect(headers['X-A']).toEqual(['1']);

      // Navigation and new windows.
      const c = contentsStandIn();
      rec.appEvents.get('web-contents-created')!({}, c.contents);
      expect(c.open('https://example.com')).toEqual({ action: 'deny' });
      let prevented = 0;
      const ev = { preventDefault: () => void prevented++ };
      c.handlers.get('will-navigate')!(ev, 'https://evil.example/');
      expect(prevented).toBe(1);
      c.handlers.get('will-navigate')!(ev, `${host.info.app_url}/#/prices`);
      expect(prevented).toBe(1);
      const prefs: Record<string, unknown> = { preload: '/x.js', nodeIntegration: true };
      c.handlers.get('will-attach-webview')!(ev, prefs, { src: `${host.info.connect_web_url}/?svc_cot=cot_1` });
      expect(prevented).toBe(1);
      expect(prefs).toEqual({ nodeIntegration: false, contextIsolation: true, sandbox: true });
      c.handlers.get('will-attach-webview')!(ev, {}, { src: 'https://elsewhere.example/' });
      expect(prevented).toBe(2);

      // The preload surface is answered for the app's page only, checked on the main side.
      expect([...rec.handlers.keys()].sort()).toEqual(
        [PRELOAD_CHANNELS.bootstrap, PRELOAD_CHANNELS.openDataFolder].sort(),
      );
      const boot = rec.handlers.get(PRELOAD_CHANNELS.bootstrap)!({
        senderFrame: { url: `${host.info.app_url}/#/overview` },
      }) as any;
      expect(Object.keys(boot).sort()).toEqual([
        'account_id',
        'api_url',
        'app_url',
        'connect_service_url',
        'connect_web_url',
        'data_dir',
        'live_key',
        'test_key',
      ]);
      expect(() =>
        rec.handlers.get(PRELOAD_CHANNELS.bootstrap)!({ senderFrame: { url: `${host.info.connect_web_url}/` } }),
      ).toThrow(/refused/);
      expect(() => rec.handlers.get(PRELOAD_CHANNELS.bootstrap)!({ senderFrame: null })).toThrow(/refused/);
      await rec.handlers.get(PRELOAD_CHANNELS.openDataFolder)!({ senderFrame: { url: host.info.app_url } });
      expect(rec.opened).toEqual([join(userData, 'data')]);

      // Menu: open data folder and reset demo data.
      const labels = rec.menu[0].submenu.map((i: any) => i.label ?? i.role ?? i.type);
      expect(labels).toEqual([
        'Open data folder',
        'Reset demo data',
        'separator',
        'Export workspace…',
        'Import workspace…',
        'separator',
        'quit',
      ]);

      // Window state is remembered.
      win.events.get('close')();
      expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'))).toMatchObject({
        width: 1111,
        height: 777,
      });
    } finally {
      await started?.host.stop();
    }
  });

  it('File → Export/Import workspace: a folder from the dialog, core does the work, replacing asks first', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'td-electron-'));
    const { electron, rec } = standIn(userData);
    const started = await startMain(electron, true);
    try {
      const host = started!.host;
      const { api } = await loggedIn(host.info);
      const item = (label: string) => rec.menu[0].submenu.find((i: any) => i.label === label);
      const settled = async (boxes: number) => {
        for (let i = 0; i < 100 && rec.boxes.length < boxes; i++) await new Promise((r) => setTimeout(r, 10));
      };
      const ids = async () =>
        ((await api('GET', '/locations?limit=100')).body.data as { id: string }[]).map((l) => l.id);
      const demo = await ids();
      expect(demo).toHaveLength(5);

      // Export into a new folder.
      const dir = join(mkdtempSync(join(tmpdir(), 'td-electron-ws-')), 'workspace');
      rec.folders.push(dir);
      item('Export workspace…').click();
      await settled(1);
      expect(rec.boxes[0]).toMatchObject({ type: 'info', message: expect.stringMatching(/^Exported \d+ files to /) });
      expect(readdirSync(join(dir, 'locations')).sort()).toEqual(demo.map((id) => `${id}.json`).sort());

      // A cancelled folder dialog does nothing.
      rec.folders.push(undefined);
      item('Import workspace…').click();
      await new Promise((r) => setTimeout(r, 30));
      expect(rec.boxes).toHaveLength(1);

      // The world changes; importing asks before replacing it; Cancel keeps it.
      expect((await api('DELETE', `/locations/${demo[0]!}`)).status).toBe(200);
      rec.folders.push(dir);
      rec.buttons.push(1);
      item('Import workspace…').click();
      await settled(2);
      expect(rec.boxes[1]).toMatchObject({ type: 'warning', message: 'Replace the test data with this workspace?' });
      expect(await ids()).toHaveLength(4);
      expect(rec.reloads).toBe(0);
      // Replace brings the exported world back and reloads the window.
      rec.folders.push(dir);
      rec.buttons.push(0);
      item('Import workspace…').click();
      await settled(3);
      for (let i = 0; i < 100 && rec.reloads === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect((await ids()).sort()).toEqual([...demo].sort());
      expect(rec.reloads).toBe(1);

      // A broken workspace is refused with the file and the code named; nothing changes.
      writeFileSync(join(dir, 'clock.json'), '{"mode":"sometimes"}');
      rec.folders.push(dir);
      rec.buttons.push(0);
      item('Import workspace…').click();
      await settled(5);
      expect(rec.boxes[4]).toMatchObject({
        type: 'error',
        message: 'The workspace was not imported; nothing changed.',
        detail: expect.stringMatching(/^clock\.json: mode.*\(mode_invalid\)$/),
      });
      expect((await ids()).sort()).toEqual([...demo].sort());
    } finally {
      await started?.host.stop();
    }
  });

  it('a second instance quits at once', async () => {
    const { electron, rec } = standIn(mkdtempSync(join(tmpdir(), 'td-electron-')));
    electron.app.requestSingleInstanceLock = () => false;
    expect(
      await runMain(electron, {
        startHost: async () => {
          throw new Error('must not start');
        },
        preloadPath: '',
      }),
    ).toBeUndefined();
    expect(rec.quit).toBe(1);
  });

  it('the preload exposes only bootstrap and openDataFolder, through invoke', () => {
    const exposed: Record<string, any> = {};
    const invoked: string[] = [];
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (k: string, v: unknown) => (exposed[k] = v) },
      ipcRenderer: { invoke: (c: string) => (invoked.push(c), Promise.resolve(c)) },
    };
    const code = readFileSync(new URL('../../dist/node/preload.cjs', import.meta.url), 'utf8');
    runInNewContext(code, {
      require: (m: string) => {
        if (m !== 'electron') throw new Error(`preload may not require ${m}`);
        return fakeElectron;
      },
    });
    expect(Object.keys(exposed)).toEqual(['tariffDesk']);
    expect(Object.keys(exposed.tariffDesk).sort()).toEqual(['bootstrap', 'openDataFolder']);
    exposed.tariffDesk.bootstrap();
    exposed.tariffDesk.openDataFolder();
    expect(invoked).toEqual([PRELOAD_CHANNELS.bootstrap, PRELOAD_CHANNELS.openDataFolder]);
  });

  it('window state falls back to the default on bad input; webviews need the connect origin', () => {
    expect(parseWindowState('{bad')).toEqual({ width: 1280, height: 800 });
    expect(parseWindowState(JSON.stringify({ width: 50, height: 900 }))).toEqual({ width: 1280, height: 800 });
    expect(allowWebview({}, {}, 'http://127.0.0.1:7070')).toBe(false);
    expect(allowWebview({ src: 'http://127.0.0.1:7071/' }, {}, 'http://127.0.0.1:7070')).toBe(false);
  });
});

describe('electron-builder configuration', () => {
  it('builds installers for Linux, macOS and Windows, rebuilding the native module for Electron', () => {
    const cfg = JSON.parse(readFileSync(new URL('../../build/electron-builder.json', import.meta.url), 'utf8'));
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(cfg.linux.target).toEqual(['AppImage', 'deb']);
    expect(cfg.mac.target).toEqual(['dmg']);
    expect(cfg.win.target).toEqual(['nsis']);
    expect(cfg.npmRebuild).toBe(true);
    expect(cfg.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    expect(cfg.directories.buildResources).toBe('build');
    // The packaged app runs the compiled entry, and every file it loads is inside `files`.
    expect(cfg.extraMetadata.main).toBe(pkg.main);
    const packaged = (f: string) =>
      cfg.files.some((g: string) => !g.startsWith('!') && matchesGlob(f, g)) &&
      !cfg.files.some((g: string) => g.startsWith('!') && matchesGlob(f, g.slice(1)));
    for (const f of [
      pkg.main,
      'dist/node/preload.cjs',
      'dist/node/cli.js',
      'dist/renderer/index.html',
      'dist/renderer/connect/index.html',
    ]) {
      expect(existsSync(new URL(`../../${f}`, import.meta.url)), f).toBe(true);
      expect(packaged(f), f).toBe(true);
    }
    for (const f of ['core/hosts/host.ts', 'electron/main.ts', 'test/helpers.ts']) expect(packaged(f), f).toBe(false);
    expect(cfg.electronVersion.split('.')[0]).toBe(pkg.optionalDependencies.electron.replace(/^\^/, '').split('.')[0]);
    expect(pkg.scripts.dist).toContain('electron-builder --config build/electron-builder.json');
    expect(pkg.devDependencies['electron-builder']).toBeDefined();
  });
});
