import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { shot } from './browser.js';
import { browserSuite } from './suite.js';
import { sydneyAddress } from '../helpers.js';

const suite = browserSuite();

const berlin = { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' };

async function token(body: object): Promise<string> {
  const r = await suite.env.api('POST', '/connect/token', {
    connect_url: `${suite.env.info.connect_web_url}/`,
    callback_url: `${suite.env.info.connect_web_url}/complete`,
    ...body,
  });
  expect(r.status).toBe(200);
  return r.body.connect_token;
}

/** The hosted app with the token in its address: `svc_cot`, or `fp_cot` as production links name it. */
async function open(
  cot: string,
  param: 'svc_cot' | 'fp_cot' = 'svc_cot',
  viewport = { width: 390, height: 844 },
): Promise<Page> {
  // An American English browser, whatever the machine's language: the pages write dates as it does.
  const page = await suite.browser.newPage({ viewport, locale: 'en-US' });
  await page.goto(`${suite.env.info.connect_web_url}/?${param}=${cot}`);
  return page;
}

const onRoute = (page: Page, route: string) => page.locator(`[data-route="${route}"]`).waitFor();

/** A session for a provider that is not listed: its name, the tariff's name, then how it prices. */
async function unlisted(cot: string, provider: string, tariff: string, structure: RegExp): Promise<Page> {
  const page = await open(cot);
  await onRoute(page, 'provider_select');
  await page.getByRole('button', { name: 'My provider is not listed' }).click();
  await page.getByLabel('Provider name').fill(provider);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Tariff name').fill(tariff);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: structure }).click();
  return page;
}

describe('the hosted connect web app in Chromium', () => {
  it('the country list is searchable, starts at the location’s country, else the customer’s locale, named in their language', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
      { width: 390, height: 844 },
    ]) {
      // The location's country, in an English browser.
      let page = await open(await token({ postal_address: { country_code: 'GB' } }), 'svc_cot', viewport);
      await onRoute(page, 'postal_address_capture');
      const country = page.getByRole('combobox', { name: 'Country' });
      await see(country).toHaveValue('United Kingdom');
      // Searched by part of a name, far beyond the handful a short list would hold.
      await country.fill('zeal');
      await see(page.getByRole('option')).toHaveText(['New Zealand']);
      await shot(page, `connect-country-search-${viewport.width}x${viewport.height}`);
      await page.getByRole('option', { name: 'New Zealand' }).click();
      await see(country).toHaveValue('New Zealand');
      await page.close();
      // No country given: the customer's locale decides, and names the countries in its language.
      const context = await suite.browser.newContext({ viewport, locale: 'de-CH' });
      page = await context.newPage();
      await page.goto(`${suite.env.info.connect_web_url}/?svc_cot=${await token({})}`);
      await onRoute(page, 'postal_address_capture');
      await see(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Schweiz');
      await page.getByRole('combobox', { name: 'Country' }).fill('deutsch');
      await see(page.getByRole('option')).toHaveText(['Deutschland']);
      // The English name finds it too, and a code typed puts its country first.
      await page.getByRole('combobox', { name: 'Country' }).fill('germ');
      await see(page.getByRole('option')).toHaveText(['Deutschland']);
      await page.getByRole('combobox', { name: 'Country' }).fill('DE');
      await see(page.getByRole('option').first()).toHaveText('Deutschland');
      await context.close();
    }
  }, 480_000);

  it('flow A: a new location with a library tariff', async () => {
    const cot = await token({ postal_address: { country_code: 'DE' } });
    const page = await open(cot);
    await onRoute(page, 'postal_address_capture');
    await page.getByLabel('Street and number').fill(berlin.address_line1);
    await page.getByLabel('Post code').fill(berlin.post_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The city is missing: the message stands beside its field.
    await see(page.locator('#city-helper-text')).toHaveText('Enter the city.');
    await shot(page, 'connect-postal_address_capture-error');
    await page.getByLabel('City').fill(berlin.city);
    await shot(page, 'connect-postal_address_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'provider_select');
    await page.getByLabel('Search providers').fill('nord');
    await shot(page, 'connect-provider_select');
    await page.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await onRoute(page, 'tariff_select');
    await shot(page, 'connect-tariff_select');
    // Back to the choice of provider: the header no longer names the one chosen before.
    await see(page.getByText('Nordlicht Energie', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await onRoute(page, 'provider_select');
    await see(page.getByText('Connect your tariff', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await onRoute(page, 'tariff_select');
    await page.getByRole('button', { name: /Nordlicht Nacht/ }).click();
    await onRoute(page, 'contract_term_capture');
    await shot(page, 'connect-contract_term_capture');
    await page.getByRole('button', { name: 'No end date' }).click();
    await onRoute(page, 'tariff_summary');
    await see(page.getByRole('heading', { name: 'Nordlicht Nacht' })).toBeVisible();
    await see(page.getByRole('table', { name: "Today's prices" })).toContainText('0.3349');
    // The day's last row ends at 24:00, not at a second 00:00.
    await see(page.getByRole('table', { name: "Today's prices" }).getByRole('row').last()).toContainText('24:00');
    await shot(page, 'connect-tariff_summary');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/complete\?svc_cot=/);
    await see(page.getByRole('status')).toHaveText('All done: your tariff is connected. You can close this window.');
    await see(page.getByRole('status')).toHaveClass(/MuiAlert-colorSuccess/);
    const t = await suite.env.api('GET', `/connect/token?connect_token=${cot}`);
    expect(t.body).toMatchObject({ used: true, price_available: true, location_id: expect.stringMatching(/^loc_/) });
    await page.close();
  });

  it('a session closed without connecting ends in those words, never a green "All done"', async () => {
    const cot = await token({ postal_address: berlin });
    const page = await open(cot);
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await onRoute(page, 'tariff_select');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/complete\?svc_cot=/);
    const status = page.getByRole('status');
    await see(status).toHaveText('Closed without connecting: no tariff was saved. Start again to connect your tariff.');
    await see(status).toHaveClass(/MuiAlert-colorWarning/);
    await see(status).toHaveAttribute('data-ending', 'closed');
    await shot(page, 'connect-closed-without-connecting');
    // The service's record agrees: nothing was saved.
    const t = await suite.env.api('GET', `/connect/token?connect_token=${cot}`);
    expect(t.body).toMatchObject({ complete_action: '', tariff_id: null, location_id: null });
    // The callback page opened on its own (no session seen leaving) says only that the session ended.
    await page.goto(`${suite.env.info.connect_web_url}/complete?svc_cot=cot_unknown`);
    await see(page.getByRole('status')).toHaveText('This session has ended. You can close this window.');
    await page.close();
  });

  it('a manual time-of-day tariff, with errors shown beside their fields', async () => {
    const cot = await token({ postal_address: berlin });
    const page = await open(cot);
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'My provider is not listed' }).click();
    await onRoute(page, 'provider_name_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await see(page.locator('#provider_name-helper-text')).toHaveText('Enter the provider name.');
    await page.getByLabel('Provider name').fill('Stadtwerke Mitte');
    await shot(page, 'connect-provider_name_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'tariff_name_capture');
    await page.getByLabel('Tariff name').fill('Wärmepumpe');
    await shot(page, 'connect-tariff_name_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'tariff_structure_select');
    await shot(page, 'connect-tariff_structure_select');
    await page.getByRole('button', { name: /By time of day/ }).click();
    await onRoute(page, 'rate_tod_capture');
    await page.getByLabel('Price band 1').fill('0');
    await page.getByLabel('Price band 2').fill('0.21');
    await page.getByRole('button', { name: 'Continue' }).click();
    await see(page.locator('#hours-error')).toContainText('must not be zero');
    await shot(page, 'connect-rate_tod_capture-error');
    await page.getByLabel('Price band 1').fill('0.34');
    await shot(page, 'connect-rate_tod_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'contract_term_capture');
    const end = page.getByRole('group', { name: 'Contract end date' });
    await end.getByRole('spinbutton').first().click();
    // An American browser writes dates month first.
    await page.keyboard.type('12312030');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'tariff_summary');
    await see(page.getByText('Contract ends December 31, 2030')).toBeVisible();
    await see(page.getByRole('heading', { name: 'Stadtwerke Mitte – Wärmepumpe' })).toBeVisible();
    await page.close();
  });

  it('the contract end date is typed and said in the customer’s locale', async () => {
    for (const [viewport, locale, timezoneId, typed, field, shown] of [
      [{ width: 1440, height: 900 }, 'de-DE', 'Europe/Berlin', ['31', '03', '2031'], '31.03.2031', '31. März 2031'],
      [{ width: 1024, height: 700 }, 'en-GB', 'Europe/London', ['31', '03', '2031'], '31/03/2031', '31 March 2031'],
      [{ width: 390, height: 844 }, 'en-US', 'America/New_York', ['03', '31', '2031'], '03/31/2031', 'March 31, 2031'],
    ] as const) {
      const page = await suite.browser.newPage({ viewport, locale, timezoneId });
      await page.goto(`${suite.env.info.connect_web_url}/?svc_cot=${await token({ postal_address: berlin })}`);
      await onRoute(page, 'provider_select');
      await page.getByRole('button', { name: 'My provider is not listed' }).click();
      await page.getByLabel('Provider name').fill('Stadtwerke Mitte');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Tariff name').fill('Fest');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: /One price/ }).click();
      await page.getByLabel('Price per kWh').fill('0.30');
      await page.getByRole('button', { name: 'Continue' }).click();
      await onRoute(page, 'contract_term_capture');
      const date = page.getByRole('group', { name: 'Contract end date' });
      const parts = date.getByRole('spinbutton');
      const helper = page.locator('#contract_end_date-helper-text');
      await parts.first().click();
      // Half a date is said to be half at once, beside the field.
      await page.keyboard.type(typed[0]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await see(helper).toHaveText('Enter the whole date: day, month and year.');
      // A whole date in the past goes to the service, which says what is wrong, beside the field.
      await parts.nth(1).click();
      await page.keyboard.type(`${typed[1]}2020`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await see(helper).toContainText('Enter a future date');
      // Changed, the old word goes.
      await parts.nth(2).click();
      await page.keyboard.type(typed[2]);
      await see(helper).toHaveCount(0);
      // The parts in the locale's order, with its separator.
      await see(parts).toHaveText([...typed]);
      await see(date.locator('[contenteditable="false"]').first()).toHaveText(field);
      await shot(page, `connect-contract-date-${locale}-${viewport.width}x${viewport.height}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await onRoute(page, 'tariff_summary');
      // Sent as the browser's midnight: east of Greenwich that is still the 30th in UTC.
      await see(page.getByText(`Contract ends ${shown}`)).toBeVisible();
      await shot(page, `connect-summary-date-${locale}-${viewport.width}x${viewport.height}`);
      await page.close();
    }
  }, 480_000);

  it('market prices: region and surcharge pages, and a fixed-rate page', async () => {
    const cot = await token({ postal_address: berlin });
    const page = await unlisted(cot, 'Dyn', 'Spot', /Market price/);
    await onRoute(page, 'region_select');
    await shot(page, 'connect-region_select');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'surcharge_capture');
    await page.getByLabel('Percentage surcharge').fill('150');
    await page.getByRole('button', { name: 'Continue' }).click();
    await see(page.locator('#percentage-helper-text')).toContainText('0 to 100');
    await page.getByLabel('Percentage surcharge').fill('19');
    await shot(page, 'connect-surcharge_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'contract_term_capture');
    // BACK returns to the previous page.
    await page.getByRole('button', { name: 'Back' }).click();
    await onRoute(page, 'surcharge_capture');
    await page.close();

    const fixed = await token({ postal_address: berlin });
    const p2 = await unlisted(fixed, 'X', 'Y', /One price/);
    await onRoute(p2, 'rate_fixed_capture');
    await p2.getByLabel('Price per kWh').fill('-1');
    await p2.getByRole('button', { name: 'Continue' }).click();
    await see(p2.locator('#cost-helper-text')).toContainText('must not be negative');
    await shot(p2, 'connect-rate_fixed_capture');
    await p2.close();
  });

  it('a market-only provider: Ecotricity goes from the structure choice straight to the surcharges', async () => {
    const london = { address_line1: '10 Downing St', city: 'London', post_code: 'SW1A 2AA', country_code: 'GB' };
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      const cot = await token({ postal_address: london });
      const page = await open(cot, 'svc_cot', { width, height });
      await onRoute(page, 'provider_select');
      const list = page.getByRole('group', { name: 'Providers' });
      await see(list.getByRole('button')).toHaveText([
        'Octopus Energy',
        'British Gas',
        'EDF',
        'E.ON Next',
        'OVO Energy',
        'Ecotricity',
      ]);
      // Every logo is drawn locally from the name and loads.
      for (const img of await list.locator('img').all())
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      await shot(page, `connect-provider_select-gb-${width}`);
      await page.getByRole('button', { name: 'Ecotricity' }).click();
      await onRoute(page, 'tariff_structure_select');
      const options = page.getByRole('group', { name: 'Tariff structure' }).getByRole('button');
      await see(options).toHaveCount(1);
      await see(options).toContainText('Market price');
      await shot(page, `connect-tariff_structure_select-market-only-${width}`);
      await options.click();
      await onRoute(page, 'surcharge_capture');
      await see(page.getByTestId('surcharge-market')).toContainText('Day-ahead market, Great Britain');
      await see(page.getByLabel('Fixed surcharge per kWh')).toBeVisible();
      await page.getByLabel('Percentage surcharge').fill('5');
      await shot(page, `connect-surcharge_capture-market-only-${width}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await onRoute(page, 'contract_term_capture');
      await page.getByRole('button', { name: 'No end date' }).click();
      await onRoute(page, 'tariff_summary');
      await see(page.getByRole('heading', { name: 'Ecotricity' })).toBeVisible();
      await shot(page, `connect-tariff_summary-market-only-${width}`);
      await page.close();
      const t = (await suite.env.api('GET', `/connect/token?connect_token=${cot}`)).body;
      expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    }
  });

  it('a DIRECT provider: login and consent pages, the failure branch, and success', async () => {
    const cot = await token({
      postal_address: sydneyAddress,
    });
    const page = await open(cot);
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'Harbour Light Energy' }).click();
    await page.waitForURL(/\/provider-login\/prv_harbourlight/);
    await see(page.getByRole('heading', { name: 'Sign in to Harbour Light Energy' })).toBeVisible();
    await shot(page, 'connect-provider-login');
    await page.getByLabel('Share my tariff with this app').check();
    await page.getByRole('button', { name: 'Allow access' }).click();
    await onRoute(page, 'tariff_connection_failed');
    await see(page.getByRole('alert')).toContainText('did not share your tariff');
    await see(page.getByRole('button', { name: 'Remove the failed connection' })).toBeVisible();
    await shot(page, 'connect-tariff_connection_failed');
    await page.getByRole('button', { name: 'Choose another way' }).click();
    await onRoute(page, 'provider_select');
    await page.close();

    const ok = await token({ postal_address: berlin });
    const p2 = await open(ok);
    await onRoute(p2, 'provider_select');
    await p2.getByRole('button', { name: 'Rheinstrom Werke' }).click();
    await p2.getByLabel('Share my tariff with this app').check();
    await p2.getByRole('button', { name: 'Allow access' }).click();
    await onRoute(p2, 'tariff_summary');
    await see(p2.getByRole('heading', { name: 'Rheinstrom Klassik' })).toBeVisible();
    await p2.close();

    await suite.env.api('PATCH', '/providers/prv_eonnext', { direct_behaviour: 'pending' });
    const pending = await token({
      postal_address: { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' },
    });
    const p3 = await open(pending);
    await p3.getByRole('button', { name: 'E.ON Next' }).click();
    await p3.getByLabel('Share my tariff with this app').check();
    await p3.getByRole('button', { name: 'Allow access' }).click();
    await onRoute(p3, 'tariff_connection_pending');
    await shot(p3, 'connect-tariff_connection_pending');
    await p3.close();
  });

  it('flow B: edit shows the summary first; disconnect needs no session', async () => {
    const first = await token({ postal_address: berlin });
    const p1 = await open(first);
    await p1.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await p1.getByRole('button', { name: /Nordlicht Fix 24/ }).click();
    await p1.getByRole('button', { name: 'No end date' }).click();
    await onRoute(p1, 'tariff_summary');
    await p1.close();
    const loc = (await suite.env.api('GET', `/connect/token?connect_token=${first}`)).body.location_id;

    const edit = await token({ location_id: loc, tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' });
    const p2 = await open(edit, 'fp_cot');
    await onRoute(p2, 'tariff_summary');
    await see(p2.getByRole('heading', { name: 'Nordlicht Fix 24' })).toBeVisible();
    await shot(p2, 'connect-flow-b-summary');
    await p2.getByRole('button', { name: 'Change tariff' }).click();
    await onRoute(p2, 'provider_select');
    await p2.close();

    const r = await suite.env.api('POST', '/connect/token', {
      callback_url: `${suite.env.info.connect_web_url}/complete`,
      location_id: loc,
      tariff_type: 'COMMODITY',
      tariff_direction: 'IMPORT',
      actions: { disconnect_tariff: true },
    });
    expect(r.status).toBe(200);
    expect((await suite.env.api('GET', `/tariffs?location_id=${loc}`)).body.data).toEqual([]);
    // The disconnect token is spent: the app says so.
    const p3 = await open(r.body.connect_token);
    await see(p3.getByRole('alert')).toContainText('already used');
    await shot(p3, 'connect-token-used');
    await p3.close();
  });

  it('on the summary of a tariff the session opened on, Close says "Closed without connecting", Done connects', async () => {
    const first = await token({ postal_address: berlin });
    const p1 = await open(first);
    await p1.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await p1.getByRole('button', { name: /Nordlicht Fix 24/ }).click();
    await p1.getByRole('button', { name: 'No end date' }).click();
    await onRoute(p1, 'tariff_summary');
    // The session stored its tariff: the header's Close leaves it stored, and says so.
    await p1.getByRole('button', { name: 'Close' }).click();
    await p1.waitForURL(/\/complete\?svc_cot=/);
    await see(p1.getByRole('status')).toHaveAttribute('data-ending', 'connected');
    await p1.close();
    const loc = (await suite.env.api('GET', `/connect/token?connect_token=${first}`)).body.location_id;

    const again = await token({ location_id: loc, tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' });
    const p2 = await open(again);
    await onRoute(p2, 'tariff_summary');
    await p2.getByRole('button', { name: 'Close' }).click();
    await p2.waitForURL(/\/complete\?svc_cot=/);
    await see(p2.getByRole('status')).toHaveAttribute('data-ending', 'closed');
    await see(p2.getByRole('status')).toContainText('Closed without connecting');
    expect((await suite.env.api('GET', `/connect/token?connect_token=${again}`)).body.complete_action).toBe('');
    await p2.close();

    const done = await token({ location_id: loc, tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' });
    const p3 = await open(done);
    await onRoute(p3, 'tariff_summary');
    await p3.getByRole('button', { name: 'Done' }).click();
    await p3.waitForURL(/\/complete\?svc_cot=/);
    await see(p3.getByRole('status')).toHaveAttribute('data-ending', 'connected');
    expect((await suite.env.api('GET', `/connect/token?connect_token=${done}`)).body.complete_action).toBe('SAVE');
    await p3.close();
  });
});
