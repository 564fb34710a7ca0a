import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright';
import { see } from './see.js';
import { launch, settled, shot, topShot } from './browser.js';
import { liveHost } from './host.js';
import { violations } from './axe.js';
import { berlinAddress, tariffBody } from '../helpers.js';

let browser: Browser;
let env: Awaited<ReturnType<typeof liveHost>>;

/** The host's real time: its base clock stands here, so "Real time" lands here. */
const REAL = '2026-03-01T09:00:00Z';
/** The browser's zone: the page writes instants in it, and so does the test. */
const ZONE = 'Europe/Berlin';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  browser = await launch();
  env = await liveHost({ demo: false, now: REAL });
});
afterAll(async () => {
  await browser?.close();
  await env?.host.stop();
});

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
/** An instant as the page writes it (renderer/admin/instant.ts), in the browser's zone. */
const written = (at: string) =>
  DateTime.fromISO(at, { zone: ZONE }).setLocale('en-GB').toFormat('ccc d LLL yyyy, HH:mm:ss ZZZZ');

const rows = (page: Page) => page.locator('[data-journal]');
const clockRows = (page: Page) => page.locator('[data-journal][data-kind="clock"]');
const filters = (page: Page) => page.getByRole('search', { name: 'Journal filters' });
const bar = (page: Page) => page.getByRole('banner').getByRole('group', { name: 'Service clock' });

/** Picks an option of one of the journal's filters, as a user does. */
async function pick(page: Page, filter: string, option: string) {
  await filters(page).getByLabel(filter).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe("the Traffic page shows the clock's own work", () => {
  for (const [width, height, start] of [
    [1440, 900, '2026-03-01T12:00:00Z'],
    [1024, 700, '2026-03-05T12:00:00Z'],
  ] as const) {
    it(`a move from the top bar and what it fired are Clock rows in service time (${width}×${height})`, async () => {
      const api = env.client;
      // A contract whose tariff.expiring falls due 6 h into the day the test moves through.
      const loc = await api.call('locations.create', { body: { postal_address: berlinAddress } });
      const end = iso(Date.parse(start) + (7 * 24 + 6) * HOUR_MS);
      await api.call('tariffs.create', {
        body: tariffBody(loc.id, { contract_start_date: '2026-01-01', contract_end_date: end }) as never,
      });
      await api.call('clock.set', { body: { mode: 'frozen', now: start } });
      await api.call('journal.clear');

      const page = await browser.newPage({ viewport: { width, height }, timezoneId: ZONE });
      try {
        await page.goto(`${env.info.app_url}/#/traffic`);
        await see(bar(page)).toHaveAttribute('data-clock-mode', 'frozen');
        await see(page.getByText('No requests yet')).toBeVisible();

        // A day on, from the top bar (folded into "Move…" where the window is narrow).
        if (width < 1200) {
          await bar(page).getByRole('button', { name: 'Move the service clock' }).click();
          await page
            .getByRole('presentation')
            .getByRole('button', { name: /^\+1 day/ })
            .click();
        } else
          await bar(page)
            .getByRole('button', { name: /^\+1 day/ })
            .click();
        const landed = iso(Date.parse(start) + 24 * HOUR_MS);
        const expiringAt = iso(Date.parse(end) - 7 * 24 * HOUR_MS);
        const moved = clockRows(page).filter({ hasText: 'Clock moved' });
        await see(moved).toHaveCount(1);
        await see(moved).toContainText(`Clock moved ${written(start)} → ${written(landed)}`);
        await see(moved).toContainText('frozen');
        const lifecycle = clockRows(page).filter({ hasText: 'tariff lifecycle event' });
        await see(lifecycle).toContainText(`Fired for ${written(expiringAt)}: 1 tariff lifecycle event recorded`);
        await see(lifecycle.locator('.MuiChip-root').first()).toHaveText('Clock');
        await see(lifecycle.locator('.MuiChip-root').nth(1)).toHaveText('tariff lifecycle');
        // Berlin publishes tomorrow's prices at 13:00 local: where this move lands.
        await see(clockRows(page).filter({ hasText: 'DE-LU' })).toContainText(
          `Fired for ${written(landed)}: market DE-LU`,
        );
        // A Clock row is not a request: no method, no status, no latency.
        for (const text of await clockRows(page).allTextContents())
          expect(text).not.toMatch(/\b(GET|POST|PUT|200)\b| ms/);
        // The app's own request that moved it is hidden by default; the move itself shows.
        await see(rows(page).filter({ hasText: 'POST /clock/advance' })).toHaveCount(0);
        await see(lifecycle.locator('[title^="Service time:"]')).toHaveAttribute(
          'title',
          `Service time: ${written(expiringAt)} (the service clock, which may have been moved)`,
        );

        expect(await violations(page, '[aria-label="Request journal"]')).toEqual([]);

        // The time column says whose time it is.
        await page.getByText('Time: service time').hover();
        await see(page.getByRole('tooltip')).toContainText('Every time here is service time');
        await see(page.getByRole('tooltip')).toContainText('Now it is frozen');
        await settled(page); // the tooltip's fade-in, for the picture
        await shot(page, `traffic-clock-rows-${width}`);
        await page.mouse.move(0, 0);
        await see(page.getByRole('tooltip')).toHaveCount(0);

        await moved.click();
        await see(moved).toContainText(
          `It moved 1 day forward, from ${written(start)} (frozen) to ${written(landed)} (frozen).`,
        );
        await settled(page);
        await topShot(page, `traffic-clock-move-details-${width}`);

        // A request beside them: the status filter keeps requests only, "Clock rows" the clock's only.
        await api.call('webhooks.list');
        await see(rows(page).filter({ hasText: 'GET /webhooks' })).toHaveCount(1);
        const clockCount = await clockRows(page).count();
        await pick(page, 'Status', '2xx');
        await see(clockRows(page)).toHaveCount(0);
        await see(rows(page).filter({ hasText: 'GET /webhooks' })).toHaveCount(1);
        await pick(page, 'Status', 'Any');
        await pick(page, 'Method', 'Clock rows');
        await see(clockRows(page)).toHaveCount(clockCount);
        await see(rows(page)).toHaveCount(clockCount);
        await pick(page, 'Status', '2xx');
        await see(page.getByText('No requests match')).toBeVisible();
        await see(
          page.getByText("A status or API version shows requests only: the clock's own rows have neither."),
        ).toBeVisible();
        await pick(page, 'Status', 'Any');
        await pick(page, 'Method', 'Any');

        // Back to real time from the top bar: a row of its own, from where to where.
        if (width < 1200) {
          await bar(page).getByRole('button', { name: 'Move the service clock' }).click();
          await page.getByRole('presentation').getByRole('button', { name: 'Real time' }).click();
        } else await bar(page).getByRole('button', { name: 'Real time' }).click();
        const back = clockRows(page).filter({ hasText: 'Clock back to real time' });
        await see(back).toHaveCount(1);
        await see(back).toContainText(`Clock back to real time: ${written(landed)} → ${written(REAL)}`);
        await see(back).toContainText('real time');
        await see(rows(page).first()).toHaveAttribute('data-kind', 'clock');
        await topShot(page, `traffic-clock-real-${width}`);
      } finally {
        await page.close();
      }
    });
  }
});
