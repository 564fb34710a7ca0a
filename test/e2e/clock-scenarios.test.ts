import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { see } from './see.js';
import type { Browser, Page } from 'playwright';
import { launch, shot as fullShot } from './browser.js';
import { liveHost } from './host.js';
import { createApiClient, type ApiClient } from '../../core/engine/api/client.js';

let browser: Browser;
let env: Awaited<ReturnType<typeof liveHost>>;
let page: Page;
/** The typed client logs in again when a clock jump outlives its bearer (the helper's fixed bearer would not). */
let api: ApiClient;

beforeAll(async () => {
  browser = await launch();
  env = await liveHost({ demo: true });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  api = createApiClient({
    baseUrl: env.info.api_url,
    credentials: { accountId: env.info.account_id, apiKey: env.info.test_key },
  });
});
afterAll(async () => {
  await browser?.close();
  await env?.host.stop();
});

/** A screenshot once dialogs and popovers have finished appearing, from the top of the page. */
async function shot(p: Page, name: string) {
  await p.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper, .MuiBackdrop-root')].every(
      (e) => getComputedStyle(e).opacity === '1',
    ),
  );
  await p.evaluate(() => window.scrollTo(0, 0));
  await fullShot(p, name);
}

const go = (hash: string) => page.goto(`${env.info.app_url}/#/${hash}`);
const clock = () => api.call('clock.retrieve');
const refs = async () =>
  (await api.call('locations.list', { query: { limit: 100 } })).data.map((l) => l.reference_id).sort();
const bar = () => page.getByRole('banner').getByRole('group', { name: 'Service clock' });
const DAY = 86_400_000;

describe('the clock in the top bar and scenarios, in Chromium', () => {
  it('moves the clock from the top bar: freeze, +1 day, +7 days, unfreeze, set…, back to real time', async () => {
    await go('overview');
    // At real time the control is one button; it opens the same controls.
    const realButton = page.getByRole('button', { name: 'Service clock: real time' });
    await see(realButton).toBeVisible();
    await see(bar()).toHaveCount(0);
    await shot(page, 'clock-real');
    await realButton.click();
    const popover = page.getByRole('presentation').getByRole('group', { name: 'Service clock' });
    await see(popover).toContainText('The service runs on real time.');
    await shot(page, 'clock-popover');
    await popover.getByRole('button', { name: 'Freeze' }).click();

    // Moved away from real time, it stays in the bar: mode, virtual now in words, buttons.
    await see(bar()).toHaveAttribute('data-clock-mode', 'frozen');
    await see(bar()).toContainText('FROZEN');
    await see(bar().getByTestId('clock-words')).toHaveText(/^Frozen, (at real time|\d+ min behind real time)$/);
    const frozen = await clock();
    expect(frozen.mode).toBe('frozen');

    await bar()
      .getByRole('button', { name: /^\+1 day/ })
      .click();
    await see(bar().getByTestId('clock-words')).toHaveText('Frozen, 1 day ahead of real time');
    expect(Date.parse((await clock()).now) - Date.parse(frozen.now)).toBe(DAY);
    await shot(page, 'clock-frozen-plus-day');

    await bar()
      .getByRole('button', { name: /^\+7 days/ })
      .click();
    await see(bar().getByTestId('clock-words')).toHaveText('Frozen, 8 days ahead of real time');
    expect(Date.parse((await clock()).now) - Date.parse(frozen.now)).toBe(8 * DAY);
    await bar()
      .getByRole('button', { name: /^\+1 h/ })
      .click();
    await see(bar().getByTestId('clock-words')).toHaveText('Frozen, 8 days 1 h ahead of real time');

    await bar().getByRole('button', { name: 'Unfreeze' }).click();
    await see(bar()).toHaveAttribute('data-clock-mode', 'offset');
    await see(bar()).toContainText('SHIFTED');
    await see(bar().getByTestId('clock-words')).toHaveText('Running, 8 days 1 h ahead of real time');
    expect((await clock()).mode).toBe('offset');
    await shot(page, 'clock-shifted');

    // Set…: a date in the user's time zone, standing still.
    await bar().getByRole('button', { name: 'Set…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set the service clock' });
    await dialog.getByLabel('Date and time (your time zone)').fill('2027-01-15T09:30');
    await dialog.getByLabel('Stand still there (frozen)').check();
    await shot(page, 'clock-set-dialog');
    await dialog.getByRole('button', { name: 'Set clock' }).click();
    const expected = await page.evaluate(() => new Date('2027-01-15T09:30').toISOString().replace('.000Z', 'Z'));
    await see(bar()).toHaveAttribute('data-clock-mode', 'frozen');
    expect(await clock()).toMatchObject({ mode: 'frozen', now: expected });
    await see(bar().getByTestId('clock-now')).toContainText('2027');

    await bar().getByRole('button', { name: 'Real time' }).click();
    await see(page.getByRole('button', { name: 'Service clock: real time' })).toBeVisible();
    expect((await clock()).mode).toBe('real');
  });

  it('saves a scenario, switches to "Contract ending", moves a day to see tariff.expiring, and switches back', async () => {
    await go('settings');
    const table = page.getByRole('table', { name: 'Scenarios' });
    await see(table).toContainText('Demo data');
    await see(table).toContainText('Contract ending');
    await page.getByTestId('scenarios').getByLabel('Name').fill('Before the demo');
    await page.getByRole('button', { name: 'Save current' }).click();
    await see(table).toContainText('Before the demo');
    await see(table.locator('tr', { hasText: 'Before the demo' })).toContainText('5 locations · 8 tariffs · 1 webhook');
    await shot(page, 'settings-scenarios');

    // One click (and a confirmation) switches the whole world.
    await page.getByRole('button', { name: 'Restore Contract ending' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore “Contract ending”?' });
    await see(confirm).toBeVisible();
    await shot(page, 'settings-scenario-confirm');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await see(page.getByTestId('scenarios').getByRole('alert')).toContainText(
      'Restored “Contract ending”: 6 locations, 9 tariffs, 1 webhook',
    );
    expect(await refs()).toEqual([
      'demo-austin',
      'demo-berlin',
      'demo-contract-ending',
      'demo-london',
      'demo-solar-home',
      'demo-sydney',
    ]);
    await shot(page, 'settings-scenario-restored');

    // A day on, from the top bar: the contract is seven days from its end, and the notice goes out.
    await page.getByRole('button', { name: 'Service clock: real time' }).click();
    await page
      .getByRole('presentation')
      .getByRole('button', { name: /^\+1 day/ })
      .click();
    await see(bar()).toHaveAttribute('data-clock-mode', 'offset');
    const expiring = (await api.call('events.list', { query: { type: 'tariff.expiring' } })).data;
    expect(expiring).toHaveLength(1);
    await go('webhooks');
    await see(page.getByLabel('Catcher inbox')).toContainText('tariff.expiring');
    await shot(page, 'webhooks-tariff-expiring');

    // Back to the saved world, and its clock (real time).
    await go('settings');
    await page.getByRole('button', { name: 'Restore Before the demo' }).click();
    await page
      .getByRole('dialog', { name: 'Restore “Before the demo”?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await see(page.getByTestId('scenarios').getByRole('alert')).toContainText(
      'Restored “Before the demo”: 5 locations, 8 tariffs, 1 webhook; the clock is at real time',
    );
    await see(page.getByRole('button', { name: 'Service clock: real time' })).toBeVisible();
    expect(await refs()).toEqual(['demo-austin', 'demo-berlin', 'demo-london', 'demo-solar-home', 'demo-sydney']);
    expect((await clock()).mode).toBe('real');

    // Saved ones can be deleted (after a confirmation); built-in ones have no delete.
    await see(page.getByRole('button', { name: 'Delete Demo data' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Before the demo' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Before the demo”?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await see(table).not.toContainText('Before the demo');
  });

  it('Settings → Workspace downloads the bundle and imports it back, asking before replacing', async () => {
    await go('settings');
    const panel = page.getByTestId('workspace');
    await see(panel).toContainText('npx tariff-desk export ./tariff-workspace');
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download bundle' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('tariff-desk-workspace.json');
    const bundle = JSON.parse(readFileSync(await file.path(), 'utf8'));
    expect(bundle).toMatchObject({ object: 'workspace_bundle', format: 'tariff-desk-workspace', format_version: 1 });
    // A location goes; importing the bundle brings it back once the user says to replace.
    const locs = (await api.call('locations.list', { query: { limit: 100 } })).data;
    await api.call('locations.delete', { params: { id: locs[0]!.id } });
    await page.getByLabel('Workspace bundle file').setInputFiles({
      name: 'tariff-desk-workspace.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bundle)),
    });
    const confirm = page.getByRole('dialog', { name: 'Replace the test data?' });
    await see(confirm).toBeVisible();
    await shot(page, 'settings-workspace-confirm');
    await confirm.getByRole('button', { name: 'Replace' }).click();
    await see(panel).toContainText('Imported: 5 locations, 8 tariffs, 1 webhook');
    const now = (await api.call('locations.list', { query: { limit: 100 } })).data;
    expect(now.map((l) => l.id).sort()).toEqual(locs.map((l) => l.id).sort());
    await shot(page, 'settings-workspace');
  });
});
