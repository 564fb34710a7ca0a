/**
 * The desktop window's security settings, kept apart from Electron so tests can check them with
 * a stand-in: a sandboxed, context-isolated renderer with no Node, a CSP on every response,
 * navigation held to the app's own origin, no new windows, and webviews only for the connect
 * web app's origin.
 */
export const PRELOAD_CHANNELS = {
  bootstrap: 'tariff-desk:bootstrap',
  openDataFolder: 'tariff-desk:open-data-folder',
} as const;

export function windowOptions(preloadPath: string, state: WindowState) {
  return {
    width: state.width,
    height: state.height,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: 960,
    minHeight: 640,
    title: 'Tariff Desk',
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // The connect flow runs in a <webview>; will-attach-webview limits it to the connect web app.
      webviewTag: true,
      spellcheck: false,
    },
  } as const;
}

export interface WindowState {
  width: number;
  height: number;
  x?: number | undefined;
  y?: number | undefined;
  maximized?: boolean | undefined;
}
export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 800 };

/** Reads a remembered window state, falling back to the default for anything odd. */
export function parseWindowState(text: string | undefined): WindowState {
  if (!text) return DEFAULT_WINDOW;
  try {
    const v = JSON.parse(text) as Partial<WindowState>;
    const n = (x: unknown, lo: number, hi: number) =>
      typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi ? x : undefined;
    const width = n(v.width, 400, 10000);
    const height = n(v.height, 300, 10000);
    if (!width || !height) return DEFAULT_WINDOW;
    return { width, height, x: n(v.x, -10000, 10000), y: n(v.y, -10000, 10000), maximized: v.maximized === true };
  } catch {
    return DEFAULT_WINDOW;
  }
}

export function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/** What a webview may be: the connect web app, with no preload and no Node. */
export function allowWebview(params: { src?: string }, prefs: Record<string, unknown>, connectWebUrl: string): boolean {
  delete prefs.preload;
  prefs.nodeIntegration = false;
  prefs.contextIsolation = true;
  prefs.sandbox = true;
  return !!params.src && sameOrigin(params.src, connectWebUrl);
}

export function cspHeader(csp: string, headers: Record<string, string[] | string>): Record<string, string[] | string> {
  return { ...headers, 'Content-Security-Policy': [csp] };
}
