import { z } from 'zod';
import { contracts } from '../contract.js';
import { VERSION_OF, VERSION_SPELLINGS } from '../../versions.js';

export const metaContracts = contracts({
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI 3.1 document of an API version',
    tag: 'Meta',
    query: z.strictObject({
      version: z
        .enum(VERSION_SPELLINGS as [string, ...string[]])
        .optional()
        .meta({ description: `The API version documented: ${VERSION_OF.anode} (default) or ${VERSION_OF.zero}` }),
    }),
    response: z.record(z.string(), z.unknown()),
  },
});
