import type { ConnectRoute } from '../../../engine/connect/routes/index.js';
import type { ServerRoute } from '../context.js';
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

/** The service's half of every page, by route; the compiler insists on one per page of the engine's table. */
export const SERVER_ROUTES: { [R in ConnectRoute]: ServerRoute<R> } = {
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
};
