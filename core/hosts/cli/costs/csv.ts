import { DateTime } from 'luxon';
import { local } from '../format.js';
import type { Cost } from '../../../engine/schemas/cost.js';

/** A period's name in a CSV row: its local month (2026-09) or day (2026-09-14), or its local dates. */
function periodKey(p: { start_time: string; end_time: string }, groupBy: string, zone: string): string {
  const a = DateTime.fromISO(p.start_time, { zone });
  if (groupBy === 'month') return a.toFormat('yyyy-MM');
  if (groupBy === 'day') return a.toFormat('yyyy-MM-dd');
  return `${a.toFormat('yyyy-MM-dd')}/${DateTime.fromISO(p.end_time, { zone }).toFormat('yyyy-MM-dd')}`;
}

/**
 * One CSV row per period, full precision:
 * period,start_time,end_time,kwh,unpriced_kwh,value,currency[,alternative_N]. Each period's times
 * are written in the location's offset at that instant, so a September row starts on 1 September
 * even when the window ends in winter time.
 */
export function costCsv(cost: Cost, groupBy: string, zone: string): string {
  const alts = cost.alternatives ?? [];
  const head = [
    'period',
    'start_time',
    'end_time',
    'kwh',
    'unpriced_kwh',
    'value',
    'currency',
    ...alts.map((_, k) => `alternative_${k + 1}`),
  ];
  const at = (iso: string) => local(Date.parse(iso), zone);
  const rows = cost.periods.map((p, i) =>
    [
      periodKey(p, groupBy, zone),
      at(p.start_time),
      at(p.end_time),
      p.kwh,
      p.unpriced_kwh,
      p.value,
      cost.currency_code,
      ...alts.map((a) => a.periods[i]?.value ?? ''),
    ].join(','),
  );
  return [head.join(','), ...rows].join('\n');
}
