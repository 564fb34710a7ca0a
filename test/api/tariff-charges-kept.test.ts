import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness();
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const CHARGES = {
  fixed: [{ amount: 0.6, per: 'DAY', name: 'Standing charge' }],
  minimum: { amount: 120, per: 'YEAR' },
  demand: {
    flat: [{ months: ['June'], rate: [{ fixed: 12, to_kw: 50 }, { fixed: 9 }] }],
    periods: [{ name: 'On-peak', rate: [{ fixed: 15 }] }],
    schedule: [
      {
        days_and_hours: [
          { days: ['Weekdays'], hours: [{ valid_from: '16:00:00', valid_to: '21:00:00', period: 'On-peak' }] },
        ],
      },
    ],
  },
};

describe('a tariff keeps its charges', () => {
  it('as created, as patched, and none once patched to null', async () => {
    const made = await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: tariffBody(loc, { charges: CHARGES }),
    });
    expect(made.status).toBe(200);
    expect(made.body.charges).toEqual(CHARGES);
    const id = made.body.id as string;
    const got = await h.call({ method: 'GET', url: `/tariffs/${id}`, headers: h.test });
    expect(got.body.charges).toEqual(CHARGES);

    const fixed = [{ amount: 25, per: 'MONTH' }];
    const patched = await h.call({
      method: 'PATCH',
      url: `/tariffs/${id}`,
      headers: h.test,
      payload: { charges: { fixed } },
    });
    expect(patched.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/tariffs/${id}`, headers: h.test })).body.charges).toEqual({ fixed });

    const cleared = await h.call({
      method: 'PATCH',
      url: `/tariffs/${id}`,
      headers: h.test,
      payload: { charges: null },
    });
    expect(cleared.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/tariffs/${id}`, headers: h.test })).body).not.toHaveProperty(
      'charges',
    );
  });
});
