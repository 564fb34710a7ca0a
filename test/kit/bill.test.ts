import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTariffDesk, ServiceError, type Bill, type BillBody, type TariffDesk } from '../../core/index.js';
import { berlinAddress, fixedSchedule } from '../helpers.js';

const ZONE = 'Europe/Berlin';

describe('the kit bills a household through its typed client', () => {
  let td: TariffDesk;
  let locationId: string;
  beforeAll(async () => {
    td = await startTariffDesk({ clock: '2026-06-01T12:00:00Z' });
    locationId = (await td.client.call('locations.create', { body: { postal_address: berlinAddress } })).id;
    const contract = {
      contract_start_date: '2026-01-01T00:00:00+01:00',
      contract_end_date: '2027-01-01T00:00:00+01:00',
    };
    // The UK pair's first tariff, in euros: 0.245 a kWh and 0.60 a day.
    await td.client.call('tariffs.create', {
      body: {
        location_id: locationId,
        type: 'COMMODITY',
        ...contract,
        schedule: fixedSchedule([['All', [['00:00', '00:00', 0.245]]]]),
        charges: { fixed: [{ amount: 0.6, per: 'DAY', name: 'Standing charge' }] },
      },
    });
    await td.client.call('tariffs.create', {
      body: {
        location_id: locationId,
        type: 'COMMODITY',
        direction: 'EXPORT',
        ...contract,
        schedule: fixedSchedule([['All', [['00:00', '00:00', 0.15]]]]),
      },
    });
  });
  afterAll(async () => {
    await td?.stop();
  });

  it('answers the whole year: energy, a standing charge for every local day, export credit carried to a true-up', async () => {
    const body: BillBody = {
      start_time: DateTime.fromISO('2026-01-01', { zone: ZONE }).toISO()!,
      end_time: DateTime.fromISO('2027-01-01', { zone: ZONE }).toISO()!,
      usage: { profile: 'bdew_h0', kwh_per_year: 2700 },
      generation: { profile: 'PV', kwh_per_year: 1500 },
      metering: { credits: 'CARRIED' },
    };
    const bill: Bill = await td.client.call('bills.create', { params: { location_id: locationId }, body });
    expect(bill).toMatchObject({ object: 'bill', location_id: locationId, currency_code: 'EUR' });
    expect(bill.metering).toEqual({
      mode: 'NET_BILLING',
      credits: 'CARRIED',
      credits_from: 'SAME_MONTH',
      true_up_month: 12,
    });
    expect(bill.months).toHaveLength(12);
    // 365 local days at 0.60.
    const fixed = bill.months.reduce((t, m) => t + m.fixed_charge, 0);
    expect(fixed).toBeCloseTo(365 * 0.6, 6);
    expect(bill.months[1]!.fixed_charge).toBeCloseTo(28 * 0.6, 6);
    for (const m of bill.months) {
      expect(m.energy_charge).toBeCloseTo(m.import_kwh * 0.245, 5);
      expect(m.export_credit).toBeCloseTo(m.export_kwh * 0.15, 5);
      // Carried credit never takes a month below 0.
      expect(m.total).toBeGreaterThanOrEqual(-m.true_up - 1e-9);
    }
    // Solar in June sends energy to the grid; what credit is left is paid out at December's end.
    expect(bill.months[5]!.export_kwh).toBeGreaterThan(0);
    expect(bill.months[11]!.credit_carried).toBe(0);
    const sum = bill.months.reduce((t, m) => t + m.total, 0);
    expect(bill.total).toBeCloseTo(sum, 5);
  });

  it('net metering through the typed client: kWh banked, the surplus paid at the true-up rate', async () => {
    const body: BillBody = {
      start_time: DateTime.fromISO('2026-05-01', { zone: ZONE }).toISO()!,
      end_time: DateTime.fromISO('2026-08-01', { zone: ZONE }).toISO()!,
      usage: { profile: 'bdew_h0', kwh_per_year: 1000 },
      generation: { profile: 'PV', kwh_per_year: 4000 },
      metering: { mode: 'NET_METERING', true_up_month: 7, true_up_rate: 0.03 },
    };
    const bill: Bill = await td.client.call('bills.create', { params: { location_id: locationId }, body });
    expect(bill.metering).toMatchObject({ mode: 'NET_METERING', true_up_month: 7, true_up_rate: 0.03 });
    // One price all day: solar beyond the usage is banked, never credited in money.
    for (const m of bill.months) expect(m.export_credit).toBe(0);
    const july = bill.months[2]!;
    expect(july.surplus_kwh).toBeGreaterThan(0);
    expect(july.true_up).toBeCloseTo(july.surplus_kwh! * 0.03, 5);
    expect(bill.months[0]!.banked_kwh).toBeGreaterThan(0);
  });

  it('a window that does not start a local month is refused with its code', async () => {
    const err = await td.client
      .call('bills.create', {
        params: { location_id: locationId },
        body: { start_time: '2026-01-15T00:00:00+01:00', end_time: '2026-03-01T00:00:00+01:00' },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 400, code: 'start_time_invalid' });
  });
});
