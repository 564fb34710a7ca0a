import type { FastifyReply } from 'fastify';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { PROFILES, type ProfileRules } from '../../engine/wire-profile.js';

/** The wire-profile rules of the calling account. */
export const rulesOf = (svc: Service, scope: Scope): ProfileRules =>
  PROFILES[svc.settings.wireProfile(scope.accountId)];

/** A created object: 200, or 201 under the published profile. */
export function created<T>(svc: Service, scope: Scope, reply: FastifyReply, out: T): T {
  reply.code(rulesOf(svc, scope).createdStatus);
  return out;
}

/** A deleted object: the object, or 202 `{"message":"Accepted"}` under the published profile. */
export function deleted<T>(svc: Service, scope: Scope, reply: FastifyReply, out: T): T | { message: 'Accepted' } {
  if (rulesOf(svc, scope).deleteAnswer === 'object') return out;
  reply.code(202);
  return { message: 'Accepted' };
}
