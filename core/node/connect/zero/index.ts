import type { Dialect } from '../dialect.js';
import { zeroInbound } from './inbound.js';
import { zeroOutbound } from './outbound.js';
import { zeroBeforeSubmit, zeroStep } from './steps.js';
import { zeroAction } from './actions.js';

/** The Zero dialect (API version 2024-08-24) over the connect session state machine. */
export const zeroDialect: Dialect = {
  inbound: zeroInbound,
  beforeSubmit: zeroBeforeSubmit,
  action: zeroAction,
  step: zeroStep,
  outbound: zeroOutbound,
};
