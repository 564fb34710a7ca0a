import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { shot, SHOTS, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import {
  askBill,
  billRequest as costRequest,
  eur,
  locationOf as locationOfIn,
  shownApart,
  usd,
} from './compare-helpers.js';

/**
 * The Compare view on the demo data (offline): Berlin's stored supply tariff against a library
 * tariff on a standard profile, in one POST /bills with `alternatives`; the totals, the verdict,
 * the CSV and the PNG are the API's answer.
 */
const s = browserSuite({ demo: true });

const locationOf = (ref: string) => locationOfIn(s, ref);

describe('the Compare view, in Chromium', () => {
  it('compares the stored tariff with a library tariff: totals, saving, CSV and PNG are the API’s', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    const totals = page.getByRole('table', { name: 'Totals' });
    const stored = totals.locator('[data-column="stored"]');
    await see(stored).toContainText('Stored: Nordlicht Nacht');

    // Hold the year's answer: the page says it is computing until it comes.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/bills\/loc_/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    const { body, answer } = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      async () => {
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await see(page.getByRole('status', { name: 'Computing the year' })).toBeVisible();
        // The last answer stays up, marked busy, until the new one comes; its exports wait for it.
        await see(stored).toContainText('Stored: Nordlicht Nacht');
        await see(page.locator('[aria-busy="true"]')).toHaveCount(1);
        await see(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
        await shot(page, 'compare-computing-1280x800');
        release();
      },
    );
    await page.unroute(/\/bills\/loc_/);
    await see(page.getByRole('status', { name: 'Computing the year' })).toHaveCount(0);

    // One request: the stored tariffs as the main cost, the library tariff as the one alternative.
    expect(body.metering).toMatchObject({ mode: 'NET_BILLING', credits: 'PAID_MONTHLY' });
    expect(body.usage).toEqual({ profile: expect.any(String), kwh_per_year: 3500 });
    expect(body.alternatives[0]).toHaveLength(1);
    expect(body.alternatives[0][0]).toMatchObject({ type: 'COMMODITY', provider_id: 'prv_nordlichtenergie' });
    // The page showed what the service answers to that request, asked again here.
    const again = await askBill(s, berlin, body);
    expect(again.status).toBe(200);
    expect(again.body.value).toBe(answer.value);
    expect(again.body.alternatives[0].value).toBe(answer.alternatives[0].value);
    expect(answer.periods).toHaveLength(12);

    const fix = totals.locator('tr[data-column]').nth(1);
    await see(fix).toContainText('Nordlicht Energie: Nordlicht Fix 24');
    await see(stored.locator('[data-value]')).toHaveText(eur(answer.value));
    await see(fix.locator('[data-value]')).toHaveText(eur(answer.alternatives[0].value));
    const diff = shownApart(answer.value, answer.alternatives[0].value);
    await see(page.getByTestId('compare-verdict')).toHaveText(
      diff > 0
        ? `Switching to Nordlicht Energie: Nordlicht Fix 24 saves ${eur(diff)} per year.`
        : `Keeping the stored tariffs is cheaper: the cheapest candidate, Nordlicht Energie: Nordlicht Fix 24, costs ${eur(-diff)} more per year.`,
    );
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toHaveAttribute('data-months', '12');
    await shot(page, 'compare-1280x800');

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^compare-${berlin}-IMPORT-\\d{4}-\\d{2}-01\\.csv$`));
    const rows = readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows[0]).toBe(
      'month,Stored: Nordlicht Nacht + grid fee (EUR),Nordlicht Energie: Nordlicht Fix 24 (EUR),compared',
    );
    // The months, the totals, the kWh bought and sold, and the bill's five parts.
    expect(rows).toHaveLength(1 + 12 + 3 + 5);
    answer.periods.forEach((p: any, i: number) => {
      const [month, a, b, compared] = rows[1 + i]!.split(',');
      // Local months from the window's start (the answer's times carry the window end's offset).
      expect(month).toBe(DateTime.fromISO(body.start_time, { setZone: true }).plus({ months: i }).toFormat('yyyy-MM'));
      expect(Number(a)).toBe(p.value);
      expect(Number(b)).toBe(answer.alternatives[0].periods[i].value);
      // The demo's contracts cover the whole year: every month counts.
      expect(compared).toBe('yes');
    });
    expect(rows[13]).toBe(`total,${answer.value},${answer.alternatives[0].value},`);
    expect(rows[14]).toBe(`kwh,${answer.kwh},${answer.alternatives[0].kwh},`);
    expect(rows[15]).toBe('kwh sold,0,0,');
    const parts = (k: string) =>
      [answer.bill, answer.bill.alternatives[0]].map((b: any) => b.months.reduce((t: number, m: any) => t + m[k], 0));
    const [energy, fixed] = [rows[16]!.split(','), rows[17]!.split(',')];
    expect(energy[0]).toBe('energy');
    parts('energy_charge').forEach((v, i) => expect(Number(energy[1 + i])).toBeCloseTo(v, 5));
    expect(fixed[0]).toBe('standing and fixed charges');
    expect(rows.slice(18).map((r) => r.split(',')[0])).toEqual([
      'demand charges',
      'minimum charge top-up',
      'export credit',
    ]);

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PNG' }).click();
    const exported = await png;
    await exported.saveAs(`${SHOTS}/compare-export.png`);
    const image = readFileSync((await exported.path())!);
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    // The chart itself at twice its size (not a legend swatch): wider than the window's half.
    expect(image.readUInt32BE(16)).toBeGreaterThan(1280);

    // The narrow window: the picker above the chart, nothing cut.
    await page.setViewportSize({ width: 800, height: 800 });
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toBeVisible();
    // The chart follows the window's width once its resize observer has run.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'compare-800x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the usage profile is the household profile of the location’s country, and follows the location until one is picked', async () => {
    const austin = await locationOf('demo-austin');
    const london = await locationOf('demo-london');
    // Start elsewhere, so that every cost request of the Compare view is seen from its first.
    const { page, errors } = await openApp(s, 'locations', { width: 1280, height: 800 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/bills\/loc_/.test(r.url())) asked.push(r.postDataJSON().usage?.profile);
    });
    const picked = page.getByRole('combobox', { name: 'Usage profile' }).locator('[data-code]');
    const first = await costRequest(
      page,
      () => true,
      () => page.goto(`${s.env.info.app_url}/#/compare?location=${austin}`).then(() => undefined),
    );
    expect(first.answer.location_id).toBe(austin);
    expect(first.body.usage).toEqual({ profile: 'ercot_residential', kwh_per_year: 3500 });
    await see(picked).toHaveAttribute('data-code', 'ercot_residential');
    await see(page.getByRole('combobox', { name: 'Usage profile' })).toContainText('US household, ERCOT residential');

    // Another location: the default follows its country.
    const gb = await costRequest(
      page,
      (b) => b.usage?.profile === 'elexon_pc1',
      async () => {
        await page.getByRole('combobox', { name: 'Location' }).click();
        await page.locator(`[role="option"]:has([data-location-label="${london}"])`).click();
      },
    );
    expect(gb.answer.location_id).toBe(london);
    await see(picked).toHaveAttribute('data-code', 'elexon_pc1');

    // A profile a person picked stays when the location changes.
    await costRequest(
      page,
      (b) => b.usage?.profile === 'heat_pump',
      async () => {
        await page.getByRole('combobox', { name: 'Usage profile' }).click();
        await page.locator('[role="option"]:has([data-code="heat_pump"])').click();
      },
    );
    const back = await costRequest(
      page,
      () => true,
      async () => {
        await page.getByRole('combobox', { name: 'Location' }).click();
        await page.locator(`[role="option"]:has([data-location-label="${austin}"])`).click();
      },
    );
    expect(back.answer.location_id).toBe(austin);
    expect(back.body.usage.profile).toBe('heat_pump');
    await see(picked).toHaveAttribute('data-code', 'heat_pump');
    // Never the German profile, not even for a moment while the location loaded.
    expect(asked).not.toContain('bdew_h0');
    expect(asked.filter((p, i) => p !== asked[i - 1])).toEqual(['ercot_residential', 'elexon_pc1', 'heat_pump']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('typing the kWh per year asks once, when typing pauses; the profile’s calendar-year scaling is explained', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await see(page.getByTestId('compare-profile-note')).toHaveText(
      'A profile is scaled so the twelve months compared hold its kWh per year exactly, whichever month they start in.',
    );
    const asked: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/bills\/loc_/.test(r.url())) asked.push(r.postDataJSON().usage?.kwh_per_year);
    });
    const field = page.getByLabel('kWh per year');
    const done = costRequest(
      page,
      (b) => b.usage?.kwh_per_year === 5000,
      async () => {
        await field.selectText();
        // A person's pace: 80 ms a key, well inside the pause the page waits for.
        await field.pressSequentially('5000', { delay: 80 });
      },
    );
    const { answer } = await done;
    await see(page.getByRole('table', { name: 'Totals' }).locator('[data-column="stored"]')).toContainText(
      answer.kwh.toFixed(1),
    );
    expect(asked).toEqual([5000]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a copy of a saved tariff, edited in place with the schedule editor, is priced as edited', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `compare?location=${sydney}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Saved tariff' }).click();
    await page.getByRole('option', { name: 'Home three-rate' }).click();
    const copied = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add copy' }).click(),
    );
    // An unchanged copy costs what the stored tariff costs.
    expect(copied.answer.alternatives[0].value).toBe(copied.answer.value);
    await page.getByRole('button', { name: 'Edit the schedule of Copy of Home three-rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy of Home three-rate' });
    await dialog.getByRole('button', { name: /^Band 15:00 to 21:00,/ }).click();
    await dialog.getByLabel('Rate panel').getByLabel('Price AUD/kWh').fill('0.2');
    const edited = await costRequest(
      page,
      (b) => JSON.stringify(b.alternatives?.[0]?.[0]?.schedule ?? null).includes('"fixed":0.2}'),
      () => dialog.getByRole('button', { name: 'Use this schedule' }).click(),
    );
    expect(edited.answer.alternatives[0].value).toBeLessThan(edited.answer.value);
    await see(page.getByTestId('compare-verdict')).toContainText('Switching to Copy of Home three-rate, edited saves');
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('edited here');
    // A direction the location has no tariff for: the next step, not an error box.
    await page.getByLabel('Direction').click();
    await page.getByRole('option', { name: 'Export EXPORT' }).click();
    await see(page.getByRole('heading', { name: 'No export tariff at 1 George St, Sydney' })).toBeVisible();
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('None yet');
    await see(page.getByRole('region', { name: 'Comparison' }).getByRole('alert')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    await page.close();
  });

  it('an edited library candidate is named as edited in the table, the chart and the CSV; any twelve months are compared', async () => {
    const austin = await locationOf('demo-austin');
    const { page, errors } = await openApp(s, `compare?location=${austin}`, VIEWPORTS.large);
    const totals = page.getByRole('table', { name: 'Totals' });
    await see(totals).toBeVisible();
    // The profile and why, in one line: the location's country's household, where it is.
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      'Household profile: US household, ERCOT residential, as the location is in TX, US.',
    );
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: /^Prairie Sun Utilities: Residential Flat/ }).click();
    const added = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    const offer = 'Prairie Sun Utilities: Residential Flat';
    await see(totals.locator('tr[data-column]').nth(1)).toContainText(offer);
    await page.getByRole('button', { name: `Edit the schedule of ${offer}` }).click();
    const dialog = page.getByRole('dialog', { name: offer });
    await dialog
      .getByRole('button', { name: /^Band / })
      .first()
      .click();
    await dialog.getByLabel('Rate panel').getByLabel('Price USD/kWh').fill('0.05');
    const edited = `${offer}, edited`;
    const { body, answer } = await costRequest(
      page,
      (b) => b.alternatives?.[0]?.[0]?.display_name === edited,
      () => dialog.getByRole('button', { name: 'Use this schedule' }).click(),
    );
    expect(answer.alternatives[0].value).toBeLessThan(added.answer.alternatives[0].value);
    // Its figures are no longer the offer's: every place names it as edited.
    const row = totals.locator('tr[data-column]').nth(1);
    await see(row).toContainText(edited);
    await see(row.locator('[data-value]')).toHaveText(usd(answer.alternatives[0].value));
    await see(page.getByRole('img', { name: 'Monthly cost chart' }).locator('.recharts-legend-item').nth(1)).toHaveText(
      edited,
    );
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText(edited);
    await see(page.getByTestId('compare-verdict')).toContainText(`Switching to ${edited} saves`);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const head = readFileSync((await (await csv).path())!, 'utf8').split('\n')[0];
    expect(head).toBe(`month,Stored: Time of Use 4-9 pm (USD),"${edited} (USD)",compared`);
    await topShot(page, 'compare-edited-1440x900');

    // A calendar year: January to December of the next year, in the location's zone.
    const first = DateTime.fromISO(body.start_time, { setZone: true }).setZone('America/Chicago');
    const next = first.year + 1;
    const calendar = await costRequest(
      page,
      (b) => b.start_time.startsWith(`${next}-01-01`),
      async () => {
        await page.getByRole('combobox', { name: 'Months' }).click();
        await page.getByRole('option', { name: `Calendar year ${next}` }).click();
      },
    );
    expect(calendar.body.start_time).toBe(`${next}-01-01T00:00:00-06:00`);
    expect(calendar.body.end_time).toBe(`${next + 1}-01-01T00:00:00-06:00`);
    // The candidate runs over the months compared, and keeps its edited name.
    expect(calendar.body.alternatives[0][0]).toMatchObject({
      display_name: edited,
      contract_start_date: `${next}-01-01`,
      contract_end_date: `${next + 1}-01-01`,
    });
    await see(page.getByRole('region', { name: 'Comparison' })).toContainText(
      `Monthly cost, Jan ${next} – Dec ${next} (months in America/Chicago)`,
    );
    await see(page.getByLabel('First month')).toHaveValue(`${next}-01`);
    // Twelve months from a month picked: March to February.
    const march = await costRequest(
      page,
      (b) => b.start_time.startsWith(`${next}-03-01`),
      () => page.getByLabel('First month').fill(`${next}-03`),
    );
    expect(march.answer.periods).toHaveLength(12);
    await see(page.getByRole('combobox', { name: 'Months' })).toHaveText('12 months from a month of your own');
    await see(page.getByRole('region', { name: 'Comparison' })).toContainText(
      `Monthly cost, Mar ${next} – Feb ${next + 1}`,
    );
    // The service answers that request with those figures.
    const again = await askBill(s, austin, march.body);
    expect(again.body.alternatives[0].value).toBe(march.answer.alternatives[0].value);
    await topShot(page, 'compare-months-1440x900');
    await page.setViewportSize(VIEWPORTS.small);
    await see(page.getByRole('group', { name: 'Months compared' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await topShot(page, 'compare-months-1024x700');

    // A profile picked by hand says so, and which the location's own would be.
    await page.getByRole('combobox', { name: 'Usage profile' }).click();
    await page.locator('[role="option"]:has([data-code="heat_pump"])').click();
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      /^Usage profile: An air-source heat pump for heating and hot water, picked here \(the location’s own would be US household, ERCOT residential\)\.$/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a Californian location is priced on the US household profile and says why; its market is California’s', async () => {
    const made = await s.env.api('POST', '/locations', {
      postal_address: {
        address_line1: '200 E Santa Clara St',
        city: 'San Jose',
        state: 'California',
        post_code: '95113',
        country_code: 'US',
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.market_region).toBe('US-CAISO');
    const { page, errors } = await openApp(s, `compare?location=${made.body.id}`, VIEWPORTS.large);
    // No tariff yet: the next step, and still the profile and why.
    await see(page.getByRole('heading', { name: /^No tariff at 200 E Santa Clara St/ })).toBeVisible();
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      'Household profile: US household, ERCOT residential, as the location is in California, US.',
    );
    await topShot(page, 'compare-california-1440x900');
    expect(errors).toEqual([]);
    await page.close();
    await s.env.api('DELETE', `/locations/${made.body.id}`);
  });

  it('a library offer of another country is marked, in the list and once chosen: its rates are read in the location’s currency', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `compare?location=${sydney}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    const offer = page.getByRole('option', { name: /^Nordlicht Energie: Nordlicht Fix 24/ });
    await see(offer).toContainText('another country (DE)');
    await offer.click();
    await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    await see(page.getByTestId('foreign-candidate')).toHaveText('An offer in DE: its rates are read as AUD.');
    await shot(page, 'compare-foreign-offer-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });
});
