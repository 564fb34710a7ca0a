import type { FastifyReply } from 'fastify';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { PROFILES, type ProfileRules } from '../../engine/wire-profile.js';
import { eventNameIn } from '../../engine/webhooks/names.js';
import './plugins/request.js';

/** The wire-profile rules of the calling account. */
export const rulesOf = (svc: Service, scope: Scope): ProfileRules =>
  PROFILES[svc.settings.wireProfile(scope.accountId)];

/** Zero answers created and deleted objects as the published profile does (201; 202 Accepted). */
const answerRules = (svc: Service, scope: Scope, reply: FastifyReply): ProfileRules =>
  reply.request.generation === 'zero' ? PROFILES.published : rulesOf(svc, scope);

/** A created object: 200, or 201 under the published profile and in Zero. */
export function created<T>(svc: Service, scope: Scope, reply: FastifyReply, out: T): T {
  reply.code(answerRules(svc, scope, reply).createdStatus);
  return out;
}

/** A deleted object: the object, or 202 `{"message":"Accepted"}` under the published profile and in Zero. */
export function deleted<T>(svc: Service, scope: Scope, reply: FastifyReply, out: T): T | { message: 'Accepted' } {
  if (answerRules(svc, scope, reply).deleteAnswer === 'object') return out;
  reply.code(202);
  return { message: 'Accepted' };
}

/**
 * The names events are answered under, in the request's version: Zero's names in Zero, else the
 * account's wire profile's (docs/webhooks.md, Event names). Events are stored under the canonical names.
 */
export function eventNamer(svc: Service, scope: Scope, reply: FastifyReply): (type: string) => string {
  const profile = svc.settings.wireProfile(scope.accountId);
  const generation = reply.request.generation;
  return (type) => eventNameIn(profile, generation, type);
}
