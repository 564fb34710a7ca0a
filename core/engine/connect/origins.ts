import { z } from 'zod';
import { coded } from '../schemas/common.js';
import { isWebOrigin } from './protocol.js';

/**
 * Browser origins besides this machine's that may call the connect service: where testers
 * serve a connect web app of their own (docs/connect.md, Protocol). Service-wide.
 */
export const ConnectWebOrigins = z
  .array(
    z
      .string()
      .max(300)
      .refine(isWebOrigin, coded('connect_web_origins_invalid', 'must be an origin such as https://app.example.com')),
  )
  .max(20)
  .meta({ description: 'Origins (scheme://host[:port]) of connect web apps allowed to call the connect service.' });
