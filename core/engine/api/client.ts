import { pathOf, type CallInput, type Contract, type ResponseOf } from './contract.js';
import { api, type Api } from './index.js';
import { zeroApi, type ZeroApi } from './zero/index.js';
import type { ErrorType } from '../errors.js';
import { API_VERSION_HEADER } from '../wire-profile.js';
import { VERSION_OF, type Generation } from '../versions.js';

/** The part of `fetch` the client needs; Node, browsers and test adapters (Fastify's inject) provide it. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;

/** An error object answered by the service. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: { type?: ErrorType; context?: string; [k: string]: unknown } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export interface ClientOptions {
  baseUrl: string;
  /** Logs in with `GET /login` on first use and again when the bearer lapses. */
  credentials?: { accountId: string; apiKey: string };
  /** A bearer token to use as is. */
  bearer?: string;
  fetch?: FetchLike;
  /** Parse every success answer with its route's response schema (tests and development). */
  validate?: boolean;
  /** Sent with every request (e.g. an `origin`). */
  headers?: Record<string, string>;
  /**
   * Operations after which the bearer is renewed at once: those that move the service clock,
   * which a bearer's expiry follows, so the next requests do not meet a lapsed one.
   */
  renewAfter?: readonly string[];
}

/** Routes whose every input part is optional may be called without an input. */
type InputArgs<C extends Contract> = Record<string, never> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>];

/** A client of one API generation's contract table. */
export interface TableClient<T extends Record<string, Contract>> {
  call<K extends keyof T & string>(id: K, ...input: InputArgs<T[K]>): Promise<ResponseOf<T[K]>>;
  /** The bearer in use (logs in first when needed). */
  bearer(): Promise<string>;
  /** The same client, its bearer shared, sending these headers too (e.g. a different journal marker). */
  withHeaders(headers: Record<string, string>): TableClient<T>;
}
/** A client of Anode, the current generation. */
export type ApiClient = TableClient<Api>;
/** A client of Zero, the previous generation. */
export type ZeroClient = TableClient<ZeroApi>;

const base64 = (s: string) => (globalThis as unknown as { btoa(s: string): string }).btoa(s);

function queryString(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(one))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * A typed client of the REST API, derived from the contract table: `call('tariffs.create', { body })`
 * checks the input against the route's types and returns its answer's type. It names its
 * version on every request, so it is answered in Anode whatever the account's default.
 */
export function createApiClient(opts: ClientOptions): ApiClient {
  return clientFor(api, 'anode', opts);
}

/** The typed client of Zero (`2024-08-24`), derived from Zero's contract table the same way. */
export function createZeroClient(opts: ClientOptions): ZeroClient {
  return clientFor(zeroApi, 'zero', opts);
}

function clientFor<T extends Record<string, Contract>>(
  table: T,
  generation: Generation,
  opts: ClientOptions,
): TableClient<T> {
  const withVersion = { ...opts, headers: { [API_VERSION_HEADER]: VERSION_OF[generation], ...opts.headers } };
  return clientWith(table, withVersion, { token: opts.bearer ? Promise.resolve(opts.bearer) : undefined });
}

/** The bearer a client and the clients made from it by `withHeaders` hold together. */
interface Session {
  token: Promise<string> | undefined;
}

function clientWith<T extends Record<string, Contract>>(
  table: T,
  opts: ClientOptions,
  session: Session,
): TableClient<T> {
  const doFetch: FetchLike =
    opts.fetch ?? ((url, init) => (globalThis as unknown as { fetch: FetchLike }).fetch(url, init));

  async function send(
    c: Contract,
    input: Record<string, unknown>,
    authorization: string | undefined,
  ): Promise<{ status: number; json: unknown }> {
    const url =
      opts.baseUrl +
      pathOf(c.path, input.params as Record<string, unknown>) +
      queryString(input.query as Record<string, unknown>);
    const hasBody = c.method !== 'GET' && c.method !== 'DELETE';
    const headers: Record<string, string> = { ...opts.headers, ...(authorization ? { authorization } : {}) };
    if (hasBody) headers['content-type'] = 'application/json';
    const r = await doFetch(url, {
      method: c.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}),
    });
    const text = await r.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = { object: 'error', code: 'response_not_json', message: `HTTP ${r.status}: ${text.slice(0, 200)}` };
    }
    return { status: r.status, json };
  }

  const fail = (status: number, json: unknown) => {
    const b = (json ?? {}) as { code?: string; message?: string };
    return new ServiceError(status, b.code ?? 'error', b.message ?? `HTTP ${status}`, json as ServiceError['body']);
  };

  async function login(): Promise<string> {
    if (!opts.credentials) throw new ServiceError(401, 'credentials_missing', 'No credentials to log in with.');
    const { accountId, apiKey } = opts.credentials;
    const r = await send(api.login, {}, `Basic ${base64(`${accountId}:${apiKey}`)}`);
    if (r.status !== 200) throw fail(r.status, r.json);
    return api.login.response.parse(r.json).bearer_token;
  }

  async function bearer(): Promise<string> {
    session.token ??= login();
    try {
      return await session.token;
    } catch (e) {
      session.token = undefined;
      throw e;
    }
  }

  async function call(id: string, input: Record<string, unknown> = {}, retry = true): Promise<unknown> {
    const c = table[id];
    if (!c) throw new ServiceError(0, 'operation_unknown', `No operation ${id} in this client's table.`);
    const authorization = c.auth === false ? undefined : `Bearer ${await bearer()}`;
    const held = session.token;
    const r = await send(c, input, authorization);
    // A lapsed bearer: log in again once, where the client holds credentials. Requests that
    // met the same lapsed bearer share one new login: only the first drops it.
    if (r.status === 401 && retry && opts.credentials && c.auth !== false) {
      if (session.token === held) session.token = undefined;
      return call(id, input, false);
    }
    if (r.status >= 400 || (r.json as { object?: string } | null)?.object === 'error') throw fail(r.status, r.json);
    if (opts.credentials && opts.renewAfter?.includes(id)) session.token = login();
    return opts.validate ? c.response.parse(r.json) : r.json;
  }

  const withHeaders = (headers: Record<string, string>) =>
    clientWith(table, { ...opts, headers: { ...opts.headers, ...headers } }, session);
  return { call: call as TableClient<T>['call'], bearer, withHeaders };
}
