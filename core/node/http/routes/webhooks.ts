import { asList, implement } from '../route.js';
import { webhookContracts } from '../../../engine/api/routes/webhooks.js';
import { answerByRule } from '../../webhooks/catcher-rule.js';
import { checkReceiver } from '../../webhooks/check.js';
import type { SampleSubjects } from '../../webhooks/samples.js';
import type { Service } from '../../service.js';
import type { Scope } from '../../db/documents.js';
import type { FastifyReply } from 'fastify';
import { eventNamer } from '../profile.js';
import { eventNameIn } from '../../../engine/webhooks/names.js';
import { onWire } from './events.js';
import { inZero } from '../zero/events.js';

/** A delivery's event under Zero's name for a request answered in Zero; Anode names it canonically. */
const namedDelivery = <D extends { event_type: string }>(d: D, reply: FastifyReply): D =>
  reply.request.generation === 'zero' ? { ...d, event_type: eventNameIn('spec', 'zero', d.event_type) } : d;

/** The newest location that has a tariff, and that tariff (with the newest customer and device): what a triggered sample is about. */
function subjectsOf(svc: Service, scope: Scope): SampleSubjects | undefined {
  for (const location of svc.locations.list(scope, { limit: 20 }).data) {
    const [tariff] = svc.tariffs.list(scope, { location_id: location.id }, { limit: 1 }).data;
    if (!tariff) continue;
    const [customer] = svc.customers.list(scope, { limit: 1 }).data;
    const [device] = svc.devices.list(scope, { limit: 1 }).data;
    return { location, tariff, ...(customer ? { customer } : {}), ...(device ? { device } : {}) };
  }
  return undefined;
}

export const webhookRoutes = implement(webhookContracts, {
  'webhooks.create': ({ svc, scope, body }) => svc.webhooks.create(scope, body),
  'webhooks.list': ({ svc, scope, query }) => asList('/webhooks', svc.webhooks.list(scope, query)),
  'webhooks.retrieve': ({ svc, scope, params }) => svc.webhooks.get(scope, params.id),
  'webhooks.update': ({ svc, scope, params, body }) => svc.webhooks.update(scope, params.id, body),
  'webhooks.delete': ({ svc, scope, params }) => svc.webhooks.delete(scope, params.id),
  'webhooks.rotate_secret': ({ svc, scope, params }) => svc.webhooks.rotateSecret(scope, params.id),
  'webhooks.set_catcher_rule': ({ svc, scope, params, body }) => svc.webhooks.setCatcherRule(scope, params.id, body),
  'webhooks.check': ({ svc, scope, params }) => checkReceiver(svc, scope, params.id, subjectsOf(svc, scope)),
  'webhook_deliveries.list': ({ svc, scope, query, reply }) => {
    const res = svc.webhooks.deliveries(scope, query);
    return asList('/webhook-deliveries', { ...res, data: res.data.map((d) => namedDelivery(d, reply)) });
  },
  'webhook_deliveries.retrieve': ({ svc, scope, params, reply }) =>
    namedDelivery(svc.webhooks.delivery(scope, params.id), reply),
  'webhook_deliveries.retry': ({ svc, scope, params, reply }) =>
    namedDelivery(svc.webhooks.retryNow(scope, params.id), reply),
  'events.resend': ({ svc, scope, params, body, reply }) =>
    namedDelivery(svc.webhooks.resend(scope, params.id, body.endpoint_id), reply),
  // The event as the events list of the request's version shows it (in Zero: Zero's name and shape).
  'events.trigger': ({ svc, scope, body, reply }) => {
    const e = svc.webhooks.trigger(scope, body.type, body.data, subjectsOf(svc, scope));
    return reply.request.generation === 'zero' ? inZero(e) : onWire(e, eventNamer(svc, scope, reply));
  },
  'catcher.receive': ({ svc, params, request, reply }) => {
    const m = svc.webhooks.catch(params.id, request.headers, request.rawBody ?? '');
    return answerByRule(
      m.rule,
      reply,
      { received: true, signature_valid: m.signature_valid },
      svc.webhooks.deliveryTimeoutMs,
    );
  },
  'catcher.list': ({ svc, scope, query }) =>
    asList('/catcher/messages', { data: svc.webhooks.caught(scope, query.endpoint_id), has_more: false }),
});
