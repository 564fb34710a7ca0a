import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { spawn } from 'node:child_process';
import type { Browser } from 'playwright';
import { launch, shot } from './browser.js';
import { pageErrors, VIEWPORTS } from './suite.js';
import { BIN } from '../host/cli.js';
import { startTariffDesk, type TariffDesk } from '../../core/index.js';
import { berlinAddress } from '../helpers.js';

/**
 * A command run as a tester runs it, against the kit's host. Spawned, not run synchronously:
 * the host answers from this process, so its event loop must stay free.
 */
function cli(args: string[], td: TariffDesk): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [
    BIN,
    ...args,
    '--api-url',
    td.apiUrl,
    '--account',
    td.accountId,
    '--key',
    td.testKey,
  ]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

let browser: Browser;
let td: TariffDesk;
beforeAll(async () => {
  browser = await launch();
  // The test kit serving the admin app: its own calls are the kit's requests under test.
  td = await startTariffDesk({ app: true });
});
afterAll(async () => {
  await browser?.close();
  await td?.stop();
});

describe('the Traffic page shows what the command line and the test kit sent, without touching a filter', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size} (${viewport.width}×${viewport.height})`, async () => {
      await td.client.call('journal.clear');
      const page = await browser.newPage({ viewport });
      const errors = pageErrors(page);
      try {
        await page.goto(`${td.appUrl}/#/traffic`);
        await see(page.getByRole('heading', { name: 'Request journal' })).toBeVisible();
        const hide = page.getByLabel("Hide the app's own requests");
        await see(hide).toBeChecked();
        const rows = page.locator('[data-journal]');

        // A command, run as a tester would: its requests appear at once, named as the command line's.
        const t = await cli(['trigger', 'location.created'], td);
        expect(t.stderr).toBe('');
        expect(t.status).toBe(0);
        const eventId = t.stdout.split(' ')[1]!;
        const triggered = rows.filter({ hasText: 'POST /events/trigger' });
        await see(triggered).toHaveCount(1);
        await see(triggered).toContainText('command line');
        await triggered.click();
        await see(triggered).toContainText(eventId);
        await see(triggered).toContainText('sent by command line (cli)');

        // The kit's own call shows too, named as the kit's; a wait's polling of the events does not.
        const loc = await td.client.call('locations.create', {
          body: { postal_address: berlinAddress, reference_id: `traffic-${size}` },
        });
        await td.waitForEvent('location.created', { match: (e) => (e.data as { id: string }).id === loc.id });
        const created = rows.filter({ hasText: 'POST /locations' }).filter({ hasText: 'test kit' });
        await see(created).toHaveCount(1);
        await see(rows.filter({ hasText: 'test kit, waiting' })).toHaveCount(0);
        await see(rows.filter({ hasText: 'the app' })).toHaveCount(0);
        // Every row shown is the command line's or the kit's; none is the app's polling.
        const chips = await rows.evaluateAll((items) =>
          items.map((r) =>
            r.textContent?.includes('command line')
              ? 'cli'
              : r.textContent?.includes('test kit')
                ? 'kit'
                : r.textContent,
          ),
        );
        expect(
          chips.every((c) => c === 'cli' || c === 'kit'),
          JSON.stringify(chips),
        ).toBe(true);
        // Times are written in the computer's zone, as on every page (the browser here runs in UTC).
        await see(triggered).toContainText(/\d+(\.\d+)? ms · \d{2}:\d{2}:\d{2}/);
        await page.mouse.move(0, 0);
        await shot(page, `traffic-own-clients-${viewport.width}x${viewport.height}`);

        // Switched off, the app's requests and the waits' polling show, each named.
        await page.getByText("Hide the app's own requests").click();
        await see(hide).not.toBeChecked();
        await see(rows.filter({ hasText: 'the app' }).first()).toBeVisible({ timeout: 30_000 });
        await see(rows.filter({ hasText: 'test kit, waiting' }).first()).toBeVisible();
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 480_000);
  }
});
