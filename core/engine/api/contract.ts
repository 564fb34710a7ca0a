import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route as both sides see it: method, path and the zod schemas of its parameters,
 * query, body and answer. The service binds a handler to it, the OpenAPI document is generated
 * from it, and the typed client calls through it, so each shape is written once.
 */
export interface ContractDef {
  method: Method;
  /** Router-style path, `:id` for parameters. */
  path: string;
  summary: string;
  tag: string;
  /** Routes that take no bearer token (`/login`, the catcher) say `false`. */
  auth?: boolean;
  /** Test helpers: a live-mode bearer gets 403 `test_mode_only` before its input is read. */
  testModeOnly?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: number;
  /** Bytes; the API default applies when absent. */
  bodyLimit?: number;
  response: z.ZodType;
  responseDescription?: string;
  /** A second success status some accounts get (the `published` wire profile), documented beside the first. */
  alternateStatus?: { status: number; description: string };
}

/** A contract with its operation id, which is also the `context` of its error bodies. */
export type Contract<D extends ContractDef = ContractDef, Id extends string = string> = D & { operationId: Id };

/** Names each contract of a group by its key. */
export function contracts<const T extends Record<string, ContractDef>>(
  defs: T,
): { [K in keyof T & string]: Contract<T[K], K> } {
  const out: Record<string, Contract> = {};
  for (const [operationId, def] of Object.entries(defs)) out[operationId] = { ...def, operationId };
  return out as { [K in keyof T & string]: Contract<T[K], K> };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<C extends ContractDef> = Out<C['params']>;
export type QueryOf<C extends ContractDef> = Out<C['query']>;
export type BodyOf<C extends ContractDef> = Out<C['body']>;
/** What the service answers: the response schema's input (serialized as JSON). */
export type ResponseIn<C extends ContractDef> = In<C['response']>;
/** What a client reads back. */
export type ResponseOf<C extends ContractDef> = Out<C['response']>;

/** What a client sends: path parameters, query and body, each only where the route has one. */
export type CallInput<C extends ContractDef> = (C['params'] extends z.ZodType ? { params: In<C['params']> } : unknown) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : unknown) &
  (C['body'] extends z.ZodType
    ? undefined extends In<C['body']>
      ? { body?: In<C['body']> }
      : { body: In<C['body']> }
    : unknown);

/** Fills `:name` segments from the parameters. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** Whether a concrete path (no query) is an instance of a contract's path. */
export function matchesPath(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/$/, '').split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
