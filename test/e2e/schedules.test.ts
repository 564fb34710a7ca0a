import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page, Request } from 'playwright';
import { shot, topShot } from './browser.js';
import { browserSuite, openApp, sharedPages, VIEWPORTS } from './suite.js';
import { DEMO_HOME } from '../../core/engine/demo-home.js';

/**
 * The Schedules page on the demo data (offline), the service clock at noon in Sydney: it opens
 * on the first location whose price moves (Sydney's three-rate tariff), tonight, for an electric
 * car of 7 kW that needs 21 kWh, and every figure it shows is the API's answer.
 */
const s = browserSuite({ demo: true, now: '2026-05-19T02:00:00Z' });

const locationOf = async (ref: string): Promise<string> =>
  (await s.env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;

const aud = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 }).format(v);

/** The next POST /schedules/{mode} the page sends, and the API's answer to it. */
async function scheduleRequest(page: Page, mode: string, act: () => Promise<unknown>) {
  const isIt = (r: Request) => r.method() === 'POST' && r.url().includes(`/schedules/${mode}/`);
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { url: response.url(), body: response.request().postDataJSON(), answer: await response.json() };
}

const highlightsOf = (answerPeriods: { start_time: string; end_time: string }[]) =>
  answerPeriods.map((p) => `${new Date(p.start_time).toISOString()}/${new Date(p.end_time).toISOString()}`).join(' ');

const eur = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(v);
const shared = sharedPages(s);

describe('the Schedules page, in Chromium', () => {
  it('the Overview’s battery step plans the demo home’s battery from its reported state: the saving is the API’s', async () => {
    const home = await locationOf(DEMO_HOME.location);
    const battery = (await s.env.api('GET', '/devices?limit=100')).body.data.find(
      (d: any) => d.reference_id === DEMO_HOME.battery,
    );
    const state = (await s.env.api('GET', `/devices/${battery.id}/state`)).body;
    const now = (await s.env.api('GET', '/clock')).body.now as string;
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, errors } = await shared('overview', viewport);
      const step = page.getByRole('region', { name: 'A battery on two tariffs' });
      await see(step).toContainText('Kastanienallee 12, 10435 Berlin');
      await topShot(page, `overview-battery-${size}`);
      await page.screenshot({ path: `/tmp/bat-demo-overview-${size}.png`, fullPage: true });
      const { url, body, answer } = await scheduleRequest(page, 'battery', () =>
        step.getByRole('button', { name: 'Plan the battery' }).click(),
      );
      expect(url).toContain(`/schedules/battery/${home}`);
      await see(page).toHaveURL(new RegExp(`#/schedules\\?mode=battery&location=${home}$`));
      await see(page.getByRole('button', { name: /^Battery/ })).toHaveAttribute('aria-pressed', 'true');
      // The next 24 hours from the service's now (on the hour), from the device's own state: no initial state sent.
      const end = new Date(Date.parse(now) + 24 * 3_600_000).toISOString().replace('.000', '');
      expect(body).toEqual({
        start_time: now,
        end_time: end,
        battery: { device_id: battery.id },
        usage: DEMO_HOME.usage,
        generation: DEMO_HOME.generation,
      });
      // 35 % of the 10 kWh battery, as the device reported.
      expect(state.state_of_charge_percent).toBe(DEMO_HOME.state.state_of_charge_percent);
      expect(answer.initial_soc_kwh).toBeCloseTo(
        (DEMO_HOME.batteryProperties.capacity_kwh * DEMO_HOME.state.state_of_charge_percent) / 100,
        9,
      );
      await see(page.getByTestId('battery-start')).toContainText(`${state.state_of_charge_percent} %`);
      expect(answer.saving).toBeGreaterThan(0);
      await see(page.locator('[data-figure="battery-saving"]')).toHaveText(eur(answer.saving));
      await see(page.locator('[data-figure="battery-cost-without"]')).toHaveText(eur(answer.cost_without));
      await see(page.locator('[data-figure="battery-cost-with"]')).toHaveText(eur(answer.cost_with));
      await see(page.getByTestId('battery-sentence')).toHaveText(
        `The battery saves ${eur(answer.saving)} over these 24 hours.`,
      );
      // The chart draws the answer's cells: its charge and discharge totals are the answer's.
      const chart = page.getByRole('img', { name: 'Battery plan chart' });
      await see(chart).toHaveAttribute('data-cells', String(answer.data.length));
      const sum = (k: string) => answer.data.reduce((t: number, c: any) => t + c[k], 0).toFixed(3);
      await see(chart).toHaveAttribute('data-charged', sum('charge_kwh'));
      await see(chart).toHaveAttribute('data-discharged', sum('discharge_kwh'));
      await see(chart.locator('.battery-soc path').first()).toBeVisible();
      await see(chart.locator('.battery-charge path').first()).toBeVisible();
      // Asked again from outside, the same plan.
      const again = await s.env.api('POST', `/schedules/battery/${home}`, body);
      expect(again.body.saving).toBe(answer.saving);
      // A home elsewhere uses its own country's household profile (a London home is not a German one).
      const london = (await s.env.api('GET', '/locations?limit=100')).body.data.find(
        (l: any) => l.reference_id === 'demo-london',
      ).id;
      const uk = await scheduleRequest(page, 'battery', async () => {
        await page.getByRole('combobox', { name: 'Location' }).click();
        await page.locator(`[role="option"]:has([data-location-label="${london}"])`).click();
        const mode = page.getByRole('button', { name: /^Battery/ });
        if ((await mode.getAttribute('aria-pressed')) !== 'true') await mode.click();
      });
      expect(uk.url).toContain(`/schedules/battery/${london}`);
      expect(uk.body.usage).toEqual({ profile: 'elexon_pc1', kwh_per_year: DEMO_HOME.usage.kwh_per_year });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `/tmp/bat-demo-schedules-${size}.png`, fullPage: true });
      expect(errors).toEqual([]);
    }
  });

  it('one click from the overview: "your car charges from 00:00 to 03:00", its cost and saving are the API’s', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, 'overview', { width: 1280, height: 800 });
    const { url, body, answer } = await scheduleRequest(page, 'amount', () =>
      page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Schedules' }).click(),
    );
    expect(url).toContain(`/schedules/amount/${sydney}`);
    // Tonight in Sydney (UTC+10): 18:00 to 07:00, an EV's 21 kWh at 7 kW.
    expect(body).toEqual({
      tariff_direction: 'IMPORT',
      data: [
        {
          start_time: '2026-05-19T18:00:00+10:00',
          end_time: '2026-05-20T07:00:00+10:00',
          max_power: { units: 'KW', value: 7 },
          energy: { units: 'KWH', value: 21 },
        },
      ],
    });
    // The night rate (0.2211 from midnight) is the cheapest: three hours from its start.
    expect(answer.data[0].schedule).toEqual([
      {
        start_time: '2026-05-20T00:00:00+10:00',
        end_time: '2026-05-20T03:00:00+10:00',
        power: { units: 'KW', value: 7 },
      },
    ]);
    await see(page.getByTestId('schedule-sentence')).toHaveText('Your car charges from 00:00 to 03:00.');
    const entry = answer.data[0];
    await see(page.locator('[data-figure="cost"]')).toHaveText(aud(entry.cost.value));
    await see(page.locator('[data-figure="saving"]')).toHaveText(aud(entry.savings.value));
    expect(entry.cost.value).toBeCloseTo(21 * 0.2211, 6);
    // At once from 18:00 at 7 kW: three hours of the 0.4925 evening rate.
    expect(entry.savings.value).toBeCloseTo(21 * (0.4925 - 0.2211), 6);
    await see(page.locator('[data-figure="average"]')).toContainText('0.2211');
    // The shaded time on the chart is the answer's.
    const chart = page.getByRole('img', { name: 'Price chart with the schedule' });
    await see(chart).toHaveAttribute('data-highlights', highlightsOf(entry.schedule));
    // The request as curl, the same body.
    const curl = await page.getByTestId('schedule-curl').textContent();
    expect(curl).toContain(`${s.env.info.api_url}/schedules/amount/${sydney}`);
    expect(JSON.parse(curl!.slice(curl!.indexOf("-d '") + 4, curl!.lastIndexOf("'")))).toEqual(body);
    // Asked again from outside, the same answer.
    const again = await s.env.api('POST', `/schedules/amount/${sydney}`, body);
    expect(again.body.data).toEqual(answer.data);
    await shot(page, 'schedules-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('one action stores the plan as a charging session of the charger and opens its cost on Usage and cost', async () => {
    const sydney = await locationOf('demo-sydney');
    const charger = (await s.env.api('GET', '/devices?limit=100')).body.data.find(
      (d: any) => d.reference_id === 'demo-ev-charger',
    ).id;
    const { page, errors } = await openApp(s, `schedules?location=${sydney}`, VIEWPORTS.large);
    await see(page.getByTestId('schedule-sentence')).toHaveText('Your car charges from 00:00 to 03:00.');
    const planned = await scheduleRequest(page, 'amount', async () => {
      await page.getByRole('combobox', { name: 'Device' }).click();
      await page.getByRole('option', { name: 'demo-ev-charger' }).click();
    });
    expect(planned.body.data[0].device_id).toBe(charger);
    const store = page.getByRole('button', { name: 'Store as a session and open its cost' });
    await see(store).toBeVisible();
    await topShot(page, 'schedules-store-1440x900');
    await page.setViewportSize(VIEWPORTS.small);
    await see(store).toBeVisible();
    await topShot(page, 'schedules-store-1024x700');
    await page.setViewportSize(VIEWPORTS.large);

    // The one click: the plan's run becomes a meter record of the location and its charger.
    const puts: any[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/meters/interval')) puts.push(r.postDataJSON());
    });
    const [stored] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/meters/interval')),
      store.click(),
    ]);
    expect(stored.status()).toBe(200);
    const session = 'charge-2026-05-20-0000';
    expect(puts[0]).toEqual([
      {
        location_id: sydney,
        device_id: charger,
        session_reference_id: session,
        record_reference_id: `${session}-01`,
        tariff_direction: 'IMPORT',
        units: 'KWH',
        value: 21,
        start_time: '2026-05-20T00:00:00+10:00',
        end_time: '2026-05-20T03:00:00+10:00',
      },
    ]);
    expect((await stored.json()).records_accepted).toBe(1);
    // Stored, as the API lists them.
    const records = (await s.env.api('GET', `/meter-records?session_reference_id=${session}`)).body.data;
    expect(records.map((r: any) => [r.location_id, r.device_id, r.kwh])).toEqual([[sydney, charger, 21]]);

    // Usage and cost opens on the session: its cost is the session report's, and the schedule's.
    await see(page).toHaveURL(/#\/usage\?/);
    const focus = page.getByRole('region', { name: 'This session' });
    const report = await s.env.api('POST', `/costs/session/${session}`);
    expect(report.status).toBe(200);
    expect(report.body.total.cost.value).toBeCloseTo(planned.answer.data[0].cost.value, 6);
    await see(focus).toContainText(session);
    await see(focus.locator('[data-value]')).toHaveText(aud(report.body.total.cost.value));
    await see(focus).toContainText('21.00 kWh, Wed 20 May, 00:00 – 03:00, demo-ev-charger');
    const row = page.getByRole('table', { name: 'Sessions' }).locator(`[data-session="${session}"]`);
    await see(row).toHaveAttribute('aria-current', 'true');
    await see(page.getByLabel('First day')).toHaveValue('2026-05-20');
    await topShot(page, 'schedules-session-usage-1440x900');
    await page.setViewportSize(VIEWPORTS.small);
    await see(focus).toBeInViewport();
    await topShot(page, 'schedules-session-usage-1024x700');
    await page.setViewportSize(VIEWPORTS.large);

    // Back on the same plan, the button opens the same session: nothing is stored twice.
    await page.goBack();
    await see(page.getByRole('button', { name: 'Open its cost', exact: true })).toBeVisible();
    await see(page.getByRole('region', { name: 'Store as a session' })).toContainText(session);
    await page.getByRole('button', { name: 'Open its cost', exact: true }).click();
    await see(focus).toContainText(session);
    expect(puts).toHaveLength(1);

    // Another plan starting at the same time is a session of its own, never mixed into the first.
    await page.goBack();
    await scheduleRequest(page, 'amount', () => page.getByLabel('Energy (kWh)').fill('28'));
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/meters/interval')),
      page.getByRole('button', { name: 'Store as a session and open its cost' }).click(),
    ]);
    expect(puts[1][0]).toMatchObject({ session_reference_id: `${session}-2`, value: 28 });
    await see(focus).toContainText(`${session}-2`);
    const first = await s.env.api('POST', `/costs/session/${session}`);
    expect(first.body.total.energy.value).toBe(21_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the cheapest hours and the time under a price are stored as sessions at the device’s power, in one action', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `schedules?location=${sydney}`, VIEWPORTS.large);
    await see(page.getByTestId('schedule-sentence')).toHaveText('Your car charges from 00:00 to 03:00.');
    const duration = await scheduleRequest(page, 'duration', () =>
      page.getByRole('button', { name: /^Cheapest hours/ }).click(),
    );
    await see(page.getByTestId('schedule-sentence')).toHaveText('The cheapest 180 minutes: 00:00 to 03:00.');
    // The form asks for the device's power, 7 kW unless changed: here an 11 kW charger.
    const power = page.getByLabel('Device power (kW)');
    await see(power).toHaveValue('7');
    await power.fill('11');
    const store = page.getByRole('button', { name: 'Store as a session and open its cost' });
    await see(page.getByRole('region', { name: 'Store as a session' })).toContainText('33 kWh in all');
    for (const [size, name] of [
      [VIEWPORTS.large, '1440x900'],
      [VIEWPORTS.small, '1024x700'],
    ] as const) {
      await page.setViewportSize(size);
      await see(store).toBeVisible();
      await topShot(page, `schedules-duration-store-${name}`);
    }
    await page.setViewportSize(VIEWPORTS.large);
    const puts: any[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/meters/interval')) puts.push(r.postDataJSON());
    });
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/meters/interval')),
      store.click(),
    ]);
    // One record per chosen period, at 11 kW over its time.
    const periods = duration.answer.data;
    const session = puts[0][0].session_reference_id as string;
    expect(session).toMatch(/^charge-2026-05-20-0000/);
    expect(puts[0].map((r: any) => [r.start_time, r.end_time, r.value, r.location_id])).toEqual(
      periods.map((p: any) => [
        p.start_time,
        p.end_time,
        (11 * (Date.parse(p.end_time) - Date.parse(p.start_time))) / 3_600_000,
        sydney,
      ]),
    );
    // Usage and cost opens on it: the session report's cost, the chosen time's price times 33 kWh.
    await see(page).toHaveURL(/#\/usage\?/);
    const focus = page.getByRole('region', { name: 'This session' });
    await see(focus).toContainText(session);
    const report = await s.env.api('POST', `/costs/session/${session}`);
    expect(report.body.total.cost.value).toBeCloseTo(33 * 0.2211, 6);
    await see(focus.locator('[data-value]')).toHaveText(aud(report.body.total.cost.value));
    await topShot(page, 'schedules-duration-usage-1440x900');
    await page.setViewportSize(VIEWPORTS.small);
    await see(focus).toBeInViewport();
    await topShot(page, 'schedules-duration-usage-1024x700');
    await page.setViewportSize(VIEWPORTS.large);

    // Under a price: every period at or below the limit, at the same 11 kW.
    await page.goBack();
    const limit = await scheduleRequest(page, 'limit', () =>
      page.getByRole('button', { name: /^Under a price/ }).click(),
    );
    await see(page.getByTestId('schedule-sentence')).toContainText('At or below');
    await page.getByLabel('Device power (kW)').fill('');
    await see(page.getByRole('button', { name: 'Store as a session and open its cost' })).toBeDisabled();
    await see(page.getByRole('region', { name: 'Store as a session' })).toContainText('Give the device’s power');
    await page.getByLabel('Device power (kW)').fill('11');
    await topShot(page, 'schedules-limit-store-1440x900');
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/meters/interval')),
      page.getByRole('button', { name: 'Store as a session and open its cost' }).click(),
    ]);
    expect(puts[1].map((r: any) => [r.start_time, r.end_time])).toEqual(
      limit.answer.data.map((p: any) => [p.start_time, p.end_time]),
    );
    await see(focus).toContainText(puts[1][0].session_reference_id);
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('the cheapest hours and the time under a price, and an amount that cannot fit, named', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `schedules?location=${sydney}`, { width: 800, height: 1100 });
    await see(page.getByTestId('schedule-sentence')).toHaveText('Your car charges from 00:00 to 03:00.');
    await shot(page, 'schedules-800');

    const duration = await scheduleRequest(page, 'duration', () =>
      page.getByRole('button', { name: /^Cheapest hours/ }).click(),
    );
    expect(duration.body).toMatchObject({ segment: 'LOW', duration: 180 });
    await see(page.getByTestId('schedule-sentence')).toHaveText('The cheapest 180 minutes: 00:00 to 03:00.');
    const dearest = await scheduleRequest(page, 'duration', async () => {
      await page.getByRole('combobox', { name: 'Look for' }).click();
      await page.getByRole('option', { name: /Dearest/ }).click();
    });
    expect(dearest.answer.data.map((p: any) => [p.start_time, p.end_time])).toEqual([
      ['2026-05-19T18:00:00+10:00', '2026-05-19T21:00:00+10:00'],
    ]);
    await see(page.getByTestId('schedule-sentence')).toHaveText('The dearest 180 minutes: 18:00 to 21:00.');

    const limit = await scheduleRequest(page, 'limit', () =>
      page.getByRole('button', { name: /^Under a price/ }).click(),
    );
    // Still the dearest: a quarter of the range from the top is the evening rate alone.
    expect(limit.body).toMatchObject({ segment: 'HIGH', relative: 0.25 });
    // The share worked out to a price: a quarter of the range below the top rate.
    expect(limit.answer.threshold).toBeCloseTo(0.4925 - 0.25 * (0.4925 - 0.2211), 6);
    await see(page.getByTestId('schedule-sentence')).toHaveText(
      `At or above ${limit.answer.threshold.toFixed(4)} per kWh: 18:00 to 21:00.`,
    );
    await see(page.getByRole('img', { name: 'Price chart with the schedule' })).toHaveAttribute(
      'data-highlights',
      highlightsOf(limit.answer.data),
    );

    await page.getByRole('button', { name: /^Charge an amount/ }).click();
    await page.getByLabel('Energy (kWh)').fill('200');
    await see(page.getByRole('alert')).toContainText('energy_unreachable');
    // In the form's words, and on the field to fix.
    await see(page.getByRole('alert')).toContainText('Energy (kWh): at most 91 KWH fits');
    await see(page.getByLabel('Energy (kWh)')).toHaveAttribute('aria-invalid', 'true');
    // A share of the range past 1 never reaches the service: the form says what it takes.
    await page.getByRole('button', { name: /^Under a price/ }).click();
    await page.getByLabel('Share of the range (0–1)').fill('1.5');
    await see(page.getByLabel('Share of the range (0–1)')).toHaveAttribute('aria-invalid', 'true');
    await see(
      page.getByText('The share of the range is from 0 (the lowest price) to 1 (the highest).').first(),
    ).toBeVisible();
    await shot(page, 'schedules-invalid-share-1280x800');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });

  it('a market tariff (London): the cheapest three hours of tonight are shaded where the API put them', async () => {
    const london = await locationOf('demo-london');
    const { page, errors } = await openApp(s, `schedules?location=${london}`, { width: 1280, height: 800 });
    const duration = await scheduleRequest(page, 'duration', async () => {
      await see(page.getByTestId('schedule-sentence')).toContainText('Your car charges from');
      await page.getByRole('button', { name: /^Cheapest hours/ }).click();
    });
    const periods = duration.answer.data;
    expect(periods.length).toBeGreaterThan(0);
    const minutes = periods.reduce(
      (t: number, p: any) => t + (Date.parse(p.end_time) - Date.parse(p.start_time)) / 60_000,
      0,
    );
    expect(minutes).toBe(180);
    await see(page.getByRole('img', { name: 'Price chart with the schedule' })).toHaveAttribute(
      'data-highlights',
      highlightsOf(periods),
    );
    await shot(page, 'schedules-market-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS))
    it(`at ${viewport.width}x${viewport.height} (${size}): a move of the service clock moves the window to the service's new tonight, without a reload`, async () => {
      const { page, errors } = await openApp(s, 'overview', viewport);
      const tonightOf = (day: string, next: string) => ({
        start_time: `${day}T18:00:00+10:00`,
        end_time: `${next}T07:00:00+10:00`,
      });
      const first = await scheduleRequest(page, 'amount', () =>
        page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Schedules' }).click(),
      );
      expect(first.body.data[0]).toMatchObject(tonightOf('2026-05-19', '2026-05-20'));
      try {
        // A day on: the page learns of the move from the clock it polls, and asks for the next night.
        const moved = await scheduleRequest(page, 'amount', () =>
          s.env.client.call('clock.set', { body: { mode: 'frozen', now: '2026-05-20T02:00:00Z' } }),
        );
        expect(moved.body.data[0]).toMatchObject(tonightOf('2026-05-20', '2026-05-21'));
        await topShot(page, `schedules-clock-moved-${viewport.width}x${viewport.height}`);
      } finally {
        // Back to real time (the suite's, which stands at its noon in Sydney), and the window with it.
        const back = await scheduleRequest(page, 'amount', () =>
          s.env.client.call('clock.set', { body: { mode: 'real' } }),
        );
        expect(back.body.data[0]).toMatchObject(tonightOf('2026-05-19', '2026-05-20'));
      }
      // The day's move outlives the page's bearer: its one refused call is the app logging in again.
      expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
      await page.close();
    }, 240_000);
});
