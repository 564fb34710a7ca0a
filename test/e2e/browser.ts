import { chromium, type Browser, type Page } from 'playwright';
import { mkdirSync } from 'node:fs';
import { findBrowser, MISSING_BROWSER_MESSAGE } from '../browser/find-browser.mjs';

/** A Chromium found on this machine or in an npm package (never downloaded), driven by Playwright. */
export async function launch(): Promise<Browser> {
  const found = await findBrowser();
  if (!found) throw new Error(MISSING_BROWSER_MESSAGE);
  // Reduced motion, as a user may set it: the apps then skip their transitions and ripples
  // (renderer/shared/motion.ts), which are most of a click's rendering and tell a test nothing.
  return chromium.launch({
    executablePath: found.executablePath,
    args: [...found.args, '--force-prefers-reduced-motion'],
    env: found.env,
    headless: true,
  });
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
