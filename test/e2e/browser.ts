import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { mkdirSync } from 'node:fs';
import { findBrowser, MISSING_BROWSER_MESSAGE } from '../browser/find-browser.mjs';

/** A Chromium found on this machine or in an npm package (never downloaded), driven by Playwright. */
export async function launch(): Promise<Browser> {
  const found = await findBrowser();
  if (!found) throw new Error(MISSING_BROWSER_MESSAGE);
  // Reduced motion, as a user may set it: the apps then skip their transitions and ripples
  // (renderer/shared/motion.ts), which are most of a click's rendering and tell a test nothing.
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: [...found.args, '--force-prefers-reduced-motion'],
    env: found.env,
    headless: true,
  });
  return asTester(browser);
}

/** The admin app's "API names" switch, as renderer/admin/api-names.ts keeps it. */
const API_NAMES_KEY = 'tariff-desk:api-names';
const plainContexts = new WeakMap<Browser, Browser['newContext']>();

/**
 * The tests read the API's codes beside the words, as a tester does: every context this browser
 * opens starts with "API names" switched on (a page that switches it off keeps it off, as a user's
 * choice is kept). `newInstallContext` opens one as a new install has it.
 */
function asTester(browser: Browser): Browser {
  const plain = browser.newContext.bind(browser);
  plainContexts.set(browser, plain);
  browser.newContext = async (options) => {
    const context = await plain(options);
    await context.addInitScript((key) => {
      try {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'on');
      } catch {
        // an opaque origin has no storage: nothing to set
      }
    }, API_NAMES_KEY);
    return context;
  };
  // As Playwright's own: a page in a context of its own, closed with it.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** A context with nothing set in its storage, as a new install's first window. */
export function newInstallContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  return (plainContexts.get(browser) ?? browser.newContext.bind(browser))(options);
}

export const SHOTS = '.tmp/screenshots';
mkdirSync(SHOTS, { recursive: true });

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * A full-page screenshot from the top of the page (a full-page shot of a scrolled page draws the
 * fixed top bar mid-page), with the pointer off the charts so that no tooltip covers them.
 */
export async function topShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await shot(page, name);
}

/**
 * Resolves once every animation and transition on the page has finished (a dialog's fade-in, a
 * snackbar's slide), so a screenshot shows the settled page however slow the machine is.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs for ever: only what ends is waited for.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
