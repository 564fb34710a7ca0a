import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { violations } from './axe.js';
import { shot } from './browser.js';
import { browserSuite, pageErrors, sharedPages, VIEWPORTS } from './suite.js';
import { berlinAddress } from '../helpers.js';

const suite = browserSuite({ demo: true });
const visit = sharedPages(suite);

/**
 * Every page of the admin app, by its route, with something it shows once loaded (and, where a
 * mode of a page draws its answer later, what it draws then).
 */
const PAGES: [string, string, ((page: Page) => Locator)?][] = [
  ['overview', 'Service addresses'],
  ['locations', 'Locations'],
  ['customers', 'Customers'],
  ['tariffs', 'Tariffs'],
  ['prices', 'Prices'],
  ['usage', 'Usage and cost'],
  ['compare', 'Cost per year'],
  ['schedules', 'Your car charges'],
  // Schedules' Battery mode on the demo home (a location named by its reference, in braces): its
  // figures and its plan chart over import and export prices, once the plan answers.
  [
    'schedules?mode=battery&location={demo-solar-home}',
    'Schedules',
    (page) => page.getByRole('img', { name: 'Battery plan chart' }),
  ],
  ['connect', 'Connect'],
  ['webhooks', 'Webhooks'],
  ['traffic', 'Traffic'],
  ['library', 'Library'],
  ['settings', 'Settings'],
];

/** The route with each `{reference}` as the id of the demo location of that reference. */
async function located(route: string): Promise<string> {
  const refs = [...route.matchAll(/\{([\w-]+)\}/g)];
  if (!refs.length) return route;
  const listed = (await suite.env.api('GET', '/locations?limit=100')).body.data as {
    id: string;
    reference_id: string;
  }[];
  return refs.reduce((r, [all, ref]) => r.replace(all, listed.find((l) => l.reference_id === ref)!.id), route);
}

describe('accessibility: axe-core on every page', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const [route, heading, drawn] of PAGES) {
      it(`${route} at ${viewport.width}×${viewport.height}: no serious or critical violations`, async () => {
        // The pages are visited in one loaded app per size, as the side navigation moves between them.
        const { page, errors } = await visit(await located(route), viewport);
        await page
          .getByRole('heading', { level: 1, name: heading })
          .or(page.getByText(heading).first())
          .first()
          .waitFor();
        if (drawn) await drawn(page).waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await shot(page, `a11y-${route.replace(/\W+/g, '-')}-${size}`);
        expect(await violations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});

describe('accessibility: axe-core on the connect web app, page by page through two sessions', () => {
  for (const viewport of [{ width: 390, height: 844 }, VIEWPORTS.small]) {
    it(`${viewport.width}×${viewport.height}: every page of a library and a typed-in session`, async () => {
      const { env } = suite;
      const token = async () =>
        (
          await env.api('POST', '/connect/token', {
            connect_url: `${env.info.connect_web_url}/`,
            callback_url: `${env.info.connect_web_url}/complete`,
            postal_address: berlinAddress,
          })
        ).body.connect_token as string;
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = pageErrors(page);
      const seen: Record<string, string[]> = {};
      const scan = async (route: string) => {
        await page.locator(`[data-route="${route}"]`).waitFor();
        seen[route] = await violations(page);
      };
      const next = (name: string | RegExp) => page.getByRole('button', { name }).click();
      try {
        await page.goto(`${env.info.connect_web_url}/?svc_cot=${await token()}`);
        await scan('provider_select');
        await next('Nordlicht Energie');
        await scan('tariff_select');
        await next(/Nordlicht Nacht/);
        await scan('contract_term_capture');
        await next('No end date');
        await scan('tariff_summary');

        await page.goto(`${env.info.connect_web_url}/?svc_cot=${await token()}`);
        await page.locator('[data-route="provider_select"]').waitFor();
        await next('My provider is not listed');
        await scan('provider_name_capture');
        await page.getByLabel('Provider name').fill('Stadtwerke');
        await next('Continue');
        await scan('tariff_name_capture');
        await page.getByLabel('Tariff name').fill('Wärme');
        await next('Continue');
        await scan('tariff_structure_select');
        await next(/By time of day/);
        await scan('rate_tod_capture');
        expect(Object.keys(seen)).toHaveLength(8);
        expect(Object.entries(seen).filter(([, v]) => v.length)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
