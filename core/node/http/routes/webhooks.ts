import { asList, implement } from '../route.js';
import { webhookContracts } from '../../../engine/api/routes/webhooks.js';
import { answerByRule } from '../../webhooks/catcher-rule.js';

export const webhookRoutes = implement(webhookContracts, {
  'webhooks.create': ({ svc, scope, body }) => svc.webhooks.create(scope, body),
  'webhooks.list': ({ svc, scope, query }) => asList('/webhooks', svc.webhooks.list(scope, query)),
  'webhooks.retrieve': ({ svc, scope, params }) => svc.webhooks.get(scope, params.id),
  'webhooks.update': ({ svc, scope, params, body }) => svc.webhooks.update(scope, params.id, body),
  'webhooks.delete': ({ svc, scope, params }) => svc.webhooks.delete(scope, params.id),
  'webhooks.rotate_secret': ({ svc, scope, params }) => svc.webhooks.rotateSecret(scope, params.id),
  'webhooks.set_catcher_rule': ({ svc, scope, params, body }) => svc.webhooks.setCatcherRule(scope, params.id, body),
  'webhook_deliveries.list': ({ svc, scope, query }) =>
    asList('/webhook-deliveries', svc.webhooks.deliveries(scope, query)),
  'webhook_deliveries.retrieve': ({ svc, scope, params }) => svc.webhooks.delivery(scope, params.id),
  'webhook_deliveries.retry': ({ svc, scope, params }) => svc.webhooks.retryNow(scope, params.id),
  'events.resend': ({ svc, scope, params, body }) => svc.webhooks.resend(scope, params.id, body.endpoint_id),
  'events.trigger': ({ svc, scope, body }) => svc.webhooks.trigger(scope, body.type, body.data),
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
