import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Bill, BILL_LIMITS, BillRequest } from '../../schemas/bill.js';

export const billContracts = contracts({
  'bills.create': {
    method: 'POST',
    path: '/bills/:location_id',
    summary:
      'The whole bill of a location over whole local months: energy, fixed, demand and minimum charges, export credit and its settlement (Tariff Desk’s extension beyond the reference)',
    tag: 'Costs',
    params: z.strictObject({ location_id: idOf('location') }),
    body: BillRequest,
    bodyLimit: BILL_LIMITS.bodyLimit,
    response: Bill,
  },
});
