import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ZERO_OPERATIONS, ZERO_PATHS } from './index.js';

describe('the Zero reference', () => {
  it('lists 26 paths and 38 operations, each once', () => {
    expect(ZERO_PATHS).toHaveLength(26);
    expect(ZERO_OPERATIONS).toHaveLength(38);
    const keys = ZERO_OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(38);
    expect(new Set(ZERO_OPERATIONS.map((o) => o.name)).size).toBe(38);
  });

  it('gives every operation a success status, its errors and schemas that compile', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    for (const op of ZERO_OPERATIONS) {
      const what = `${op.method} ${op.path}`;
      expect([200, 201, 202], what).toContain(op.success);
      expect(op.errors, what).toContain(403);
      expect(op.errors, what).toContain(500);
      expect(() => ajv.compile(op.response), what).not.toThrow();
      if (op.body) expect(() => ajv.compile(op.body!), what).not.toThrow();
    }
  });

  it('counts the operations of each tag as the reference does', () => {
    const byTag: Record<string, number> = {};
    for (const op of ZERO_OPERATIONS) byTag[op.tag] = (byTag[op.tag] ?? 0) + 1;
    expect(byTag).toEqual({
      Login: 1,
      Connect: 3,
      Events: 2,
      Customers: 5,
      Devices: 5,
      Locations: 6,
      Meters: 3,
      Tariffs: 7,
      Slots: 2,
      Costs: 3,
      Schedules: 1,
    });
  });
});
