import { implement } from '../route.js';
import { zeroRateContracts } from '../../../engine/api/zero/rates.js';
import { zeroTariffRates } from '../../services/zero/rates.js';
import { zeroTariffRateAudit } from '../../services/zero/rate-audit.js';

export const zeroRateRoutes = implement(zeroRateContracts, {
  'zero.tariffRates.retrieve': ({ svc, scope, params, query }) => zeroTariffRates(svc, scope, params.id, query),
  'zero.tariffRates.audit': ({ svc, scope, params, query }) => zeroTariffRateAudit(svc, scope, params.id, query),
});
