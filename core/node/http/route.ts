import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../db/documents.js';
import type { Service } from '../service.js';
import type { BodyOf, Contract, ContractDef, ParamsOf, QueryOf, ResponseIn } from '../../engine/api/contract.js';

export interface HandlerContext<C extends ContractDef> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The account and mode of the bearer token (routes with `auth: false` get none). */
  scope: Scope;
  svc: Service;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers its contract's response, or JSON already serialized as text or bytes (prices, OpenAPI). */
export type Handler<C extends ContractDef> = (
  ctx: HandlerContext<C>,
) => ResponseIn<C> | string | Buffer | Promise<ResponseIn<C> | string | Buffer>;

/** A contract with the service's handler bound to it. */
export interface Route extends Contract {
  handler: Handler<ContractDef>;
}

/** Binds a handler to every contract of a group; the compiler insists on one per contract. */
export function implement<G extends Record<string, Contract>>(
  group: G,
  handlers: { [K in keyof G]: Handler<G[K]> },
): Route[] {
  return Object.entries(group).map(([id, c]) => ({ ...c, handler: handlers[id] as Handler<ContractDef> }));
}

/** The list object around one page. */
export const asList = <T>(url: string, page: { data: T[]; has_more: boolean }) => ({
  object: 'list' as const,
  url,
  has_more: page.has_more,
  data: page.data,
});
