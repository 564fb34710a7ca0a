import { api, type Api } from '../index.js';
import type { Contract } from '../contract.js';
import { zeroConnectContracts } from './connect.js';
import { zeroTariffElementContracts } from './tariff-elements.js';
import { zeroLocationContracts } from './locations.js';
import { zeroCustomerContracts } from './customers.js';
import { zeroEventContracts } from './events.js';
import { zeroRateContracts } from './rates.js';
import { zeroSlotContracts } from './slots.js';
import { zeroScheduleContracts } from './schedules.js';
import { zeroMeterContracts } from './meters.js';
import { zeroCostContracts } from './costs.js';

/**
 * Anode's production operations that Zero does not have: Zero answers them 404. Zero keeps the
 * operations it shares with Anode (login, locations, customers, devices, events) and the
 * service's own extras (providers, webhooks, clock, journal, …); its own operations follow.
 */
export const ANODE_ONLY = [
  'connect_token.create',
  'connect_token.retrieve',
  'connect_tariff_token.create',
  'connect_tariff_token.retrieve',
  'tariffs.create',
  'tariffs.list',
  'tariffs.retrieve',
  'tariffs.update',
  'tariffs.delete',
  'prices.retrieve',
  'audits.prices',
  'schedules.duration',
  'schedules.limit',
  'schedules.amount',
  'meters.interval',
  'meters.cumulative',
  'meters.cumulative_epoch',
  'meters.batch',
  'costs.instant',
  'costs.session',
  'costs.interval',
] as const satisfies readonly (keyof Api)[];
type AnodeOnly = (typeof ANODE_ONLY)[number];

/** Zero's own operations, by operation id (`zero.…`). */
export const zeroOwn = {
  ...zeroConnectContracts,
  ...zeroTariffElementContracts,
  ...zeroLocationContracts,
  ...zeroCustomerContracts,
  ...zeroEventContracts,
  ...zeroRateContracts,
  ...zeroSlotContracts,
  ...zeroScheduleContracts,
  ...zeroMeterContracts,
  ...zeroCostContracts,
};

const keyOf = (c: Pick<Contract, 'method' | 'path'>) => `${c.method} ${c.path}`;
const anodeOnly = new Set<string>(ANODE_ONLY);
const ownKeys = new Set(Object.values(zeroOwn as Record<string, Contract>).map(keyOf));

/** Whether Zero serves an Anode operation as it is (an operation Zero shares, or an extra). */
export const zeroServes = (c: Contract): boolean => !anodeOnly.has(c.operationId) && !ownKeys.has(keyOf(c));

/** `METHOD path` of a contract, as a type. */
type RouteKey<C> = C extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
type ZeroOwn = typeof zeroOwn;
/** Anode operations whose `METHOD path` one of Zero's own operations answers instead. */
type Replaced = {
  [K in keyof Api]: RouteKey<Api[K]> extends RouteKey<ZeroOwn[keyof ZeroOwn]> ? K : never;
}[keyof Api];

/** Every route of Zero by operation id: the table its typed client and OpenAPI document read. */
export const zeroApi = {
  ...(Object.fromEntries(Object.entries(api).filter(([, c]) => zeroServes(c))) as Omit<Api, AnodeOnly | Replaced>),
  ...zeroOwn,
};
export type ZeroApi = typeof zeroApi;
export type ZeroOperationId = keyof ZeroApi;

/** Zero's contracts as a list, for looking one up by `METHOD path` (`contractFor`). */
export const zeroContracts: readonly Contract[] = Object.values(zeroApi);
