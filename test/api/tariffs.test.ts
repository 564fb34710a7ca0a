import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness();
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const post = (body: unknown) => h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: body as object });
const band = (valid_from: string, valid_to: string, rate: object[] = [{ fixed: 0.3 }]) => ({
  valid_from,
  valid_to,
  rate,
});
const withSchedule = (schedule: unknown, extra: object = {}) => tariffBody(loc, { schedule, ...extra });
const entry = (o: object = {}) => ({
  months: ['All'],
  days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00')] }],
  ...o,
});

describe('tariffs', () => {
  it('round-trips exactly as created plus the service-set fields', async () => {
    const body = tariffBody(loc);
    const r = await post(body);
    expect(r.status).toBe(200);
    const expected = {
      ...body,
      id: expect.stringMatching(/^trf_/),
      object: 'tariff',
      live_mode: false,
      is_linked: false,
      connection_type: 'MANUAL',
      status: 'CONNECTED',
      timezone: 'Europe/Berlin',
      market_rates: false,
      time_created: '2026-03-01T12:00:00Z',
      account_id: h.cred.account_id,
    };
    expect(r.body).toEqual(expected);
    expect((await h.call({ method: 'GET', url: `/tariffs/${r.body.id}`, headers: h.test })).body).toEqual(r.body);
    const list = await h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: h.test });
    expect(list.body).toEqual({ object: 'list', url: '/tariffs', has_more: false, data: [r.body] });
  });

  it('keeps schedule names as written (any case, short forms)', async () => {
    const schedule = [
      {
        months: ['jan', 'FEBRUARY', 'Sept'],
        dates: [1, 31],
        days_and_hours: [{ days: ['mon', 'Weekend', 'weekdays', 'SUNDAY'], hours: [band('23:00:00', '01:00:00')] }],
      },
    ];
    const r = await post(withSchedule(schedule));
    expect(r.status).toBe(200);
    expect(r.body.schedule).toEqual(schedule);
  });

  it.each([
    ['month name', [entry({ months: ['Foo'] })], 'month_invalid', 'schedule[0].months[0]'],
    ['empty months', [entry({ months: [] })], 'months_missing', 'schedule[0].months'],
    [
      'day name',
      [entry({ days_and_hours: [{ days: ['Funday'], hours: [band('00:00:00', '00:00:00')] }] })],
      'day_invalid',
      'schedule[0].days_and_hours[0].days[0]',
    ],
    ['date 0', [entry({ dates: [0] })], 'date_invalid', 'schedule[0].dates[0]'],
    ['date 32', [entry({ dates: [1, 32] })], 'date_invalid', 'schedule[0].dates[1]'],
    ['date 1.5', [entry({ dates: [1.5] })], 'date_invalid', 'schedule[0].dates[0]'],
    [
      'valid_from',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('7:00', '00:00:00')] }] })],
      'valid_from_invalid',
      'hours[0].valid_from',
    ],
    [
      'valid_to 24:00',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '24:00:00')] }] })],
      'valid_to_invalid',
      'hours[0].valid_to',
    ],
    [
      'empty band',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('07:00:00', '07:00:00')] }] })],
      'valid_to_invalid',
      'hours[0].valid_to',
    ],
    [
      'overlap',
      [
        entry({
          days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '12:00:00'), band('11:00:00', '13:00:00')] }],
        }),
      ],
      'hours_overlap',
      'hours[1]',
    ],
    [
      'overlap by wrap',
      [
        entry({
          days_and_hours: [{ days: ['All'], hours: [band('22:00:00', '06:00:00'), band('05:00:00', '08:00:00')] }],
        }),
      ],
      'hours_overlap',
      'hours[1]',
    ],
    [
      'surcharge 5',
      [
        entry({
          days_and_hours: [
            { days: ['All'], hours: [band('00:00:00', '00:00:00', [{ fixed: 0.3, surcharge_percentage: 5 }])] },
          ],
        }),
      ],
      'surcharge_percentage_invalid',
      'rate[0].surcharge_percentage',
    ],
    [
      'no rate',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', [])] }] })],
      'rate_missing',
      'hours[0].rate',
    ],
    [
      'fixed missing',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', [{ surcharge_fixed: 1 }])] }] })],
      'fixed_missing',
      'rate[0].fixed',
    ],
    [
      'tiers falling',
      [
        entry({
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                band('00:00:00', '00:00:00', [
                  { fixed: 1, to_kwh: 100 },
                  { fixed: 2, to_kwh: 50 },
                ]),
              ],
            },
          ],
        }),
      ],
      'to_kwh_invalid',
      'rate[0].to_kwh',
    ],
    [
      'no days_and_hours',
      [{ months: ['All'], days_and_hours: [] }],
      'days_and_hours_missing',
      'schedule[0].days_and_hours',
    ],
    [
      'rate field unknown',
      [entry({ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', [{ fixed: 1, cost: 2 }])] }] })],
      'parameter_unknown',
      'rate[0].cost',
    ],
  ])('rejects a bad %s with its own code naming the path', async (_n, schedule, code, path) => {
    const r = await post(withSchedule(schedule));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect(r.body.message).toContain(path);
    expect(r.body.context).toBe('tariffs.create');
  });

  it('accepts market-rate tiers without fixed, adjacent and wrapping bands', async () => {
    const schedule = [
      entry({
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              band('22:00:00', '06:00:00', [
                { surcharge_fixed: 0.02, surcharge_percentage: 0.05, to_kwh: 100 },
                { surcharge_fixed: 0.03 },
              ]),
              band('06:00:00', '22:00:00', [{ surcharge_fixed: 0.01 }]),
            ],
          },
        ],
      }),
    ];
    const r = await post(withSchedule(schedule, { market_rates: true }));
    expect(r.status).toBe(200);
    expect(r.body.market_rates).toBe(true);
  });

  it('rejects a contract that ends before it starts', async () => {
    const r = await post(tariffBody(loc, { contract_start_date: '2026-05-01', contract_end_date: '2026-04-01' }));
    expect(r.body.code).toBe('contract_end_date_invalid');
  });

  it('rejects overlapping COMMODITY tariffs of one direction; NON_COMMODITY stacks', async () => {
    const first = await post(tariffBody(loc));
    expect(first.status).toBe(200);
    const again = await post(tariffBody(loc, { contract_start_date: '2026-12-31' }));
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('commodity_overlap');
    // The other tariff is named as people know it, with its id and contract window.
    expect(again.body.message).toContain(
      `tariff ‘Day and night’ (${first.body.id}), contracted 2026-01-01 → 2027-01-01, which overlaps`,
    );
    expect(
      (await post(tariffBody(loc, { contract_start_date: '2027-01-01', contract_end_date: '2028-01-01' }))).status,
    ).toBe(200);
    expect((await post(tariffBody(loc, { direction: 'EXPORT' }))).status).toBe(200);
    expect((await post(tariffBody(loc, { type: 'NON_COMMODITY' }))).status).toBe(200);
    expect((await post(tariffBody(loc, { type: 'NON_COMMODITY' }))).status).toBe(200);
  });

  it('filters by direction and type', async () => {
    const a = (await post(tariffBody(loc))).body;
    const b = (await post(tariffBody(loc, { direction: 'EXPORT' }))).body;
    const c = (await post(tariffBody(loc, { type: 'NON_COMMODITY' }))).body;
    const ids = async (q: string) =>
      (await h.call({ method: 'GET', url: `/tariffs?location_id=${loc}${q}`, headers: h.test })).body.data.map(
        (t: { id: string }) => t.id,
      );
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('&tariff_direction=EXPORT')).toEqual([b.id]);
    expect(await ids('&tariff_direction=IMPORT')).toEqual([c.id, a.id]);
    expect(await ids('&type=NON_COMMODITY')).toEqual([c.id]);
    expect(await ids('&type=COMMODITY&tariff_direction=IMPORT')).toEqual([a.id]);
  });

  it('pages newest first in both directions', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await post(tariffBody(loc, { type: 'NON_COMMODITY', display_name: `n${i}` }))).body.id);
    const newest = [...made].reverse();
    const page = async (q: string) =>
      (await h.call({ method: 'GET', url: `/tariffs?location_id=${loc}&limit=3${q}`, headers: h.test })).body;
    const p1 = await page('');
    expect(p1.data.map((t: any) => t.id)).toEqual(newest.slice(0, 3));
    expect(p1.has_more).toBe(true);
    const p2 = await page(`&starting_after=${newest[2]}`);
    expect(p2.data.map((t: any) => t.id)).toEqual(newest.slice(3, 6));
    expect(p2.has_more).toBe(true);
    const p3 = await page(`&starting_after=${newest[5]}`);
    expect(p3.data.map((t: any) => t.id)).toEqual(newest.slice(6));
    expect(p3.has_more).toBe(false);
    const back = await page(`&ending_before=${newest[6]}`);
    expect(back.data.map((t: any) => t.id)).toEqual(newest.slice(3, 6));
    expect(back.has_more).toBe(true);
    const back2 = await page(`&ending_before=${newest[3]}`);
    expect(back2.data.map((t: any) => t.id)).toEqual(newest.slice(0, 3));
    expect(back2.has_more).toBe(false);
    const bad = await page(`&starting_after=trf_unknown`);
    expect(bad.code).toBe('starting_after_invalid');
    expect((await page(`&starting_after=${newest[0]}&ending_before=${newest[1]}`)).code).toBe('paging_conflict');
    expect((await page('&limit=101')).code).toBe('limit_invalid');
  });

  it('patches (null removes an optional field) and re-validates the result', async () => {
    const t = (await post(tariffBody(loc))).body;
    const p = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: { display_name: 'Renamed', contract_end_date: '2026-12-01T00:00:00Z' },
    });
    expect(p.status).toBe(200);
    expect(p.body).toEqual({ ...t, display_name: 'Renamed', contract_end_date: '2026-12-01T00:00:00Z' });
    const removed = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: { display_name: null },
    });
    expect(removed.body.display_name).toBeUndefined();
    const bad = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: {
        schedule: [
          entry({
            days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', [{ surcharge_fixed: 1 }])] }],
          }),
        ],
      },
    });
    expect(bad.body.code).toBe('fixed_missing');
    const ro = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: { is_linked: true },
    });
    expect(ro.body.code).toBe('parameter_unknown');
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body).toEqual(removed.body);
  });

  it('deletes', async () => {
    const t = (await post(tariffBody(loc))).body;
    expect((await h.call({ method: 'DELETE', url: `/tariffs/${t.id}`, headers: h.test })).body).toEqual(t);
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body.code).toBe(
      'tariff_not_found',
    );
    expect((await h.call({ method: 'DELETE', url: `/tariffs/${t.id}`, headers: h.test })).status).toBe(404);
  });

  it('isolates accounts and modes', async () => {
    const t = (await post(tariffBody(loc))).body;
    const other = h.svc.accounts.create('Other');
    for (const headers of [h.live, await h.login(other.account_id, other.live_key)]) {
      expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers })).status).toBe(404);
      expect(
        (await h.call({ method: 'PATCH', url: `/tariffs/${t.id}`, headers, payload: { display_name: 'x' } })).status,
      ).toBe(404);
      expect((await h.call({ method: 'DELETE', url: `/tariffs/${t.id}`, headers })).status).toBe(404);
      expect((await h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers })).body.code).toBe(
        'location_not_found',
      );
    }
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body).toEqual(t);
  });

  it('requires location_id on the list and knows the provider', async () => {
    expect((await h.call({ method: 'GET', url: '/tariffs', headers: h.test })).body.code).toBe('location_id_missing');
    expect((await post(tariffBody(loc, { provider_id: 'prv_nothere' }))).body.code).toBe('provider_not_found');
    const ok = await post(tariffBody(loc, { provider_id: 'prv_nordlichtenergie' }));
    expect(ok.body.provider_id).toBe('prv_nordlichtenergie');
  });
});

describe('providers', () => {
  it('lists and searches the library', async () => {
    const all = await h.call({ method: 'GET', url: '/providers', headers: h.test });
    expect(all.body.object).toBe('list');
    expect(all.body.data.length).toBeGreaterThan(4);
    const de = await h.call({ method: 'GET', url: '/providers?country_code=DE', headers: h.test });
    expect(de.body.data.every((p: any) => p.country_codes.includes('DE'))).toBe(true);
    const s = await h.call({ method: 'GET', url: '/providers?search=octopus', headers: h.test });
    expect(s.body.data.map((p: any) => p.display_name)).toEqual(['Octopus Energy']);
    const one = await h.call({ method: 'GET', url: `/providers/${s.body.data[0].id}`, headers: h.live });
    expect(one.body).toMatchObject({ object: 'provider', live_mode: true, display_name: 'Octopus Energy' });
    const p1 = await h.call({ method: 'GET', url: '/providers?limit=2', headers: h.test });
    const p2 = await h.call({
      method: 'GET',
      url: `/providers?limit=2&starting_after=${p1.body.data[1].id}`,
      headers: h.test,
    });
    const back = await h.call({
      method: 'GET',
      url: `/providers?limit=2&ending_before=${p2.body.data[0].id}`,
      headers: h.test,
    });
    expect(back.body.data).toEqual(p1.body.data);
    expect(back.body.has_more).toBe(false);
    expect(all.body.data.slice(2, 4)).toEqual(p2.body.data);
  });
});
