import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Db } from '../db/database.js';
import type { Clock } from '../../engine/clock.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import type { MarketSeries } from '../../engine/pricing/types.js';
import { seriesFrom } from '../../engine/pricing/market.js';
import { invalid, notFound } from '../../engine/errors.js';
import { regionServes, seedRegions, type MarketRegion, type DemoShape } from '../../engine/market/regions.js';
import { demoDay } from '../../engine/market/demo-series.js';
import { parsePriceCsv, type ParsedSeries, type PriceUnit } from './csv-import.js';
import { isoSeconds } from '../../engine/clock.js';

const DAY = 86_400_000;
/** Days of history kept before a window, so estimates have reference days. */
const REFERENCE_DAYS = 8;

type StoredRegion = MarketRegion & { shape?: DemoShape };

/** Market regions and their price series (rule 8), with a deterministic demo series per demo region. */
export class MarketService {
  private cache = new Map<string, MarketSeries>();
  /** Bumped whenever a region's stored series changes, so derived answers can be cached safely. */
  private versions = new Map<string, number>();

  version(id: string): number {
    return this.versions.get(id) ?? 0;
  }

  private changed(id: string): void {
    this.cache.delete(id);
    this.versions.set(id, this.version(id) + 1);
  }

  /**
   * On a read-only connection (a worker's), the demo days a window needs are made in memory
   * instead of stored: the same points the writer would store, so an answer is the same
   * wherever it was worked out. The writer stores them when it next prices that window.
   */
  private readonly unstored = new Map<string, { start: number; end: number; value: number }[]>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly readOnly = false,
  ) {}

  /** Stores every seed region the database lacks: a data folder made before a region was added gets it too. */
  seedMissing(): void {
    const ins = this.db.prepare('INSERT OR IGNORE INTO market_regions (id, body, time_updated) VALUES (?, ?, ?)');
    const now = isoSeconds(this.clock.now());
    this.db.transaction(() => seedRegions.forEach((r) => ins.run(r.id, JSON.stringify(r), now)))();
  }

  /**
   * Region records, their update times and demo coverage, read once: regions are seeded, never
   * edited, and this service is the only writer of the rest, so pricing asks no SQL for them.
   */
  private meta:
    | Map<string, { region: StoredRegion; timeUpdated: string; demoFrom: number | null; demoTo: number | null }>
    | undefined;

  private regionMeta() {
    this.meta ??= new Map(
      (
        this.db.prepare('SELECT id, body, time_updated, demo_from, demo_to FROM market_regions ORDER BY id').all() as {
          id: string;
          body: string;
          time_updated: string;
          demo_from: number | null;
          demo_to: number | null;
        }[]
      ).map((r) => [
        r.id,
        {
          region: JSON.parse(r.body) as StoredRegion,
          timeUpdated: r.time_updated,
          demoFrom: r.demo_from,
          demoTo: r.demo_to,
        },
      ]),
    );
    return this.meta;
  }

  private metaOf(id: string) {
    const m = this.regionMeta().get(id);
    if (!m) throw notFound('market_region', id);
    return m;
  }

  regionIds(): string[] {
    return [...this.regionMeta().keys()];
  }

  regions(): (MarketRegion & { time_updated: string; published_until: string | null })[] {
    const last = this.db.prepare('SELECT MAX(end_ms) AS t FROM market_prices WHERE region = ?');
    return [...this.regionMeta().entries()].map(([id, m]) => {
      const { shape: _shape, ...region } = m.region;
      const t = (last.get(id) as { t: number | null }).t;
      return { ...region, time_updated: m.timeUpdated, published_until: t === null ? null : isoSeconds(t) };
    });
  }

  region(id: string): StoredRegion {
    return this.metaOf(id).region;
  }

  timeUpdated(id: string): string {
    return this.metaOf(id).timeUpdated;
  }

  private sources = new Map<string, string>();

  /**
   * The market source of a region, direction and mode (`mrs_` and 24 hex digits), or null when
   * the region has no market series: a demo region always has one, another one once prices were
   * imported. Derived, never stored: the first 24 hex digits of the SHA-256 of
   * `region:direction:mode` (`GB:IMPORT:test`), so the id is the same for every location of the region, on
   * every install and across a workspace's export and import.
   */
  source(region: string | null | undefined, direction: TariffDirection, liveMode: boolean): string | null {
    if (!region || !this.regionMeta().has(region)) return null;
    if (
      !this.region(region).demo &&
      !this.db.prepare('SELECT 1 FROM market_prices WHERE region = ? LIMIT 1').get(region)
    )
      return null;
    const key = `${region}:${direction}:${liveMode ? 'live' : 'test'}`;
    let id = this.sources.get(key);
    if (id === undefined) {
      id = `mrs_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
      this.sources.set(key, id);
    }
    return id;
  }

  /**
   * The region serving an address (`state` as its code: `stateCodeOf`): the one listing its
   * state, else its country's region without states, else none. A region that lists states
   * serves those only: a Californian address never gets Texas's.
   */
  regionFor(countryCode: string, state?: string | null): string | null {
    const cc = countryCode.toUpperCase();
    const inCountry = [...this.regionMeta().values()].map((m) => m.region).filter((r) => r.country_codes.includes(cc));
    return (
      (state && inCountry.find((r) => r.states?.includes(state))?.id) || inCountry.find((r) => !r.states)?.id || null
    );
  }

  /** The regions an address may follow: every region without states, and a state's own (`regionServes`). */
  regionsFor(countryCode: string, state?: string | null): string[] {
    return [...this.regionMeta().values()]
      .map((m) => m.region)
      .filter((r) => regionServes(r, countryCode, state))
      .map((r) => r.id);
  }

  /** A region an address is given by name: known, and serving the address if it lists states, else 400 `market_region_invalid`. */
  checkRegionFor(id: string, countryCode: string, state?: string | null): void {
    const r = this.region(id);
    if (!regionServes(r, countryCode, state))
      throw invalid(
        'market_region_invalid',
        `market_region: ${id} serves ${r.states!.join(', ')} (${r.country_codes.join(', ')}) only; this address is in ${state ? `${state}, ` : ''}${countryCode.toUpperCase()}.`,
      );
  }

  /**
   * The demo market's publication marks around now: tomorrow's prices appear at 13:00 local.
   * Asked on every price request, so kept per region for the stretch of time they hold
   * (between two 13:00s); the stretch is checked both ways, as the service clock may move back.
   */
  private marks = new Map<string, { since: number; until: number; horizon: number }>();

  private publication(r: StoredRegion): { horizon: number; next: number; since: number } {
    const t = this.clock.now().getTime();
    let m = this.marks.get(r.id);
    if (!m || t < m.since || t >= m.until) {
      const now = DateTime.fromMillis(t, { zone: r.timezone });
      const today13 = now.startOf('day').set({ hour: 13 });
      const before = now < today13;
      m = {
        since: (before ? today13.minus({ days: 1 }) : today13).toMillis(),
        until: (before ? today13 : today13.plus({ days: 1 })).toMillis(),
        horizon: now
          .startOf('day')
          .plus({ days: before ? 1 : 2 })
          .toMillis(),
      };
      this.marks.set(r.id, m);
    }
    return { horizon: m.horizon, next: m.until, since: m.since };
  }

  /** End of what the demo market has "published". */
  private horizon(r: StoredRegion): number {
    return this.publication(r).horizon;
  }

  /** The instant the region's latest demo prices were published (the last 13:00 local), or null. */
  publishedAt(id: string): number | null {
    const r = this.metaOf(id).region;
    return r.demo ? this.publication(r).since : null;
  }

  /** When the region's next prices are published: 13:00 local each day for demo regions; unknown for imported ones. */
  nextPublication(id: string): number | null {
    const r = this.metaOf(id).region;
    return r.demo ? this.publication(r).next : null;
  }

  /** Fills a demo region's stored series over whole local days covering `[from, to)`, up to the horizon. */
  private ensureDemo(id: string, r: StoredRegion, from: number, to: number): void {
    if (!r.demo || !r.shape) return;
    const until = Math.min(to, this.horizon(r));
    const want = from - REFERENCE_DAYS * DAY;
    if (until <= want) return;
    const cov = this.metaOf(id);
    const ranges: [number, number][] = [];
    if (cov.demoFrom === null || cov.demoTo === null) ranges.push([want, until]);
    else {
      if (want < cov.demoFrom) ranges.push([want, cov.demoFrom]);
      if (until > cov.demoTo) ranges.push([cov.demoTo, until]);
    }
    if (ranges.length === 0) return;
    const ins = this.db.prepare(
      'INSERT OR IGNORE INTO market_prices (region, start_ms, end_ms, price) VALUES (?, ?, ?, ?)',
    );
    let lo = cov.demoFrom ?? Number.POSITIVE_INFINITY;
    let hi = cov.demoTo ?? Number.NEGATIVE_INFINITY;
    const kept = this.unstored.get(id) ?? [];
    const put = this.readOnly
      ? (_id: string, start: number, end: number, value: number) => void kept.push({ start, end, value })
      : (...args: [string, number, number, number]) => void ins.run(...args);
    const fill = () => {
      for (const [a, b] of ranges) {
        let day = DateTime.fromMillis(a, { zone: r.timezone }).startOf('day');
        // Imported points win over the demo series wherever they overlap, whichever came first.
        const taken = this.storedOverlapping(id, day.toMillis(), b + DAY + 3_600_000);
        while (day.toMillis() < b) {
          for (const p of demoDay(id, r.timezone, r.shape!, day.year, day.month, day.day, r.resolution_minutes))
            if (!taken(p.start, p.end)) put(id, p.start, p.end, p.value);
          lo = Math.min(lo, day.toMillis());
          day = day.plus({ days: 1 }).startOf('day');
          hi = Math.max(hi, day.toMillis());
        }
      }
    };
    if (this.readOnly) {
      fill();
      this.unstored.set(id, kept);
    } else
      this.db.transaction(() => {
        fill();
        this.db.prepare('UPDATE market_regions SET demo_from = ?, demo_to = ? WHERE id = ?').run(lo, hi, id);
      })();
    cov.demoFrom = lo;
    cov.demoTo = hi;
    this.changed(id);
  }

  /** Whether a stored point of the region overlaps `[start, end)`, for points near `[from, to)`. */
  private storedOverlapping(id: string, from: number, to: number): (start: number, end: number) => boolean {
    const rows = this.db
      .prepare(
        'SELECT start_ms AS s, end_ms AS e FROM market_prices WHERE region = ? AND start_ms < ? AND end_ms > ? ORDER BY start_ms',
      )
      .all(id, to, from) as { s: number; e: number }[];
    // The latest end among points starting at or before each one: overlap is a search away.
    const maxEnd: number[] = [];
    rows.forEach((r, i) => maxEnd.push(Math.max(r.e, i > 0 ? maxEnd[i - 1]! : -Infinity)));
    return (start, end) => {
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (rows[mid]!.s < end) lo = mid + 1;
        else hi = mid;
      }
      return lo > 0 && maxEnd[lo - 1]! > start;
    };
  }

  /** Forgets what was read from the database: a workspace import replaced regions' series and times. */
  reload(): void {
    this.meta = undefined;
    this.unstored.clear();
    this.cache.clear();
    for (const id of this.regionIds()) this.changed(id);
  }

  /** The region's series for pricing `[from, to)`; cached in memory until the region's data change. */
  series(id: string, from: number, to: number): MarketSeries {
    const r = this.region(id);
    this.ensureDemo(id, r, from, to);
    let s = this.cache.get(id);
    if (!s) {
      const rows = this.db
        .prepare(
          'SELECT start_ms AS start, end_ms AS end, price AS value FROM market_prices WHERE region = ? ORDER BY start_ms',
        )
        .all(id) as { start: number; end: number; value: number }[];
      const kept = this.unstored.get(id);
      if (kept?.length) {
        for (const k of kept) rows.push(k);
        rows.sort((a, b) => a.start - b.start);
      }
      s = seriesFrom(rows);
      this.cache.set(id, s);
    }
    return s;
  }

  /** Imports a CSV price series into a region, replacing what it overlaps, in one transaction. */
  importCsv(id: string, csv: string, unit?: PriceUnit) {
    const r = this.region(id);
    return this.storeImport(id, parsePriceCsv(csv, r.timezone, unit));
  }

  /**
   * Stores a parsed series: one delete over the file's span and one insert per point, in one
   * short transaction. A delete per point would scan the rows before each one (the key leads
   * with `start_ms`), which made 20,000 hours take seconds of SQL on the thread every request waits on.
   */
  storeImport(id: string, parsed: ParsedSeries) {
    this.region(id);
    const first = parsed.points[0]!;
    const last = parsed.points[parsed.points.length - 1]!;
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of parsed.points) {
      if (p.start < lo) lo = p.start;
      if (p.end > hi) hi = p.end;
    }
    const ins = this.db.prepare(
      'INSERT OR REPLACE INTO market_prices (region, start_ms, end_ms, price) VALUES (?, ?, ?, ?)',
    );
    const now = isoSeconds(this.clock.now());
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM market_prices WHERE region = ? AND start_ms < ? AND end_ms > ?').run(id, hi, lo);
      for (const p of parsed.points) ins.run(id, p.start, p.end, p.value);
      this.db.prepare('UPDATE market_regions SET time_updated = ? WHERE id = ?').run(now, id);
    })();
    this.metaOf(id).timeUpdated = now;
    this.changed(id);
    return {
      object: 'market_import' as const,
      region: id,
      layout: parsed.layout,
      unit: parsed.unit,
      imported: parsed.points.length,
      resolution_minutes: parsed.resolution_minutes,
      from: isoSeconds(first.start),
      to: isoSeconds(last.end),
    };
  }

  /** Published points of `[from, to)`, for charts and the library page. */
  points(id: string, from: number, to: number) {
    if (!(to > from) || to - from > 93 * DAY)
      throw invalid('window_invalid', 'the window must be positive and at most 93 days');
    const s = this.series(id, from, to);
    const out: { start: string; end: string; price: number }[] = [];
    for (let i = 0; i < s.starts.length; i++)
      if (s.ends[i]! > from && s.starts[i]! < to)
        out.push({
          start: isoSeconds(s.starts[i]!),
          end: isoSeconds(s.ends[i]!),
          price: s.values[i]!,
        });
    return out;
  }
}
