import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { pixelsOf } from './png.js';
import { shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * What a new user meets first: the Prices and Tariffs pages open on a location that has a tariff
 * (not on a just-created empty one), an empty location says what to do next, and the side
 * navigation's column runs the whole height of a page taller than the window.
 */
const s = browserSuite({ demo: true });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 800 },
] as const;

/** A new location with no tariff: the newest, so the first in the list. */
const emptyLocation = async () =>
  (
    await s.env.client.call('locations.create', {
      body: {
        postal_address: { address_line1: 'Am Neuen Markt 1', city: 'Potsdam', post_code: '14467', country_code: 'DE' },
      },
    })
  ).id;

describe('the first screens, in Chromium', () => {
  it('Prices and Tariffs open on a location with a tariff, not the newest empty one', async () => {
    const empty = await emptyLocation();
    for (const size of SIZES) {
      const { page, errors } = await openApp(s, 'prices', size);
      await see(page.getByRole('img', { name: 'Price chart' })).toBeVisible();
      await see(page.getByLabel('Location')).not.toContainText('Potsdam');
      await see(page.getByRole('alert')).toHaveCount(0);
      // The window's controls wrap rather than run off a narrow window.
      const days = (await page.getByLabel('Days', { exact: true }).boundingBox())!;
      expect(days.x + days.width).toBeLessThanOrEqual(size.width);
      await shot(page, `first-prices-${size.width}x${size.height}`);
      await page.goto(`${s.env.info.app_url}/#/tariffs`);
      await see(page.getByRole('navigation', { name: 'Tariffs' }).getByRole('button').first()).toBeVisible();
      await see(page.getByRole('heading', { name: `No tariff at Am Neuen Markt 1, Potsdam` })).toHaveCount(0);
      expect(page.url()).not.toContain(empty);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('no secret in clear text: the keys and a signing secret are masked until Show, and Copy copies them whole', async () => {
    const { test_key, live_key, account_id } = s.env.info;
    const endpoint = await s.env.api('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', name: 'Masked' });
    expect(endpoint.status).toBe(200);
    const secret = endpoint.body.secret as string;
    for (const size of Object.values(VIEWPORTS)) {
      const px = `${size.width}x${size.height}`;
      const { page, errors } = await openApp(s, 'overview', size);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const creds = page.getByRole('table', { name: 'Credentials' });
      await see(creds).toContainText(account_id);
      await see(creds.getByLabel('Test key, hidden')).toHaveText(/^\S*•{8}\S{0,4}$/);
      const body = page.locator('body');
      for (const key of [test_key, live_key]) await see(body).not.toContainText(key);
      await shot(page, `first-overview-masked-${px}`);
      // Each top-bar switch has its label on its left, the side away from the switch before it.
      for (const name of ['API names', 'Live mode']) {
        // The switch as drawn (its input is wider than the track, for a larger hit area).
        const sw = (await page
          .getByRole('switch', { name })
          .locator('xpath=ancestor::span[contains(@class, "MuiSwitch-root")]')
          .boundingBox())!;
        const label = (await page.getByRole('banner').getByText(name, { exact: true }).boundingBox())!;
        expect(label.x + label.width, name).toBeLessThanOrEqual(sw.x + 1);
      }
      // Each says what it does, on hover.
      for (const [name, says] of [
        ['API names', "the service's own names"],
        ['Live mode', 'live-mode world'],
      ] as const) {
        await page.getByRole('banner').getByText(name, { exact: true }).hover();
        await see(page.getByRole('tooltip')).toContainText(says);
        await page.mouse.move(0, 300);
        await see(page.getByRole('tooltip')).toHaveCount(0);
      }
      // The login command is shown masked too; its copy button says what it copies.
      await see(page.getByTestId('login-copy-note')).toHaveText('Copy gives the command with the key in it.');
      // Show reveals one key; Copy copies it whole while it is hidden.
      await creds.getByRole('button', { name: 'Show Live key' }).click();
      await see(creds.getByLabel('Live key', { exact: true })).toHaveText(live_key);
      await see(body).not.toContainText(test_key);
      await creds.getByRole('button', { name: 'Copy Test key' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(test_key);
      await page.getByRole('button', { name: 'Copy the login command' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${account_id}:${test_key} `);
      await creds.getByRole('button', { name: 'Hide Live key' }).click();
      await see(body).not.toContainText(live_key);

      await page.goto(`${s.env.info.app_url}/#/webhooks?id=${endpoint.body.id}`);
      await see(page.getByLabel('signing secret, hidden')).toBeVisible();
      await see(body).not.toContainText(secret);
      await shot(page, `first-webhook-masked-${px}`);
      await page.getByRole('button', { name: 'Show signing secret' }).click();
      await see(page.getByLabel('signing secret', { exact: true })).toHaveText(secret);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('an empty location offers connect and create, and the last choice is remembered', async () => {
    const empty = await emptyLocation();
    for (const size of SIZES) {
      const { page, errors } = await openApp(s, `prices?location=${empty}`, size);
      const next = page.getByRole('heading', { name: 'No tariff at Am Neuen Markt 1, Potsdam' });
      await see(next).toBeVisible();
      // The next step, not a red error box.
      await see(page.getByRole('alert')).toHaveCount(0);
      await see(page.getByRole('button', { name: 'Connect a tariff' })).toBeVisible();
      await shot(page, `first-prices-empty-${size.width}x${size.height}`);
      // Opened again without a location in the address: the last one picked.
      await page.goto(`${s.env.info.app_url}/#/overview`);
      await page.goto(`${s.env.info.app_url}/#/prices`);
      await see(next).toBeVisible();
      await page.getByRole('button', { name: 'Create a tariff' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tariff' });
      await see(dialog).toBeVisible();
      expect(page.url()).toContain(`tariffs?location=${empty}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // The Tariffs page says the same, and its buttons act in place.
      await see(next).toBeVisible();
      await shot(page, `first-tariffs-empty-${size.width}x${size.height}`);
      await page.getByRole('button', { name: 'Connect a tariff' }).click();
      await see(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
      await see(page.getByLabel('Location')).toContainText('Potsdam');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('the side navigation runs the full height of a page taller than the window', async () => {
    for (const size of SIZES) {
      const { page, errors } = await openApp(s, 'webhooks', size);
      await see(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await see(page.getByText(/^location\.created/).first()).toBeVisible();
      const tall = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(tall).toBeGreaterThan(size.height + 200);
      const png = await page.screenshot({ fullPage: true });
      await shot(page, `first-nav-full-height-${size.width}x${size.height}`);
      const nav = (await page.getByRole('navigation', { name: 'Pages' }).boundingBox())!;
      const x = Math.round(nav.x + 4);
      // Below the last page in the list, in the first screen and at the page's foot: the same column.
      const px = await pixelsOf(page, png);
      const top = px.at(x, Math.round(nav.y + nav.height + 20));
      const foot = px.at(x, tall - 4);
      const main = px.at(Math.round(nav.x + nav.width + 8), tall - 4);
      expect(foot).toBe(top);
      expect(main).not.toBe(top);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a system that asks for reduced motion gets no ripples or transitions; one that does not gets them', async () => {
    const rippled = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await s.browser.newContext({ viewport: SIZES[0], reducedMotion });
      const page = await context.newPage();
      await page.goto(`${s.env.info.app_url}/#/overview`);
      const nav = page.getByRole('navigation', { name: 'Pages' });
      await nav.getByRole('button', { name: 'Locations', exact: true }).click();
      await see(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
      const ripples = await nav.locator('.MuiTouchRipple-root').count();
      const transition = await page.evaluate(
        () => getComputedStyle(document.querySelector('.MuiButtonBase-root')!).transitionDuration,
      );
      await context.close();
      return { ripples, transition };
    };
    const still = await rippled('reduce');
    expect(still.ripples).toBe(0);
    const moving = await rippled('no-preference');
    expect(moving.ripples).toBeGreaterThan(0);
    expect(still.transition).toBe('0s');
    expect(moving.transition).not.toBe('0s');
  });
});
