import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import type { IdGenerator } from '../../../engine/ids.js';
import type { LocationService } from '../locations.js';
import type { MarketService } from '../../market/service.js';
import type { PriceRequest } from '../../../engine/schemas/price.js';
import type { TariffDirection } from '../../../engine/schemas/common.js';
import type { MarketSeries, PriceInterval } from '../../../engine/pricing/types.js';
import type { Cost, CostRequest } from '../../../engine/schemas/cost.js';
import type { StoredLocation as Location } from '../../../engine/schemas/location.js';
import type { Pricing } from '../../../engine/pricing/meter-cost.js';
import { formOf, formatter } from '../../../engine/pricing/format.js';
import { isoSeconds } from '../../../engine/clock.js';
import { TariffSets } from './tariff-sets.js';
import { priceWindow } from './window.js';
import { preparePrices, type PrepareSources } from './prepare.js';
import { AnswerCache, nextCut } from './answers.js';
import { costOfUsage } from './cost.js';
import type { CandidateLayer } from './candidates.js';
import type { CompiledComponent } from '../../../engine/pricing/compile.js';

/** `POST /prices/{id}`: loads the location's components, runs the pure engine, writes the answer. */
export class PriceService {
  private readonly sets: TariffSets;
  private readonly answers = new AnswerCache();
  private readonly sources: PrepareSources;

  constructor(
    db: Db,
    private readonly locations: LocationService,
    market: MarketService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.sets = new TariffSets(db, market, clock);
    this.sources = { locations, market, sets: this.sets, clock };
  }

  /** The window of a request (rule 10): end required and after start; up to max(90×24 h, 90 local days). */
  window(req: PriceRequest, zone: string): { from: number; to: number } {
    return priceWindow(req, zone, this.clock);
  }

  /**
   * What prices the location's stored tariffs of a direction give over `[from, to)`: the compiled
   * set and the market series it needs, for costing meter records with the same engine.
   */
  pricing(scope: Scope, loc: Location, direction: TariffDirection, from: number, to: number): Pricing {
    const set = this.sets.of(scope, loc, direction, []);
    const market = this.sets.marketFor(loc, set.components, from, to)?.series;
    return { zone: loc.timezone, direction, components: set.components, market };
  }

  /**
   * The tariffs of a direction with candidates in place and the market series they need over
   * `[from, to)`: what a bill prices and credits with. Without `required`, none is no error.
   */
  /** The tariffs a bill would price, without reading any market series (a check before the work). */
  billingComponents(
    scope: Scope,
    loc: Location,
    direction: TariffDirection,
    layers: CandidateLayer[],
    required: boolean,
  ): CompiledComponent[] {
    return this.sets.of(scope, loc, direction, layers, required).components;
  }

  billing(
    scope: Scope,
    loc: Location,
    direction: TariffDirection,
    layers: CandidateLayer[],
    window: { from: number; to: number },
    required: boolean,
  ): { components: CompiledComponent[]; market: MarketSeries | undefined } {
    const set = this.sets.of(scope, loc, direction, layers, required);
    return {
      components: set.components,
      market: this.sets.marketFor(loc, set.components, window.from, window.to)?.series,
    };
  }

  /** The price object (docs/api.md, Prices) as JSON text, written directly: the answer can be large. */
  priceJson(scope: Scope, locationId: string, req: PriceRequest): Buffer {
    const direction = req.tariff_direction ?? 'IMPORT';
    const p = preparePrices(this.sources, scope, locationId, direction, req);
    const form = formOf(req.end_time);
    const fmt = formatter(form);
    const { written, key, writer } = this.answers.data(p, form);
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
    if (writer && p.cache) this.answers.keep(key, framed ? { ...written, bytes: framed.items } : written);
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
    const p = preparePrices(this.sources, scope, locationId, direction, window, true);
    const out: PriceInterval[] = [];
    p.sweep((from, to, value, confidence) => out.push({ from, to, value, confidence }));
    return { from: p.from, to: p.to, zone: p.zone, currency: p.currency, intervals: out };
  }

  /** `POST /costs/{id}`: the usage costed by the price sweep, for the stored set and each alternative. */
  cost(scope: Scope, locationId: string, req: CostRequest): Cost {
    return costOfUsage(this.sets, this.locations, scope, locationId, req);
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
    const p = preparePrices(this.sources, scope, locationId, direction, req, opts.unknownGaps);
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
