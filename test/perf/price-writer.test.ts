import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PriceWriter } from '../../core/node/services/prices/writer.js';
import { formatter, type OutputForm } from '../../core/engine/pricing/format.js';
import type { PriceInterval } from '../../core/engine/pricing/types.js';

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

/** The reference: the same items built with JSON.stringify's numbers and the string formatter. */
function reference(intervals: PriceInterval[], from: number, form: OutputForm): string {
  const fmt = formatter(form);
  let prev = intervals[0]?.from ?? from;
  return intervals
    .map((iv) => {
      const item = `{"valid_from":"${fmt(prev)}","valid_to":"${fmt(iv.to)}","price":{"value":${JSON.stringify(iv.value)},"confidence":${JSON.stringify(iv.confidence)}}}`;
      prev = iv.to;
      return item;
    })
    .join(',');
}

describe('the price answer writer', () => {
  it('writes byte for byte what JSON.stringify and the timestamp formatter write, for any values, instants and forms', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            step: fc.integer({ min: 1, max: 3 * 86_400_000 }),
            value: fc.oneof(
              fc.double({ min: -5, max: 5, noNaN: true }),
              fc.integer({ min: -100_000, max: 100_000 }).map((k) => k / 1e5),
              fc.constantFrom(0, -0, 0.00001, -0.00001, 0.1, 0.3, 123456.78901, 1e-7),
            ),
            confidence: fc.constantFrom(0, 0.2, 0.5, 0.7, 0.8, 1, 0.33333),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }),
        fc.oneof(
          fc.constant<OutputForm>({ kind: 'Z' }),
          fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m): OutputForm => ({ kind: 'offset', minutes: m })),
        ),
        (steps, start, form) => {
          let t = start;
          const intervals: PriceInterval[] = steps.map((s) => {
            const iv = { from: t, to: t + s.step, value: round5(s.value), confidence: round5(s.confidence) };
            t += s.step;
            return iv;
          });
          const ours = new PriceWriter(form, 1).write(intervals).toString('utf8');
          expect(ours).toBe(reference(intervals, start, form));
        },
      ),
      { numRuns: 500 },
    );
  });
});
