import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, type ConnectHarness } from '../connect/harness.js';
import { berlinAddress, snapshot } from '../helpers.js';
import { helperWorld, HELPER, marketPages, NOW, pagesAndHelper, prices } from './test-helper-world.js';

/*
 * POST /test_helpers/connect/complete for grid-fee (NON_COMMODITY) tokens (docs/connect.md, Test
 * helper): their pages open on the grid fees serving the address and choose no provider.
 */

const GRID = { tariff_type: 'NON_COMMODITY' };
/** The seeded grid fee serving Berlin 10115 (post-code prefix 1), and the country-wide one. */
const SERVING = 'grf_spreenetzberlin';
const COUNTRY_WIDE = 'grf_denetzallgemein';

const hours = [
  { valid_from: '00:00:00', valid_to: '06:00:00', cost: 0.05 },
  { valid_from: '06:00:00', valid_to: '00:00:00', cost: 0.08 },
];

/** One weekday's bands of a schedule's first group, as prices list them. */
const weekdayBands = (schedule: any) =>
  schedule[0].days_and_hours
    .find((d: any) => d.days.includes('Weekdays') || d.days.includes('All'))
    .hours.map((h: any) => [h.valid_from.slice(0, 5), h.valid_to.slice(0, 5), h.rate[0].fixed]);

describe('POST /test_helpers/connect/complete with a grid-fee token on a running host', () => {
  const world = helperWorld('grid-fee helper tests');
  const { complete, tariffsOf, pricesOf, webhook } = world;
  const token = (body: object) => world.token(body);
  const gridFee = async (id: string) => {
    const fee = (await world.api('GET', '/grid-fees')).body.data.find((g: any) => g.id === id);
    expect(fee, id).toBeTruthy();
    return fee;
  };

  /** A grid-fee token (of `tokenBody`) completed with `choice`, spent afterwards, its completion delivered. */
  async function gridCompleted(choice: object, tokenBody: object) {
    const t = await world.completed(choice, { ...GRID, ...tokenBody }, { tariff_id: SERVING });
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    await world.completionDelivered(t);
    return t;
  }

  it('a grid fee from GET /grid-fees: stored linked, NON_COMMODITY, with its prices; the event delivered', async () => {
    const fee = await gridFee(SERVING);
    const t = await gridCompleted({ tariff_id: fee.id }, { postal_address: berlinAddress });
    const [stored, ...more] = await tariffsOf(t.location_id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      id: t.tariff_id,
      type: 'NON_COMMODITY',
      direction: 'IMPORT',
      connection_type: 'LIBRARY',
      is_linked: true,
      status: 'CONNECTED',
      display_name: `${fee.grid_operator}: ${fee.display_name}`,
      contract_start_date: '2026-11-20T00:00:00+01:00', // local midnight in Berlin
      contract_end_date: null,
      schedule: fee.schedule,
    });
    expect(stored.provider_id ?? null).toBeNull();
    // The location's only tariff is the grid fee: its weekday bands (peak in the evening) are the day's prices.
    const day = prices(await pricesOf(t.location_id));
    expect(day).toHaveLength(3);
    expect(day).toEqual(weekdayBands(fee.schedule));
  });

  it("the status offer's grid fee on a supplied location: stacked onto the supply prices; DISCONNECT takes it off", async () => {
    const supply = await token({ postal_address: berlinAddress });
    const first = await complete({
      connect_token: supply,
      provider_id: 'prv_nordlichtenergie',
      tariff_id: 'ltf_nordlichtfix',
    });
    expect(first.status).toBe(200);
    const loc = first.body.location_id as string;
    const before = prices(await pricesOf(loc));
    const offer = (await world.api('GET', `/locations/${loc}/status`)).body.tariff_status.non_commodity_import.offer;
    expect(offer).toMatchObject({ grid_fee_id: SERVING });

    const t = await gridCompleted({ tariff_id: offer.grid_fee_id }, { location_id: loc });
    expect(t.location_id).toBe(loc);
    const status = (await world.api('GET', `/locations/${loc}/status`)).body.tariff_status;
    expect(status.non_commodity_import.offer).toBeUndefined();
    expect(status.non_commodity_import).toMatchObject({ status: 'CONNECTED' });
    expect((await tariffsOf(loc)).map((x: any) => x.type).sort()).toEqual(['COMMODITY', 'NON_COMMODITY']);
    // NON_COMMODITY components stack: each interval is the supply price plus the grid fee's band.
    expect(before).toHaveLength(1);
    const fee = weekdayBands((await gridFee(SERVING)).schedule);
    const after = prices(await pricesOf(loc));
    expect(after.map((p: any) => p.slice(0, 2))).toEqual(fee.map((b: any) => b.slice(0, 2)));
    after.forEach((p: any, i: number) => expect(p[2]).toBeCloseTo(before[0][2] + fee[i][2], 4));

    // DISCONNECT from the grid-fee slot's summary: the supply stays, its prices alone, and the offer is back.
    const off = await token({ ...GRID, location_id: loc });
    const d = await complete({ connect_token: off, action: 'DISCONNECT' });
    expect(d.body).toMatchObject({
      used: true,
      complete_action: 'DISCONNECT',
      location_id: loc,
      price_available: true,
    });
    expect((await tariffsOf(loc)).map((x: any) => x.type)).toEqual(['COMMODITY']);
    expect(prices(await pricesOf(loc))).toEqual(before);
    const back = (await world.api('GET', `/locations/${loc}/status`)).body.tariff_status.non_commodity_import;
    expect(back.offer).toMatchObject({ grid_fee_id: SERVING });
    const gone = await webhook('tariff.deleted', t.tariff_id);
    expect(gone.data).toMatchObject({ location_id: loc, type: 'NON_COMMODITY' });
  });

  it('a typed-in grid fee: TARIFF_MISSING on the grid-fee list, named by its tariff name, MANUAL', async () => {
    const t = await gridCompleted(
      {
        manual: {
          tariff_name: 'Netzentgelt 2027',
          structure: 'FIXED',
          cost: '0,09',
          contract_end_date: '2027-12-31T23:00:00Z',
        },
      },
      { postal_address: berlinAddress },
    );
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({
      id: t.tariff_id,
      type: 'NON_COMMODITY',
      connection_type: 'MANUAL',
      is_linked: false,
      display_name: 'Netzentgelt 2027',
      market_rates: false,
      contract_end_date: '2027-12-31T23:00:00Z',
    });
    expect(prices(await pricesOf(t.location_id))).toEqual([['00:00', '00:00', 0.09]]);
  });
});

describe('POST /test_helpers/connect/complete refuses for a grid-fee token what its pages do not take', () => {
  let c: ConnectHarness;
  beforeEach(async () => (c = await connectHarness(NOW)));
  afterEach(() => c.close());

  const complete = (body: object) => c.h.call({ method: 'POST', url: HELPER, headers: c.h.test, payload: body });
  const manual = { tariff_name: 'Netzentgelt', structure: 'FIXED', cost: 0.09 };

  /** The call answers 400 and `code` as the error object, and the database is as it was. */
  async function refused(body: object, code: string) {
    const before = snapshot(c.h.svc);
    const r = await complete(body);
    expect({ body, status: r.status, answer: r.body }).toMatchObject({
      body,
      status: 400,
      answer: { object: 'error', code, context: 'testHelpers.connect.complete' },
    });
    expect(snapshot(c.h.svc)).toBe(before);
    return r.body;
  }

  it('choices its pages do not offer: a provider, a DIRECT login, a provider name', async () => {
    const cot = await c.token({ ...GRID, postal_address: berlinAddress });
    const provider = await refused(
      { connect_token: cot, provider_id: 'prv_nordlichtenergie', tariff_id: SERVING },
      'choice_unsupported',
    );
    expect(provider.message).toContain('provider_id');
    const direct = await refused(
      { connect_token: cot, direct: { provider_id: 'prv_rheinstromwerke', outcome: 'success' } },
      'choice_unsupported',
    );
    expect(direct.message).toContain('DIRECT');
    await refused({ connect_token: cot, market: { provider_id: 'prv_nordlichtenergie' } }, 'choice_unsupported');
    const named = await refused(
      { connect_token: cot, manual: { ...manual, provider_name: 'Spreenetz' } },
      'choice_unsupported',
    );
    expect(named.message).toContain('manual.provider_name');
    const marketNamed = await refused(
      { connect_token: cot, market: { provider_name: 'Spreenetz' } },
      'choice_unsupported',
    );
    expect(marketNamed.message).toContain('market.provider_name');
    // The token is untouched: the same token completes with a grid fee afterwards.
    expect((await complete({ connect_token: cot, tariff_id: SERVING })).status).toBe(200);
  });

  it("the grid-fee pages' own checks: another country's fee, a supply tariff, an unknown id, page codes", async () => {
    const cot = await c.token({ ...GRID, postal_address: berlinAddress });
    await refused({ connect_token: cot, tariff_id: 'grf_sydneywires' }, 'tariff_not_found');
    await refused({ connect_token: cot, tariff_id: 'ltf_nordlichtfix' }, 'tariff_not_found');
    await refused({ connect_token: cot, tariff_id: 'grf_nothere' }, 'tariff_not_found');
    await refused({ connect_token: cot, manual: { ...manual, cost: 0 } }, 'cost_value_zero');
    await refused({ connect_token: cot, manual: { ...manual, tariff_name: ' ' } }, 'tariff_name_missing');
    await refused({ connect_token: cot, market: { market_id: 'XX' } }, 'market_region_invalid');
    const bare = await c.token({ ...GRID, postal_address: { country_code: 'DE' } });
    await refused({ connect_token: bare, tariff_id: SERVING }, 'address_line1_missing');
    // A connected grid-fee slot needs an action first, as its summary does.
    const { location_id } = (await complete({ connect_token: cot, tariff_id: SERVING })).body;
    const again = await c.token({ ...GRID, location_id });
    await refused({ connect_token: again, tariff_id: COUNTRY_WIDE }, 'action_missing');
  });

  it('a supply token still needs its provider page answered: provider_id and provider_name as before', async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    await refused({ connect_token: cot, tariff_id: 'ltf_nordlichtfix' }, 'provider_id_missing');
    await refused({ connect_token: cot, manual }, 'provider_name_missing');
  });
});

describe('the grid-fee pages and the helper store identical tariffs for the same choices', () => {
  let c: ConnectHarness;
  beforeEach(async () => (c = await connectHarness(NOW)));
  afterEach(() => c.close());

  const { helper, get, same } = pagesAndHelper(() => c);
  /** A location whose grid-fee slot holds the serving grid fee, for a token that edits it. */
  const gridSlot = async () => {
    const cot = await c.token({ ...GRID, postal_address: berlinAddress });
    await helper(cot, { tariff_id: SERVING });
    return { location_id: (await get(`/connect/token?connect_token=${cot}`)).location_id };
  };

  const cases: {
    name: string;
    token?: () => Promise<object>;
    steps: [string, unknown?, string?][];
    body: object;
    name_stored?: string;
  }[] = [
    {
      name: 'the grid fee serving the address',
      steps: [['tariff_select', { tariff: { id: SERVING } }], ['contract_term_capture']],
      body: { tariff_id: SERVING },
    },
    {
      name: 'another grid fee of the country, the address typed in on the address page',
      token: async () => ({ ...GRID, postal_address: { country_code: 'DE' } }),
      steps: [
        ['postal_address_capture', { postal_address: berlinAddress }],
        ['tariff_select', { tariff: { id: COUNTRY_WIDE } }],
        ['contract_term_capture'],
      ],
      body: { tariff_id: COUNTRY_WIDE, postal_address: berlinAddress },
    },
    {
      name: 'typed in, FIXED with a contract end',
      steps: [
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Netzentgelt' } }],
        ['tariff_structure_select', { options: ['FIXED'] }],
        ['rate_fixed_capture', { cost: 0.09 }],
        ['contract_term_capture', { contract_end_date: '2027-12-31T23:00:00Z' }],
      ],
      body: {
        manual: {
          tariff_name: 'Netzentgelt',
          structure: 'FIXED',
          cost: 0.09,
          contract_end_date: '2027-12-31T23:00:00Z',
        },
      },
    },
    {
      name: 'typed in, TIME_OF_DAY',
      steps: [
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Netzentgelt HT/NT' } }],
        ['tariff_structure_select', { options: ['TIME_OF_DAY'] }],
        ['rate_tod_capture', { hours }],
        ['contract_term_capture'],
      ],
      body: { manual: { tariff_name: 'Netzentgelt HT/NT', structure: 'TIME_OF_DAY', hours } },
    },
    {
      name: 'typed in, following the market',
      steps: [
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Market tariff' } }],
        ...marketPages('DE-LU', 0.02, 3),
      ],
      body: { market: { market_id: 'DE-LU', surcharge_fixed: 0.02, surcharge_percent: 3 } },
    },
    {
      name: 'typed in, following the market, named',
      steps: [
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Netzentgelt dynamisch' } }],
        ...marketPages('DE-LU', 0.02, 3),
      ],
      body: {
        market: {
          tariff_name: 'Netzentgelt dynamisch',
          market_id: 'DE-LU',
          surcharge_fixed: 0.02,
          surcharge_percent: 3,
        },
      },
      name_stored: 'Netzentgelt dynamisch',
    },
    {
      name: 'EDIT on a connected grid-fee slot',
      token: async () => ({ ...GRID, ...(await gridSlot()) }),
      steps: [
        ['tariff_summary', undefined, 'EDIT'],
        ['tariff_select', { tariff: { id: COUNTRY_WIDE } }],
        ['contract_term_capture'],
      ],
      body: { action: 'EDIT', tariff_id: COUNTRY_WIDE },
    },
  ];

  for (const k of cases)
    it(k.name, async () => {
      // A customer of the account: a token's customer_id must name one.
      const customer_id = (await c.h.call({ method: 'POST', url: '/customers', headers: c.h.test, payload: {} })).body
        .id;
      const tokenBody = {
        customer_id,
        ...(k.token ? await k.token() : { ...GRID, postal_address: berlinAddress }),
      };
      const a = await same(tokenBody, k.steps, k.body);
      expect(a.tariffs[0]).toMatchObject({ type: 'NON_COMMODITY', direction: 'IMPORT' });
      expect(a.tariffs[0].schedule).toBeTruthy();
      if (k.name_stored) expect(a.tariffs[0].display_name).toBe(k.name_stored);
    });
});
