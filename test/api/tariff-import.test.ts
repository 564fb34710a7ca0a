import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMAND_FIELDS, urdbText } from '../urdb-documents.js';
import { DateTime } from 'luxon';
import { harness, snapshot, type Harness } from '../helpers.js';
import { urdbRateOf } from '../../core/engine/schemas/urdb.js';

/**
 * POST /tariffs/import with URDB rates (docs/import.md): each shape of document as the tariff it
 * becomes, the warnings naming what a tariff cannot hold, bad documents refused by field with
 * nothing stored, a dry run storing nothing, and the imported tariffs priced by POST /prices
 * hour by hour exactly as the documents' matrices say.
 */

type Doc = Record<string, any>;
const doc = (name: string): Doc => JSON.parse(urdbText(name));

const SACRAMENTO = {
  address_line1: '1 Capitol Mall',
  city: 'Sacramento',
  post_code: '95814',
  state: 'CA',
  country_code: 'US',
};
const ZONE = 'America/Los_Angeles';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  const l = await h.location(h.test, SACRAMENTO);
  expect([l.timezone, l.currency_code]).toEqual([ZONE, 'USD']);
  loc = l.id;
});
afterEach(() => h.close());

const importRate = (rate: unknown, extra: object = {}, dryRun = true, headers = h.test) =>
  h.call({
    method: 'POST',
    url: `/tariffs/import${dryRun ? '?dry_run=true' : ''}`,
    headers,
    payload: { location_id: loc, format: 'urdb', rate, ...extra } as object,
  });

const band = (valid_from: string, valid_to: string, ...rate: object[]) => ({ valid_from, valid_to, rate });
const fields = (warnings: { field: string }[]) => warnings.map((w) => w.field).sort();

describe('each shape of URDB document as a tariff', () => {
  it('a flat rate is one simple entry, its fixed charge a warning with its value', async () => {
    const r = await importRate(doc('flat'));
    expect(r.status).toBe(200);
    expect(r.body.object).toBe('tariff_import');
    expect(r.body.tariff).toEqual({
      location_id: loc,
      type: 'COMMODITY',
      display_name: 'Sierra Valley Electric Co – Residential Service (R-1)',
      market_rates: false,
      contract_start_date: '2024-01-01',
      // No enddate: a year on from today at the location (later than a year on from the start).
      contract_end_date: '2027-03-01',
      schedule: [
        {
          months: ['All'],
          days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', { fixed: 0.1564 })] }],
        },
      ],
      // Where it came from, kept when it is saved (tariff-import-origin.test.ts).
      imported_from: expect.objectContaining({ format: 'urdb', label: '65a1f0c2e5d1b8a3c4f70001' }),
    });
    expect(r.body.warnings).toEqual([
      expect.objectContaining({ code: 'contract_end_date_defaulted', field: 'enddate' }),
      {
        code: 'not_imported',
        field: 'fixedchargefirstmeter',
        value: 12.5,
        message: expect.stringContaining('12.5 $/month'),
      },
    ]);
  });

  it('seasonal time of use: one entry per season, weekday and weekend rows, adjacent hours one band', async () => {
    const r = await importRate(doc('tou-seasonal'));
    expect(r.status).toBe(200);
    expect(r.body.tariff.contract_start_date).toBe('2024-01-01');
    expect(r.body.tariff.contract_end_date).toBe('2026-01-01');
    expect(r.body.tariff.schedule).toEqual([
      {
        months: ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December'],
        days_and_hours: [
          {
            days: ['Weekday'],
            hours: [
              band('00:00:00', '16:00:00', { fixed: 0.2827 }),
              band('16:00:00', '21:00:00', { fixed: 0.3356 }),
              band('21:00:00', '00:00:00', { fixed: 0.2827 }),
            ],
          },
          { days: ['Weekend'], hours: [band('00:00:00', '00:00:00', { fixed: 0.2827 })] },
        ],
      },
      {
        months: ['June', 'July', 'August', 'September'],
        days_and_hours: [
          {
            days: ['Weekday'],
            hours: [
              band('00:00:00', '16:00:00', { fixed: 0.2993 }),
              band('16:00:00', '21:00:00', { fixed: 0.5399 }),
              band('21:00:00', '00:00:00', { fixed: 0.2993 }),
            ],
          },
          { days: ['Weekend'], hours: [band('00:00:00', '00:00:00', { fixed: 0.2993 })] },
        ],
      },
    ]);
    expect(r.body.warnings).toEqual([
      // The document's rate ended before the service's today: saved as it is, it prices nothing now.
      {
        code: 'contract_ended',
        field: 'enddate',
        value: '2026-01-01',
        message: expect.stringContaining('tariff.expired is sent at once'),
      },
      { code: 'not_imported', field: 'fixedchargefirstmeter', value: 0.39, message: expect.stringContaining('$/day') },
    ]);
  });

  it('tiers: bounds are the cumulative kWh of the month; the last keeps no bound, said in a warning', async () => {
    const r = await importRate(doc('tiered'));
    expect(r.status).toBe(200);
    expect(r.body.tariff.schedule[0].days_and_hours[0].hours).toEqual([
      band('00:00:00', '00:00:00', { fixed: 0.1049, to_kwh: 500 }, { fixed: 0.1302, to_kwh: 1000 }, { fixed: 0.1548 }),
    ]);
    expect(fields(r.body.warnings)).toEqual(['enddate', 'energyratestructure[0][2].max', 'fixedchargefirstmeter']);
  });

  it('kWh daily: max × the days of each month, one entry per month length, February as 28 days', async () => {
    const r = await importRate(doc('daily-baseline'));
    expect(r.status).toBe(200);
    const entries = r.body.tariff.schedule.map((e: any) => [
      e.months,
      e.days_and_hours.map((d: any) => d.days),
      e.days_and_hours[0].hours[0].rate,
    ]);
    const winter = (to_kwh: number) => [{ fixed: 0.3128, to_kwh }, { fixed: 0.3931 }];
    const summer = (to_kwh: number) => [{ fixed: 0.3143, to_kwh }, { fixed: 0.3946 }];
    expect(entries).toEqual([
      [['January', 'March', 'May', 'October', 'December'], [['All']], winter(322.4)],
      [['February'], [['All']], winter(291.2)],
      [['April', 'November'], [['All']], winter(312)],
      [['June', 'September'], [['All']], summer(411)],
      [['July', 'August'], [['All']], summer(424.7)],
    ]);
    const daily = r.body.warnings.find((w: any) => w.code === 'daily_tiers');
    expect(daily).toMatchObject({ field: 'energyratestructure[0][0].unit', value: 'kWh daily' });
    expect(daily.message).toContain('February is taken as 28 days');
    expect(fields(r.body.warnings)).toEqual(['enddate', 'energyratestructure[0][0].unit', 'mincharge']);
    expect(r.body.warnings.find((w: any) => w.field === 'mincharge')).toMatchObject({ value: 0.34 });
  });

  it('demand charges, fixed and minimum charges, ratchets, net metering and sell rates: one warning each, by field', async () => {
    const d = doc('demand-commercial');
    const r = await importRate(d);
    expect(r.status).toBe(200);
    expect(fields(r.body.warnings)).toEqual([...DEMAND_FIELDS, 'enddate'].sort());
    // Every charge the tariff cannot hold is named; the one other warning says the rate has ended.
    for (const w of r.body.warnings.filter((x: { code: string }) => x.code !== 'contract_ended')) {
      expect(w.code).toBe('not_imported');
      const field = w.field.includes('.sell') ? null : w.field;
      if (field) expect(w.value).toEqual(d[field]);
    }
    const demand = r.body.warnings.find((w: any) => w.field === 'demandratestructure');
    expect(demand.message).toContain('2 periods in kW');
    expect(r.body.warnings.find((w: any) => w.field === 'mincharge').message).toContain('120 $/month');
    // The energy rates themselves are imported: 12:00–18:00 on weekdays, the rest off-peak.
    expect(r.body.tariff.schedule).toEqual([
      {
        months: ['All'],
        days_and_hours: [
          {
            days: ['Weekday'],
            hours: [
              band('00:00:00', '12:00:00', { fixed: 0.0952 }),
              band('12:00:00', '18:00:00', { fixed: 0.1573 }),
              band('18:00:00', '00:00:00', { fixed: 0.0952 }),
            ],
          },
          { days: ['Weekend'], hours: [band('00:00:00', '00:00:00', { fixed: 0.0952 })] },
        ],
      },
    ]);
  });

  it('a location in another currency is warned that URDB prices are US dollars', async () => {
    loc = (await h.location()).id; // Berlin, EUR
    const r = await importRate(doc('flat'));
    expect(r.status).toBe(200);
    expect(r.body.warnings).toContainEqual(
      expect.objectContaining({ code: 'currency_differs', field: 'currency', value: 'EUR' }),
    );
  });

  it('the request chooses the name, kind, direction and contract dates over the document', async () => {
    const r = await importRate(doc('tou-seasonal'), {
      display_name: 'My TOU',
      type: 'NON_COMMODITY',
      direction: 'IMPORT',
      contract_start_date: '2026-02-01',
      contract_end_date: '2026-08-01T00:00:00-07:00',
    });
    expect(r.status).toBe(200);
    expect(r.body.tariff).toMatchObject({
      display_name: 'My TOU',
      type: 'NON_COMMODITY',
      direction: 'IMPORT',
      contract_start_date: '2026-02-01',
      contract_end_date: '2026-08-01T00:00:00-07:00',
    });
  });

  it('fields the import does not read are taken as they come (real documents carry many)', async () => {
    const r = await importRate({ ...doc('flat'), somethingnew: { nested: [1, 2] }, revisions: 'x' });
    expect(r.status).toBe(200);
  });

  it('the URDB API answer {items: [...]} gives its one rate, or the one chosen by label', () => {
    const tou = doc('tou-seasonal');
    expect(urdbRateOf({ items: [tou] })).toEqual({ rate: tou });
    expect(urdbRateOf(tou)).toEqual({ rate: tou });
    const two = { items: [tou, doc('flat')] };
    expect(urdbRateOf(two)).toMatchObject({ problem: expect.stringContaining('2 rates') });
    expect(urdbRateOf(two, doc('flat').label)).toEqual({ rate: doc('flat') });
    expect(urdbRateOf([tou])).toMatchObject({ problem: expect.any(String) });
  });
});

describe('storing', () => {
  it('a dry run stores nothing; without it the same tariff is stored through POST /tariffs’ path, with its event', async () => {
    const before = snapshot(h.svc);
    const dry = await importRate(doc('tou-seasonal'), { contract_start_date: '2025-06-01' });
    expect(dry.status).toBe(200);
    expect(snapshot(h.svc)).toBe(before);

    const r = await importRate(doc('tou-seasonal'), { contract_start_date: '2025-06-01' }, false);
    expect(r.status).toBe(201);
    const t = r.body.tariff;
    expect(t).toMatchObject({ id: expect.stringMatching(/^trf_/), object: 'tariff', connection_type: 'MANUAL' });
    expect(r.body.warnings).toEqual(dry.body.warnings);
    // What a dry run answers is what is stored (dates as the service stores them).
    expect(t.schedule).toEqual(dry.body.tariff.schedule);
    expect(t.display_name).toBe(dry.body.tariff.display_name);
    expect([t.contract_start_date, t.contract_end_date]).toEqual([
      '2025-06-01T00:00:00-07:00',
      '2026-01-01T00:00:00-08:00',
    ]);
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body).toEqual(t);
    const events = (await h.call({ method: 'GET', url: '/events', headers: h.test })).body.data;
    expect(events.filter((e: any) => e.type === 'tariff.created').map((e: any) => e.data.id)).toEqual([t.id]);
  });

  it('live mode imports into the live world', async () => {
    const live = (await h.location(h.live, SACRAMENTO)).id;
    const r = await h.call({
      method: 'POST',
      url: '/tariffs/import',
      headers: h.live,
      payload: { location_id: live, format: 'urdb', rate: doc('flat') },
    });
    expect(r.status).toBe(201);
    expect(r.body.tariff.live_mode).toBe(true);
    // A test-mode bearer does not see it, nor its location.
    expect((await importRate(doc('flat'), { location_id: live })).status).toBe(404);
  });

  it('a second supply contract over the same dates is refused on save (as POST /tariffs refuses it), not on a dry run', async () => {
    expect((await importRate(doc('flat'), {}, false)).status).toBe(201);
    const before = snapshot(h.svc);
    const again = await importRate(doc('flat'), {}, false);
    expect([again.status, again.body.code]).toEqual([422, 'commodity_overlap']);
    expect(snapshot(h.svc)).toBe(before);
    expect((await importRate(doc('flat'))).status).toBe(200);
  });
});

describe('bad documents: 400 naming the field, nothing stored', () => {
  const tou = () => doc('tou-seasonal');
  const cases: [string, () => unknown, number, string, string][] = [
    ['not an object', () => [tou()], 400, 'rate_invalid', 'rate'],
    ['a string', () => 'E-TOU-C', 400, 'rate_invalid', 'rate'],
    [
      'no energy structure',
      () => ({ ...tou(), energyratestructure: undefined }),
      400,
      'energyratestructure_missing',
      'rate.energyratestructure',
    ],
    [
      'a weekday matrix of 11 months',
      () => ({ ...tou(), energyweekdayschedule: tou().energyweekdayschedule.slice(1) }),
      400,
      'energyweekdayschedule_invalid',
      'rate.energyweekdayschedule: must hold 12 months',
    ],
    [
      'a weekend row of 23 hours',
      () => {
        const d = tou();
        d.energyweekendschedule[3] = d.energyweekendschedule[3].slice(1);
        return d;
      },
      400,
      'energyweekendschedule_invalid',
      'rate.energyweekendschedule[3]: must hold 24 hours',
    ],
    [
      'a period index with no structure',
      () => {
        const d = tou();
        d.energyweekdayschedule[6][17] = 4;
        return d;
      },
      400,
      'energyweekdayschedule_invalid',
      'rate.energyweekdayschedule[6][17]: period 4 has no entry',
    ],
    [
      'a negative rate',
      () => {
        const d = tou();
        d.energyratestructure[2][0].rate = -0.3;
        return d;
      },
      400,
      'rate_invalid',
      'rate.energyratestructure[2][0].rate: must not be negative',
    ],
    [
      'a rate as text',
      () => {
        const d = tou();
        d.energyratestructure[1][0].rate = '0.33';
        return d;
      },
      400,
      'rate_invalid',
      'rate.energyratestructure[1][0].rate',
    ],
    [
      'a tier without a rate',
      () => {
        const d = tou();
        delete d.energyratestructure[0][0].rate;
        return d;
      },
      400,
      'rate_missing',
      'rate.energyratestructure[0][0].rate',
    ],
    [
      'a middle tier without max',
      () => {
        const d = doc('tiered');
        delete d.energyratestructure[0][1].max;
        return d;
      },
      400,
      'max_missing',
      'rate.energyratestructure[0][1].max',
    ],
    [
      'bounds that fall',
      () => {
        const d = doc('tiered');
        d.energyratestructure[0][1].max = 400;
        return d;
      },
      400,
      'max_invalid',
      'rate.energyratestructure[0][1].max',
    ],
    [
      'a demand-scaled unit',
      () => {
        const d = doc('tiered');
        d.energyratestructure[0][1].unit = 'kWh/kW';
        return d;
      },
      422,
      'urdb_unit_unsupported',
      'rate.energyratestructure[0][1].unit: "kWh/kW"',
    ],
    [
      'eleven tiers',
      () => {
        const d = doc('flat');
        d.energyratestructure[0] = Array.from({ length: 11 }, (_, i) => ({ max: 100 * (i + 1), rate: 0.1 + i / 100 }));
        return d;
      },
      422,
      'urdb_tiers_unsupported',
      'rate.energyratestructure[0]: 11 tiers',
    ],
    ['an end before the start', () => ({ ...tou(), enddate: 1704000000 }), 400, 'enddate_invalid', 'rate.enddate'],
    [
      'a start in milliseconds',
      () => ({ ...tou(), startdate: 1704067200000 }),
      400,
      'startdate_invalid',
      'rate.startdate',
    ],
  ];

  it.each(cases)('%s', async (_what, make, status, code, message) => {
    const before = snapshot(h.svc);
    for (const dryRun of [true, false]) {
      const r = await importRate(make(), {}, dryRun);
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([status, code]);
      expect(r.body.message).toContain(message);
      expect(r.body.context).toBe('tariffs.import');
    }
    expect(snapshot(h.svc)).toBe(before);
  });

  it.each([
    ['another format', { format: 'csv' }, 'format_invalid'],
    ['no location', { location_id: undefined }, 'location_id_missing'],
    ['an unknown request field', { schedule: [] }, 'parameter_unknown'],
    ['a bad contract date', { contract_start_date: '2026-13-01' }, 'contract_start_date_invalid'],
    [
      'an end before the given start',
      { contract_start_date: '2026-05-01', contract_end_date: '2026-04-01' },
      'contract_end_date_invalid',
    ],
  ])('the request: %s', async (_what, extra, code) => {
    const before = snapshot(h.svc);
    const r = await importRate(doc('flat'), extra, false);
    expect([r.status, r.body.code]).toEqual([400, code]);
    expect(snapshot(h.svc)).toBe(before);
  });

  it('an unknown location is 404', async () => {
    const r = await importRate(doc('flat'), { location_id: 'loc_nothere' });
    expect([r.status, r.body.code]).toEqual([404, 'location_not_found']);
  });
});

/** Each hour of a year priced by POST /prices, against the document's own matrices (first tier = the price). */
async function pricedAsTheMatrices(d: Doc) {
  const r = await importRate(d, { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' }, false);
  expect(r.status).toBe(201);
  const expected = (ms: number) => {
    const local = DateTime.fromMillis(ms, { zone: ZONE });
    const weekend = local.weekday >= 6;
    const p = (weekend ? d.energyweekendschedule : d.energyweekdayschedule)[local.month - 1][local.hour];
    const tier = d.energyratestructure[p][0];
    return {
      price: Math.round((tier.rate + (tier.adj ?? 0)) * 1e5) / 1e5,
      key: `${local.month}|${weekend}|${local.hour}`,
    };
  };
  const seen = new Set<string>();
  let hours = 0;
  let repeatedHour = 0;
  // Two local months a request (the window is at most 90 days).
  for (let m = 1; m <= 12; m += 2) {
    const from = DateTime.fromObject({ year: 2026, month: m, day: 1 }, { zone: ZONE });
    const to = from.plus({ months: 2 });
    const p = await h.call({
      method: 'POST',
      url: `/prices/${loc}`,
      headers: h.test,
      payload: { start_time: from.toISO(), end_time: to.toISO() },
    });
    expect(p.status).toBe(200);
    let at = from.toMillis();
    for (const e of p.body.data) {
      const a = DateTime.fromISO(e.valid_from, { setZone: true }).toMillis();
      const b = DateTime.fromISO(e.valid_to, { setZone: true }).toMillis();
      expect(a).toBe(at); // contiguous
      for (let t = a; t < b; t += 3_600_000) {
        const x = expected(t);
        if (e.price.value !== x.price)
          throw new Error(
            `${DateTime.fromMillis(t, { zone: ZONE }).toISO()}: priced ${e.price.value}, the document says ${x.price}`,
          );
        seen.add(x.key);
        hours++;
        if (
          DateTime.fromMillis(t, { zone: ZONE }).toISODate() === '2026-11-01' &&
          DateTime.fromMillis(t, { zone: ZONE }).hour === 1
        )
          repeatedHour++;
      }
      at = b;
    }
    expect(at).toBe(to.toMillis());
  }
  // Every month × weekday/weekend × hour, through both DST changes: 8 760 hours, 01:00 on 1 November twice.
  expect(seen.size).toBe(12 * 2 * 24);
  expect(hours).toBe(8760);
  expect(repeatedHour).toBe(2);
}

describe('the round trip: an imported tariff prices every hour as the document says', () => {
  it('seasonal time of use, weekdays and weekends, across both DST changes in Los Angeles', async () => {
    await pricedAsTheMatrices(doc('tou-seasonal'));
  });
  it('daily tiers by season (the first tier is the price)', async () => {
    await pricedAsTheMatrices(doc('daily-baseline'));
  });
  it('a commercial rate with its demand charges left out', async () => {
    await pricedAsTheMatrices(doc('demand-commercial'));
  });
});

describe('an imported tiered tariff costs by its tiers (POST /costs)', () => {
  /** Hourly usage of `kwh` each, over the local month starting `from`. */
  const month = (from: string, kwh: number) => {
    const start = DateTime.fromISO(from, { zone: ZONE });
    const end = start.plus({ months: 1 });
    const intervals = [];
    for (let t = start; t < end; t = t.plus({ hours: 1 }))
      intervals.push({ start_time: t.toUTC().toISO(), end_time: t.plus({ hours: 1 }).toUTC().toISO(), kwh });
    return {
      start_time: start.toISO(),
      end_time: end.toISO(),
      tariff_direction: 'IMPORT',
      group_by: 'none',
      usage: { intervals },
    };
  };
  const cost = async (body: object) => {
    const r = await h.call({ method: 'POST', url: `/costs/${loc}`, headers: h.test, payload: body });
    expect(r.status).toBe(200);
    return r.body;
  };

  it('monthly blocks: 1 080 kWh in April are 500 + 500 + 80 kWh at the three rates', async () => {
    expect(
      (await importRate(doc('tiered'), { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' }, false))
        .status,
    ).toBe(201);
    const c = await cost(month('2026-04-01', 1.5));
    expect(c.kwh).toBeCloseTo(1080, 6);
    expect(c.value).toBeCloseTo(500 * 0.1049 + 500 * 0.1302 + 80 * 0.1548, 5);
  });

  it('daily bounds are the month’s: 10.4 kWh a day is 291.2 kWh in February and 322.4 in March', async () => {
    expect(
      (
        await importRate(
          doc('daily-baseline'),
          { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' },
          false,
        )
      ).status,
    ).toBe(201);
    const feb = await cost(month('2026-02-01', 0.5)); // 12 kWh a day, 336 kWh
    expect(feb.value).toBeCloseTo(291.2 * 0.3128 + (336 - 291.2) * 0.3931, 5);
    const mar = await cost(month('2026-03-01', 0.5)); // 31 days but 743 hours (DST): 371.5 kWh
    expect(mar.kwh).toBeCloseTo(371.5, 6);
    expect(mar.value).toBeCloseTo(322.4 * 0.3128 + (371.5 - 322.4) * 0.3931, 5);
  });
});
