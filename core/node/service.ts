import { openDatabase, type Db } from './db/database.js';
import { createStore, type Store } from './db/store.js';
import { Accounts } from './auth/accounts.js';
import { LocationService } from './services/locations.js';
import { CustomerService } from './services/customers.js';
import { DeviceService } from './services/devices.js';
import { MeterService } from './services/meters/service.js';
import { CostReportService } from './services/cost-reports.js';
import { BillService } from './services/bills.js';
import { currentSolver } from './battery-solver.js';
import { BatteryScheduleService } from './services/battery-schedule.js';
import { TariffService } from './services/tariffs.js';
import { ProviderService } from './services/providers.js';
import { MarketService } from './market/service.js';
import { PriceService } from './services/prices/service.js';
import { EventService } from './services/events.js';
import { GridFeeService } from './services/grid-fees.js';
import { StatusService } from './services/status.js';
import { SettingsService } from './services/settings.js';
import { LifecycleService } from './services/lifecycle.js';
import { ConnectTokenService } from './connect/tokens.js';
import { WebhookService } from './webhooks/service.js';
import { Journal } from './traffic/journal.js';
import { FaultService } from './traffic/faults.js';
import { LoginThrottle, RateLimiter } from './traffic/limits.js';
import { ServiceClock, systemClock, type Clock } from '../engine/clock.js';
import { TimeTravel } from './services/time-travel.js';
import { randomIds, type IdGenerator } from '../engine/ids.js';
import { HeavyWork } from './pool/runner.js';
import type { PoolOptions } from './pool/pool.js';

export interface ServiceOptions {
  /** Folder of the database, or ':memory:' for tests. */
  dataDir: string;
  clock?: Clock;
  /**
   * Real time, which webhook signatures are dated by whatever the service clock says (a
   * receiver judges their age by its own clock). Defaults to `clock`, the service clock's own
   * real time, so a test pinning only `clock` pins both.
   */
  realClock?: Clock;
  ids?: IdGenerator;
  /** Bearer token lifetime for new accounts, seconds. */
  tokenTtlSeconds?: number;
  /**
   * The worker pool for heavy requests (docs/architecture.md, Where work runs): none unless
   * given with `workers` of 1 or more and a database folder (a worker cannot open one in memory).
   */
  pool?: Omit<PoolOptions, 'dataDir'> & { offloadBytes?: number };
}

/**
 * The service's state and behaviour, independent of any transport: the HTTP API, the connect
 * service, the command line and the desktop app all drive this one object.
 */
export interface Service {
  db: Db;
  store: Store;
  clock: ServiceClock;
  timeTravel: TimeTravel;
  ids: IdGenerator;
  accounts: Accounts;
  locations: LocationService;
  customers: CustomerService;
  devices: DeviceService;
  meters: MeterService;
  costReports: CostReportService;
  bills: BillService;
  batterySchedules: BatteryScheduleService;
  tariffs: TariffService;
  providers: ProviderService;
  market: MarketService;
  prices: PriceService;
  events: EventService;
  gridFees: GridFeeService;
  status: StatusService;
  settings: SettingsService;
  lifecycle: LifecycleService;
  connectTokens: ConnectTokenService;
  webhooks: WebhookService;
  journal: Journal;
  faults: FaultService;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Where heavy requests run: a worker of the pool, or this thread. */
  work: HeavyWork;
  close(): void;
}

export function createService(opts: ServiceOptions): Service {
  const db = openDatabase(opts.dataDir);
  // One service clock per host: real time (the injected one in tests), shifted or frozen at will.
  const base = opts.clock ?? systemClock;
  const clock = new ServiceClock(() => base.now().getTime());
  const settings = new SettingsService(db);
  const savedClock = settings.clock();
  if (savedClock) clock.restore(savedClock);
  const ids = opts.ids ?? randomIds;
  const store = createStore(db);
  const events = new EventService(db, clock, ids);
  const real = opts.realClock ?? base;
  const webhooks = new WebhookService(
    db,
    clock,
    ids,
    events,
    settings,
    () => clock.millis(),
    () => real.now().getTime(),
  );
  const market = new MarketService(db, clock);
  market.seedMissing();
  const locations = new LocationService(db, store, clock, ids, market, events);
  const providers = new ProviderService(db, ids);
  providers.seedIfEmpty();
  const tariffs = new TariffService(db, store, locations, clock, ids, events, providers);
  const gridFees = new GridFeeService(db, clock, ids);
  gridFees.seedIfEmpty();
  const lifecycle = new LifecycleService(db, clock, events);
  const journal = new Journal();
  const timeTravel = new TimeTravel(clock, lifecycle, settings, journal, db.writes);
  // While a long jump runs in the background, bearers are issued and judged at the instant it
  // began, so a client polling its progress stays logged in; once it lands, what it outlived lapses.
  const authClock: Clock = { now: () => new Date(timeTravel.advancingFrom() ?? clock.millis()) };
  const accounts = new Accounts(db, authClock, ids, opts.tokenTtlSeconds ?? 3600, () => base.now().getTime());
  // The demo market publishes tomorrow's prices at 13:00 local: time travel passes each publication.
  // Each region's next publication is worked out again only once the clock passes it (or goes back).
  const publications = new Map<string, { from: number; at: number }>();
  const nextPublication = (id: string, now: number) => {
    const known = publications.get(id);
    if (known && known.from <= now && now < known.at) return known.at;
    const at = market.nextPublication(id) ?? Infinity;
    publications.set(id, { from: now, at });
    return at;
  };
  let reported = NaN;
  timeTravel.add({
    name: 'market_publication',
    nextDueAt: () => {
      const now = clock.millis();
      const next = Math.min(...market.regionIds().map((id) => nextPublication(id, now)));
      return Number.isFinite(next) ? next : undefined;
    },
    run: () => {
      const now = clock.millis();
      // A jump runs its work again where it lands: a publication is told once per instant.
      if (now === reported) return undefined;
      // Known since before now: a region publishes now if its next publication is now, else not.
      const published = market.regionIds().filter((id) => {
        const known = publications.get(id);
        if (known && known.from < now && now <= known.at) return now === known.at;
        return market.publishedAt(id) === now;
      });
      if (!published.length) return undefined;
      reported = now;
      return `market ${published.join(', ')}: day-ahead prices published`;
    },
  });
  const prices = new PriceService(db, locations, market, clock, ids);
  const customers = new CustomerService(db, store, clock, ids, events, locations);
  const devices = new DeviceService(db, store, clock, ids, events);
  const meters = new MeterService(db, clock, ids, locations, devices);
  const costReports = new CostReportService(db, clock, ids, locations, devices, meters, prices);
  const bills = new BillService(locations, prices, meters, devices, currentSolver);
  const batterySchedules = new BatteryScheduleService(locations, prices, devices, currentSolver);
  const work = new HeavyWork(() => ({ bills, prices, market, costReports }), {
    dataDir: opts.dataDir,
    ...(opts.pool ? { pool: opts.pool, offloadBytes: opts.pool.offloadBytes } : {}),
  });
  const status = new StatusService(locations, tariffs, providers, gridFees);
  const connectTokens = new ConnectTokenService(db, clock, ids, locations, tariffs, () =>
    settings.get('connect_token_ttl_seconds'),
  );
  return {
    db,
    store,
    clock,
    ids,
    accounts,
    locations,
    customers,
    devices,
    meters,
    costReports,
    bills,
    batterySchedules,
    tariffs,
    providers,
    market,
    prices,
    events,
    gridFees,
    status,
    settings,
    lifecycle,
    timeTravel,
    connectTokens,
    webhooks,
    journal,
    faults: new FaultService(ids),
    rateLimiter: new RateLimiter(() => clock.now().getTime()),
    loginThrottle: new LoginThrottle(() => clock.now().getTime()),
    work,
    close: () => {
      // A jump still under way stops at its next step instead of writing to a closed database.
      timeTravel.cancel();
      // A host closes the pool first, with its grace; anything else ends the workers now.
      void work.close(0);
      db.close();
    },
  };
}
