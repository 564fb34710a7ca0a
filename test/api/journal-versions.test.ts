import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, harness, type Harness } from '../helpers.js';

const ZERO = '2024-08-24';
const ANODE = '2025-09-14.anode';
let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

const journal = async (query = '') =>
  (await h.call({ method: 'GET', url: `/journal?limit=50${query}`, headers: { ...h.test, 'flatpeak-version': ANODE } }))
    .body as { data: { path: string; method: string; status: number; api_version: string | null }[] };

describe('the journal records the API version of every answer', () => {
  it('each request is kept with the version it was answered in: the header, else the account default; filterable', async () => {
    await h.call({ method: 'POST', url: '/locations', headers: h.zero, payload: { postal_address: berlinAddress } });
    await h.call({ method: 'GET', url: '/locations', headers: h.test });
    // A refusal says its version too: Zero's 409.
    const refused = await h.call({
      method: 'POST',
      url: '/locations',
      headers: h.zero,
      payload: { postal_address: 7 },
    });
    expect(refused.status).toBe(409);
    // With the account's default moved to Zero, a request that names none is answered (and kept) in Zero.
    await h.call({ method: 'PATCH', url: '/settings', headers: h.test, payload: { api_version: ZERO } });
    await h.call({ method: 'GET', url: '/customers', headers: h.test });

    const all = (await journal()).data;
    const find = (method: string, path: string, status?: number) =>
      all.find((e) => e.method === method && e.path === path && (status === undefined || e.status === status));
    expect(find('POST', '/locations', 201)?.api_version).toBe(ZERO);
    expect(find('GET', '/locations')?.api_version).toBe(ANODE);
    expect(find('POST', '/locations', 409)?.api_version).toBe(ZERO);
    expect(find('PATCH', '/settings')?.api_version).toBe(ANODE);
    expect(find('GET', '/customers')?.api_version).toBe(ZERO);

    const zeroOnly = (await journal(`&api_version=${ZERO}`)).data;
    expect(zeroOnly.length).toBeGreaterThanOrEqual(3);
    expect(zeroOnly.every((e) => e.api_version === ZERO)).toBe(true);
    const anodeOnly = (await journal(`&api_version=${encodeURIComponent(ANODE)}`)).data;
    expect(anodeOnly.every((e) => e.api_version === ANODE)).toBe(true);
    expect(anodeOnly.some((e) => e.path === '/locations' && e.method === 'GET')).toBe(true);

    const bad = await h.call({ method: 'GET', url: '/journal?api_version=2023-01-01', headers: h.test });
    expect(bad.status).toBe(409);
    expect(bad.body.code).toBe('api_version_invalid');
    const badAnode = await h.call({
      method: 'GET',
      url: '/journal?api_version=2023-01-01',
      headers: { ...h.test, 'flatpeak-version': ANODE },
    });
    expect(badAnode.status).toBe(400);
  });
});
