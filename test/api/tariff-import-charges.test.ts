import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { urdbText } from '../urdb-documents.js';
import { harness, snapshot, type Harness } from '../helpers.js';

/**
 * POST /tariffs/import keeps a rate's charges (docs/import.md): a commercial time-of-use demand
 * rate as the IMPORT tariff with its fixed, minimum and demand charges, dry run and stored; the
 * same document as the EXPORT tariff of its sell rates, priced by POST /prices; a document
 * without sell rates and malformed charge fields refused by field with nothing stored.
 */

type Doc = Record<string, any>;
const doc = (name: string): Doc => JSON.parse(urdbText(name));
const ZONE = 'America/Los_Angeles';
const CONTRACT = { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' };

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (
    await h.location(h.test, {
      address_line1: '1 Capitol Mall',
      city: 'Sacramento',
      post_code: '95814',
      state: 'CA',
      country_code: 'US',
    })
  ).id;
});
afterEach(() => h.close());

const importRate = (rate: unknown, extra: object = {}, dryRun = true) =>
  h.call({
    method: 'POST',
    url: `/tariffs/import${dryRun ? '?dry_run=true' : ''}`,
    headers: h.test,
    payload: { location_id: loc, format: 'urdb', rate, ...extra } as object,
  });

const WINTER = ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December'];
const SUMMER = ['June', 'July', 'August', 'September'];
const dband = (valid_from: string, valid_to: string, period: string) => ({ valid_from, valid_to, period });

describe('a commercial time-of-use demand rate', () => {
  it('dry run: the fixed charge per day, the annual minimum, flat and time-of-use demand with kW blocks', async () => {
    const before = snapshot(h.svc);
    const r = await importRate(doc('tou-demand-commercial'));
    expect(r.status).toBe(200);
    expect(snapshot(h.svc)).toBe(before);
    expect(r.body.tariff.charges).toEqual({
      fixed: [{ amount: 4.93, per: 'DAY', name: 'Fixed charge' }],
      minimum: { amount: 1800, per: 'YEAR' },
      demand: {
        flat: [
          { months: WINTER, rate: [{ fixed: 10.9, to_kw: 100 }, { fixed: 9.75 }] },
          { months: SUMMER, rate: [{ fixed: 12.4 }] },
        ],
        periods: [
          { name: 'Period 0', rate: [{ fixed: 0 }] },
          { name: 'Period 1', rate: [{ fixed: 20.27, to_kw: 50 }, { fixed: 18.02 }] },
          { name: 'Period 2', rate: [{ fixed: 4.61 }] },
          { name: 'Period 3', rate: [{ fixed: 9.05 }] },
          { name: 'Period 4', rate: [{ fixed: 1.97 }] },
        ],
        schedule: [
          {
            months: WINTER,
            days_and_hours: [
              {
                days: ['Weekday'],
                hours: [
                  dband('00:00:00', '08:00:00', 'Period 0'),
                  dband('08:00:00', '17:00:00', 'Period 4'),
                  dband('17:00:00', '20:00:00', 'Period 3'),
                  dband('20:00:00', '00:00:00', 'Period 0'),
                ],
              },
              { days: ['Weekend'], hours: [dband('00:00:00', '00:00:00', 'Period 0')] },
            ],
          },
          {
            months: SUMMER,
            days_and_hours: [
              {
                days: ['Weekday'],
                hours: [
                  dband('00:00:00', '08:00:00', 'Period 0'),
                  dband('08:00:00', '12:00:00', 'Period 2'),
                  dband('12:00:00', '18:00:00', 'Period 1'),
                  dband('18:00:00', '23:00:00', 'Period 2'),
                  dband('23:00:00', '00:00:00', 'Period 0'),
                ],
              },
              { days: ['Weekend'], hours: [dband('00:00:00', '00:00:00', 'Period 0')] },
            ],
          },
        ],
      },
    });
    // What is left: the open contract, the sell rates (the EXPORT tariff's), the demand window, net billing.
    expect(r.body.warnings.map((w: { field: string }) => w.field)).toEqual([
      'enddate',
      ...[0, 1, 2, 3, 4, 5].map((p) => `energyratestructure[${p}][0].sell`),
      'demandwindow',
      'dgrules',
    ]);
  });

  it('stored: GET answers the charges the dry run showed', async () => {
    const dry = await importRate(doc('tou-demand-commercial'), CONTRACT);
    const r = await importRate(doc('tou-demand-commercial'), CONTRACT, false);
    expect(r.status).toBe(201);
    expect(r.body.tariff.charges).toEqual(dry.body.tariff.charges);
    const got = await h.call({ method: 'GET', url: `/tariffs/${r.body.tariff.id}`, headers: h.test });
    expect(got.body).toEqual(r.body.tariff);
  });
});

describe('"direction": "EXPORT" makes the export tariff from the sell rates', () => {
  it('dry run and stored beside the IMPORT tariff; POST /prices for EXPORT gives the sell rate of each season', async () => {
    const dry = await importRate(doc('tou-demand-commercial'), { ...CONTRACT, direction: 'EXPORT' });
    expect(dry.status).toBe(200);
    expect(dry.body.tariff).toMatchObject({ direction: 'EXPORT', type: 'COMMODITY' });
    expect(dry.body.tariff).not.toHaveProperty('charges');
    expect((await importRate(doc('tou-demand-commercial'), CONTRACT, false)).status).toBe(201);
    const stored = await importRate(doc('tou-demand-commercial'), { ...CONTRACT, direction: 'EXPORT' }, false);
    expect(stored.status).toBe(201);
    expect(stored.body.tariff.schedule).toEqual(dry.body.tariff.schedule);
    for (const [day, price] of [
      ['2026-02-10', 0.0387],
      ['2026-07-14', 0.0412],
    ] as const) {
      const from = DateTime.fromISO(day, { zone: ZONE });
      const p = await h.call({
        method: 'POST',
        url: `/prices/${loc}`,
        headers: h.test,
        payload: { start_time: from.toISO(), end_time: from.plus({ days: 1 }).toISO(), tariff_direction: 'EXPORT' },
      });
      expect(p.status).toBe(200);
      expect([...new Set(p.body.data.map((e: any) => e.price.value))], day).toEqual([price]);
    }
  });

  it('a document without sell rates is 400 sell_missing naming the field; nothing stored', async () => {
    const before = snapshot(h.svc);
    for (const dryRun of [true, false]) {
      const r = await importRate(doc('tou-seasonal'), { direction: 'EXPORT' }, dryRun);
      expect([r.status, r.body.code]).toEqual([400, 'sell_missing']);
      expect(r.body.message).toContain('rate.energyratestructure[0][0].sell: missing');
    }
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('malformed charge fields: 400 naming the field, nothing stored', () => {
  const tou = () => doc('tou-demand-commercial');
  const cases: [string, () => Doc, number, string, string][] = [
    [
      'a demand structure without its weekday schedule',
      () => ({ ...tou(), demandweekdayschedule: undefined }),
      400,
      'demandweekdayschedule_missing',
      'rate.demandweekdayschedule',
    ],
    [
      'a demand hour naming no period',
      () => {
        const d = tou();
        d.demandweekendschedule[2][5] = 7;
        return d;
      },
      400,
      'demandweekendschedule_invalid',
      'rate.demandweekendschedule[2][5]: period 7 has no entry in demandratestructure',
    ],
    [
      'a negative demand rate',
      () => {
        const d = tou();
        d.demandratestructure[1][0].rate = -2;
        return d;
      },
      400,
      'rate_invalid',
      'rate.demandratestructure[1][0].rate',
    ],
    [
      'demand bounds that fall',
      () => {
        const d = tou();
        d.demandratestructure[1] = [{ max: 50, rate: 10 }, { max: 40, rate: 9 }, { rate: 8 }];
        return d;
      },
      400,
      'max_invalid',
      'rate.demandratestructure[1][1].max',
    ],
    [
      'flatdemandmonths of 11 months',
      () => ({ ...tou(), flatdemandmonths: tou().flatdemandmonths.slice(1) }),
      400,
      'flatdemandmonths_invalid',
      'rate.flatdemandmonths',
    ],
    [
      'a flat demand month naming no period',
      () => {
        const d = tou();
        d.flatdemandmonths[3] = 2;
        return d;
      },
      400,
      'flatdemandmonths_invalid',
      'rate.flatdemandmonths[3]',
    ],
    [
      'two flat periods without flatdemandmonths',
      () => ({ ...tou(), flatdemandmonths: undefined }),
      400,
      'flatdemandmonths_missing',
      'rate.flatdemandmonths',
    ],
    [
      'a fixed charge as text',
      () => ({ ...tou(), fixedchargefirstmeter: '4.93' }),
      400,
      'fixedchargefirstmeter_invalid',
      'rate.fixedchargefirstmeter',
    ],
    ['a negative minimum', () => ({ ...tou(), mincharge: -5 }), 400, 'mincharge_invalid', 'rate.mincharge'],
    [
      'eleven demand tiers',
      () => {
        const d = tou();
        d.demandratestructure[1] = Array.from({ length: 11 }, (_, i) => ({ max: 10 * (i + 1), rate: 20 - i }));
        return d;
      },
      422,
      'urdb_tiers_unsupported',
      'rate.demandratestructure[1]: 11 tiers',
    ],
  ];

  it.each(cases)('%s', async (_what, make, status, code, message) => {
    const before = snapshot(h.svc);
    for (const dryRun of [true, false]) {
      const r = await importRate(make(), {}, dryRun);
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([status, code]);
      expect(r.body.message).toContain(message);
    }
    expect(snapshot(h.svc)).toBe(before);
  });
});
