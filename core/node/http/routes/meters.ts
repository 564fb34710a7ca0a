import { asList, implement } from '../route.js';
import { meterContracts } from '../../../engine/api/routes/meters.js';

export const meterRoutes = implement(meterContracts, {
  'meters.interval': ({ svc, scope, body }) => svc.meters.submitInterval(scope, body),
  'meters.cumulative': ({ svc, scope, body }) => svc.meters.submitCumulative(scope, body),
  'meters.cumulative_epoch': ({ svc, scope, body }) => svc.meters.submitCumulative(scope, body),
  'meters.batch': ({ svc, scope, query }) => svc.meters.getBatch(scope, query.batch_id),
  'meter_records.list': ({ svc, scope, query }) => asList('/meter-records', svc.meters.list(scope, query)),
});
