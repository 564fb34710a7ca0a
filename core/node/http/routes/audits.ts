import { implement } from '../route.js';
import { auditContracts } from '../../../engine/api/routes/audits.js';
import { auditPrices } from '../../services/price-audit.js';

export const auditRoutes = implement(auditContracts, {
  'audits.prices': ({ svc, scope, params, body }) => auditPrices(svc, scope, params.id, body),
});
