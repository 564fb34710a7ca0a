import { DateTime } from 'luxon';

/** Where a time axis puts its ticks, and how it names them. */
export interface AxisTicks {
  ticks: number[];
  /** `hour`: every few hours; `day`: local midnights; `month`: the first of each month. */
  unit: 'hour' | 'day' | 'month';
  step: number;
  label(t: number): string;
}

const HOUR_STEPS = [3, 6, 12];
const DAY_STEPS = [1, 2, 7];
const MONTH_STEPS = [1, 3, 6, 12];

/** Ticks every `step` hours at round local times, each day counted from its own midnight (a clock change keeps them round). */
function hourTicks(zone: string, from: number, to: number, step: number): number[] {
  const out = new Set<number>();
  for (let d = DateTime.fromMillis(from, { zone }).startOf('day'); d.toMillis() <= to; d = d.plus({ days: 1 })) {
    for (let h = 0; h < 24; h += step) {
      const t = d.set({ hour: h });
      // A wall time that a spring-forward skips does not exist: no tick rather than a shifted one.
      if (t.hour === h) out.add(t.toMillis());
    }
  }
  return [...out].filter((t) => t >= from && t <= to).sort((a, b) => a - b);
}

/** Local midnights every `step` days; weekly steps fall on Mondays so they read as weeks. */
function dayTicks(zone: string, from: number, to: number, step: number): number[] {
  const first = DateTime.fromMillis(from, { zone }).startOf('day');
  let d = step % 7 === 0 ? first.startOf('week') : first;
  const out: number[] = [];
  for (; d.toMillis() <= to; d = d.plus({ days: step })) if (d.toMillis() >= from) out.push(d.toMillis());
  return out;
}

/** The first of every `step`-th month, local midnight. */
function monthTicks(zone: string, from: number, to: number, step: number): number[] {
  const out: number[] = [];
  let d = DateTime.fromMillis(from, { zone }).startOf('month');
  d = d.minus({ months: (d.month - 1) % step });
  for (; d.toMillis() <= to; d = d.plus({ months: step })) if (d.toMillis() >= from) out.push(d.toMillis());
  return out;
}

/**
 * Ticks for a time axis over [from, to] in the location's zone, always at round local times:
 * every 3, 6 or 12 hours for a day or two, local midnights (daily, every other day, Mondays) for
 * longer windows, month starts beyond. Takes the finest step that gives at most `max` ticks.
 */
export function chartTicks(zone: string, from: number, to: number, max = 12): AxisTicks {
  const at = (t: number) => DateTime.fromMillis(t, { zone }).setLocale('en-GB');
  const dayLabel = (t: number) => at(t).toFormat('ccc d LLL');
  const span = to - from;
  const candidates: Omit<AxisTicks, 'label'>[] = [];
  // Hours only while the window is a day or two; a 25-hour day still counts as one.
  if (span <= 50 * 3_600_000)
    for (const step of HOUR_STEPS) candidates.push({ unit: 'hour', step, ticks: hourTicks(zone, from, to, step) });
  for (const step of DAY_STEPS) candidates.push({ unit: 'day', step, ticks: dayTicks(zone, from, to, step) });
  for (const step of MONTH_STEPS) candidates.push({ unit: 'month', step, ticks: monthTicks(zone, from, to, step) });
  const pick = candidates.find((c) => c.ticks.length <= Math.max(2, max)) ?? candidates.at(-1)!;
  const label =
    pick.unit === 'hour'
      ? (t: number) => (at(t).hour === 0 && at(t).minute === 0 ? dayLabel(t) : at(t).toFormat('HH:mm'))
      : pick.unit === 'day'
        ? dayLabel
        : (t: number) => at(t).toFormat('d LLL yyyy');
  return { ...pick, label };
}

/**
 * The ticks of a time axis fitted to a chart `width` px wide (0 while unmeasured: 800 is
 * assumed), about one label per 90 px of what the value axes (`reserved` px) leave.
 */
export function fittedTicks(zone: string, from: number, to: number, width: number, reserved: number): AxisTicks {
  return chartTicks(zone, from, to, Math.floor(Math.max(0, (width || 800) - reserved) / 90));
}

/** The props of a recharts time axis over `t` (epoch ms) with these ticks: the charts' one style. */
export function timeAxisProps(axis: Pick<AxisTicks, 'ticks' | 'label'>) {
  return {
    dataKey: 't',
    type: 'number',
    scale: 'time',
    domain: ['dataMin', 'dataMax'],
    ticks: axis.ticks,
    interval: 0,
    tickFormatter: axis.label,
    fontSize: 11,
  } as const;
}
