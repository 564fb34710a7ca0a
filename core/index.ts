// The package's library entry (dist/node/core.js, typed by dist/types/index.d.ts): the test kit an
// integrator's tests start (docs/testing.md), the typed API client's types, and the command line.
// Only types of the engine and the kit are exported, so the declarations need no dev dependency.
export {
  startTariffDesk,
  durationSeconds,
  type TariffDesk,
  type TariffDeskOptions,
  type TariffDeskClock,
  type TariffDeskEvent,
  type WaitForEventOptions,
  type ConnectTokenBody,
  type ConnectTokenObject,
  type CompleteConnectBody,
  type ClockState,
  type CheckReceiverOptions,
  type WebhookCheck,
} from './hosts/kit.js';
export {
  createApiClient,
  createZeroClient,
  ServiceError,
  type ApiClient,
  type ZeroClient,
  type ClientOptions,
  type FetchLike,
} from './engine/api/client.js';
export type { Api, OperationId } from './engine/api/index.js';
export type { ZeroApi, ZeroOperationId } from './engine/api/zero/index.js';
import type { CallInput } from './engine/api/contract.js';
import type { Api } from './engine/api/index.js';
export type { CallInput, ResponseOf } from './engine/api/contract.js';
export type { ReadyInfo } from './engine/api/bootstrap.js';
export type { EventType } from './engine/webhooks/schemas.js';
export type { Bill, BillMonth, Metering } from './engine/schemas/bill.js';
export type { Charges } from './engine/schemas/charges.js';
/** The body of `POST /bills/{location_id}` as a caller writes it (defaults may be left out). */
export type BillBody = NonNullable<CallInput<Api['bills.create']>['body']>;
export { main as runCli } from './hosts/cli/main.js';
