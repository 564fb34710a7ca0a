import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { ApiClient } from '../../api';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { METER_LIMITS, type MeterRecordList } from '../../../../core/engine/schemas/meter';
import type { UsageWindow } from './window';

export type StoredRecord = z.output<typeof MeterRecordList>['data'][number];

/** Every stored record of a location and direction that meets the window, in time order (pages of 10,000). */
export async function recordsOf(
  api: ApiClient,
  locationId: string,
  direction: TariffDirection,
  w: Pick<UsageWindow, 'start_time' | 'end_time'>,
): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  for (let after: string | undefined; ;) {
    const page = await api.call('meter_records.list', {
      query: {
        location_id: locationId,
        tariff_direction: direction,
        start_time: w.start_time,
        end_time: w.end_time,
        limit: METER_LIMITS.maxRecords,
        ...(after ? { starting_after: after } : {}),
      },
    });
    out.push(...page.data);
    if (!page.has_more || !page.data.length) return out;
    after = page.data.at(-1)!.id;
  }
}

/** The buckets the chart sums records into: the finest that keeps the window under ~1,500 points. */
const BUCKETS = [
  { unit: '15 min', step: { minutes: 15 }, perDay: 96 },
  { unit: 'hour', step: { hours: 1 }, perDay: 24 },
  { unit: 'day', step: { days: 1 }, perDay: 1 },
] as const;
const MAX_POINTS = 1500;

export interface UsageSeries {
  /** One point per bucket start, then one at the window's end (a step chart needs both edges). */
  points: { t: number; kwh: number }[];
  /** What one point sums: "15 min", "hour" or "day" (local days: 23 or 25 hours across a clock change). */
  unit: string;
  total_kwh: number;
}

/**
 * The records' energy summed per local quarter hour, hour or day of the window, each record
 * spread over the buckets it covers in proportion to time (an hourly reading in quarter-hour
 * buckets is four quarters of it). Only display: every cost on the page is the API's.
 */
export function usageSeries(records: StoredRecord[], w: UsageWindow, zone: string): UsageSeries {
  const bucket = BUCKETS.find((b) => w.days * b.perDay <= MAX_POINTS) ?? BUCKETS[2];
  const edges: number[] = [];
  for (let d = DateTime.fromMillis(w.fromMs, { zone }); d.toMillis() < w.toMs; d = d.plus(bucket.step))
    edges.push(d.toMillis());
  edges.push(w.toMs);
  const kwh = new Array<number>(edges.length - 1).fill(0);
  let total = 0;
  for (const r of records) {
    const a = Date.parse(r.start_time);
    const b = Date.parse(r.end_time);
    // The first bucket ending after the record's start, then each the record still covers.
    let lo = 0;
    let hi = edges.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (edges[mid + 1]! <= a) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < kwh.length && edges[i]! < b; i++) {
      const part = Math.min(b, edges[i + 1]!) - Math.max(a, edges[i]!);
      if (part <= 0) continue;
      const share = (r.kwh * part) / (b - a);
      kwh[i] = kwh[i]! + share;
      total += share;
    }
  }
  const points = kwh.map((v, i) => ({ t: edges[i]!, kwh: v }));
  points.push({ t: w.toMs, kwh: kwh.at(-1) ?? 0 });
  return { points, unit: bucket.unit, total_kwh: total };
}

/** The sessions of the records, each with its first start, in time order. */
export function sessionsOf(records: StoredRecord[]): string[] {
  const seen = new Set<string>();
  for (const r of records) if (r.session_reference_id) seen.add(r.session_reference_id);
  return [...seen];
}
