import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import type { StoredTariff } from '../../db/store.js';
import type { Clock } from '../../../engine/clock.js';
import type { MarketService } from '../../market/service.js';
import type { TariffDirection } from '../../../engine/schemas/common.js';
import type { StoredLocation as Location } from '../../../engine/schemas/location.js';
import { compileComponent, type CompiledComponent } from '../../../engine/pricing/compile.js';
import { unprocessable } from '../../../engine/errors.js';
import { ByteLru, ReadCache, estimateBytes } from '../../cache.js';
import { candidateJson, checkCandidates, type CandidateLayer } from './candidates.js';

/** A location's tariffs of one direction, compiled. */
export interface TariffSet {
  /** A number of its own, so cached answers can name the tariffs they came from in a few bytes. */
  generation: number;
  pending: boolean;
  components: CompiledComponent[];
  lastUpdated: number;
  /** An estimate of what the set holds: parsed and compiled, a tariff weighs about four times its text. */
  bytes: number;
}

/** The compiled tariffs a location's prices come from, and the market series they need. */
export class TariffSets {
  /** Compiled tariffs keyed by their stored JSON and zone: any change to a tariff misses. Bounded by bytes. */
  private compiled = new ByteLru<string, CompiledComponent>(
    8 * 1024 * 1024,
    (c, k) => 2 * k.length + estimateBytes(c.source),
  );
  private readonly tariffRows;
  /** The compiled tariffs of a location and direction, loaded again only after a write. */
  private readonly rows: ReadCache<string, TariffSet>;
  private generations = 0;

  constructor(
    db: Db,
    private readonly market: MarketService,
    private readonly clock: Clock,
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
  of(scope: Scope, loc: Location, direction: TariffDirection, layers: CandidateLayer[], required = true): TariffSet {
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

  /** The region's series where components of the window price the market, else undefined. */
  marketFor(loc: Location, components: CompiledComponent[], from: number, to: number) {
    if (!components.some((c) => c.market && c.start < to && c.end > from)) return undefined;
    if (!loc.market_region)
      throw unprocessable('no_price_data', 'The location has market-rate tariffs but no market region.');
    const series = this.market.series(loc.market_region, from, to);
    if (series.starts.length === 0)
      throw unprocessable('no_price_data', `Market region ${loc.market_region} has no published prices.`);
    return { region: loc.market_region, series };
  }
}
