import { describe, expect, it } from 'vitest';
import {
  batteryRequest,
  initialKwhOf,
  NO_BATTERY,
  socProblems,
  type BatteryChoice,
} from '../../renderer/admin/components/battery/model';
import { PANEL_BATTERY } from '../helpers.js';

const on: BatteryChoice = { ...NO_BATTERY, on: true };

describe('the battery panel’s states of charge', () => {
  it('sends the model’s defaults: no reserve, starting at it and ending where it started', () => {
    expect(batteryRequest(on)).toEqual(PANEL_BATTERY);
    expect(batteryRequest(NO_BATTERY)).toBeUndefined();
  });

  it('fills an empty start from the reserve and an empty end from the start', () => {
    expect(batteryRequest({ ...on, reserve_percent: 20 })).toMatchObject({
      reserve_percent: 20,
      initial_soc_percent: 20,
      final_soc_percent: 20,
    });
    expect(batteryRequest({ ...on, reserve_percent: 20, initial_soc_percent: 50 })).toMatchObject({
      initial_soc_percent: 50,
      final_soc_percent: 50,
    });
    expect(initialKwhOf({ ...on, reserve_percent: 20, initial_soc_percent: 50 })).toBe(5);
  });

  it('sends no final state under self-consumption, where the model has none', () => {
    const b = batteryRequest({ ...on, strategy: 'SELF_CONSUMPTION', final_soc_percent: 80 });
    expect(b).not.toHaveProperty('final_soc_percent');
    expect(b).not.toHaveProperty('export');
    expect(socProblems({ ...on, strategy: 'SELF_CONSUMPTION', final_soc_percent: 150 })).toEqual({});
  });

  it('names each field out of range, and a start or end below the reserve', () => {
    expect(socProblems(on)).toEqual({});
    expect(socProblems({ ...on, reserve_percent: 101 })).toEqual({
      reserve_percent: 'The reserve is a percentage from 0 to 100.',
      // The start defaults to the reserve, so it is out of range too.
      initial_soc_percent: 'The start is a percentage from 0 to 100.',
      final_soc_percent: 'The end is a percentage from 0 to 100.',
    });
    expect(socProblems({ ...on, reserve_percent: 30, initial_soc_percent: 20, final_soc_percent: 90 })).toEqual({
      initial_soc_percent: 'The start cannot be below the reserve (30 %).',
    });
    expect(socProblems({ ...on, reserve_percent: 30, final_soc_percent: 10 })).toEqual({
      final_soc_percent: 'The end cannot be below the reserve (30 %).',
    });
    expect(socProblems({ ...on, initial_soc_percent: -5, final_soc_percent: 0 })).toEqual({
      initial_soc_percent: 'The start is a percentage from 0 to 100.',
    });
  });
});
