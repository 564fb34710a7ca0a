import { DateTime } from 'luxon';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { StoredTariff } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { LocationService } from './locations.js';
import type { MarketService } from '../market/service.js';
import type { PriceRequest } from '../../engine/schemas/price.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import { compileComponent, type CompiledComponent } from '../../engine/pricing/compile.js';
import { computePrices } from '../../engine/pricing/engine.js';
import { formOf, formatter } from '../../engine/pricing/format.js';
import type { MarketSeries } from '../../engine/pricing/types.js';
import { invalid, unprocessable } from '../../engine/errors.js';

const HOURS_90 = 90 * 24 * 3_600_000;

/** A small cache of written `data` arrays: the engine is pure, so equal inputs give equal text. */
class DataCache {
  private map = new Map<string, string>();
  constructor(private readonly max: number) {}
  get(k: string): string | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: string): void {
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

/** `POST /prices/{id}`: loads the location's components, runs the pure engine, writes the answer. */
export class PriceService {
  /** Compiled tariffs keyed by their stored JSON and zone: any change to a tariff misses. */
  private compiled = new Map<string, CompiledComponent>();
  private written = new DataCache(16);
  private readonly tariffRows;

  constructor(
    db: Db,
    private readonly locations: LocationService,
    private readonly market: MarketService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.tariffRows = db.prepare(
      "SELECT body, COALESCE(time_updated, json_extract(body, '$.time_created')) AS updated FROM tariffs WHERE account_id = ? AND live_mode = ? AND location_id = ? AND direction = ? ORDER BY seq",
    );
  }

  private compile(raw: string, zone: string): CompiledComponent {
    const key = zone + '\n' + raw;
    let c = this.compiled.get(key);
    if (!c) {
      if (this.compiled.size > 2000) this.compiled.clear();
      c = compileComponent(JSON.parse(raw) as StoredTariff, zone);
      this.compiled.set(key, c);
    }
    return c;
  }

  /** The window of a request (rule 10): end required and after start; up to max(90×24 h, 90 local days). */
  window(req: PriceRequest, zone: string): { from: number; to: number } {
    const to = DateTime.fromISO(req.end_time, { setZone: true }).toMillis();
    const from = req.start_time
      ? DateTime.fromISO(req.start_time, { setZone: true }).toMillis()
      : this.clock.now().getTime();
    if (!(to > from))
      throw invalid(
        'end_time_before_start_time',
        `end_time must be after start_time${req.start_time ? '' : ' (now, by default)'}.`,
      );
    const limit = Math.max(from + HOURS_90, DateTime.fromMillis(from, { zone }).plus({ days: 90 }).toMillis());
    if (to > limit)
      throw invalid(
        'window_too_long',
        'The window may be at most 90 days (90×24 h or 90 local calendar days, whichever is longer).',
      );
    return { from, to };
  }

  /** Loads what a window's prices depend on, without running the engine. */
  private prepare(scope: Scope, locationId: string, direction: TariffDirection, req: PriceRequest) {
    const loc = this.locations.find(scope, locationId);
    const rows = this.tariffRows.all(scope.accountId, scope.liveMode ? 1 : 0, locationId, direction) as {
      body: string;
      updated: string;
    }[];
    if (rows.length === 0)
      throw unprocessable('no_tariff_connected', `The location has no tariff for direction ${direction}.`);
    const { from, to } = this.window(req, loc.timezone);
    const components = rows.map((r) => this.compile(r.body, loc.timezone));
    let lastUpdated = Math.max(...rows.map((r) => Date.parse(r.updated)));
    const needsMarket = components.some((c) => c.market && c.start < to && c.end > from);
    let market: MarketSeries | undefined;
    let marketVersion = '';
    if (needsMarket) {
      if (!loc.market_region)
        throw unprocessable('no_price_data', 'The location has market-rate tariffs but no market region.');
      market = this.market.series(loc.market_region, from, to);
      if (market.starts.length === 0)
        throw unprocessable('no_price_data', `Market region ${loc.market_region} has no published prices.`);
      lastUpdated = Math.max(lastUpdated, Date.parse(this.market.timeUpdated(loc.market_region)));
      marketVersion = `${loc.market_region}@${this.market.version(loc.market_region)}`;
    }
    const key = [direction, from, to, loc.timezone, marketVersion, ...rows.map((r) => r.body)].join('\n');
    const run = () => computePrices({ zone: loc.timezone, from, to, direction, components, market });
    return { from, to, direction, zone: loc.timezone, currency: loc.currency_code, lastUpdated, key, run };
  }

  /** The price object (docs/api.md, Prices) as JSON text, written directly: the answer can be large. */
  priceJson(scope: Scope, locationId: string, req: PriceRequest): string {
    const direction = req.tariff_direction ?? 'IMPORT';
    const p = this.prepare(scope, locationId, direction, req);
    const form = formOf(req.end_time);
    const fmt = formatter(form);
    const head = {
      id: this.ids('prs'),
      object: 'price',
      live_mode: scope.liveMode,
      location_id: locationId,
      location_timezone: p.zone,
      currency_code: p.currency,
      last_updated: fmt(p.lastUpdated),
      request: { tariff_direction: direction, start_time: fmt(p.from), end_time: fmt(p.to) },
      account_id: scope.accountId,
      tariff_direction: direction,
    };
    const dataKey = `${JSON.stringify(form)}\n${p.key}`;
    let data = this.written.get(dataKey);
    if (data === undefined) {
      const intervals = p.run();
      const parts: string[] = [];
      let prevTo = fmt(intervals[0]?.from ?? p.from);
      for (const iv of intervals) {
        const to = fmt(iv.to);
        parts.push(
          `{"valid_from":"${prevTo}","valid_to":"${to}","price":{"value":${iv.value},"confidence":${iv.confidence}}}`,
        );
        prevTo = to;
      }
      data = parts.join(',');
      this.written.set(dataKey, data);
    }
    const h = JSON.stringify(head);
    return `${h.slice(0, -1)},"data":[${data}],"time_created":"${this.clock.now().toISOString()}"}`;
  }
}
