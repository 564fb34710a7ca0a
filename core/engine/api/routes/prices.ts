import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Price, PriceRequest } from '../../schemas/price.js';

export const priceContracts = contracts({
  'prices.retrieve': {
    method: 'POST',
    path: '/prices/:id',
    summary: 'Retrieve prices for a location and window',
    tag: 'Prices',
    params: z.strictObject({ id: idOf('location') }),
    body: PriceRequest,
    response: Price,
  },
});
