import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { DAY_SECONDS, parseTimeOfDay } from '../../../engine/schedule/names.js';

/** The bands must chain around the clock: each ends where another starts, 24 h in all. */
function checkHours<B extends { valid_from: string; valid_to: string }>(bands: B[]): B[] {
  const spans = bands.map((b) => {
    const f = parseTimeOfDay(b.valid_from)!;
    const to = parseTimeOfDay(b.valid_to)!;
    return { f, len: (to - f + DAY_SECONDS) % DAY_SECONDS || DAY_SECONDS };
  });
  const total = spans.reduce((n, x) => n + x.len, 0);
  const starts = new Set(spans.map((x) => x.f));
  const chained = spans.every((x) => starts.has((x.f + x.len) % DAY_SECONDS));
  if (total > DAY_SECONDS)
    fail('incomplete_time_period', 'The bands overlap: together they must cover exactly 24 hours.');
  if (!chained) fail('gap_in_time_period', 'There is a gap between the bands.');
  if (total < DAY_SECONDS) fail('incomplete_time_period', 'The bands must cover 24 hours.');
  return bands;
}

export const rateTodCapture: ServerRoute<'rate_tod_capture'> = {
  // No bands until some are captured: clients offer their own defaults.
  render: (ctx) => ({ currency_code: ctx.currency(), hours: ctx.s.tod_hours ?? [] }),
  submit: (ctx, { hours }) => {
    ctx.s.tod_hours = checkHours(hours);
    return { to: 'contract_term_capture' };
  },
};
