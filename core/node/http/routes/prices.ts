import { z } from 'zod';
import { defineRoute } from '../route.js';
import { idOf } from '../../../engine/schemas/common.js';
import { Price, PriceRequest } from '../../../engine/schemas/price.js';

export const priceRoutes = [
  defineRoute({
    method: 'POST',
    path: '/prices/:id',
    operationId: 'prices.retrieve',
    summary: 'Retrieve prices for a location and window',
    tag: 'Prices',
    params: z.strictObject({ id: idOf('location') }),
    body: PriceRequest,
    response: Price,
    handler: ({ svc, scope, params, body }) => svc.prices.priceJson(scope, params.id, body),
  }),
];
