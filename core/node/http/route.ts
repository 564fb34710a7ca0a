import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Scope } from '../db/documents.js';
import { ApiError, Codes } from '../../engine/errors.js';
import type { Service } from '../service.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The account and mode of the bearer token (routes with `auth: false` get none). */
  scope: Scope;
  svc: Service;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One API route: its schemas validate the request, type the handler and generate the
 * OpenAPI document, so the shape is written once.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Fastify-style path, `:id` for parameters. */
  path: string;
  /** Also the `context` of error bodies. */
  operationId: string;
  summary: string;
  tag: string;
  auth?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  status?: number;
  /** Bytes; the API default applies when absent. */
  bodyLimit?: number;
  response: R;
  responseDescription?: string;
  /** Webhook-style raw handler output: a pre-serialized JSON string is sent as is. */
  handler: (
    ctx: HandlerContext<z.output<P>, z.output<Q>, z.output<B>>,
  ) => z.input<R> | string | Promise<z.input<R> | string>;
}

export type AnyRoute = RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export function defineRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): AnyRoute {
  return def as unknown as AnyRoute;
}

function formatPath(path: PropertyKey[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${String(seg)}` : String(seg);
  return out;
}

/** Turns the first zod issue into a named error code and a message naming the field path. */
export function fromZod(err: z.ZodError, where: 'body' | 'query' | 'path'): ApiError {
  const issue = err.issues[0]!;
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const full = formatPath([...path, issue.keys[0]!]);
    const what = where === 'query' ? 'Query parameter' : where === 'path' ? 'Path parameter' : 'Field';
    return new ApiError(400, 'invalid_request', Codes.parameterUnknown, `${what} '${full}' is not recognized.`);
  }
  const lastName = [...path].reverse().find((s) => typeof s === 'string') as string | undefined;
  const field = lastName ?? (where === 'path' ? 'id' : where);
  const at = formatPath(path) || where;
  const custom = issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
  if (custom) return new ApiError(400, 'invalid_request', custom, `${at}: ${issue.message}`);
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') &&
    issue.input === undefined
  ) {
    return new ApiError(400, 'invalid_request', `${field}_missing`, `${at} is required.`);
  }
  if (issue.code === 'too_small' && issue.origin === 'array' && Number(issue.minimum) === 1) {
    return new ApiError(400, 'invalid_request', `${field}_missing`, `${at} needs at least one item.`);
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map(String).join(', ');
    return new ApiError(400, 'invalid_request', `${field}_invalid`, `${at}: must be one of ${allowed}.`);
  }
  return new ApiError(400, 'invalid_request', `${field}_invalid`, `${at}: ${issue.message}`);
}

export function parseWith<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  where: 'body' | 'query' | 'path',
): z.output<S> {
  if (!schema) return value as z.output<S>;
  const res = schema.safeParse(value, { reportInput: true });
  if (!res.success) throw fromZod(res.error, where);
  return res.data;
}

/** The list object of DESIGN.md section 4 around one page. */
export const asList = <T>(url: string, page: { data: T[]; has_more: boolean }) => ({
  object: 'list' as const,
  url,
  has_more: page.has_more,
  data: page.data,
});
