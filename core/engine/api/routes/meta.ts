import { z } from 'zod';
import { contracts } from '../contract.js';

export const metaContracts = contracts({
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Meta',
    query: z.strictObject({}),
    response: z.record(z.string(), z.unknown()),
  },
});
