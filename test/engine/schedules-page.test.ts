import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  DEFAULT_PARAMS,
  fieldProblem,
  minutesNeeded,
  needsDays,
  requestOf,
  tonight,
} from '../../renderer/admin/pages/schedules/model.js';
import { planOf, planRecords, sessionReference } from '../../renderer/admin/pages/schedules/session.js';

const at = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toMillis();

describe('the Schedules page opens on tonight, in the location’s zone', () => {
  it('in the afternoon: 18:00 to the next 07:00', () => {
    expect(tonight(at('2026-11-26T15:10', 'Australia/Sydney'), 'Australia/Sydney', 180)).toEqual({
      from: '2026-11-26T18:00',
      to: '2026-11-27T07:00',
    });
  });

  it('in the evening: from now', () => {
    expect(tonight(at('2026-11-26T21:37:40', 'Europe/Berlin'), 'Europe/Berlin', 180)).toEqual({
      from: '2026-11-26T21:37',
      to: '2026-11-27T07:00',
    });
  });

  it('after midnight with room for the job: the rest of the night', () => {
    expect(tonight(at('2026-11-27T01:00', 'Europe/Berlin'), 'Europe/Berlin', 180)).toEqual({
      from: '2026-11-27T01:00',
      to: '2026-11-27T07:00',
    });
  });

  it('too late in the night for the job: the coming night instead', () => {
    // 04:51 leaves 2 h 09 min; an electric car of 7 kW needing 21 kWh takes 3 h.
    expect(tonight(at('2026-11-27T04:51', 'Australia/Sydney'), 'Australia/Sydney', 180)).toEqual({
      from: '2026-11-27T18:00',
      to: '2026-11-28T07:00',
    });
    // At 07:00 sharp the night is over whatever the job.
    expect(tonight(at('2026-11-27T07:00', 'Australia/Sydney'), 'Australia/Sydney', 0)).toEqual({
      from: '2026-11-27T18:00',
      to: '2026-11-28T07:00',
    });
  });

  it('across a clock change: the local wall times stay 18:00 and 07:00', () => {
    // Europe/Berlin leaves summer time on 2026-10-25 at 03:00.
    expect(tonight(at('2026-10-24T12:00', 'Europe/Berlin'), 'Europe/Berlin', 180)).toEqual({
      from: '2026-10-24T18:00',
      to: '2026-10-25T07:00',
    });
  });

  it('a job’s minutes: energy over power for an amount, the hours asked for cheapest hours, none for a limit', () => {
    expect(minutesNeeded(DEFAULT_PARAMS)).toBe(180);
    expect(minutesNeeded({ ...DEFAULT_PARAMS, energyKwh: '10', powerKw: '3' })).toBe(200);
    expect(minutesNeeded({ ...DEFAULT_PARAMS, mode: 'duration', minutes: '90' })).toBe(90);
    expect(minutesNeeded({ ...DEFAULT_PARAMS, mode: 'limit' })).toBe(0);
    expect(minutesNeeded({ ...DEFAULT_PARAMS, powerKw: '' })).toBe(0);
  });
});

describe('the Schedules page names the day of a time when a clock time alone could mean two', () => {
  it('under a day: clock times only; a day or more: with the weekday', () => {
    expect(needsDays({ from: '2026-11-27T18:00', to: '2026-11-28T07:00' })).toBe(false);
    expect(needsDays({ from: '2026-11-27T07:00', to: '2026-11-28T07:00' })).toBe(true);
    expect(needsDays({ from: '2026-11-27T07:00', to: '2026-11-29T07:00' })).toBe(true);
  });
});

describe('the Schedules form says what is wrong in its own words, on the field to fix', () => {
  const window = { from: '2026-11-27T18:00', to: '2026-11-28T07:00' };
  const zone = 'Europe/Berlin';

  it('checks what the form can before asking: the window’s order, the minutes, the share, the energy and power', () => {
    const p = { ...DEFAULT_PARAMS, ...window };
    expect(requestOf({ ...p, to: '2026-11-27T17:00' }, zone)).toMatchObject({ field: 'to' });
    expect(requestOf({ ...p, mode: 'duration', minutes: '0' }, zone)).toMatchObject({ field: 'minutes' });
    expect(requestOf({ ...p, mode: 'limit', relative: '1.5' }, zone)).toMatchObject({ field: 'relative' });
    expect(requestOf({ ...p, mode: 'limit', relative: '-0.1' }, zone)).toMatchObject({ field: 'relative' });
    expect(requestOf({ ...p, energyKwh: '0' }, zone)).toMatchObject({ field: 'energyKwh' });
    expect(requestOf({ ...p, powerKw: '' }, zone)).toMatchObject({ field: 'powerKw' });
    // In range: a request, not a problem.
    expect(requestOf({ ...p, mode: 'limit', relative: '1' }, zone)).toMatchObject({ mode: 'limit' });
  });

  it('puts the service’s refusal on the field its code names, with the field’s label for its path', () => {
    expect(
      fieldProblem('energy_unreachable', 'data[0].energy: at most 91 KWH fits (within its window at its max_power).'),
    ).toEqual({
      field: 'energyKwh',
      message: 'Energy (kWh): at most 91 KWH fits (within its window at its max_power).',
    });
    expect(fieldProblem('duration_too_long', 'duration: longer than the window.')).toEqual({
      field: 'minutes',
      message: 'Minutes: longer than the window.',
    });
    // A refusal about no field of the form stays as it is.
    expect(fieldProblem('no_tariff_connected', 'No tariff.')).toEqual({ field: undefined, message: 'No tariff.' });
  });
});

describe('a plan stored as a session', () => {
  // 10 kWh at 7 kW over two runs: an hour at night, then the rest, its end rounded up to the second.
  const answer = {
    id: 'sae_x',
    live_mode: false,
    tariff_direction: 'IMPORT',
    data: [
      {
        device_id: 'dev_car1',
        energy: { units: 'KWH', value: 10 },
        schedule: [
          {
            start_time: '2026-03-02T22:00:00+01:00',
            end_time: '2026-03-02T23:00:00+01:00',
            power: { units: 'W', value: 7000 },
          },
          {
            start_time: '2026-03-03T01:00:00+01:00',
            end_time: '2026-03-03T01:25:43+01:00',
            power: { units: 'W', value: 7000 },
          },
        ],
      },
    ],
  } as never;
  const plan = planOf({ mode: 'amount', answer }, { powerKw: 0 });

  it('is one record per run, the last holding what is left of the energy asked', () => {
    const records = planRecords(plan, 'loc_1', 'charge-2026-03-02-2200');
    expect(records.map((r) => [r.record_reference_id, r.value, r.device_id, r.session_reference_id])).toEqual([
      ['charge-2026-03-02-2200-01', 7, 'dev_car1', 'charge-2026-03-02-2200'],
      ['charge-2026-03-02-2200-02', 3, 'dev_car1', 'charge-2026-03-02-2200'],
    ]);
  });

  it('is named by its first run in the location’s zone, and never joins a session in use', async () => {
    const used = new Set(['charge-2026-03-02-2200', 'charge-2026-03-02-2200-2']);
    expect(await sessionReference(plan, 'Europe/Berlin', async (r) => used.has(r))).toBe('charge-2026-03-02-2200-3');
    expect(await sessionReference(plan, 'UTC', async () => false)).toBe('charge-2026-03-02-2100');
  });

  it('the cheapest hours: each chosen period is a record of the device at the power asked', () => {
    const cheapest = {
      mode: 'duration',
      answer: {
        live_mode: false,
        tariff_direction: 'IMPORT',
        data: [
          { start_time: '2026-03-02T23:00:00+01:00', end_time: '2026-03-03T00:30:00+01:00', price: {} },
          { start_time: '2026-03-03T02:00:00+01:00', end_time: '2026-03-03T02:15:00+01:00', price: {} },
        ],
      },
    } as never;
    const p = planOf(cheapest, { powerKw: 11, id: 'dev_car1' });
    expect(planRecords(p, 'loc_1', 's').map((r) => [r.start_time, r.value, r.device_id])).toEqual([
      ['2026-03-02T23:00:00+01:00', 16.5, 'dev_car1'],
      ['2026-03-03T02:00:00+01:00', 2.75, 'dev_car1'],
    ]);
    expect(planRecords(planOf(cheapest, { powerKw: 7 }), 'loc_1', 's')[0]).not.toHaveProperty('device_id');
  });
});
