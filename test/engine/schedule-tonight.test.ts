import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { DEFAULT_PARAMS, minutesNeeded, needsDays, tonight } from '../../renderer/admin/pages/schedules/model.js';

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
