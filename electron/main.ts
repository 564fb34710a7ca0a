import { join } from 'node:path';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import type { HostThread } from '../core/hosts/host-thread.js';
import { appCsp } from '../core/node/http/app-server.js';
import { Bootstrap } from '../core/engine/api/bootstrap.js';
import { ApiError } from '../core/engine/errors.js';
import {
  allowWebview,
  cspHeader,
  parseWindowState,
  PRELOAD_CHANNELS,
  sameOrigin,
  windowOptions,
  type WindowState,
} from './security.js';

/** The parts of a window the shell uses. */
export interface WindowLike {
  loadURL(url: string): Promise<unknown>;
  show(): void;
  restore(): void;
  maximize?(): void;
  focus?(): void;
  isMinimized?(): boolean;
  isMaximized?(): boolean;
  getBounds?(): { x: number; y: number; width: number; height: number };
  on?(event: string, fn: () => void): unknown;
  once?(event: string, fn: () => void): unknown;
  webContents?: { reload(): void };
}

/** The parts of a page's web contents the navigation guards use. */
interface WebContentsLike {
  setWindowOpenHandler(fn: () => { action: 'deny' }): void;
  on(event: string, fn: (...args: never[]) => void): unknown;
}

/** The parts of Electron the main process uses; tests pass a stand-in. */
export interface ElectronLike {
  app: {
    requestSingleInstanceLock(): boolean;
    quit(): void;
    getPath(name: 'userData'): string;
    whenReady(): Promise<unknown>;
    on(event: string, fn: (...args: never[]) => void): unknown;
  };
  BrowserWindow: new (opts: ReturnType<typeof windowOptions>) => WindowLike;
  Menu: { buildFromTemplate(t: unknown[]): unknown; setApplicationMenu(m: unknown): void };
  shell: { openPath(p: string): Promise<string> };
  dialog: {
    showOpenDialog(
      win: WindowLike,
      opts: { title: string; buttonLabel: string; properties: ('openDirectory' | 'createDirectory')[] },
    ): Promise<{ canceled: boolean; filePaths: string[] }>;
    showMessageBox(
      win: WindowLike,
      opts: {
        type: 'info' | 'warning' | 'error';
        message: string;
        detail?: string;
        buttons?: string[];
        defaultId?: number;
        cancelId?: number;
      },
    ): Promise<{ response: number }>;
  };
  ipcMain: {
    handle(channel: string, fn: (event: { senderFrame?: { url: string } | null }, ...args: unknown[]) => unknown): void;
  };
  session: {
    defaultSession: {
      webRequest: {
        onHeadersReceived(
          fn: (
            d: { responseHeaders?: Record<string, string[] | string> },
            cb: (r: { responseHeaders: Record<string, string[] | string> }) => void,
          ) => void,
        ): void;
      };
    };
  };
}

export interface MainDeps {
  startHost: (opts: {
    dataDir: string;
    apiPort?: number;
    connectPort?: number;
    connectWebPort?: number;
    appPort?: number;
  }) => Promise<HostThread>;
  preloadPath: string;
}

/**
 * The desktop shell: starts the core service on its service thread (as `serve` does) on the
 * app's data folder and shows the renderer it serves, so this process only shows windows: a
 * heavy request never freezes its menus. Behaviour lives in core/ and renderer/; this only
 * wires Electron to it, and asks the thread for what the File menu does.
 */
export async function runMain(
  e: ElectronLike,
  deps: MainDeps,
): Promise<{ host: HostThread; window: WindowLike } | undefined> {
  if (!e.app.requestSingleInstanceLock()) {
    e.app.quit();
    return undefined;
  }
  await e.app.whenReady();
  const dataDir = join(e.app.getPath('userData'), 'data');
  // Owner-only: the database holds the keys (the service also narrows an existing folder).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const host = await deps.startHost({ dataDir, appPort: 0 });
  const info = host.info;
  const appUrl = info.app_url!;
  const csp = appCsp(info);

  e.session.defaultSession.webRequest.onHeadersReceived((d, cb) =>
    cb({ responseHeaders: cspHeader(csp, d.responseHeaders ?? {}) }),
  );

  // The preload's calls are answered only for the app's own page.
  const fromApp = (ev: { senderFrame?: { url: string } | null }) =>
    !!ev.senderFrame && sameOrigin(ev.senderFrame.url, appUrl);
  e.ipcMain.handle(PRELOAD_CHANNELS.bootstrap, (ev) => {
    if (!fromApp(ev)) throw new Error('refused: not the app');
    return Bootstrap.parse({ ...info, app_url: appUrl, data_dir: dataDir });
  });
  e.ipcMain.handle(PRELOAD_CHANNELS.openDataFolder, async (ev) => {
    if (!fromApp(ev)) throw new Error('refused: not the app');
    return e.shell.openPath(dataDir);
  });

  e.app.on('web-contents-created', (_ev: unknown, contents: WebContentsLike) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (ev: { preventDefault(): void }, url: string) => {
      if (!sameOrigin(url, appUrl) && !sameOrigin(url, info.connect_web_url)) ev.preventDefault();
    });
    contents.on(
      'will-attach-webview',
      (ev: { preventDefault(): void }, prefs: Record<string, unknown>, params: { src?: string }) => {
        if (!allowWebview(params, prefs, info.connect_web_url)) ev.preventDefault();
      },
    );
  });

  const stateFile = join(e.app.getPath('userData'), 'window-state.json');
  let state: WindowState;
  try {
    state = parseWindowState(readFileSync(stateFile, 'utf8'));
  } catch {
    state = parseWindowState(undefined);
  }
  const win = new e.BrowserWindow(windowOptions(deps.preloadPath, state));
  if (state.maximized) win.maximize?.();
  const remember = () => {
    const b = win.getBounds?.();
    if (b) writeFileSync(stateFile, JSON.stringify({ ...b, maximized: win.isMaximized?.() ?? false }));
  };
  win.on?.('close', remember);
  win.once?.('ready-to-show', () => win.show());

  // File → Export/Import workspace: a folder from Electron's dialog; the work is core's.
  const folder = async (title: string, buttonLabel: string) => {
    const r = await e.dialog.showOpenDialog(win, {
      title,
      buttonLabel,
      properties: ['openDirectory', 'createDirectory'],
    });
    return r.canceled ? undefined : r.filePaths[0];
  };
  const failed = (message: string, err: unknown) =>
    e.dialog.showMessageBox(win, {
      type: 'error',
      message,
      detail: err instanceof ApiError ? `${err.message} (${err.code})` : String(err),
    });
  const exportWorkspace = async () => {
    const dir = await folder('Export workspace', 'Export here');
    if (!dir) return;
    try {
      const n = await host.command('exportWorkspace', dir);
      await e.dialog.showMessageBox(win, { type: 'info', message: `Exported ${n} files to ${dir}.` });
    } catch (err) {
      await failed('The workspace was not exported.', err);
    }
  };
  const importWorkspace = async () => {
    const dir = await folder('Import workspace', 'Import');
    if (!dir) return;
    const replace = (await host.command('worldSize')) > 0;
    if (replace) {
      const ok = await e.dialog.showMessageBox(win, {
        type: 'warning',
        message: 'Replace the test data with this workspace?',
        detail: `The test-mode locations, tariffs, webhooks, events, the library, imported market prices, settings and the clock are replaced by those of ${dir}. Live data is never touched.`,
        buttons: ['Replace', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
      });
      if (ok.response !== 0) return;
    }
    try {
      await host.command('importWorkspace', dir, replace);
      win.webContents?.reload();
    } catch (err) {
      await failed('The workspace was not imported; nothing changed.', err);
    }
  };

  e.Menu.setApplicationMenu(
    e.Menu.buildFromTemplate([
      {
        label: 'File',
        submenu: [
          { label: 'Open data folder', click: () => void e.shell.openPath(dataDir) },
          {
            label: 'Reset demo data',
            click: () => void host.command('resetDemo').then(() => win.webContents?.reload()),
          },
          { type: 'separator' },
          { label: 'Export workspace…', click: () => void exportWorkspace() },
          { label: 'Import workspace…', click: () => void importWorkspace() },
          { type: 'separator' },
          { role: 'quit' },
        ],
      },
      { role: 'editMenu' },
      { role: 'viewMenu' },
    ]),
  );
  e.app.on('second-instance', () => {
    if (win.isMinimized?.()) win.restore();
    win.focus?.();
  });
  e.app.on('before-quit', () => void host.stop());
  await win.loadURL(appUrl);
  return { host, window: win };
}
