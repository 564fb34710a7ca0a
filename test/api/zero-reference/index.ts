import type { ZeroOperation } from './schema.js';
import { login } from './login.js';
import { connect } from './connect.js';
import { events } from './events.js';
import { customers } from './customers.js';
import { devices } from './devices.js';
import { locations } from './locations.js';
import { meters } from './meters.js';
import { tariffs } from './tariffs.js';
import { rates } from './rates.js';
import { slots } from './slots.js';
import { costs } from './costs.js';
import { schedules } from './schedules.js';

export type { ZeroOperation, JsonSchema } from './schema.js';

/**
 * The Zero generation (API version 2024-08-24) as its vendor reference documents it: every
 * operation with its method, path, statuses and the structure of its body and answer.
 */
export const ZERO_OPERATIONS: readonly ZeroOperation[] = [
  ...login,
  ...connect,
  ...events,
  ...customers,
  ...devices,
  ...locations,
  ...meters,
  ...tariffs,
  ...rates,
  ...slots,
  ...costs,
  ...schedules,
];

/** Paths the reference lists with no operation of their own. */
const BARE_PATHS = ['/schedules/{id}'];

/** Every path the reference lists. */
export const ZERO_PATHS: readonly string[] = [...new Set([...ZERO_OPERATIONS.map((o) => o.path), ...BARE_PATHS])];

/** The operation at a method and path; throws when the reference has none. */
export function zeroOperation(method: string, path: string): ZeroOperation {
  const op = ZERO_OPERATIONS.find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`the Zero reference has no ${method} ${path}`);
  return op;
}
