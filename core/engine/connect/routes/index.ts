import type { z } from 'zod';
import { postalAddressCapture } from './postal-address-capture.js';
import { providerSelect } from './provider-select.js';
import { providerNameCapture } from './provider-name-capture.js';
import { tariffSelect } from './tariff-select.js';
import { tariffNameCapture } from './tariff-name-capture.js';
import { tariffStructureSelect } from './tariff-structure-select.js';
import { contractTermCapture } from './contract-term-capture.js';
import { rateFixedCapture } from './rate-fixed-capture.js';
import { rateTodCapture } from './rate-tod-capture.js';
import { regionSelect } from './region-select.js';
import { surchargeCapture } from './surcharge-capture.js';
import { tariffConnectionPending } from './tariff-connection-pending.js';
import { tariffConnectionFailed } from './tariff-connection-failed.js';
import { tariffSummary } from './tariff-summary.js';

/** Each entry's key is its route's name. */
const table = <T extends { [K in keyof T]: { name: K } }>(t: T): T => t;

/**
 * Every page of the connect flow by route (docs/connect.md, Pages): the one table the connect
 * service, the hosted web app and the tests read. Adding a page is a module here and one line
 * below (and its service half in core/node/connect/routes/).
 */
export const CONNECT_ROUTES = table({
  postal_address_capture: postalAddressCapture,
  provider_select: providerSelect,
  provider_name_capture: providerNameCapture,
  tariff_select: tariffSelect,
  tariff_name_capture: tariffNameCapture,
  tariff_structure_select: tariffStructureSelect,
  contract_term_capture: contractTermCapture,
  rate_fixed_capture: rateFixedCapture,
  rate_tod_capture: rateTodCapture,
  region_select: regionSelect,
  surcharge_capture: surchargeCapture,
  tariff_connection_pending: tariffConnectionPending,
  tariff_connection_failed: tariffConnectionFailed,
  tariff_summary: tariffSummary,
});

/** A page of the connect flow. */
export type ConnectRoute = keyof typeof CONNECT_ROUTES;
export type RouteOf<R extends ConnectRoute> = (typeof CONNECT_ROUTES)[R];
/** The `data` a page sends. */
export type PageData<R extends ConnectRoute> = z.output<RouteOf<R>['data']>;
/** The `data` a page accepts, parsed; `never` for pages that take only actions. */
export type SubmitData<R extends ConnectRoute> = RouteOf<R>['submit'] extends z.ZodType
  ? z.output<RouteOf<R>['submit']>
  : never;
/** The buttons a page lists. */
export type ActionOf<R extends ConnectRoute> = RouteOf<R>['actions'][number];
/** Pages that take `data` (the others take only actions). */
export type SubmittingRoute = { [R in ConnectRoute]: RouteOf<R>['submit'] extends z.ZodType ? R : never }[ConnectRoute];

export const CONNECT_ROUTE_NAMES = Object.keys(CONNECT_ROUTES) as ConnectRoute[];
export const isConnectRoute = (r: string): r is ConnectRoute => Object.hasOwn(CONNECT_ROUTES, r);
