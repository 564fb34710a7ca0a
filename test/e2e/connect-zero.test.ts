import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { shot } from './browser.js';
import { browserSuite, VIEWPORTS } from './suite.js';

const suite = browserSuite();

/** A Zero connect token, made as Zero clients make it: `Flatpeak-Version: 2024-08-24` and `callback_uri`. */
async function zeroToken(body: object): Promise<string> {
  const { info, bearer } = suite.env;
  const r = await fetch(`${info.api_url}/connect/tariff/token`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'flatpeak-version': '2024-08-24',
    },
    body: JSON.stringify({ callback_uri: `${info.connect_web_url}/complete`, ...body }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { connect_token: string }).connect_token;
}

const onRoute = (page: Page, route: string) => page.locator(`[data-route="${route}"]`).waitFor();

/** Screenshots of the page at both window sizes. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await shot(page, `connect-zero-${name}-${size}`);
  }
}

describe('the connect web app completes Zero tokens in Chromium', () => {
  it('market-only Ecotricity: address → supplier → structure → market surcharge → name → contract → Save', async () => {
    const cot = await zeroToken({ postal_address: { country_code: 'GB' } });
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.large });
    await page.goto(`${suite.env.info.connect_web_url}/?fp_cot=${cot}`);
    await onRoute(page, 'postal_address_capture');
    // Zero lists no Back or Close.
    await see(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await see(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.getByLabel('Street and number').fill('1-3 Strand');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Post code').fill('WC2N 5EH');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'Ecotricity' }).click();
    await onRoute(page, 'tariff_structure_select');
    await page.getByRole('button', { name: /Market price/ }).click();
    await onRoute(page, 'market_surcharge_capture');
    await page.getByLabel('Fixed surcharge per kWh').fill('0,05');
    await page.getByLabel('Percentage surcharge').fill('150');
    await page.getByRole('button', { name: 'Continue' }).click();
    await see(page.locator('#percentage-helper-text')).toContainText('0 to 100');
    await page.getByLabel('Percentage surcharge').fill('5');
    await shots(page, 'market_surcharge_capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'tariff_name_capture');
    await page.getByLabel('Tariff name').fill('Green Market');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'contract_term_capture');
    await page.getByRole('button', { name: 'No end date' }).click();
    await onRoute(page, 'summary_tou_confirm');
    await see(page.getByRole('heading', { name: 'Green Market' })).toBeVisible();
    await see(page.getByText('Ecotricity', { exact: true })).toBeVisible();
    await see(page.getByText('Market rates')).toBeVisible();
    await shots(page, 'summary_tou_confirm');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/complete\?fp_cot=/);
    await see(page.getByRole('status')).toHaveText('All done: your tariff is connected. You can close this window.');
    await shots(page, 'complete');
    const t = await suite.env.api('GET', `/connect/token?connect_token=${cot}`);
    expect(t.body).toMatchObject({ used: true, complete_action: 'SAVE', location_id: expect.stringMatching(/^loc_/) });
    await page.close();
  });

  it('fixed for a provider not listed, then the summary of the location that has it, saved again', async () => {
    const cot = await zeroToken({
      postal_address: { address_line1: '10 Lambeth Road', city: 'London', post_code: 'SE1 7PB', country_code: 'GB' },
    });
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.small });
    await page.goto(`${suite.env.info.connect_web_url}/?fp_cot=${cot}`);
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'My provider is not listed' }).click();
    await page.getByLabel('Provider name').fill('Meadow Power');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Tariff name').fill('Flat Saver');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /One price/ }).click();
    await onRoute(page, 'rate_fixed_capture');
    await page.getByLabel('Price per kWh').fill('0,2734');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'No end date' }).click();
    await onRoute(page, 'summary_fixed_confirm');
    await see(page.getByLabel('Price per kWh')).toHaveText('0.2734 GBP/kWh');
    await shots(page, 'summary_fixed_confirm');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/complete\?fp_cot=/);
    const loc = (await suite.env.api('GET', `/connect/token?connect_token=${cot}`)).body.location_id as string;

    // A second token for that location opens on its summary, with Save, Change tariff and Disconnect.
    const again = await zeroToken({ location_id: loc });
    await page.goto(`${suite.env.info.connect_web_url}/?fp_cot=${again}`);
    await onRoute(page, 'summary_fixed_confirm');
    await see(page.getByRole('button', { name: 'Change tariff' })).toBeVisible();
    await see(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    await shots(page, 'summary_existing');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/complete\?fp_cot=/);
    const t = await suite.env.api('GET', `/connect/token?connect_token=${again}`);
    expect(t.body).toMatchObject({ used: true, complete_action: 'SAVE', location_id: loc });
    await page.close();
  });
  it('a pending E.ON Next slot: enter the tariff by hand instead, changing the address on the way', async () => {
    await suite.env.api('PATCH', '/providers/prv_eonnext', { direct_behaviour: 'pending' });
    const inverness = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };
    const first = await zeroToken({ postal_address: inverness });
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.large });
    await page.goto(`${suite.env.info.connect_web_url}/?fp_cot=${first}`);
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'E.ON Next' }).click();
    await page.getByLabel('Share my tariff with this app').check();
    await page.getByRole('button', { name: 'Allow access' }).click();
    await onRoute(page, 'summary_tariff_inprogress');
    // The session stored the pending connection: only Save is offered.
    await see(page.getByRole('button', { name: 'Enter my tariff myself instead' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/complete\?fp_cot=/);
    const loc = (await suite.env.api('GET', `/connect/token?connect_token=${first}`)).body.location_id as string;

    const again = await zeroToken({ location_id: loc });
    await page.goto(`${suite.env.info.connect_web_url}/?fp_cot=${again}`);
    await onRoute(page, 'summary_tariff_inprogress');
    await shots(page, 'summary_tariff_inprogress');
    await page.getByRole('button', { name: 'Enter my tariff myself instead' }).click();
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'E.ON Next' }).click();
    // No login this time: the provider's tariffs, and the address can still be changed.
    await onRoute(page, 'tariff_select');
    await shots(page, 'tariff_select');
    await page.getByRole('button', { name: 'Change address' }).click();
    await onRoute(page, 'postal_address_capture');
    await see(page.getByLabel('City')).toHaveValue('Inverness');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onRoute(page, 'provider_select');
    await page.getByRole('button', { name: 'E.ON Next' }).click();
    await onRoute(page, 'tariff_select');
    await page.getByRole('button', { name: /Next Flex/ }).click();
    await page.getByRole('button', { name: 'No end date' }).click();
    await onRoute(page, 'summary_fixed_confirm');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/complete\?fp_cot=/);
    const tariffs = (await suite.env.api('GET', `/tariffs?location_id=${loc}`)).body.data;
    expect(tariffs).toHaveLength(1);
    expect(tariffs[0]).toMatchObject({ status: 'CONNECTED', connection_type: 'LIBRARY', provider_id: 'prv_eonnext' });
    await page.close();
  });
});
