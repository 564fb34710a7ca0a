import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launch } from './browser.js';
import { liveHost, type LiveHost, type LiveHostOptions } from './host.js';

/** The two window sizes every screen is tried at: a large desktop and a small laptop. */
export const VIEWPORTS = {
  large: { width: 1440, height: 900 },
  small: { width: 1024, height: 700 },
} as const;

export interface BrowserSuite {
  browser: Browser;
  env: LiveHost;
}

/**
 * One Chromium and one live host for a test file, started before its tests and stopped after;
 * the fields are filled in by `beforeAll`, so read them inside tests, not at the top level.
 */
export function browserSuite(opts: LiveHostOptions = {}): BrowserSuite {
  const s = {} as BrowserSuite;
  beforeAll(async () => {
    s.browser = await launch();
    s.env = await liveHost(opts);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.env?.host.stop();
  });
  return s;
}

/** What a page reported going wrong: uncaught exceptions and console errors, in order. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  // The browser's "Failed to load resource" names no request: each is said with the one that failed.
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const which = m.text().startsWith('Failed to load resource') ? failed.shift() : undefined;
    errors.push(`console: ${m.text()}${which ? ` (${which})` : ''}`);
  });
  return errors;
}

/** A new page of the admin app at `hash` (e.g. `tariffs`), sized, with its errors collected. */
export async function openApp(s: BrowserSuite, hash: string, viewport: { width: number; height: number }) {
  // A context of its own (closed with the page), as axe-core's scanner needs.
  const context = await s.browser.newContext({ viewport });
  const page = await context.newPage();
  // When the browser goes first (the suite's end), its contexts are gone with it.
  page.on('close', () => void context.close().catch(() => undefined));
  const errors = pageErrors(page);
  await page.goto(`${s.env.info.app_url}/#/${hash}`);
  return { page, errors };
}

/**
 * One page of the admin app per window size, shared by a file's tests: each `visit` moves it to
 * another route the way the side navigation does (the hash changes, the app stays loaded), so a
 * file that only looks at pages pays for one start of the app per size, not one per page. A
 * visit's `errors` collects what the page reports from the visit on.
 */
export function sharedPages(s: BrowserSuite) {
  const open = new Map<string, Promise<{ page: Page; sink: { errors: string[] } }>>();
  afterAll(async () => {
    for (const p of open.values()) await (await p).page.close().catch(() => undefined);
  });
  return async (hash: string, viewport: { width: number; height: number }) => {
    const key = `${viewport.width}x${viewport.height}`;
    const known = open.get(key);
    if (!known) {
      const started = openApp(s, hash, viewport).then(({ page, errors }) => {
        // The page's own list keeps filling; each visit gets a fresh list fed from it.
        const sink = { errors };
        page.on('pageerror', (e) => sink.errors !== errors && sink.errors.push(`pageerror: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error' && sink.errors !== errors) sink.errors.push(`console: ${m.text()}`);
        });
        return { page, sink };
      });
      open.set(key, started);
      const { page, sink } = await started;
      return { page, errors: sink.errors };
    }
    const { page, sink } = await known;
    sink.errors = [];
    await page.goto(`${s.env.info.app_url}/#/${hash}`);
    return { page, errors: sink.errors };
  };
}
