import { isoSeconds } from './clock.js';

/**
 * Named error codes and the error object (docs/api.md, Errors).
 * Call sites throw `ApiError` with a code from here; the HTTP layer turns it into the body.
 */
export type ErrorType = 'invalid_request' | 'authentication_error' | 'rate_limit' | 'api_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly extra: { connect_token?: string; retry_after?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400: a request field is missing or wrong. The code names the field and the problem. */
export const invalid = (code: string, message: string) => new ApiError(400, 'invalid_request', code, message);
/** 401: credentials or token problems. */
export const unauthenticated = (code: string, message: string) =>
  new ApiError(401, 'authentication_error', code, message);
/** 404: unknown id, or an object of another account or mode (never revealed as such). */
export const notFound = (kind: string, id: string) =>
  new ApiError(404, 'invalid_request', `${kind}_not_found`, `No ${kind} with id '${id}'.`);
/** 403: a test helper called with a live-mode bearer. */
export const testModeOnly = () =>
  new ApiError(403, 'invalid_request', Codes.testModeOnly, 'Test helpers answer test-mode bearers only.');
/** 422: a business condition blocks the request. */
export const unprocessable = (code: string, message: string) => new ApiError(422, 'invalid_request', code, message);

export const Codes = {
  bodyInvalidJson: 'body_json_invalid',
  bodyTooLarge: 'body_too_large',
  // JSON nested deeper than MAX_JSON_DEPTH (core/engine/json-depth.ts), refused before any parse.
  bodyTooDeep: 'body_too_deep',
  // A key `__proto__` (or `constructor` holding `prototype`): valid JSON the parser refuses, as it could poison objects.
  bodyKeyForbidden: 'body_key_forbidden',
  // A string holding half a UTF-16 surrogate pair ("\ud800"): valid JSON, but no text to store.
  bodyUnicodeInvalid: 'body_unicode_invalid',
  contentTypeUnsupported: 'content_type_unsupported',
  contentEncodingUnsupported: 'content_encoding_unsupported',
  parameterUnknown: 'parameter_unknown',
  routeNotFound: 'route_not_found',
  pagingConflict: 'paging_conflict',
  credentialsMissing: 'credentials_missing',
  credentialsMalformed: 'credentials_malformed',
  credentialsInvalid: 'credentials_invalid',
  tokenMissing: 'token_missing',
  tokenMalformed: 'token_malformed',
  tokenInvalid: 'token_invalid',
  tokenExpired: 'token_expired',
  commodityOverlap: 'commodity_overlap',
  geoLocationNotFound: 'geo_location_not_found',
  internal: 'internal_error',
  csvInvalid: 'csv_invalid',
  csvEmpty: 'csv_empty',
  csvTooLarge: 'csv_too_large',
  csvLayoutUnknown: 'csv_layout_unknown',
  csvRowInvalid: 'csv_row_invalid',
  csvRowsOutOfOrder: 'csv_rows_out_of_order',
  csvIntervalUnknown: 'csv_interval_unknown',
  usageMissing: 'usage_missing',
  usageConflict: 'usage_conflict',
  usageOverlap: 'usage_overlap',
  usageOutsideWindow: 'usage_outside_window',
  usageTooLarge: 'usage_too_large',
  profileUnknown: 'profile_unknown',
  kwhPerYearMissing: 'kwh_per_year_missing',
  candidateDuplicate: 'candidate_duplicate',
  windowTooLong: 'window_too_long',
  // Requests refused before any route runs (HTTP parser, listener guards).
  requestMalformed: 'request_malformed',
  requestInvalid: 'request_invalid',
  requestTimeout: 'request_timeout',
  headerInvalid: 'header_invalid',
  headerTooLarge: 'header_too_large',
  hostMissing: 'host_missing',
  hostNotAllowed: 'host_not_allowed',
  methodInvalid: 'method_invalid',
  urlInvalid: 'url_invalid',
  urlTooLong: 'url_too_long',
  contentLengthInvalid: 'content_length_invalid',
  bodyMissing: 'body_missing',
  remoteNotLoopback: 'remote_not_loopback',
  // Below the framework: an Expect other than 100-continue, a method no route can have
  // (CONNECT), a request line without an HTTP version, a connection past the listener's cap.
  expectationUnsupported: 'expectation_unsupported',
  methodNotAllowed: 'method_not_allowed',
  httpVersionMissing: 'http_version_missing',
  serverBusy: 'server_busy',
  // The worker pool's queue is full (503 with Retry-After): the work was not started.
  busy: 'busy',
  // The worker running a request ended or ran past its time limit (503 with Retry-After); it is replaced.
  workerFailed: 'worker_failed',
  // A CORS preflight without Origin and Access-Control-Request-Method, or from an origin not allowed.
  preflightInvalid: 'preflight_invalid',
  originNotAllowed: 'origin_not_allowed',
  appNotBuilt: 'app_not_built',
  // Connect test helper (docs/connect.md, Test helper).
  testModeOnly: 'test_mode_only',
  choiceMissing: 'choice_missing',
  choiceConflict: 'choice_conflict',
  providerDirectUnsupported: 'provider_direct_unsupported',
  providerDirectOnly: 'provider_direct_only',
  // A library choice with a market-only provider: its pages offer only the market and its surcharges.
  providerMarketOnly: 'provider_market_only',
  // A choice the token's pages do not offer (a grid-fee token chooses no provider).
  choiceUnsupported: 'choice_unsupported',
  // A typed-in FIXED tariff without its price (manual.cost).
  costMissing: 'cost_missing',
  // Workspace folders (docs/workspaces.md): links that would carry reads or writes outside them.
  workspaceSymlinkOutside: 'workspace_symlink_outside',
  workspaceSymlinkRefused: 'workspace_symlink_refused',
  workspaceFileNotRegular: 'workspace_file_not_regular',
  clockAdvancing: 'clock_advancing',
  // Schedules (docs/schedules.md).
  locationIdMismatch: 'location_id_mismatch',
  tariffDirectionConflict: 'tariff_direction_conflict',
  tariffDirectionMixed: 'tariff_direction_mixed',
  thresholdMissing: 'threshold_missing',
  durationTooLong: 'duration_too_long',
  energyUnreachable: 'energy_unreachable',
  noPriceData: 'no_price_data',
  // A receiver check's message is not an event's delivery: it is never retried (docs/webhooks.md).
  webhookDeliveryCheck: 'webhook_delivery_check',
  // Versions (docs/api.md, Versioning).
  apiVersionInvalid: 'api_version_invalid',
  // Meter records and cost reports (docs/costs.md, Meter records).
  batchTooLarge: 'batch_too_large',
  batchInvalid: 'batch_invalid',
  recordInvalid: 'record_invalid',
  readingDecreased: 'reading_decreased',
  readingTimeDuplicate: 'reading_time_duplicate',
  recordTooLong: 'record_too_long',
  sessionNotFound: 'session_not_found',
  reportSpansCurrencies: 'report_spans_currencies',
  customerNotFound: 'customer_not_found',
  // Tariff imports (docs/import.md): a URDB rate a tariff cannot hold.
  urdbUnitUnsupported: 'urdb_unit_unsupported',
  urdbTiersUnsupported: 'urdb_tiers_unsupported',
} as const;

export interface ErrorBody {
  object: 'error';
  type: ErrorType;
  code: string;
  message: string;
  context: string;
  live_mode: boolean;
  time_created: string;
  connect_token?: string;
  /** The id of the request that failed, as the service's journal records it. */
  request_id?: string;
}

export function errorBody(err: ApiError, context: string, liveMode: boolean, now: Date, requestId?: string): ErrorBody {
  const body: ErrorBody = {
    object: 'error',
    type: err.type,
    code: err.code,
    message: err.message,
    context,
    live_mode: liveMode,
    time_created: isoSeconds(now),
  };
  if (err.extra.connect_token) body.connect_token = err.extra.connect_token;
  if (requestId) body.request_id = requestId;
  return body;
}
