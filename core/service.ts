import { openDatabase, type Db } from './db/database.js';
import { createStore, type Store } from './db/store.js';
import { Accounts } from './auth/accounts.js';
import { LocationService } from './services/locations.js';
import { TariffService } from './services/tariffs.js';
import { ProviderService } from './services/providers.js';
import { MarketService } from './market/service.js';
import { PriceService } from './services/prices.js';
import { systemClock, type Clock } from './clock.js';
import { randomIds, type IdGenerator } from './ids.js';

export interface ServiceOptions {
  /** Folder of the database, or ':memory:' for tests. */
  dataDir: string;
  clock?: Clock;
  ids?: IdGenerator;
  /** Bearer token lifetime for new accounts, seconds. */
  tokenTtlSeconds?: number;
}

/**
 * The service's state and behaviour, independent of any transport: the HTTP API, the connect
 * service, the command line and the desktop app all drive this one object.
 */
export interface Service {
  db: Db;
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  accounts: Accounts;
  locations: LocationService;
  tariffs: TariffService;
  providers: ProviderService;
  market: MarketService;
  prices: PriceService;
  close(): void;
}

export function createService(opts: ServiceOptions): Service {
  const db = openDatabase(opts.dataDir);
  const clock = opts.clock ?? systemClock;
  const ids = opts.ids ?? randomIds;
  const store = createStore(db);
  const accounts = new Accounts(db, clock, ids, opts.tokenTtlSeconds ?? 3600);
  const market = new MarketService(db, clock);
  market.seedIfEmpty();
  const locations = new LocationService(db, store, clock, ids, market);
  const tariffs = new TariffService(db, store, locations, clock, ids);
  const providers = new ProviderService(db);
  providers.seedIfEmpty();
  const prices = new PriceService(db, store, locations, market, clock, ids);
  return {
    db, store, clock, ids, accounts, locations, tariffs, providers, market, prices,
    close: () => db.close(),
  };
}
