import { expect } from 'vitest';
import type { Page } from 'playwright';
import type { ApiClient } from '../../core/engine/api/client.js';
import type { Charges } from '../../core/engine/schemas/charges.js';
import { berlinAddress, fixedSchedule } from '../helpers.js';

/** The next bill the page asks for that satisfies `test`, its request body and the API's answer. */
export async function billWhere(page: Page, test: (body: any) => boolean, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => /\/bills\/loc_/.test(r.url()) && r.request().method() === 'POST' && test(r.request().postDataJSON()),
    ),
    act(),
  ]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: await response.json() };
}

/** The next bill the page asks for. */
export const billOf = (page: Page, act: () => Promise<unknown>) => billWhere(page, () => true, act);

/** 2026 in Berlin: the contract of the bill suites' tariffs. */
export const YEAR_2026 = {
  contract_start_date: '2026-01-01T00:00:00+01:00',
  contract_end_date: '2027-01-01T00:00:00+01:00',
} as const;

/** A Berlin location with a flat 0.30 supply tariff over 2026 carrying `charges`; answers its id. */
export async function berlinHousehold(client: ApiClient, displayName: string, charges: Charges): Promise<string> {
  const locationId = (await client.call('locations.create', { body: { postal_address: berlinAddress } })).id;
  await client.call('tariffs.create', {
    body: {
      location_id: locationId,
      type: 'COMMODITY',
      display_name: displayName,
      ...YEAR_2026,
      schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]),
      charges,
    },
  });
  return locationId;
}
