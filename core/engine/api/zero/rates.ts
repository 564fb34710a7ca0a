import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf } from '../../schemas/common.js';
import { TariffRate, TariffRateAudit, TariffRateAuditQuery, TariffRateQuery } from '../../schemas/zero/rates.js';

const params = z.object({ id: idOf('location') });

/** Zero's tariff rates and their audit: the prices of a location in whole-hour slots, and what made them. */
export const zeroRateContracts = contracts({
  'zero.tariffRates.retrieve': {
    method: 'GET',
    path: '/tariffs/rates/:id',
    summary: 'Tariff rates of a location in whole-hour slots',
    tag: 'Tariffs',
    params,
    query: TariffRateQuery,
    response: TariffRate,
  },
  'zero.tariffRates.audit': {
    method: 'GET',
    path: '/tariffs/audit/:id',
    summary: 'What makes up the tariff rates of a location',
    tag: 'Tariffs',
    params,
    query: TariffRateAuditQuery,
    response: TariffRateAudit,
  },
});
