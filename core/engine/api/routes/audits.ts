import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { PriceAudit, PriceAuditRequest } from '../../schemas/price-audit.js';

export const auditContracts = contracts({
  'audits.prices': {
    method: 'POST',
    path: '/audits/prices/:id',
    summary: 'How each interval of POST /prices is made up: market price, surcharges, tiers, non-commodity',
    tag: 'Audits',
    params: z.strictObject({ id: idOf('location') }),
    body: PriceAuditRequest,
    response: PriceAudit,
  },
});
