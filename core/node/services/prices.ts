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
import { sweepPrices, type IntervalSink } from '../../engine/pricing/engine.js';
import { formOf, formatter } from '../../engine/pricing/format.js';
import { PriceWriter } from './price-writer.js';
import type { MarketSeries, PriceInterval } from '../../engine/pricing/types.js';
import { ApiError, Codes, invalid, unprocessable } from '../../engine/errors.js';
import { contractInstant } from '../../engine/schedule/contract.js';
import { computeCost, type CostBreakdown, type UsageSeries } from '../../engine/pricing/cost.js';
import { periodBounds } from '../../engine/pricing/local-days.js';
import { layProfile } from '../../engine/usage/layout.js';
import { usageShape } from '../../engine/usage/profiles.js';
import { instantOf } from '../../engine/usage/instant.js';
import { COST_LIMITS, type Cost, type CostRequest, type TariffCandidate } from '../../engine/schemas/cost.js';
import type { StoredLocation as Location } from '../../engine/schemas/location.js';
import type { Pricing } from '../../engine/pricing/meter-cost.js';
import { ByteLru, ReadCache, estimateBytes } from '../cache.js';
import { isoSeconds } from '../../engine/clock.js';

const HOURS_90 = 90 * 24 * 3_600_000;
const DAY_MS = 86_400_000;
/** Bytes kept before a fresh answer's items for its head (about 400 of them; more falls back to a copy). */
const HEAD_ROOM = 1024;

interface TariffSet {
  /** A number of its own, so cached answers can name the tariffs they came from in a few bytes. */
  generation: number;
  pending: boolean;
  components: CompiledComponent[];
  lastUpdated: number;
  /** An estimate of what the set holds: parsed and compiled, a tariff weighs about four times its text. */
  bytes: number;
}

interface Written {
  /** The `data` array's items as JSON bytes. */
  bytes: Buffer;
  /** Ascending instants inside the window where the answer's price changes. */
  cuts: Float64Array;
}

/** The first change strictly after `now`, or null when the window holds none. */
function nextCut(cuts: Float64Array, now: number): number | null {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cuts[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo < cuts.length ? cuts[lo]! : null;
}

/** `POST /prices/{id}`: loads the location's components, runs the pure engine, writes the answer. */
export class PriceService {
  /** Compiled tariffs keyed by their stored JSON and zone: any change to a tariff misses. Bounded by bytes. */
  private compiled = new ByteLru<string, CompiledComponent>(
    8 * 1024 * 1024,
    (c, k) => 2 * k.length + estimateBytes(c.source),
  );
  /**
   * Written `data` arrays: the engine is pure, so equal inputs give equal text. Bounded by the
   * bytes held: a view keeps its whole buffer alive, so that is what counts, not its length.
   */
  private written = new ByteLru<string, Written>(
    8 * 1024 * 1024,
    (w, k) => w.bytes.buffer.byteLength + 2 * k.length + w.cuts.buffer.byteLength,
  );
  /**
   * Keys of answers written once: an answer is kept on its second request. A window asked once
   * (a chart scrolled, a load test) would only push out answers asked again, and its megabyte,
   * kept past the young generation, would be freed only by a full collection: that churn is what
   * held the host's memory high under load.
   */
  private seen = new ByteLru<string, true>(256 * 1024, (_v, k) => 2 * k.length + 32);
  private readonly tariffRows;
  /** The compiled tariffs of a location and direction, loaded again only after a write. */
  private readonly rows: ReadCache<string, TariffSet>;
  private generations = 0;

  constructor(
    db: Db,
    private readonly locations: LocationService,
    private readonly market: MarketService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.rows = new ReadCache(db.writes, 8 * 1024 * 1024, (set) => set.bytes);
    this.tariffRows = db.prepare(
      "SELECT body, COALESCE(time_updated, json_extract(body, '$.time_created')) AS updated, json_extract(body, '$.status') AS status, json_extract(body, '$.type') AS type FROM tariffs WHERE account_id = ? AND live_mode = ? AND location_id = ? AND direction = ? ORDER BY seq",
    );
  }

  private compile(raw: string, zone: string): CompiledComponent {
    const key = zone + '\n' + raw;
    let c = this.compiled.get(key);
    if (!c) {
      c = compileComponent(JSON.parse(raw) as StoredTariff, zone);
      this.compiled.set(key, c);
    }
    return c;
  }

  /** The window of a request (rule 10): end required and after start; up to max(90×24 h, 90 local days). */
  window(req: PriceRequest, zone: string): { from: number; to: number } {
    const to = DateTime.fromISO(req.end_time, { setZone: true }).toMillis();
    // Now by default, to the second: answers write instants in whole seconds.
    const from = req.start_time
      ? DateTime.fromISO(req.start_time, { setZone: true }).toMillis()
      : Math.floor(this.clock.now().getTime() / 1000) * 1000;
    if (!(to > from))
      throw invalid(
        'end_time_before_start_time',
        `end_time must be after start_time${req.start_time ? '' : ' (now, by default)'}.`,
      );
    // 90 local days are only worth working out for a window longer than 90×24 h.
    if (to > from + HOURS_90 && to > DateTime.fromMillis(from, { zone }).plus({ days: 90 }).toMillis())
      throw invalid(
        'window_too_long',
        'The window may be at most 90 days (90×24 h or 90 local calendar days, whichever is longer).',
      );
    return { from, to };
  }

  /** The location's tariffs of a direction, compiled: read and compiled once per write. */
  private load(scope: Scope, locationId: string, direction: TariffDirection, zone: string): TariffSet {
    const all = this.tariffRows.all(scope.accountId, scope.liveMode ? 1 : 0, locationId, direction) as {
      body: string;
      updated: string;
      status: string;
      type: string;
    }[];
    // A failed connection has no rates to price; a pending one is refused as a whole.
    const rows = all.filter((r) => r.status !== 'FAILED' && r.status !== 'PENDING');
    return {
      generation: ++this.generations,
      pending: all.some((r) => r.status === 'PENDING' && r.type === 'COMMODITY'),
      components: rows.map((r) => this.compile(r.body, zone)),
      lastUpdated: rows.reduce((m, r) => Math.max(m, Date.parse(r.updated)), 0),
      bytes: all.reduce((n, r) => n + 4 * r.body.length, 256),
    };
  }

  /**
   * The location's tariffs of a direction, with candidates in place of the stored tariffs of
   * their type and direction: the set as it would be had they been saved (saved last, in order).
   */
  private tariffSet(
    scope: Scope,
    loc: Location,
    direction: TariffDirection,
    layers: CandidateLayer[],
    required = true,
  ): TariffSet {
    let set = this.rows.get(`${scope.accountId}|${scope.liveMode}|${loc.id}|${direction}`, () =>
      this.load(scope, loc.id, direction, loc.timezone),
    );
    for (const { candidates, path } of layers) {
      if (!candidates) continue;
      checkCandidates(candidates, loc.timezone, path);
      const slots = new Set(candidates.map((c) => `${c.type}|${c.direction ?? 'IMPORT'}`));
      const kept = set.components.filter((c) => !slots.has(`${c.source.type}|${c.direction}`));
      const added = candidates.flatMap((c, i) =>
        (c.direction ?? 'IMPORT') === direction ? [this.compile(candidateJson(c, `${path}[${i}]`), loc.timezone)] : [],
      );
      set = {
        // Never cached: a candidate's answer is written for its one request.
        generation: -1,
        pending: set.pending && !slots.has(`COMMODITY|${direction}`),
        components: [...kept, ...added],
        // Saving would stamp the candidates now, the latest update of the set.
        lastUpdated: this.clock.now().getTime(),
        bytes: 0,
      };
    }
    // A DIRECT provider that has not delivered yet: production answers this until it resolves.
    if (set.pending)
      throw unprocessable('pending_connect', 'The tariff is still being fetched from the provider; try again later.');
    if (required && set.components.length === 0)
      throw unprocessable('no_tariff_connected', `The location has no tariff for direction ${direction}.`);
    return set;
  }

  /**
   * What prices the location's stored tariffs of a direction give over `[from, to)`: the compiled
   * set and the market series it needs, for costing meter records with the same engine.
   */
  pricing(scope: Scope, loc: Location, direction: TariffDirection, from: number, to: number): Pricing {
    const set = this.tariffSet(scope, loc, direction, []);
    const market = this.marketFor(loc, set.components, from, to)?.series;
    return { zone: loc.timezone, direction, components: set.components, market };
  }

  /**
   * The tariffs of a direction with candidates in place and the market series they need over
   * `[from, to)`: what a bill prices and credits with. Without `required`, none is no error.
   */
  billing(
    scope: Scope,
    loc: Location,
    direction: TariffDirection,
    layers: CandidateLayer[],
    window: { from: number; to: number },
    required: boolean,
  ): { components: CompiledComponent[]; market: MarketSeries | undefined } {
    const set = this.tariffSet(scope, loc, direction, layers, required);
    return { components: set.components, market: this.marketFor(loc, set.components, window.from, window.to)?.series };
  }

  /** The region's series where components of the window price the market, else undefined. */
  private marketFor(loc: Location, components: CompiledComponent[], from: number, to: number) {
    if (!components.some((c) => c.market && c.start < to && c.end > from)) return undefined;
    if (!loc.market_region)
      throw unprocessable('no_price_data', 'The location has market-rate tariffs but no market region.');
    const series = this.market.series(loc.market_region, from, to);
    if (series.starts.length === 0)
      throw unprocessable('no_price_data', `Market region ${loc.market_region} has no published prices.`);
    return { region: loc.market_region, series };
  }

  /** Loads what a window's prices depend on, without running the engine. */
  private prepare(
    scope: Scope,
    locationId: string,
    direction: TariffDirection,
    req: PriceRequest,
    unknownGaps = false,
  ) {
    const loc = this.locations.find(scope, locationId);
    const set = this.tariffSet(scope, loc, direction, [{ candidates: req.candidates, path: 'candidates' }]);
    const { from, to } = this.window(req, loc.timezone);
    const components = set.components;
    let lastUpdated = set.lastUpdated;
    const m = this.marketFor(loc, components, from, to);
    const needsMarket = m !== undefined;
    const market: MarketSeries | undefined = m?.series;
    let marketVersion = '';
    let nextPublication: number | null = null;
    if (m) {
      lastUpdated = Math.max(lastUpdated, Date.parse(this.market.timeUpdated(m.region)));
      marketVersion = `${m.region}@${this.market.version(m.region)}`;
      nextPublication = this.market.nextPublication(m.region);
    }
    // The set's generation stands for its tariffs: a write loads (and numbers) them afresh.
    const key = `${direction}|${from}|${to}|${marketVersion}|${req.expand?.join() ?? ''}|${set.generation}`;
    const breakdown = req.expand?.includes('components') ?? false;
    const query = { zone: loc.timezone, from, to, direction, components, market, breakdown, unknownGaps };
    const sweep = (sink: IntervalSink) => sweepPrices(query, sink);
    return {
      from,
      to,
      direction,
      zone: loc.timezone,
      currency: loc.currency_code,
      lastUpdated,
      key,
      sweep,
      market: needsMarket,
      nextPublication,
      cache: set.generation >= 0,
    };
  }

  /** The price object (docs/api.md, Prices) as JSON text, written directly: the answer can be large. */
  priceJson(scope: Scope, locationId: string, req: PriceRequest): Buffer {
    const direction = req.tariff_direction ?? 'IMPORT';
    const p = this.prepare(scope, locationId, direction, req);
    const form = formOf(req.end_time);
    const fmt = formatter(form);
    const { written, key, writer } = this.data(p, form);
    const now = this.clock.now().getTime();
    const next = p.market ? p.nextPublication : nextCut(written.cuts, now);
    const head = {
      id: this.ids('prs'),
      object: 'price',
      live_mode: scope.liveMode,
      location_id: locationId,
      location_timezone: p.zone,
      currency_code: p.currency,
      last_updated: fmt(p.lastUpdated),
      next_update: next === null ? null : fmt(next),
      request: { tariff_direction: direction, start_time: fmt(p.from), end_time: fmt(p.to) },
      account_id: scope.accountId,
      tariff_direction: direction,
    };
    const h = JSON.stringify(head);
    const open = `${h.slice(0, -1)},"data":[`;
    const close = `],"time_created":"${isoSeconds(this.clock.now())}"}`;
    // Just written: the head and tail go around the items in the writer's own buffer, and the
    // cache keeps a view of the items, so a cold answer allocates its megabyte once, not twice.
    const framed = writer?.framed(open, close);
    if (writer && p.cache) this.keep(key, framed ? { ...written, bytes: framed.items } : written);
    if (framed) return framed.answer;
    // From the cache: one buffer for the answer, the head, the cached data bytes, the tail.
    return Buffer.concat([Buffer.from(open), written.bytes, Buffer.from(close)]);
  }

  /**
   * The intervals `POST /prices` answers for a window, as objects, with the location's zone and
   * currency: the same tariffs, market series and sweep (the schedules read them), except that
   * time between a tariff's bands has confidence 0. Nothing cached.
   */
  intervals(
    scope: Scope,
    locationId: string,
    direction: TariffDirection,
    window: { start_time?: string | undefined; end_time: string },
  ): { from: number; to: number; zone: string; currency: string; intervals: PriceInterval[] } {
    // A gap between a tariff's bands is unknown to the schedules, never free energy.
    const p = this.prepare(scope, locationId, direction, window, true);
    const out: PriceInterval[] = [];
    p.sweep((from, to, value, confidence) => out.push({ from, to, value, confidence }));
    return { from: p.from, to: p.to, zone: p.zone, currency: p.currency, intervals: out };
  }

  /** `POST /costs/{id}`: the usage costed by the price sweep, for the stored set and each alternative. */
  cost(scope: Scope, locationId: string, req: CostRequest): Cost {
    const intervals = req.usage.intervals;
    if (intervals && intervals.length > COST_LIMITS.maxIntervals)
      throw new ApiError(
        413,
        'invalid_request',
        Codes.usageTooLarge,
        `usage.intervals: at most ${COST_LIMITS.maxIntervals} intervals per request (${intervals.length} given).`,
      );
    const loc = this.locations.find(scope, locationId);
    const zone = loc.timezone;
    const { from, to } = costWindow(req, zone);
    const usage = usageSeries(req, zone, from, to);
    const bounds = periodBounds(req.group_by ?? 'day', zone, from, to);
    const direction = req.tariff_direction;
    const base: CandidateLayer = { candidates: req.candidates, path: 'candidates' };
    const costOf = (layers: CandidateLayer[]): CostBreakdown => {
      const set = this.tariffSet(scope, loc, direction, layers);
      const market = this.marketFor(loc, set.components, from, to)?.series;
      return computeCost({ zone, from, to, direction, components: set.components, market }, usage, bounds);
    };
    const fmt = formatter(formOf(req.end_time));
    // A window that starts mid-month counts tiers from its start: the answer says so.
    const monthStart = DateTime.fromMillis(from, { zone }).startOf('month').toMillis();
    const countFrom = monthStart < from ? fmt(from) : undefined;
    const answer = (b: CostBreakdown) => ({
      object: 'cost' as const,
      location_id: locationId,
      currency_code: loc.currency_code,
      tariff_direction: direction,
      start_time: fmt(from),
      end_time: fmt(to),
      kwh: b.microKwh / 1e6,
      unpriced_kwh: b.unpricedMicroKwh / 1e6,
      above_first_tier_kwh: b.aboveFirstTierMicroKwh / 1e6,
      value: b.micro / 1e6,
      periods: b.periods.map((p, k) => ({
        start_time: fmt(bounds[k]!),
        end_time: fmt(bounds[k + 1]!),
        kwh: p.microKwh / 1e6,
        unpriced_kwh: p.unpricedMicroKwh / 1e6,
        above_first_tier_kwh: p.aboveFirstTierMicroKwh / 1e6,
        ...(k === 0 && countFrom ? { tier_count_from: countFrom } : {}),
        value: p.micro / 1e6,
      })),
      components: b.components.map((c) => ({
        tariff_id: c.component.id,
        type: c.component.type,
        value: c.micro / 1e6,
      })),
      live_mode: scope.liveMode,
    });
    const main: Cost = answer(costOf([base]));
    if (req.alternatives)
      main.alternatives = req.alternatives.map((set, k) =>
        answer(costOf([base, { candidates: set, path: `alternatives[${k}]` }])),
      );
    return main;
  }

  private keep(key: string, written: Written): void {
    if (this.seen.get(key)) this.written.set(key, written);
    else this.seen.set(key, true);
  }

  /**
   * The `data` array as JSON text and the instants where the price changes, cached by everything
   * they depend on. A fresh one comes with its writer, for the caller to frame and then cache.
   */
  private data(
    p: ReturnType<PriceService['prepare']>,
    form: ReturnType<typeof formOf>,
  ): { written: Written; key: string; writer?: PriceWriter } {
    const key = `${form.kind === 'Z' ? 'Z' : form.minutes}|${p.key}`;
    const cached = p.cache ? this.written.get(key) : undefined;
    if (cached) return { written: cached, key };
    // About one interval per quarter hour is the common case (15-minute markets).
    const expected = Math.min(40_000, Math.ceil((p.to - p.from) / 900_000) + 16);
    const writer = new PriceWriter(form, expected, HEAD_ROOM);
    let cuts = new Float64Array(expected);
    let n = 0;
    const cut = (to: number) => {
      if (n === cuts.length) {
        const more = new Float64Array(n * 2);
        more.set(cuts);
        cuts = more;
      }
      cuts[n++] = to;
    };
    p.sweep((from, to, value, confidence, components) => {
      writer.interval(from, to, value, confidence, components);
      cut(to);
    });
    // The last interval ends the window: not a change.
    return { written: { bytes: writer.bytes(), cuts: cuts.slice(0, Math.max(0, n - 1)) }, key, writer };
  }

  /**
   * The intervals `POST /prices` answers for a window with what its head says of them:
   * `last_updated`, and `next_update` by its rule. With `breakdown`, each interval carries its
   * components' shares from the same sweep, cut finer where a share changes but the price does
   * not; with `unknownGaps`, time between a tariff's bands has confidence 0, as `intervals` gives
   * it to the schedules. The price audit and the schedule by limit read it. Nothing cached.
   */
  explain(
    scope: Scope,
    locationId: string,
    direction: TariffDirection,
    window: { start_time?: string | undefined; end_time: string },
    opts: { breakdown?: boolean; unknownGaps?: boolean } = {},
  ) {
    const req: PriceRequest = opts.breakdown ? { ...window, expand: ['components'] } : window;
    const p = this.prepare(scope, locationId, direction, req, opts.unknownGaps);
    const out: PriceInterval[] = [];
    p.sweep((from, to, value, confidence, components) =>
      out.push(components ? { from, to, value, confidence, components } : { from, to, value, confidence }),
    );
    let next = p.market ? p.nextPublication : null;
    if (!p.market) {
      const now = this.clock.now().getTime();
      // The first change of price after now: where `POST /prices` cuts, not where only a share changes.
      for (let i = 0; i + 1 < out.length; i++) {
        const a = out[i]!;
        const b = out[i + 1]!;
        if (a.to > now && (a.value !== b.value || a.confidence !== b.confidence)) {
          next = a.to;
          break;
        }
      }
    }
    const { from, to, zone, currency, lastUpdated } = p;
    return { from, to, zone, currency, lastUpdated, nextUpdate: next, intervals: out };
  }
}

/**
 * The window of a cost (`POST /costs`, the meter cost reports): end after start, at most
 * `COST_LIMITS.maxWindowDays` (that many 24-hour days or local calendar days, whichever is longer).
 */
export function costWindow(w: { start_time: string; end_time: string }, zone: string): { from: number; to: number } {
  const from = DateTime.fromISO(w.start_time, { setZone: true }).toMillis();
  const to = DateTime.fromISO(w.end_time, { setZone: true }).toMillis();
  if (!(to > from)) throw invalid('end_time_before_start_time', 'end_time must be after start_time.');
  const days = COST_LIMITS.maxWindowDays;
  if (to > from + days * DAY_MS && to > DateTime.fromMillis(from, { zone }).plus({ days }).toMillis())
    throw invalid(
      Codes.windowTooLong,
      `The window may be at most ${days} days (${days}×24 h or ${days} local calendar days, whichever is longer).`,
    );
  return { from, to };
}

/** Candidates from one place of a request (`candidates`, `alternatives[1]`), applied in turn. */
export interface CandidateLayer {
  candidates: TariffCandidate[] | undefined;
  path: string;
}

/** What the schema cannot see: one candidate per type and direction, and contract order (as POST /tariffs). */
function checkCandidates(candidates: TariffCandidate[], zone: string, path: string): void {
  const seen = new Map<string, number>();
  candidates.forEach((c, i) => {
    const slot = `${c.type}|${c.direction ?? 'IMPORT'}`;
    const first = seen.get(slot);
    if (first !== undefined)
      throw invalid(
        Codes.candidateDuplicate,
        `${path}[${i}]: a second candidate of type ${c.type} and direction ${c.direction ?? 'IMPORT'} (the first is ${path}[${first}]); give at most one per type and direction.`,
      );
    seen.set(slot, i);
    if (!(contractInstant(c.contract_end_date, zone) > contractInstant(c.contract_start_date, zone)))
      throw invalid('contract_end_date_invalid', `${path}[${i}].contract_end_date: must be after contract_start_date.`);
  });
}

/** A candidate as a stored tariff's JSON, the fields the engine reads, as saving would write them. */
function candidateJson(c: TariffCandidate, id: string): string {
  return JSON.stringify({
    id,
    type: c.type,
    ...(c.direction ? { direction: c.direction } : {}),
    market_rates: c.market_rates ?? false,
    contract_start_date: c.contract_start_date,
    contract_end_date: c.contract_end_date,
    ...(c.schedule ? { schedule: c.schedule } : {}),
    ...(c.charges ? { charges: c.charges } : {}),
  });
}

/**
 * The request's usage as sorted, checked intervals in micro-kWh: metered intervals or a profile
 * laid out. `path` names the field in errors (a bill's generation is checked alike).
 */
export function usageSeries(
  req: { usage: CostRequest['usage'] },
  zone: string,
  from: number,
  to: number,
  path = 'usage',
): UsageSeries {
  const { intervals, profile, kwh_per_year } = req.usage;
  if (intervals && profile !== undefined)
    throw invalid(Codes.usageConflict, `${path}: give either intervals or profile with kwh_per_year, not both.`);
  if (!intervals && profile === undefined)
    throw invalid(Codes.usageMissing, `${path}: give either intervals or profile with kwh_per_year.`);
  if (profile !== undefined) {
    const shape = usageShape(profile);
    if (!shape)
      throw invalid(Codes.profileUnknown, `${path}.profile: no profile '${profile}' (GET /usage-profiles lists them).`);
    if (kwh_per_year === undefined)
      throw invalid(Codes.kwhPerYearMissing, `${path}.kwh_per_year is required with a profile.`);
    return layProfile(shape, zone, from, to, kwh_per_year);
  }
  if (kwh_per_year !== undefined)
    throw invalid(Codes.usageConflict, `${path}.kwh_per_year goes with a profile, not with intervals.`);
  const list = intervals!;
  const n = list.length;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const iv = list[i]!;
    a[i] = instantOf(iv.start_time);
    b[i] = instantOf(iv.end_time);
    if (!(b[i]! > a[i]!))
      throw invalid('end_time_before_start_time', `${path}.intervals[${i}].end_time must be after its start_time.`);
    if (a[i]! < from || b[i]! > to)
      throw invalid(
        Codes.usageOutsideWindow,
        `${path}.intervals[${i}] lies outside the window [start_time, end_time).`,
      );
    if (i > 0 && a[i]! < a[i - 1]!) sorted = false;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  if (!sorted) order.sort((x, y) => a[x]! - a[y]!);
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  const microKwh = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (k > 0 && a[i]! < ends[k - 1]!)
      throw invalid(Codes.usageOverlap, `${path}.intervals[${i}] overlaps ${path}.intervals[${order[k - 1]}].`);
    starts[k] = a[i]!;
    ends[k] = b[i]!;
    microKwh[k] = Math.round(list[i]!.kwh * 1e6);
  }
  return { starts, ends, microKwh };
}
