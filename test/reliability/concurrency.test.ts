import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHost, toContractTerm } from '../e2e/host.js';
import { berlinAddress, tariffBody } from '../helpers.js';

let env: Awaited<ReturnType<typeof liveHost>>;
beforeAll(async () => (env = await liveHost({ demo: false })));
afterAll(() => env.host.stop());

describe('concurrency', () => {
  it('two sessions finishing one connect token at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const cot = (
        await env.api('POST', '/connect/token', {
          callback_url: 'https://app.example/callback',
          postal_address: berlinAddress,
        })
      ).body.connect_token;
      const finish = await toContractTerm(env.send, cot);
      const results = await Promise.all([0, 1].map(finish));
      const won = results.filter((r) => r.body.route === 'tariff_summary');
      const lost = results.filter((r) => r.body.object === 'error');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.status).toBeGreaterThanOrEqual(400);
      expect(lost[0]!.status).toBeLessThan(500);
      // The loser either collides with the winner's write, or arrives after it and finds the token spent.
      expect(['connect_token_conflict', 'route_invalid', 'connect_token_used']).toContain(lost[0]!.body.code);
      const loc = (await env.api('GET', `/connect/token?connect_token=${cot}`)).body.location_id;
      expect((await env.api('GET', `/tariffs?location_id=${loc}`)).body.data).toHaveLength(1);
      const events = (await env.api('GET', `/events?type=connect.session.complete&limit=100`)).body.data.filter(
        (e: any) => e.data.id === cot,
      );
      expect(events).toHaveLength(1);
    }
  });

  it('parallel creates of overlapping COMMODITY tariffs: exactly one wins, the rest get 422', async () => {
    const loc = (await env.api('POST', '/locations', { postal_address: berlinAddress })).body.id;
    const results = await Promise.all(Array.from({ length: 8 }, () => env.api('POST', '/tariffs', tariffBody(loc))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const rest = results.filter((r) => r.status !== 200);
    expect(rest).toHaveLength(7);
    expect(rest.every((r) => r.status === 422 && r.body.code === 'commodity_overlap')).toBe(true);
    expect((await env.api('GET', `/tariffs?location_id=${loc}`)).body.data).toHaveLength(1);
  });

  it('parallel PATCH and DELETE of one tariff: one delete wins, nothing is half-written', async () => {
    const loc = (await env.api('POST', '/locations', { postal_address: berlinAddress })).body.id;
    const t = (await env.api('POST', '/tariffs', tariffBody(loc, { type: 'NON_COMMODITY' }))).body;
    const ops = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => env.api('PATCH', `/tariffs/${t.id}`, { display_name: `n${i}` })),
      ...Array.from({ length: 4 }, () => env.api('DELETE', `/tariffs/${t.id}`)),
    ]);
    const deletes = ops.slice(4);
    expect(deletes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(deletes.filter((r) => r.status === 404 && r.body.code === 'tariff_not_found')).toHaveLength(3);
    for (const p of ops.slice(0, 4)) expect([200, 404]).toContain(p.status);
    expect((await env.api('GET', `/tariffs/${t.id}`)).status).toBe(404);
    const deleted = (await env.api('GET', `/events?object_id=${t.id}&type=tariff.deleted`)).body.data;
    expect(deleted).toHaveLength(1);
  });
});
